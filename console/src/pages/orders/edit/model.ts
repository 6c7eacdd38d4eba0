// The Edit order panel's model (spec/2 §2.2, §4 "Edit order panel", §5.1, §7): the wire shapes of
// order/edit_merge_simulate, util/refresh_freight_cost_order and PUT order/edit, and how the panel's state becomes
// their bodies. The lines, the transporters and the approval reuse the SAP order assign panel's model
// (assign/model.ts): an order's line is shown and edited as an assign line (EditRow), with the order's
// own figures (what it holds now, its cap, whether it may change) kept beside it.
import type { AssignDetail, AssignTransporter } from '../../../../../db/resources/order-assign';
import { FREIGHT_CRITERIA } from '../../../../../db/resources/order-assign';
import {
  assignBody,
  type AssignForm,
  type FirstDocument,
  type OrderTypeData,
  type SapHeader,
  type TransporterEntry,
  num,
  str,
} from '../assign/model';
import type { EditLine } from '../../../../../db/resources/order-assign';
import { currentOf } from '../freight';
import type { OrderView, Row } from '../types';

export type { EditLine };

export type EditOrderType = OrderTypeData & { Name?: string | null };

/** order/edit_merge_simulate's answer. */
export interface EditSimulateAnswer {
  sap_orders?: SapHeader[];
  details?: EditLine[];
  use_ln?: boolean;
  order_type?: EditOrderType | null;
  /** Why the documents cannot join the order: shown in the panel, nothing is added. */
  error_message?: string | null;
  /** The order is auto-assigned (spec/2 §4): its transporters come from the reference document's order. */
  auto_assign?: AutoAssign | null;
  /** The order's documents (with those added) offer STO/SPO per shipment: the panel shows its checkbox. */
  show_sto_spo_per_shipment?: boolean;
}

/**
 * spec/2 §4 "Auto-assign" as the server decides it (api/orders/edit.ts AutoAssign): an IPB export collective order
 * takes the transporters of its LN SO number's order, a TO IN order inside the factory those of its reference TO
 * OUT's order. The panel loads them, adds and removes no row and locks their freight.
 */
export interface AutoAssign {
  kind: 'IPB_EXPORT_COLLECTIVE' | 'TO_IN_INSIDE_FACTORY';
  reference: string | null;
  /** order_transporters rows, as GET order/{id}/edit answers assign.transporters; none yet: empty. */
  transporters: Row[];
}

/** util/refresh_freight_cost_order's answer: the transporter's freight for the lines as they are now. */
export interface RefreshedFreight {
  transporter_code: string;
  cost: number;
  master_cost: number;
  total_cost: number;
  total_cost_user_not: number;
  system_not: number;
  user_not: number;
  total_kg: number;
  recommended_kg: number;
  freight_master: string | null;
  truck_type_id: number | null;
  materials: unknown[];
}

/** A line as the table edits it: the assign panels' line, with the order's line it came from. */
export type EditRow = AssignDetail & { line: EditLine };

/** What the user changes below the lines; the stuffing date, destination and freight date are the order's. */
export interface EditForm {
  loading: number | null;
  loading_name: string;
  destination: number | null;
  destination_name: string;
  trip_type: string;
  vessel: string | null;
  route_no: string;
  tender_no: string;
  /** STO/SPO per shipment, as the order's transporters have it; sent only where the documents offer it. */
  sto_spo_per_shipment: boolean;
  notes: string;
}

const numOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A date as the API sends it (YYYY-MM-DD or an ISO timestamp) → YYYY-MM-DD; '' when it is not one. */
export function isoDay(value: unknown): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(str(value));
  return match ? match[1]! : '';
}

