// Assigning SAP orders to a transporter or to a relation (spec/2 §2.5-§2.7, §3, §4 "Assign panel", §5.2, §5.3,
// §7; DESIGN §4 "Freight, transporter choice and approval"): the wire shapes the Assign Transporter and Assign
// Customer/Vendor panels, the Select Transporter dialog and the server exchange, said once for both. The API
// validates with these schemas (api/orders/), the console builds its bodies from their types
// (console/src/pages/orders/assign/).
//
// Field names are the spec's, mixed as they are: they are the contract of the existing console.
//
// How the panel talks to the server:
//   saporder/merge_simulate   one SAP document at a time (is_first for the first): its SAP orders and lines, and
//                             what the first fixes (order type, shipment type, warehouse, document type, company,
//                             incoterm), which later documents must share.
//   list/transporter_freight  the freight options of the lane for the lines' KG (Select Transporter dialog).
//   util/refresh_freight_cost the chosen transporters priced again after a change of lines or trips.
//   util/transporter_exceed_quota  whether the transporter is over its quota (the message under its field).
//   util/check_approval       the Approval Matrix levels the assignment needs, and the transporters' criteria.
//   saporder/assign_transporter / assign_customer_vendor  the save: one order per transporter entry.
//
// Shared by the server and the browser: it may import zod and nothing from Node.
import { z } from 'zod';
import type { CriterionFinding } from './freight-criteria';
import { date, integer, number, text } from './input';

/** The unit every quantity is kept in: numeric(18,3) (db/resources/order.ts). */
export const QTY_UNIT = 0.001;

/**
 * A quantity as its column keeps it: rounded to the 0.001 unit first (as PostgreSQL would store it), so a rule
 * that asks for more than 0 judges what is saved, never 0.0001 that would be stored as 0.000 (issue 27).
 */
export const roundQty = (n: number): number => Math.round(n * 1000) / 1000;

/** A quantity that comes in: numeric(18,3), not negative, rounded to the 0.001 unit (roundQty). */
export const qtyInput = () => number({ min: 0, numeric: { precision: 18, scale: 3 } }).transform(roundQty);
const qty = qtyInput;
/** Money: numeric(18,2). */
const money = () => number({ min: 0, numeric: { precision: 18, scale: 2 } });
const code = (max = 20) => text(max);
const flag = () => z.boolean();

/** DESIGN §4 freight criteria, the Approval Matrix Info1 an assignment may need (spec/3 §4.1 matrix types). */
export const FREIGHT_CRITERIA = ['HIGHER', 'LOWER', 'EXCEED', 'DIFFERENT_NOT', 'DIFFERENT_OA'] as const;
export type FreightCriterion = (typeof FREIGHT_CRITERIA)[number];
/** The criteria that ask for approval (LOWER is a cost excluded from approval: it asks nothing). */
export const APPROVAL_CRITERIA: readonly FreightCriterion[] = [
  'HIGHER',
  'EXCEED',
  'DIFFERENT_NOT',
  'DIFFERENT_OA',
];

/** A line of the assign panel (spec/2 §3 "SAP order line" as the panel edits it). */
export const assignDetailSchema = z.object({
  /** sap_order_details.Id */
  Id: integer({ min: 1 }),
  Item_No: text(10).nullish(),
  Document_No: text(50).nullish(),
  Material_Code: text(40).nullish(),
  material_name: text(200).nullish(),
  /** What the order takes of the line, in the line's UOM: at most os_qty minus other split lines (§5.3). */
  Qty: qty(),
  os_qty: qty().nullish(),
  real_qty: qty().nullish(),
  UOM: text(10).nullish(),
  /** Included in the order; at least one line is (§5.3). */
  include_merge: flag().default(true),
  charge_oa_company: code(10).nullish(),
  conversion_type: text(50).nullish(),
  ln_type: text(30).nullish(),
  /** Required only where the line says require_ln_inco_rule. */
  incoterm_rule: text(20).nullish(),
  require_ln_inco_rule: flag().nullish(),
  disable_ln_type: flag().nullish(),
  SO_Factory_No: text(50).nullish(),
  SO_Factory_Item_No: text(10).nullish(),
  SO_Factory_Result: text(20).nullish(),
  SO_Factory_Result_Reason: text(500).nullish(),
  PO_SO_Factory: text(50).nullish(),
  is_additional: flag().nullish(),
  Freight_Master: text(50).nullish(),
});
export type AssignDetail = z.infer<typeof assignDetailSchema>;

