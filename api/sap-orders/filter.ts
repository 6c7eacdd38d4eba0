// "Filter from SAP" (spec/3 §2.2, §5, §7): the criteria are checked per order type, the ERP adapter finds the
// documents, and each result row says whether the user may save it (disabled when the user is not authorised
// for its company and plant) and whether it is already a SAP order here. Saving the chosen rows reads each
// document again from the ERP (the client's copy is never trusted) as the order type it was filtered as (one
// SAP stock transport order is an STO OUT at its supplying plant and an STO IN at its receiving one), refuses
// the whole selection when any is not the user's, and imports them with the one ERP import
// (api/erp/import.ts), so saving twice changes nothing the second time.
//
// What each order type requires is said once, for this check and the screen's, in
// db/resources/sap-order-filter.ts; here its problems become the field errors and the message (the first).
import { z } from 'zod';
import type { Knex } from 'knex';
import type { AppDeps } from '../deps';
import { importErpDocuments, type ErpDocument, type ErpFilter } from '../erp';
import { ForbiddenError, RuleError, ValidationError, type FieldErrors } from '../errors';
import type { AuthUser } from '../services/session';
import { isAuthorized } from '../services/plant-authorization';
import {
  orderTypeByCodeAndName,
  orderTypeByName,
  orderTypeFlags,
  orderTypesByCode,
  type OrderTypeRow,
} from '../services/order-types';
import { erpOf } from './services';
import { checkFilterCriteria, type FilterProblem } from '../../db/resources/sap-order-filter';
import { text as checkedText } from '../../db/resources/input';

/** Most documents one filter answers; the message says when more matched. */
export const FILTER_LIMIT = 500;
/** Most rows one save takes (a filter answers at most FILTER_LIMIT). */
export const SAVE_FILTER_LIMIT = FILTER_LIMIT;
/** ERP reads in flight at once while saving. */
const READ_CONCURRENCY = 8;

const text = z
  .union([checkedText(100), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));
/**
 * Space- (or ';' / ',' / newline-) separated values or an array; duplicates dropped. A pasted list may be long
 * (every number of a filter's answer), each value is a code.
 */
const list = (separator: RegExp) =>
  z
    .union([
      checkedText(SAVE_FILTER_LIMIT * 52),
      z.array(z.union([checkedText(100), z.number()])).max(SAVE_FILTER_LIMIT),
    ])
    .nullish()
    .transform((v) => {
      const items =
        v === null || v === undefined ? [] : Array.isArray(v) ? v.map(String) : v.split(separator);
      return [...new Set(items.map((s) => s.trim()).filter(Boolean))];
    });

export const filterBodySchema = z.object({
  filter_order_type: text,
  filter_transfer_type: text,
  filter_sap_no: list(/[\s;,]+/),
  filter_document_date_from: text,
  filter_document_date_to: text,
  filter_company: list(/[;,]/),
  filter_location: text,
  filter_document_type: text,
  filter_business_segment: text,
  filter_plant: text,
  filter_distribution: text,
  filter_material: text,
  filter_create_by: list(/[\s;,]+/),
  filter_discharge_port: text,
});
export type FilterBody = z.infer<typeof filterBodySchema>;

function fieldError(errors: FieldErrors, field: string, key: string, params: Record<string, string> = {}) {
  (errors[field] ??= []).push({ key, params: { field: `SAPOrder.${field}`, ...params } });
}

/**
 * The order type the filter names: its Name ("STO OUT"), or its Code with the transfer type (STO + OUT). A
 * code alone stands for its first type and leaves the transfer type unknown (`byName` false).
 */
async function resolveOrderType(
  db: Knex,
  body: FilterBody,
): Promise<{ orderType: OrderTypeRow; byName: boolean } | undefined> {
  const value = body.filter_order_type!;
  const byName = await orderTypeByName(db, value);
  if (byName) return { orderType: byName, byName: true };
  const byCode = await orderTypesByCode(db, value);
  if (body.filter_transfer_type) {
    const exact =
      byCode.find((t) => (t.info1 ?? '').toUpperCase() === body.filter_transfer_type!.toUpperCase()) ??
      (await orderTypeByCodeAndName(db, value, `${value} ${body.filter_transfer_type}`));
    return exact ? { orderType: exact, byName: true } : undefined;
  }
  return byCode[0] ? { orderType: byCode[0], byName: byCode.length === 1 } : undefined;
}

/** The message of a problem: the required ones are worded per field, dates by the shared validation texts. */
function problemMessage(problem: FilterProblem): { key: string; params: Record<string, string> } {
  switch (problem.code) {
    case 'invalidDate':
      return { key: 'validation.invalidDate', params: {} };
    case 'dateOrder':
      return { key: 'validation.dateOrder', params: { from: 'SAPOrder.filter_document_date_from' } };
    default:
      return { key: `sapOrder.filter.${problem.code}`, params: {} };
  }
}