export function rowOf(line: EditLine): EditRow {
  return {
    Id: line.Id,
    Item_No: line.Item_No,
    Document_No: line.Sap_No,
    Material_Code: line.Material_Code,
    material_name: line.Material_Name,
    Qty: num(line.Qty),
    os_qty: num(line.Sap_Os_Qty),
    real_qty: num(line.Real_Qty),
    UOM: line.UOM,
    include_merge: line.include_merge !== false,
    charge_oa_company: line.Company_To_Charge,
    conversion_type: line.conversion_type,
    ln_type: line.LN_Type,
    incoterm_rule: line.Incoterm_Rule,
    require_ln_inco_rule: line.Require_Ln_Inco_Rule === true,
    SO_Factory_No: line.SO_Factory_No,
    SO_Factory_Item_No: line.SO_Factory_Item_No,
    SO_Factory_Result: line.SO_Factory_Result,
    SO_Factory_Result_Reason: line.SO_Factory_Result_Reason,
    PO_SO_Factory: line.PO_SO_Factory,
    line,
  };
}

/** The order's line with what was edited in the table. */
export function lineOf(row: EditRow): EditLine {
  return {
    ...row.line,
    Qty: row.Qty,
    include_merge: row.include_merge !== false,
    conversion_type: row.conversion_type ?? null,
    Incoterm_Rule: row.incoterm_rule ?? null,
    SO_Factory_No: row.SO_Factory_No ?? null,
    SO_Factory_Item_No: row.SO_Factory_Item_No ?? null,
    SO_Factory_Result: row.SO_Factory_Result ?? null,
    SO_Factory_Result_Reason: row.SO_Factory_Result_Reason ?? null,
    PO_SO_Factory: row.PO_SO_Factory ?? null,
  };
}

/** The assign line alone (what check_approval and the transporter model carry). */
export function detailOf(row: EditRow): AssignDetail {
  const { line: _line, ...detail } = row;
  return detail;
}

/** spec/2 §5.1: a line takes at most what the order holds plus what SAP has outstanding plus the tolerance. */
export const editCap = (rows: readonly EditRow[], index: number): number => num(rows[index]?.line.Max_Qty);

/** §5.1: a line is ticked, unticked or changed only where the server says it may be. */
export const rowEditable = (row: EditRow): boolean => row.line.editable !== false;

/** Lines added to the rows, each once (by its SAP line). */
export function withLines(rows: readonly EditRow[], lines: readonly EditLine[]): EditRow[] {
  const known = new Set(rows.map((row) => row.Id));
  return [...rows, ...lines.filter((line) => !known.has(line.Id)).map(rowOf)];
}

/**
 * The lines without those of a SAP order taken out of the panel (spec/2 §2.2): at least one line stays included
 * (§5.1), the first the user may tick when none would be.
 */
export function withoutDocument(rows: readonly EditRow[], sapOrderId: number): EditRow[] {
  const next = rows.filter((row) => row.line.Sap_Order_Id !== sapOrderId);
  if (next.some((row) => row.include_merge !== false)) return next;
  const first = next.findIndex(rowEditable);
  return first < 0 ? next : next.map((row, i) => (i === first ? { ...row, include_merge: true } : row));
}

/** SAP orders added to the tabs, each once. */
export function withHeaders(headers: readonly SapHeader[], added: readonly SapHeader[]): SapHeader[] {
  const known = new Set(headers.map((h) => h.Id));
  return [...headers, ...added.filter((h) => !known.has(h.Id))];
}

/** The SAP numbers already in the panel: a chip for one of them is a duplicate. */
export function loadedNumbers(headers: readonly SapHeader[], rows: readonly EditRow[]): string[] {
  return [
    ...new Set([...headers.map((h) => str(h.Document_No)), ...rows.map((row) => str(row.Document_No))]),
  ].filter(Boolean);
}

/** What the order fixes for every document added to it (the order's type, shipment type, warehouse, …). */
export function orderDocument(header: Row): FirstDocument {
  const value = (name: string) => str(header[name]) || null;
  const type = header.Order_Type;
  const code = type && typeof type === 'object' ? str((type as Row).Code) : str(type);
  return {
    order_type: code || null,
    shipment_type: value('Shipment_Type'),
    warehouse_code: value('Warehouse_Code'),
    document_type: value('Document_Type'),
    company_code: value('Company_Code'),
    incoterm: value('Incoterm'),
  };
}

/** The order type as the header names it (spec/2 §3 Order_Type with Code, Use_DO, Use_SO). */
export function orderTypeOf(header: Row): EditOrderType | null {
  const type = header.Order_Type;
  return type && typeof type === 'object' ? (type as EditOrderType) : null;
}