/** A transporter entry of the assign panel (spec/2 §3 "Transporter entry (SAP assign panel)"). */
export const assignTransporterSchema = z.object({
  transporter_code: code().nullish(),
  transporter_name: text(200).nullish(),
  truck_type_id: integer({ min: 1 }).nullish(),
  /** The rate chosen, per its basis (per KG / MT, or per trip with is_value). */
  freight_cost: money().nullish(),
  freight_total_cost: money().nullish(),
  freight_total_cost_user_not: money().nullish(),
  /** The cheapest option's cost: a cost above it needs a reason (§5.3). */
  freight_suggested: money().nullish(),
  /** Trips (containers) asked for in the Select Transporter dialog; default 1. */
  freight_container: integer({ min: 1, max: 10_000 }).nullish(),
  freight_uom: text(10).nullish(),
  freight_value: flag().nullish(),
  /** freight_rates.Freight_Code of the option. */
  freight_master: text(50).nullish(),
  freight_material: text(40).nullish(),
  freight_criteria: z.enum(FREIGHT_CRITERIA).nullish(),
  system_not: integer({ min: 0 }).nullish(),
  user_not: integer({ min: 1, max: 10_000 }).nullish(),
  /** ASSIGN_TRANSPORTER_REASON lookup code. */
  assign_reason: text(50).nullish(),
  assign_reason_others: text(500).nullish(),
  require_reason: flag().nullish(),
  freight_date: date().nullish(),
  truck_rental: flag().nullish(),
  multiple_weighing: flag().nullish(),
});
export type AssignTransporter = z.infer<typeof assignTransporterSchema>;

/** spec/2 §3 "Approval": a level of the Approval Matrix and who decides it. */
export const approverSchema = z.object({
  Username: text(100),
  fullname: text(200).nullish(),
  Level: integer({ min: 1 }),
  /** The matrix type (criterion) the approver is asked for. */
  Info1: text(20).nullish(),
});
export type Approver = z.infer<typeof approverSchema>;

/** spec/2 §3 "Assign model": the body of assign_transporter, assign_customer_vendor and check_approval. */
export const assignModelSchema = z.object({
  /** sap_orders.Id of every document in the panel (the chips). */
  id: z
    .array(integer({ min: 1 }))
    .min(1)
    .max(50),
  charge_oa_company: code(10).nullish(),
  warehouse_code: code().nullish(),
  document_type: text(50).nullish(),
  loading_destination_from_id: integer({ min: 1 }).nullish(),
  loading_destination_to_id: integer({ min: 1 }).nullish(),
  shipment_type: text(30).nullish(),
  vessel: text(50).nullish(),
  vessel_code: text(50).nullish(),
  freight_date: date().nullish(),
  /** [from, to]; to = from when only one is given (§5.2). */
  stuffing_date: z.array(date().nullable()).max(2).nullish(),
  trip_type: text(30).nullish(),
  /**
   * STO/SPO per shipment (spec/2 §2.2, §3 "Transporter assignment"): kept on every transporter of the order. Only
   * where merge_simulate says show_sto_spo_per_shipment for the documents; true elsewhere is refused.
   */
  sto_spo_per_shipment: flag().default(false),
  ln_type: text(30).nullish(),
  ln_inco_rule: text(20).nullish(),
  transporters: z.array(assignTransporterSchema).max(50).default([]),
  details: z.array(assignDetailSchema).max(500).default([]),
  /** What the panel's Check Approval answered; the server checks it again at the save. */
  approval_matrix: z.array(approverSchema).max(200).nullish(),
  show_conversion_type: z.enum(['Y', 'N']).default('N'),
  /** Relation orders: the truck type the customer or vendor comes with. */
  relation_truck_type_id: integer({ min: 1 }).nullish(),
  transporter_notes: text(1000).nullish(),
});
export type AssignModel = z.infer<typeof assignModelSchema>;

