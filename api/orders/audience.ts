// What each audience may read of an order (issue 27 items 3 and 9): one whitelist per audience, applied to every
// answer that carries an order (the list, its export, the view and edit read and every action that answers the
// order, the history, the process). Internal staff and administrators read everything. A transporter or a relation
// is an outside company: it reads its order's header, its lines and its OWN freight (the rate it was given and
// what that makes), and nothing of the company's pricing (the suggested, cheapest rate on the lane, the freight
// criterion, the assign reason, the freight master and SAP cost codes) nor of the other carriers of a collective
// order (their rows, rates, totals and codes); nor the company's people (staff usernames, approvers) or its tools
// (the Temporal UI). A driver reads no order (ownership.ts finds none for it); its whitelist is empty so that a
// path that ever reached one would answer nothing.
//
// A whitelist, not a list of what to hide: a field added to db/resources/order.ts stays internal until it is named
// here. The shaping runs on rows already read (no query of its own), so the order list keeps its budget.
import { ORDER_ROW_FLAGS } from '../../db/resources/order-assign';
import { translate, type Language } from '../i18n';
import type { AuthUser } from '../services/session';
import { orderParty } from './ownership';

export type OrderAudience = 'internal' | 'transporter' | 'relation' | 'driver';
type Outside = Exclude<OrderAudience, 'internal'>;

/** The header of an order as an outside party reads it (the list's rows and the view's data.header). */
const OUTSIDE_HEADER = [
  // The definition's fields (db/resources/order.ts HEADER_FIELDS) an outside party reads.
  'Id',
  'Order_No',
  'Order_Date',
  'SAP_No',
  'Document_No',
  'Status',
  'Dispatch_Status',
  'Dispatch_Status_Remarks',
  'Auto_Reject_Date',
  'Order_Type_Id',
  'Order_Type_Name',
  'Company_Code',
  'Business_Segment_Code',
  'Warehouse_Code',
  'Document_Type',
  'Distribution',
  'Incoterm',
  'Incoterm2',
  'Customer_Vendor_Code',
  'Customer_Vendor_Name',
  'Customer_Vendor_Address',
  'Delivery_Address',
  'Valid_From',
  'Valid_To',
  'Shipment_Type',
  'shipment_type_category',
  'Transporter_Code',
  'Transporter_Name',
  'Truck_Type_Id',
  'Loading_Destination_From_Id',
  'Loading_Destination_To_Id',
  'Charge_OA_Company',
  'Freight_Date',
  'Stuffing_Date_From',
  'Stuffing_Date_To',
  'Trip_Type',
  'Vessel',
  'LN_Type',
  'LN_Inco_Rule',
  'Transporter_Notes',
  'Multiple_Weighing',
  'Show_Conversion_Type',
  'is_relation',
  'has_shipment',
  'Revert_Qty',
  'Created_Date',
  'Edited_Date',
  // Shown as the party's own user or the company's name (shownUser), never a staff username.
  'Created_By',
  'Edited_By',
  // The names that label its codes (read.ts computedSql).
  'Loading_Destination_From_Name',
  'Loading_Destination_To_Name',
  'Business_Segment_Name',
  'Truck_Type_Name',
  'shipment_type_name',
  'Incoterm_Name',
  'Company_Name',
  'Warehouse_Name',
  'warehouse_location',
  'warehouse_location_name',
  // Its row flags (flags.ts) and lines; of the order's transporters' codes, its own only.
  ...ORDER_ROW_FLAGS,
  'transporter_codes',
  'Details',
  // The view's names of spec/2 §3 "Order header", of its own freight (read.ts readOrder).
  'business_segment_name',
  'warehouse_name',
  'customer_vendor_address',
  'Order_Type',
  'Freight_Cost',
  'Freight_Cost_Value',
  'Freight_Cost_UOM',
  'Freight_Per',
  'Freight_Total_Cost_User_NoT',
  'User_NoT',
  'System_NoT',
  'Truck_Rental',
] as const;

/**
 * Its own transporter row (spec/2 §3 "Transporter assignment"): its rate, its basis and what it makes for the
 * order's KG and trips. Not: freight_suggested (the cheapest competitor's rate), freight_criteria, assign_reason(_
 * others), exclude_approval, freight_master and zfrcost_no (the company's master and SAP codes),
 * sto_spo_per_shipment (the company's settlement).
 */