/** The body of order/edit_merge_simulate: first the order's own documents, then the SAP numbers added. */
export function simulateBody(orderId: number, header: Row, sapNo: readonly string[], isFirst: boolean) {
  const fixed = orderDocument(header);
  return {
    order_id: orderId,
    sap_no: [...sapNo],
    is_first: isFirst,
    is_edit: true,
    warehouse_code: fixed.warehouse_code,
    company_code: fixed.company_code,
    incoterm: fixed.incoterm,
    order_type: fixed.order_type,
    shipment_type: fixed.shipment_type,
    document_type: fixed.document_type,
    transporter_code: str(header.Transporter_Code) || null,
  };
}

/** The first of the header's spellings that holds a value. */
function field(header: Row, ...names: string[]): unknown {
  for (const name of names) {
    const value = header[name];
    if (value !== null && value !== undefined && value !== '') return value;
  }
  return null;
}

/** The fields as the order has them now. */
export function formOf(view: OrderView): EditForm {
  const header = view.header;
  const first = (view.assign?.transporters?.[0] ?? {}) as Row;
  return {
    loading: numOrNull(field(header, 'Loading_Destination_From_Id', 'loading_destination_from_id')),
    loading_name: str(header.Loading_Destination_From_Name),
    destination: numOrNull(field(header, 'Loading_Destination_To_Id', 'loading_destination_to_id')),
    destination_name: str(header.Loading_Destination_To_Name),
    trip_type: str(field(header, 'Trip_Type') ?? first.trip_type),
    vessel: str(field(header, 'Vessel', 'Vessel_Code')) || null,
    route_no: str(first.route_no),
    tender_no: str(first.tender_no),
    sto_spo_per_shipment: first.sto_spo_per_shipment === true,
    notes: str(header.Transporter_Notes),
  };
}

/** The assign panels' form for this order: the user's lane and trip, the order's company and dates. */
export function assignFormOf(form: EditForm, header: Row): AssignForm {
  return {
    charge_oa_company: str(header.Charge_OA_Company) || null,
    loading: form.loading === null ? null : String(form.loading),
    destination: form.destination === null ? null : String(form.destination),
    freight_date: isoDay(header.Freight_Date),
    stuffing_from: isoDay(header.Stuffing_Date_From),
    stuffing_to: isoDay(header.Stuffing_Date_To),
    trip_type: form.trip_type,
    vessel: form.vessel,
    show_conversion_type: header.Show_Conversion_Type === 'Y',
    relation_truck_type_id: null,
    sto_spo_per_shipment: form.sto_spo_per_shipment,
  };
}

const CRITERIA: readonly string[] = FREIGHT_CRITERIA;

/** An order_transporters row (spec/2 §3 "Transporter assignment (order edit)") as a transporter entry. */
function entryOfRow(row: Row): TransporterEntry {
  const text = (name: string) => str(row[name]) || null;
  const criteria = str(row.freight_criteria).toUpperCase();
  return {
    transporter_code: text('transporter_code'),
    transporter_name: text('transporter_name'),
    truck_type_id: numOrNull(row.truck_type_id),
    truck_type_name: text('truck_type_name'),
    freight_cost: numOrNull(row.freight_cost),
    freight_total_cost: numOrNull(row.freight_total_cost),
    freight_total_cost_user_not: numOrNull(row.freight_total_cost_user_not),
    freight_suggested: numOrNull(row.freight_suggested),
    freight_container: numOrNull(row.freight_container),
    freight_uom: text('freight_uom'),
    freight_value: row.freight_value === true,
    freight_master: text('freight_master'),
    freight_material: text('freight_material'),
    freight_criteria: CRITERIA.includes(criteria) ? (criteria as TransporterEntry['freight_criteria']) : null,
    system_not: numOrNull(row.system_not),
    user_not: numOrNull(row.user_not),
    assign_reason: text('assign_reason'),
    assign_reason_others: text('assign_reason_others'),
    truck_rental: row.truck_rental === true,
    multiple_weighing: row.multiple_weighing === true,
    kg: numOrNull(row.freight_kg),
  };
}