/** Checks the criteria (spec/3 §5) and turns them into the adapter's filter. */
export async function checkFilter(db: Knex, body: FilterBody): Promise<ErpFilter> {
  const errors: FieldErrors = {};
  let first: { key: string; params: Record<string, string> } | undefined;
  const fail = (field: string, key: string, params: Record<string, string> = {}) => {
    fieldError(errors, field, key, params);
    first ??= { key, params: { field: `SAPOrder.${field}`, ...params } };
  };
  const refuse = () => new ValidationError(errors, first!.key, first!.params);
  const resolved = body.filter_order_type ? await resolveOrderType(db, body) : undefined;
  if (body.filter_order_type && !resolved) {
    fail('filter_order_type', 'sapOrder.filter.unknownOrderType', { value: body.filter_order_type });
    throw refuse();
  }
  const orderType = resolved?.orderType ?? null;
  const transferType = body.filter_transfer_type ?? (resolved?.byName ? (orderType?.info1 ?? null) : null);
  const sapNos = body.filter_sap_no;
  const check = checkFilterCriteria(orderType ? orderTypeFlags(orderType) : null, {
    orderType: body.filter_order_type,
    transferType,
    sapNos,
    dateFrom: body.filter_document_date_from,
    dateTo: body.filter_document_date_to,
    companies: body.filter_company,
    dischargePort: body.filter_discharge_port,
  });
  for (const problem of check.problems) {
    const { key, params } = problemMessage(problem);
    fail(problem.field, key, params);
  }
  if (first || !orderType) throw refuse();
  const from = check.dateFrom;
  const to = check.dateTo;
  return {
    orderType: orderType.name,
    transferType: orderType.use_sto ? transferType : null,
    sapNos,
    documentDateFrom: from,
    documentDateTo: to,
    companies: body.filter_company,
    location: body.filter_location,
    documentType: body.filter_document_type,
    businessSegment: body.filter_business_segment,
    plant: body.filter_plant,
    distribution: body.filter_distribution,
    material: body.filter_material,
    createdBy: body.filter_create_by,
    dischargePort: body.filter_discharge_port,
  };
}

/** A document as a Filter result row (spec/3 §3 "Filter result row" and its detail rows). */
function resultRow(
  doc: ErpDocument,
  disabled: boolean,
  saved: boolean,
  names: Map<string, string>,
): Record<string, unknown> {
  return {
    document_date: doc.Document_Date,
    delivery_order_no: doc.Delivery_Order_No ?? null,
    document_no: doc.Document_No,
    order_type: doc.Order_Type,
    customer_vendor: doc.Customer_Vendor_Code ?? null,
    po_no: doc.PO_No ?? null,
    ln_so_no: doc.LN_SO_No ?? null,
    ln_sto_no: doc.LN_STO_No ?? null,
    incoterm: doc.Incoterm ?? null,
    estate: doc.Estate ?? null,
    plant: doc.Plant ?? null,
    distribution: doc.Distribution ?? null,
    document_type: doc.Document_Type ?? null,
    company: doc.Company_Code,
    product_category: doc.Product_Category ?? null,
    purchase_organization: doc.Purchase_Organization ?? null,
    sales_organization: doc.Sales_Organization ?? null,
    collective_ln: doc.Collective_LN ?? null,
    transporter: doc.Transporter ?? null,
    loading: doc.Loading ?? null,
    destination: doc.Destination ?? null,
    freight_cost: doc.Freight_Cost ?? null,
    freight_cost_base: null,
    freight_cost_per: doc.Freight_Cost_Per ?? null,
    freight_cost_uom: doc.Freight_Cost_UOM ?? null,
    truck_type: doc.Truck_Type ?? null,
    incoterm2: doc.Incoterm2 ?? null,
    ln_do_third_party: doc.LN_DO_Third_Party ?? null,
    valid_from: doc.Valid_From ?? null,
    valid_to: doc.Valid_To ?? null,
    mark_deleted: doc.Details.every((l) => l.Deleted),
    is_checked: false,
    disabled,
    /** Already a SAP order here: saving it again only brings SAP's newer changes. */
    is_saved: saved,
    details: doc.Details.map((l) => ({
      document_item_no: l.Item_No,
      commodity: l.Material_Code,
      commodity_name: names.get(l.Material_Code) ?? null,
      qty: l.Qty,
      uom: l.UOM,
      so_do_no: l.SO_DO_No ?? null,
      so_do_item_no: l.SO_DO_Item_No ?? null,
      po_so_no: l.PO_SO_No ?? null,
      ln_so_item_no: l.LN_SO_Item_No ?? null,
      ln_sto_item_no: l.LN_STO_Item_No ?? null,
      freight_cost: null,
      base_freight_cost: null,
      base_freight_per: null,
      base_freight_uom: null,
      freight_cost_master: null,
      freight_value: null,
      sto_qty: null,
      sto_uom: null,
      sales_district: l.Sales_District ?? null,
      mark_delete: l.Deleted,
    })),
  };
}

