// The edit-assign panel's model (spec/2 §2.3, §3 "Assign model"; db/resources/order-assign.ts): what the order is
// now (Current), what the user changes it to (Change), and the bodies of the freight options, the approval check
// and the save built from them. The order's view carries the current assignment in its header (spec/2 §3 "Order
// header") and in `assign.transporters`; both spellings are read.
import type {
  AssignModel,
  AssignTransporter,
  Approver,
  TransporterFreightBody,
  TransporterOption,
} from '../../../../db/resources/order-assign';
import type { OrderView, Row } from './types';

export interface AssignState {
  shipment_type: string;
  vessel: string;
  loading_id: number | null;
  loading_name: string;
  destination_id: number | null;
  destination_name: string;
  transporter: AssignTransporter | null;
  truck_type_name: string;
  user_not: number | null;
  assign_reason: string;
  assign_reason_others: string;
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value as string));
const num = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The order's current assignment, as the Current column shows it and the Change column starts from. */
export function currentOf(view: OrderView): AssignState {
  const header = view.header;
  const first = (view.assign?.transporters?.[0] ?? {}) as Row;
  const pick = (lower: string, upper: string) => first[lower] ?? header[upper];
  const transporter: AssignTransporter = {
    transporter_code: str(pick('transporter_code', 'Transporter_Code')) || null,
    transporter_name: str(pick('transporter_name', 'Transporter_Name')) || null,
    truck_type_id: num(pick('truck_type_id', 'Truck_Type_Id')),
    freight_cost: num(pick('freight_cost', 'Freight_Cost')),
    freight_suggested: num(pick('freight_suggested', 'Freight_Suggested')),
    freight_total_cost: num(first.freight_total_cost),
    freight_total_cost_user_not: num(pick('freight_total_cost_user_not', 'Freight_Total_Cost_User_NoT')),
    freight_uom: str(pick('freight_uom', 'Freight_Cost_UOM')) || null,
    freight_value: first.freight_value === true || header.Freight_Cost_Value === true,
    freight_master: str(pick('freight_master', 'freight_master')) || null,
    freight_container: num(first.freight_container),
    system_not: num(pick('system_not', 'System_NoT')),
    user_not: num(pick('user_not', 'User_NoT')),
    assign_reason: str(pick('assign_reason', 'Assign_Reason')) || null,
    assign_reason_others: str(pick('assign_reason_others', 'Assign_Reason_Others')) || null,
  };
  return {
    shipment_type: str(header.Shipment_Type),
    vessel: str(header.Vessel),
    loading_id: num(header.Loading_Destination_From_Id),
    loading_name: str(header.Loading_Destination_From_Name),
    destination_id: num(header.Loading_Destination_To_Id),
    destination_name: str(header.Loading_Destination_To_Name),
    transporter: transporter.transporter_code ? transporter : null,
    truck_type_name: str(header.Truck_Type_Name),
    user_not: transporter.user_not ?? null,
    assign_reason: transporter.assign_reason ?? '',
    assign_reason_others: transporter.assign_reason_others ?? '',
  };
}

/** A freight option as the order's transporter entry, with the trips and truck rental it was asked with. */
export function entryOf(
  option: TransporterOption,
  suggested: number | null,
  /** The trips typed in the dialog; null: the option's system trips. */
  trips: number | null,
  truckRental: boolean,
): AssignTransporter {
  return {
    truck_rental: truckRental,
    transporter_code: option.transporter_code,
    transporter_name: option.transporter_name,
    truck_type_id: option.truck_type_id,
    freight_cost: option.cost,
    freight_suggested: suggested ?? option.cost,
    freight_total_cost: option.total_cost,
    freight_total_cost_user_not: option.total_cost_user_not,
    freight_uom: option.uom,
    freight_value: option.is_value,
    freight_master: option.freight_master,
    freight_container: trips ?? option.user_not,
    system_not: option.system_not,
    user_not: option.user_not,
  };
}

/** Total cost by the user's trips: a per-trip rate times the trips; other rates do not depend on them. */
export function totalByUserTrips(entry: AssignTransporter | null, userNot: number | null): number | null {
  if (!entry) return null;
  if (entry.freight_value && entry.freight_cost != null && userNot) return entry.freight_cost * userNot;
  return entry.freight_total_cost_user_not ?? entry.freight_total_cost ?? null;
}

