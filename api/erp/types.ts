// The ERP seen from the TMS (DESIGN §4 "ERP adapters"): one document shape and one adapter interface, with two
// implementations chosen by configuration (ERP_ADAPTER): `sandbox` (the embedded default, documents generated
// into erp_sandbox_documents) and `sap-odata` (SAP S/4HANA OData v2). The push API (`POST /api/erp/...`) takes
// the same document shape, so every way a document arrives ends in the one import (api/erp/import.ts).
import { z } from 'zod';
import { ErpError, type ErpPullPage, type ErpPullSource } from '../../workflows/erp/port';
import { isoDate, isoDateTime, number, text, within } from '../../db/resources/input';
import { columnRange, HEADER_FIELDS, LINE_FIELDS } from '../sap-orders/fields';

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
/** A line's quantity: at least the smallest its column holds, at most a trillion. */
const quantity = number(within({ min: 0.001, max: 1e12 }, columnRange(LINE_FIELDS, 'Qty')));

/** One line (item) of an ERP document. */
export const erpLineSchema = withEmptyAsNull({
  Item_No: code(10),
  Material_Code: code(40),
  Qty: quantity,
  UOM: code(10),
  Tolerance: number(within({ min: 0, max: 100 }, columnRange(LINE_FIELDS, 'Tolerance'))).nullish(),
  PO_SO_No: optionalText(50),
  SO_DO_No: optionalText(50),
  SO_DO_Item_No: optionalText(10),
  LN_SO_Item_No: optionalText(10),
  LN_STO_Item_No: optionalText(10),
  Sales_District: optionalText(50),
  /** SAP's deletion flag on the item: the line is kept, marked, and no longer assignable. */
  Deleted: z.boolean().default(false),
});
export type ErpLine = z.infer<typeof erpLineSchema>;

/** One ERP document (sales order, delivery order, purchase order, stock transfer / transfer order). */
export const erpDocumentSchema = withEmptyAsNull({
  Document_No: code(50),
  /** The TMS order type's Name (order_types.name): "SO", "DO", "PO", "STO OUT", "IPB IN", ... */
  Order_Type: code(50),
  /** A calendar date as SAP gives it in JSON: yyyy-mm-dd. */
  Document_Date: isoDate(),
  /** SAP's last change of the document (ISO 8601 with offset); a document not newer than the stored one is skipped. */
  Changed_At: isoDateTime(),
  Company_Code: code(10),
  Plant: optionalText(10),
  Product_Category: optionalText(20),
  Delivery_Order_No: optionalText(50),
  Valid_From: isoDate().nullish(),
  Valid_To: isoDate().nullish(),
  LN_SO_No: optionalText(50),
  LN_STO_No: optionalText(50),
  LN_DO_Third_Party: optionalText(50),
  Sales_Organization: optionalText(10),
  Purchase_Organization: optionalText(10),
  Document_Type: optionalText(50),
  Customer_Vendor_Code: optionalText(20),
  Address: optionalText(500),
  Distribution: optionalText(50),
  Incoterm: optionalText(10),
  Incoterm2: optionalText(200),
  Estate: optionalText(100),
  Collective_LN: optionalText(50),
  PO_No: optionalText(50),
  Reference_Doc_No: optionalText(50),
  Transfer_Type: optionalText(20),
  Plant_Destination: optionalText(10),
  Warehouse_Code: optionalText(20),
  Shipment_Type: optionalText(30),
  Transporter: optionalText(20),
  Loading: optionalText(20),
  Destination: optionalText(20),
  Truck_Type: optionalText(20),
  Freight_Cost: number(within({ min: 0 }, columnRange(HEADER_FIELDS, 'Freight_Cost'))).nullish(),
  Freight_Cost_Per: optionalText(20),
  Freight_Cost_UOM: optionalText(10),
  /** Who created the document in SAP (the Filter screen's "Created By"). */
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