export async function filterFromSap(
  deps: AppDeps,
  user: AuthUser,
  body: FilterBody,
): Promise<{ rows: Record<string, unknown>[]; capped: boolean }> {
  const { db } = deps;
  const filter = await checkFilter(db, body);
  // One more than shown tells whether the result was cut.
  const docs = await erpOf(deps).filterDocuments(filter, FILTER_LIMIT + 1);
  const capped = docs.length > FILTER_LIMIT;
  const shown = docs.slice(0, FILTER_LIMIT);
  const auth = await deps.permissions.plants(user);
  const numbers = shown.map((d) => d.Document_No);
  const saved = new Set(
    numbers.length
      ? ((await db('sap_orders').whereIn('document_no', numbers).pluck('document_no')) as string[])
      : [],
  );
  const materials = [...new Set(shown.flatMap((d) => d.Details.map((l) => l.Material_Code)))];
  const names = new Map(
    materials.length
      ? (
          (await db('materials')
            .whereIn('material_code', materials)
            .select('material_code', 'material_name')) as {
            material_code: string;
            material_name: string;
          }[]
        ).map((m) => [m.material_code, m.material_name])
      : [],
  );
  return {
    rows: shown.map((d) =>
      resultRow(d, !isAuthorized(auth, d.Company_Code, d.Plant), saved.has(d.Document_No), names),
    ),
    capped,
  };
}

const savedRow = z.looseObject({
  document_no: checkedText(50).min(1).optional(),
  Document_No: checkedText(50).min(1).optional(),
  /** The type the row was filtered as (the result row's order_type). */
  order_type: checkedText(50).min(1).nullish(),
  Order_Type: checkedText(50).min(1).nullish(),
});

/** A chosen document: its number and the order type it was filtered as (null: the ERP decides). */
export interface SavedDocument {
  documentNo: string;
  orderType: string | null;
}

/**
 * The chosen result rows, as an array or as `{ rows }` / `{ data }` (read as `{ rows }`, so a refusal names
 * `rows.<i>.<field>`); of each only its document number and the order type it was filtered as are used.
 */
export const saveFilterBodySchema = z
  .preprocess(
    (body) =>
      Array.isArray(body)
        ? { rows: body }
        : body && typeof body === 'object' && !('rows' in body) && 'data' in body
          ? { rows: (body as { data: unknown }).data }
          : body,
    z.object({ rows: z.array(savedRow) }),
  )
  .transform(({ rows }, ctx) => {
    const chosen = new Map<string, string | null>();
    for (const r of rows) {
      const documentNo = r.document_no ?? r.Document_No;
      if (!documentNo) {
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['document_no'] });
        return z.NEVER;
      }
      if (!chosen.has(documentNo)) chosen.set(documentNo, r.order_type ?? r.Order_Type ?? null);
    }
    return [...chosen].map(([documentNo, orderType]): SavedDocument => ({ documentNo, orderType }));
  })
  .pipe(
    z
      .array(z.object({ documentNo: checkedText(50), orderType: checkedText(50).nullable() }))
      .min(1)
      .max(SAVE_FILTER_LIMIT),
  );

async function readAll(deps: AppDeps, chosen: SavedDocument[]): Promise<(ErpDocument | null)[]> {
  const erp = erpOf(deps);
  const out: (ErpDocument | null)[] = new Array<ErpDocument | null>(chosen.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const i = next++;
      out[i] = await erp.readDocument(chosen[i]!.documentNo, chosen[i]!.orderType);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, chosen.length) }, worker));
  return out;
}

export async function saveFilterResult(
  deps: AppDeps,
  user: AuthUser,
  chosen: SavedDocument[],
): Promise<Record<string, unknown>> {
  const docs = await readAll(deps, chosen);
  const missing = chosen.filter((_, i) => !docs[i]).map((c) => c.documentNo);
  if (missing.length) {
    throw new RuleError('DOCUMENT_NOT_FOUND', 'sapOrder.documentNotFound', { document: missing.join(', ') });
  }
  const found = docs as ErpDocument[];
  const auth = await deps.permissions.plants(user);
  const refused = found.filter((d) => !isAuthorized(auth, d.Company_Code, d.Plant));
  if (refused.length) {
    throw new ForbiddenError('sapOrder.documentsNotAuthorized', {
      count: refused.length,
      documents: refused.map((d) => d.Document_No).join(', '),
    });
  }
  const erp = erpOf(deps);
  const result = await importErpDocuments(deps.db, found, {
    source: erp.name,
    user: user.username,
    now: deps.now(),
  });
  const { documents, inserted, updated, unchanged } = result;
  return { documents, inserted, updated, unchanged };
}