const OUTSIDE_TRANSPORTER = [
  'Id',
  'transporter_code',
  'transporter_name',
  'truck_type_id',
  'truck_type_name',
  'freight_cost',
  'freight_value',
  'freight_per',
  'freight_uom',
  'freight_total_cost',
  'freight_total_cost_user_not',
  'freight_container',
  'freight_kg',
  'freight_material',
  'truck_capacity',
  'system_not',
  'user_not',
  'truck_rental',
  'multiple_weighing',
  'route_no',
  'tender_no',
  'trip_type',
  'freight_date',
] as const;

/**
 * An order line (read.ts readDetails). Not: sap_os_qty (what the SAP document still has to give out, which other
 * carriers may be given), sap_order_detail_id, so_factory_result(_reason) (what SAP answered the company's sync).
 */
const OUTSIDE_LINE = [
  'Id',
  'Item_No',
  'sap_no',
  'SAP_Item_No',
  'Material_Code',
  'Material_Name',
  'Qty',
  'order_qty',
  'os_qty',
  'sto_qty',
  'shipment_qty',
  'real_qty',
  'tolerance_qty',
  'Revert_Qty',
  'UOM',
  'Conversion_Type',
  'Conversion',
  'Charge_OA_Company',
  'LN_Type',
  'Incoterm_Rule',
  'SO_Factory_No',
  'SO_Factory_Item_No',
  'PO_SO_Factory',
] as const;

/** A history row (read.ts readHistory); its Remark only where the change's remark is the party's (see shownRemark). */
const OUTSIDE_HISTORY = [
  'Status_From',
  'Status_To',
  'Remark',
  'Created_Date',
  'Created_By',
  'Change',
] as const;

export interface AudienceFields {
  header: ReadonlySet<string>;
  transporter: ReadonlySet<string>;
  line: ReadonlySet<string>;
  history: ReadonlySet<string>;
}

const NOTHING: AudienceFields = {
  header: new Set(),
  transporter: new Set(),
  line: new Set(),
  history: new Set(),
};
const OUTSIDE: AudienceFields = {
  header: new Set(OUTSIDE_HEADER),
  transporter: new Set(OUTSIDE_TRANSPORTER),
  line: new Set(OUTSIDE_LINE),
  history: new Set(OUTSIDE_HISTORY),
};

/**
 * Per outside audience, the fields it reads (internal staff read every field). A relation collects its own goods,
 * so its order's freight row is its own, as a transporter's is: the two read the same fields of their own orders.
 */
export const ORDER_FIELDS_BY_AUDIENCE: Readonly<Record<Outside, AudienceFields>> = {
  transporter: OUTSIDE,
  relation: OUTSIDE,
  driver: NOTHING,
};

/**
 * Changes whose history remark is the company's own business: an approver's remark, an edit's summary (quantities,
 * the transporter before and after, the cost before and after). An assignment's remark names the transporter and is
 * shown to that transporter only. Other remarks (a rejection's reason, a cancel's reason, a new stuffing range) are
 * the party's to read, as are the remarks of rows written before the workflow named its changes.
 */
const INTERNAL_REMARK_CHANGES: ReadonlySet<string> = new Set([
  'approve',
  'approval-reject',
  'edit',
  'edit-request',
  'edit-approve',
  'edit-reject',
]);
const ASSIGN_CHANGES: ReadonlySet<string> = new Set(['assign', 'edit-assign']);

/** Who reads: the audience, its party's code, its username and language. */
export interface OrderViewer {
  audience: OrderAudience;
  /** The transporter's or relation's code; null for staff and drivers. */
  code: string | null;
  username: string;
  lang: Language;
}

export function orderViewer(user: AuthUser, lang: Language): OrderViewer {
  const party = orderParty(user);
  const audience: OrderAudience =
    party.kind === 'none' ? 'driver' : party.kind === 'internal' ? 'internal' : party.kind;
  return { audience, code: 'code' in party ? party.code : null, username: user.username, lang };
}

const sameCode = (a: unknown, b: string | null) =>
  typeof a === 'string' && b !== null && a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * A username as an outside party sees it: its own (or, where the caller knows it, a user of its own company) as it
 * is; anyone else, the company's staff, as the company's name (the one a transporter deals with), or "the company"
 * in the reader's language where the order names none.
 */
export function shownUser(
  viewer: OrderViewer,
  username: unknown,
  companyName: unknown,
  ownParty = false,
): unknown {
  if (viewer.audience === 'internal' || username === null || username === undefined || username === '')
    return username;
  if (ownParty || (typeof username === 'string' && sameCode(username, viewer.username))) return username;
  return typeof companyName === 'string' && companyName.trim()
    ? companyName
    : translate(viewer.lang, 'order.audience.company');
}