/** A SAP document number as a client sends it: text, or a whole number (SAP's numbers are digits). */
const sapNo = () =>
  z
    .union([text(50).min(1), number({ min: 0, max: Number.MAX_SAFE_INTEGER, integer: true })], {
      error: 'validation.invalid',
    })
    .transform((v) => String(v).trim());

/**
 * `sap_no` of saporder/merge_simulate (spec/2 §7 "sap_no") and order/edit_merge_simulate ("sap_no list"): one
 * number, as text or as a number, or a list of them; always a list here, duplicates taken once.
 */
export const sapNumbersSchema = z
  .union([sapNo(), z.array(sapNo()).max(20)], { error: 'validation.invalid' })
  .transform((v) => [...new Set(Array.isArray(v) ? v : [v])]);

/** spec/2 §7 saporder/merge_simulate body. */
export const mergeSimulateSchema = z.object({
  /** The SAP document number(s) to load (a chip): one, or a list loaded together. */
  sap_no: sapNumbersSchema.refine((list) => list.length > 0, { message: 'validation.required' }),
  warehouse_code: code().nullish(),
  order_type: text(50).nullish(),
  shipment_type: text(30).nullish(),
  document_type: text(50).nullish(),
  transporter_code: code().nullish(),
  company_code: code(10).nullish(),
  incoterm: code(10).nullish(),
  is_first: flag().default(false),
  is_edit: flag().default(false),
});
export type MergeSimulateBody = z.infer<typeof mergeSimulateSchema>;

/** spec/2 §3 "Transporter option (freight list)": one row of the Select Transporter dialog. */
export interface TransporterOption {
  /** transporter code + truck type + freight code: unique in the list. */
  key: string;
  transporter_code: string;
  transporter_name: string;
  truck_type_id: number;
  truck_type_name: string;
  freight_master: string;
  is_value: boolean;
  /** KG, MT, or TRIP for a per-trip rate. */
  per: string;
  uom: string;
  numtrip: number;
  cost: number;
  master_cost: number;
  total_cost: number;
  total_cost_user_not: number;
  total_kg: number;
  total_kg_user: number;
  recommended_kg: number;
  system_not: number;
  user_not: number;
  freight_capacity: number;
  /** The cheapest option (the list is cheapest first). */
  suggested: boolean;
  materials: { Material_Code: string; material_name?: string | null; Qty: number; UOM: string; kg: number }[];
}

/** spec/2 §7 list/transporter_freight body. */
export const transporterFreightSchema = z.object({
  loading: integer({ min: 1 }),
  destination: integer({ min: 1 }),
  exclude_transporters: z.array(code()).max(200).default([]),
  materials: z
    .array(z.object({ Id: integer({ min: 1 }), Qty: qty(), conversion_type: text(50).nullish() }))
    .min(1)
    .max(500),
  /**
   * The trips asked for (integer); absent or null: each option's own system trips, the dialog's default, at which
   * the suggested option needs no approval (freight-criteria.ts).
   */
  container: integer({ min: 1, max: 10_000 }).nullish(),
  charge_oa_company: code(10),
  warehouse_code: code().nullish(),
  document_type: text(50).nullish(),
  freight_date: date(),
  sap_order_ids: z
    .array(integer({ min: 1 }))
    .max(50)
    .default([]),
  shipment_type: text(30).nullish(),
  truck_rental: flag().default(false),
  trip_type: text(30).nullish(),
  use_route: flag().nullish(),
  use_tender: flag().nullish(),
  truck_types: z
    .array(integer({ min: 1 }))
    .max(50)
    .nullish(),
  multiple_weighing: flag().nullish(),
  selected_transporters: z.array(code()).max(50).default([]),
});
export type TransporterFreightBody = z.infer<typeof transporterFreightSchema>;

/** spec/2 §7 util/check_approval answer. */
export interface CheckApprovalAnswer {
  /** Every approver of every level the assignment needs, level by level; empty when none is needed. */
  approval_list: Approver[];
  /**
   * The transporter entries with their criteria and require_reason as the server computed them, and why each
   * criterion applies (criteria_detail, freight-criteria.ts), which the panel shows under the entry.
   */
  transporter_data: (AssignTransporter & { criteria_detail?: CriterionFinding[] })[];
}

