// The ERP seen from the TMS (DESIGN §4 "ERP adapters"): one document shape and one adapter interface, with two
// implementations chosen by configuration (ERP_ADAPTER): `sandbox` (the embedded default, documents generated
// into erp_sandbox_documents) and `sap-odata` (SAP S/4HANA OData v2). The push API (`POST /api/erp/...`) takes
// the same document shape, so every way a document arrives ends in the one import (api/erp/import.ts).
import { z } from 'zod';
import { ErpError, type ErpPullPage, type ErpPullSource } from '../../workflows/erp/port';
import { numberRange } from '../../db/resources/engine';
import { DEFAULT_MAX_LENGTH, isoDate, isoDateTime, number, text } from '../../db/resources/input';
import { SapOrder, SapOrderLine, type SapOrderField } from '../../db/resources/sap-order';

const code = (max: number) => text(max).min(1);

/** The schemas made by optionalText: withEmptyAsNull finds them among an object's fields. */
const optionalTexts = new WeakSet<object>();
/**
 * An optional text: trimmed, at most `max` characters; empty or missing, it reads as null. The null is set by
 * the object it is a field of (withEmptyAsNull), once per object instead of by a transform per field: validating
 * a push of 5,000 documents took 85 ms instead of 165 (the same output, compared). Typed as what it reads as,
 * so it belongs only in objects made by withEmptyAsNull.
 */
const optionalText = (max: number) => {
  const schema = text(max).nullish();
  optionalTexts.add(schema);
  return schema as unknown as z.ZodType<string | null, string | null | undefined>;
};

/** An object of `shape` whose optional texts (optionalText) read as null when empty or missing. */
function withEmptyAsNull<S extends z.ZodRawShape>(shape: S) {
  const texts = Object.keys(shape).filter((key) => optionalTexts.has(shape[key]!));
  return z.object(shape).transform((value) => {
    // The object is zod's own output, not the caller's input.
    const fields = value as Record<string, unknown>;
    for (const key of texts) if (!fields[key]) fields[key] = null;
    return value;
  });
}

type Optional<S extends z.ZodType> = z.ZodOptional<z.ZodNullable<S>>;
/** The schema of a field as SAP sends it (erpField), by its type and whether SAP must send it. */
type ErpFieldSchema<F extends SapOrderField> = F extends { type: 'date' }
  ? F extends { erp: 'required' }
    ? ReturnType<typeof isoDate>
    : Optional<ReturnType<typeof isoDate>>
  : F extends { type: 'decimal' | 'integer' }
    ? F extends { erp: 'required' }
      ? ReturnType<typeof number>
      : Optional<ReturnType<typeof number>>
    : F extends { erp: 'required' }
      ? ReturnType<typeof code>
      : ReturnType<typeof optionalText>;
type ErpShape<F extends SapOrderField> = {
  [K in Extract<F, { erp: string }> as K['name']]: ErpFieldSchema<K>;
};

/**
 * A field as SAP sends it: a text within its length (an empty optional one reads as null), a yyyy-mm-dd date, a
 * number within its range.
 */
function erpField(field: SapOrderField): z.ZodType {
  const required = field.erp === 'required';
  switch (field.type) {
    case 'date':
      return required ? isoDate() : isoDate().nullish();
    case 'integer':
    case 'decimal':
      return required ? number(numberRange(field)) : number(numberRange(field)).nullish();
    default: {
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
      return required ? code(max) : optionalText(max);
    }
  }
}

/** The fields of a SAP order definition that SAP sends (db/resources/sap-order.ts `erp`), in its order. */
function erpShape<const F extends readonly SapOrderField[]>(fields: F): ErpShape<F[number]> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) if (field.erp) shape[field.name] = erpField(field);
  return shape as ErpShape<F[number]>;
}

/** One line (item) of an ERP document: a SAP order line's fields as SAP sends them. */
export const erpLineSchema = withEmptyAsNull({
  ...erpShape(SapOrderLine.fields),
  /** SAP's deletion flag on the item: the line is kept, marked, and no longer assignable. */
  Deleted: z.boolean().default(false),
});
export type ErpLine = z.infer<typeof erpLineSchema>;

/**
 * One ERP document (sales order, delivery order, purchase order, stock transfer / transfer order): a SAP order's
 * header fields as SAP sends them (the order type by its TMS Name, dates as yyyy-mm-dd), what SAP says of the
 * document itself, and its lines.
 */
export const erpDocumentSchema = withEmptyAsNull({
  ...erpShape(SapOrder.fields),
  /** SAP's last change of the document (ISO 8601 with offset); a document not newer than the stored one is skipped. */
  Changed_At: isoDateTime(),
  /** Who created the document in SAP (the Filter screen's "Created By"; not the order's Created_By). */
  Created_By: optionalText(100),
  /** Discharge port (goods-receipt types) and loading location, as the Filter screen searches them. */
  Discharge_Port: optionalText(20),
  Location: optionalText(20),
  Details: z.array(erpLineSchema).min(1).max(500),
});
export type ErpDocument = z.infer<typeof erpDocumentSchema>;

/** The Filter screen's criteria (spec/3 §7 saporder/filter), already checked and normalised. */
export interface ErpFilter {
  /** Order type Name. */
  orderType: string;
  transferType?: string | null;
  sapNos?: string[];
  /** yyyy-mm-dd, inclusive. */
  documentDateFrom?: string | null;
  documentDateTo?: string | null;
  companies?: string[];
  location?: string | null;
  documentType?: string | null;
  businessSegment?: string | null;
  plant?: string | null;
  distribution?: string | null;
  material?: string | null;
  createdBy?: string[];
  dischargePort?: string | null;
}

/** The answer of a delivery-order sync (spec/2 §7 saporder/sync_do_sap). */
export interface ErpSyncResult {
  success: boolean;
  message: string;
  /** SAP's message number / code, shown on a new line under the message. */
  messageCode?: string | null;
  /** The document's lines as SAP has them after the sync. */
  details: ErpLine[];
}

/** One page of documents changed since a moment, for the scheduled pull. */
export interface ErpChangedPage extends ErpPullPage {
  documents: ErpDocument[];
}

/** An outbound call, for api_response_logs (every adapter call is logged, success or not). */
export interface ErpCallLog {
  system: string;
  operation: string;
  method: string;
  url: string;
  statusCode: number | null;
  success: boolean;
  message: string | null;
  durationMs: number;
  reference: string | null;
  request: unknown;
  response: string | null;
}

/** The ERP seen from the TMS; the worker's pull uses the part it declares (workflows/erp/port.ts). */
export interface ErpAdapter extends ErpPullSource {
  readonly name: 'sandbox' | 'sap-odata';
  /** Documents matching the Filter screen's criteria, at most `limit` of them, newest first. */
  filterDocuments(filter: ErpFilter, limit: number): Promise<ErpDocument[]>;
  /**
   * One document by number; null when the ERP has none. With `orderType` (a TMS order type Name) it is read as
   * that type, and null when it is no document of that type; without, the adapter decides its type.
   */
  readDocument(documentNo: string, orderType?: string | null): Promise<ErpDocument | null>;
  /** Documents of one of `pullStreams` changed at or after `since`, page by page (`cursor` from the previous page). */
  changedSince(stream: string, since: Date, cursor: string | null): Promise<ErpChangedPage>;
  /** Asks the ERP to bring a delivery order up to date and answers its lines. */
  syncDeliveryOrder(document: Pick<ErpDocument, 'Document_No' | 'Order_Type'>): Promise<ErpSyncResult>;
}

export { ErpError };