/** Only the whitelisted fields of a row (a new object: transporter rows, lines and history rows are small). */
function picked(fields: ReadonlySet<string>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) if (fields.has(key)) out[key] = row[key];
  return out;
}

/** An order's lines as the viewer reads them. */
export function shapeLines(viewer: OrderViewer, lines: Record<string, unknown>[]): Record<string, unknown>[] {
  if (viewer.audience === 'internal') return lines;
  const fields = ORDER_FIELDS_BY_AUDIENCE[viewer.audience].line;
  return lines.map((line) => picked(fields, line));
}

/**
 * The order's header (a list row or the view's data.header) as the viewer reads it, in place: a field it may not
 * read becomes undefined (left out of the JSON; a deleted key would make each of the list's rows a slow dictionary),
 * the users are shown as shownUser says, the transporters' codes are its own and its lines are shaped.
 */
export function shapeHeader(viewer: OrderViewer, row: Record<string, unknown>): void {
  if (viewer.audience === 'internal') return;
  const fields = ORDER_FIELDS_BY_AUDIENCE[viewer.audience].header;
  for (const key of Object.keys(row)) if (!fields.has(key)) row[key] = undefined;
  if (!fields.size) return;
  row.Created_By = shownUser(viewer, row.Created_By, row.Company_Name);
  row.Edited_By = shownUser(viewer, row.Edited_By, row.Company_Name);
  if (Array.isArray(row.transporter_codes)) {
    row.transporter_codes = row.transporter_codes.filter((c) => sameCode(c, viewer.code));
  }
  if (Array.isArray(row.Details)) row.Details = shapeLines(viewer, row.Details as Record<string, unknown>[]);
}

/**
 * The order's transporter rows the viewer reads (data.assign.transporters): every one for staff; its own only, with
 * the whitelisted fields, for a transporter or a relation.
 */
export function shapeTransporters(
  viewer: OrderViewer,
  rows: Record<string, unknown>[],
): Record<string, unknown>[] {
  if (viewer.audience === 'internal') return rows;
  const fields = ORDER_FIELDS_BY_AUDIENCE[viewer.audience].transporter;
  return rows.filter((r) => sameCode(r.transporter_code, viewer.code)).map((r) => picked(fields, r));
}

/**
 * The transporter row whose freight the view's header names (Freight_Cost, Freight_Suggested, ...): the order's
 * first for staff (spec/2 §3), the viewer's own for a transporter or a relation (a collective order's second
 * carrier reads its own rate, never the first's).
 */
export function freightRowOf(viewer: OrderViewer, rows: Record<string, unknown>[]): Record<string, unknown> {
  if (viewer.audience === 'internal') return rows[0] ?? {};
  return rows.find((r) => sameCode(r.transporter_code, viewer.code)) ?? {};
}

/**
 * A history row as the viewer reads it. `raw` is the row as stored (Remark untranslated, Change the change's
 * kind), `writerParty` the party code of the user who wrote it (its transporter's or relation's code; null for
 * staff and the workflow).
 */
export function shapeHistoryRow(
  viewer: OrderViewer,
  row: Record<string, unknown>,
  raw: { remark: unknown; change: unknown; writerParty: unknown },
  companyName: unknown,
): Record<string, unknown> {
  if (viewer.audience === 'internal') return row;
  const shaped = picked(ORDER_FIELDS_BY_AUDIENCE[viewer.audience].history, row);
  if (!('Remark' in shaped)) return shaped;
  const change = typeof raw.change === 'string' ? raw.change : null;
  if (change && INTERNAL_REMARK_CHANGES.has(change)) shaped.Remark = null;
  else if (change && ASSIGN_CHANGES.has(change)) {
    const named = typeof raw.remark === 'string' ? /^Assigned to (.+)$/s.exec(raw.remark)?.[1] : undefined;
    if (!sameCode(named, viewer.code)) shaped.Remark = null;
  }
  shaped.Created_By = shownUser(viewer, row.Created_By, companyName, sameCode(raw.writerParty, viewer.code));
  return shaped;
}

/** Whether the viewer reads a field of the order's header (the export's columns). */
export function readsHeaderField(viewer: OrderViewer, name: string): boolean {
  return viewer.audience === 'internal' || ORDER_FIELDS_BY_AUDIENCE[viewer.audience].header.has(name);
}

/** List fields an outside party may not filter or sort by: what it reads as another value (shownUser). */
export { OUTSIDE_UNSEARCHABLE } from '../../db/resources/order';