/** The transporters an auto-assignment loads (spec/2 §4); null when it brings none (the order's stay). */
export function autoEntries(auto: AutoAssign | null | undefined): TransporterEntry[] | null {
  const rows = auto?.transporters ?? [];
  return rows.length ? rows.map(entryOfRow) : null;
}

/** The order's transporters as entries; one empty entry (none for collective) when it has none. */
export function entriesOf(view: OrderView, collective: boolean): TransporterEntry[] {
  const rows = view.assign?.transporters ?? [];
  if (rows.length) return rows.map(entryOfRow);
  const current = currentOf(view);
  if (current.transporter)
    return [
      {
        ...current.transporter,
        truck_type_name: current.truck_type_name || null,
        multiple_weighing: view.header.Multiple_Weighing === 'Y' || view.header.Multiple_Weighing === true,
        truck_rental: view.header.Truck_Rental === true,
      },
    ];
  return collective ? [] : [{}];
}

/**
 * The body of util/refresh_freight_cost_order for an entry's transporter. Its trips follow the system's count for
 * the lines as they are now (user_not null) unless the user asked for more than the system counted: an order
 * whose trips were the system's, or fewer (the old default of one trip), is not judged on trips nobody chose when
 * only a quantity changes (issue 27).
 */
export function refreshBody(orderId: number, rows: readonly EditRow[], entry: AssignTransporter) {
  const chosenTrips =
    entry.user_not && entry.system_not !== null && entry.system_not !== undefined
      ? entry.user_not > entry.system_not
      : Boolean(entry.user_not);
  return {
    order_id: orderId,
    details: rows.map((row) => ({
      Id: row.Id,
      Qty: row.Qty,
      include_merge: row.include_merge !== false,
      conversion_type: row.conversion_type ?? null,
    })),
    ...(entry.transporter_code ? { transporter_code: entry.transporter_code } : {}),
    user_not: chosenTrips ? entry.user_not : null,
  };
}

/** The entry priced again for the lines as they are now: the same as the assign panel's refresh. */
export { withRefreshedFreight } from '../assign/model';

export interface EditBodyInput {
  orderId: number;
  header: Row;
  form: EditForm;
  rows: readonly EditRow[];
  ids: readonly number[];
  transporters: readonly TransporterEntry[];
  approval: Parameters<typeof assignBody>[0]['approval'];
  /** The documents offer STO/SPO per shipment (order/edit_merge_simulate). */
  showStoSpo?: boolean;
}

/** The assign model of the edit (util/check_approval's body, and the save's transporter_model). */
export function transporterModel(input: EditBodyInput) {
  const { header, form } = input;
  return {
    ...assignBody({
      ids: input.ids,
      first: orderDocument(header),
      form: assignFormOf(form, header),
      lines: input.rows.map(detailOf),
      transporters: input.transporters,
      approval: input.approval,
      lnType: str(header.LN_Type) || null,
      lnIncoRule: str(header.LN_Inco_Rule) || null,
      showStoSpo: input.showStoSpo,
    }),
    route_no: form.route_no.trim() || null,
    tender_no: form.tender_no.trim() || null,
  };
}

/** PUT order/edit's body (spec/2 §7). */
export function editBody(input: EditBodyInput) {
  const { header, form } = input;
  return {
    order_id: input.orderId,
    transporter_notes: form.notes.trim() || null,
    ln_inco_rule: str(header.LN_Inco_Rule) || null,
    ln_type: str(header.LN_Type) || null,
    details: input.rows.map((row) => ({
      Id: row.Id,
      Order_Detail_Id: row.line.Order_Detail_Id,
      Qty: row.Qty,
      include_merge: row.include_merge !== false,
      conversion_type: row.conversion_type ?? null,
      Company_To_Charge: row.line.Company_To_Charge,
      Incoterm_Rule: row.incoterm_rule ?? null,
      SO_Factory_No: row.SO_Factory_No ?? null,
      SO_Factory_Item_No: row.SO_Factory_Item_No ?? null,
      PO_SO_Factory: row.PO_SO_Factory ?? null,
    })),
    transporter_model: transporterModel(input),
  };
}