function lines(view: OrderView): Row[] {
  return Array.isArray(view.header.Details) ? view.header.Details : [];
}

/** The SAP orders the order was made of: as the view lists them, else as its lines name them. */
export function sapOrderIds(view: OrderView): number[] {
  const listed = view.assign?.sap_order_ids ?? view.header.sap_order_ids;
  const ids = Array.isArray(listed) ? listed : lines(view).map((line) => line.sap_order_id);
  return [...new Set(ids.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
}

/** The SAP line a line reserves from. */
const sapLineId = (line: Row) => num(line.sap_order_detail_id) ?? num(line.Id) ?? 0;

/** The request of the Select Transporter dialog (list/transporter_freight but its trips and truck rental). */
export type FreightRequest = Omit<TransporterFreightBody, 'container' | 'truck_rental'>;

/** The freight options' request for the changed lane. */
export function freightRequest(
  view: OrderView,
  change: AssignState,
  lane: { loading: number; destination: number },
): FreightRequest {
  const header = view.header;
  return {
    ...lane,
    exclude_transporters: [],
    materials: lines(view).map((line) => ({
      Id: sapLineId(line),
      Qty: num(line.Qty) ?? 0,
      conversion_type: str(line.Conversion_Type) || null,
    })),
    charge_oa_company: str(header.Charge_OA_Company),
    warehouse_code: str(header.Warehouse_Code) || null,
    document_type: str(header.Document_Type) || null,
    freight_date: str(header.Freight_Date),
    sap_order_ids: sapOrderIds(view),
    shipment_type: change.shipment_type || null,
    trip_type: str(header.Trip_Type) || null,
    selected_transporters: [],
  };
}

/** The assign model of the change (the body of util/check_approval, and edited_order of the save). */
export function assignModelOf(
  view: OrderView,
  change: AssignState,
  approvers: Approver[] | null,
): AssignModel {
  const header = view.header;
  const entry: AssignTransporter | null = change.transporter
    ? {
        ...change.transporter,
        user_not: change.user_not ?? change.transporter.user_not ?? null,
        freight_total_cost_user_not: totalByUserTrips(change.transporter, change.user_not),
        assign_reason: change.assign_reason || null,
        assign_reason_others: change.assign_reason_others || null,
      }
    : null;
  const from = str(header.Stuffing_Date_From) || null;
  return {
    id: sapOrderIds(view),
    charge_oa_company: str(header.Charge_OA_Company) || null,
    warehouse_code: str(header.Warehouse_Code) || null,
    document_type: str(header.Document_Type) || null,
    loading_destination_from_id: change.loading_id,
    loading_destination_to_id: change.destination_id,
    shipment_type: change.shipment_type || null,
    vessel: change.vessel || null,
    vessel_code: change.vessel || null,
    freight_date: str(header.Freight_Date) || null,
    stuffing_date: from ? [from, str(header.Stuffing_Date_To) || from] : null,
    trip_type: str(header.Trip_Type) || null,
    // Not changed here (spec/2 §2.3): the order's own, which the server keeps.
    sto_spo_per_shipment: view.assign?.transporters?.[0]?.sto_spo_per_shipment === true,
    ln_type: str(header.LN_Type) || null,
    ln_inco_rule: str(header.LN_Inco_Rule) || null,
    transporters: entry ? [entry] : [],
    details: lines(view).map((line) => ({
      Id: sapLineId(line),
      Item_No: str(line.SAP_Item_No ?? line.Item_No) || null,
      Document_No: str(line.sap_no) || null,
      Material_Code: str(line.Material_Code) || null,
      Qty: num(line.Qty) ?? 0,
      UOM: str(line.UOM) || null,
      include_merge: true,
      conversion_type: str(line.Conversion_Type) || null,
      charge_oa_company: str(line.Charge_OA_Company) || null,
    })),
    approval_matrix: approvers,
    show_conversion_type: header.Show_Conversion_Type === 'Y' ? 'Y' : 'N',
    transporter_notes: str(header.Transporter_Notes) || null,
  };
}