/** The order flags of spec/1 §6 and spec/2 §3, computed by the server per row. */
export const ORDER_ROW_FLAGS = [
  'can_assign_driver',
  'can_view_shipments',
  'can_edit_order',
  'can_cancel_order',
  'can_mark_complete',
  'can_unmark_complete',
  'can_reassign_do',
  'can_edit_stuffing_date',
  'need_transporter_action',
  'can_assign_transporter',
] as const;
export type OrderRowFlag = (typeof ORDER_ROW_FLAGS)[number];

/** spec/1 §3 "Transporter action item" (order/transporter_action body: a list of them). */
export const transporterActionItemSchema = z.object({
  /** orders.Id */
  id: integer({ min: 1 }),
  status: z.enum(['ACCEPTED', 'REJECTED']),
  /** Required when rejecting. */
  reason: text(1000).nullish(),
  /** What the dialog shows for the order: ERP no / order no. */
  ref_no: text(600).nullish(),
});
export const transporterActionSchema = z.array(transporterActionItemSchema).min(1).max(100);
export type TransporterActionItem = z.infer<typeof transporterActionItemSchema>;

/** spec/1 §3 result item of order/transporter_action. */
export interface TransporterActionResult {
  ref_no: string | null;
  reason: string | null;
  success: boolean;
  message: string;
}

/**
 * A line of the Edit order panel (spec/2 §2.2 line table) as order/edit_merge_simulate answers it: an order line, or a
 * SAP line the order may take (Order_Detail_Id null). Max_Qty = Order_Qty + Sap_Os_Qty + Tolerance_Qty (§5.1).
 */
export interface EditLine {
  Id: number;
  Order_Detail_Id: number | null;
  Sap_Order_Id: number;
  Sap_No: string;
  Item_No: string;
  Company_To_Charge: string | null;
  LN_Type: string | null;
  Incoterm_Rule: string | null;
  Require_Ln_Inco_Rule: boolean;
  Material_Code: string;
  Material_Name: string | null;
  Qty: number;
  Order_Qty: number;
  Sap_Os_Qty: number;
  Real_Qty: number;
  Tolerance_Qty: number;
  Max_Qty: number;
  UOM: string;
  conversion_type: string | null;
  include_merge: boolean;
  editable: boolean;
  SO_Factory_No: string | null;
  SO_Factory_Item_No: string | null;
  SO_Factory_Result: string | null;
  SO_Factory_Result_Reason: string | null;
  PO_SO_Factory: string | null;
}

/** The days a stuffing date may take (ISO yyyy-mm-dd; null: no bound on that side). */
export interface ValidRange {
  from: string | null;
  to: string | null;
}

/**
 * The valid range an assignment of several SAP orders keeps to: the latest Valid_From and the earliest Valid_To
 * (merge_simulate's stuffing_date_from_range and stuffing_date_to_range).
 */
export function commonValidRange(
  documents: readonly { valid_from?: string | null; valid_to?: string | null }[],
): ValidRange {
  const froms = documents.map((d) => d.valid_from).filter((d): d is string => !!d);
  const tos = documents.map((d) => d.valid_to).filter((d): d is string => !!d);
  return {
    from: froms.length ? [...froms].sort().at(-1)! : null,
    to: tos.length ? [...tos].sort()[0]! : null,
  };
}

export type StuffingDateProblem = 'reversed' | 'outOfRange';

/**
 * The one stuffing-date rule (spec/1 §5, spec/2 §5.1, §5.2; issue 27): the range [from, to] (to = from when it is
 * empty) lies within the valid range, and to is not before from. What is wrong with each end, or null: the assign
 * save, change stuffing date and the console's fields (as the user picks a date) all ask this. Dates are ISO
 * (yyyy-mm-dd), which compare as text.
 */
export function stuffingDateProblems(
  from: string | null | undefined,
  to: string | null | undefined,
  range: ValidRange,
): { from: StuffingDateProblem | null; to: StuffingDateProblem | null } {
  const outside = (day: string) =>
    (range.from !== null && day < range.from) || (range.to !== null && day > range.to);
  const until = to || from;
  return {
    from: from && outside(from) ? 'outOfRange' : null,
    to: !until ? null : from && until < from ? 'reversed' : outside(until) ? 'outOfRange' : null,
  };
}
