// A transport order (DESIGN §4 "Order states"; spec/1 §2-§3, spec/2 §2.1-§2.7, §3): what logistics staff make
// of one or more SAP orders when they assign them to a transporter, or to the customer or vendor who collects the
// goods itself (a relation). Its lines reserve quantities of SAP order lines (DESIGN §4 "Quantities"): a line's
// Qty is taken off its SAP line's os_qty while the order is not CANCELLED or REJECTED. Its transporters are the
// assignment: one for an individual-truck or relation order, several for a collective one, each with the freight
// option it was given. One Temporal workflow per order (`order:<Order_No>`) owns its status; every transition it
// makes is written as a row of the order's history, once, however often the activity that writes it is retried.
//
// What the order list shows, sorts and searches is a column of the order itself: the list reads a million orders
// (DESIGN §6), so the parties' names (transporter, customer or vendor) and the order type's name are copied onto
// the order when it is assigned, as the document states them, and the sortable columns each have an index per
// sort direction (migration 016). The master-data names that only label a code (company, incoterm, locations,
// truck type, product category, warehouse, shipment type) are looked up by the list and the read, and do not
// sort.
//
// Shared by the server and the browser: it may import zod and nothing from Node.
import { defineEntity, type FieldDef } from './engine';
import { YES_NO } from './sap-order';

/** DESIGN §4 "Order states": every status an order's workflow sets, in the order of its life. */
export const ORDER_STATUSES = [
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
  'ASSIGNED TO TRANSPORTER',
  'ACCEPTED',
  'REJECTED',
  'WAITING FOR ORDER APPROVAL',
  'ASSIGNED TO DRIVER',
  'IN PROGRESS',
  'COMPLETED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Every status an order's row may hold: the vocabulary of spec/3 §4.1, which the existing console's filters and
 * tabs know. It includes ORDER_STATUSES and values of the product this replaces (OUTSTANDING, VERIFIED, ...)
 * that this one's workflow never sets; the column's check (migration 016) takes these.
 */
export const ORDER_STATUS_VOCABULARY = [
  'UNASSIGNED TRANSPORTER',
  'OUTSTANDING',
  'APPROVED',
  'REJECTED',
  'ASSIGNED TO TRANSPORTER',
  'ASSIGNED TO DRIVER',
  'VERIFIED',
  'IN PROGRESS',
  'COMPLETED',
  'ACCEPTED',
  'WAITING FOR APPROVAL',
  'WAITING FOR ORDER APPROVAL',
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
  'WAITING FOR APPOINTMENT APPROVAL',
  'CANCELLED',
] as const;

/** Statuses whose lines no longer hold their SAP lines' quantities (DESIGN §4 "Quantities"). */
export const RELEASED_ORDER_STATUSES = ['CANCELLED', 'REJECTED'] as const satisfies readonly OrderStatus[];

/**
 * The transporter's answer (DESIGN §4): WAITING from the assignment until the transporter accepts or rejects, or
 * until the deadline (Auto_Reject_Date) passes.
 */
export const DISPATCH_STATUSES = ['WAITING', 'ACCEPTED', 'REJECTED', 'AUTO REJECTED'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

/**
 * How the goods travel (the shipment type's category, spec/1 §3, spec/2 §4): one transporter entry for an
 * individual-truck or relation order, several for a collective one.
 */
export const SHIPMENT_TYPE_CATEGORIES = ['INDIVIDUAL', 'COLLECTIVE', 'RELATION'] as const;

/** A Y/N flag as the spec's order shows it (Multiple_Weighing, Show_Conversion_Type). */
const FLAG = { type: 'enum', options: YES_NO, maxLength: 1, default: 'N', filter: 'equals' } as const;
const QTY = { type: 'decimal', precision: 18, scale: 3 } as const;
const MONEY = { type: 'decimal', precision: 18, scale: 2 } as const;

const LINE_FIELDS = [
  { name: 'Id', type: 'integer', bigint: true, readOnly: true },
  // The order's own item number (000010, 000020, ...), unique within the order.
  { name: 'Item_No', type: 'text', maxLength: 10, required: true, readOnly: true },
  // The SAP document and item the line takes its quantity from, as they were when it was assigned.
  { name: 'sap_no', type: 'text', maxLength: 50, required: true, readOnly: true },
  { name: 'SAP_Item_No', type: 'text', maxLength: 10, required: true, readOnly: true },
  { name: 'Material_Code', type: 'ref', ref: 'Material', maxLength: 40, required: true, readOnly: true },
  // What the line reserves of its SAP line, in the SAP line's unit.
  { name: 'Qty', ...QTY, min: 0.001, max: 1e12, required: true },
  // What is still to ship of Qty, and what shipments have taken and delivered (weighed) of it.
  { name: 'os_qty', ...QTY, readOnly: true },
  { name: 'sto_qty', ...QTY, readOnly: true },
  { name: 'shipment_qty', ...QTY, readOnly: true },
  { name: 'real_qty', ...QTY, readOnly: true },
  // How much a transfer may deliver beyond Qty (the SAP line's tolerance percent of it).
  { name: 'tolerance_qty', ...QTY, readOnly: true },
  // What mark complete returned of the line to its SAP line (unmark complete takes back what is still free).
  { name: 'Revert_Qty', ...QTY, readOnly: true },
  { name: 'UOM', type: 'text', maxLength: 10, required: true, readOnly: true },
  // The MaterialConversion to KG chosen for the line, and its factor (KG per UOM) at the time.
  { name: 'Conversion_Type', type: 'text', maxLength: 20 },
  { name: 'Conversion', type: 'decimal', precision: 18, scale: 6, min: 0, readOnly: true },
  { name: 'Charge_OA_Company', type: 'ref', ref: 'Company', maxLength: 10 },
  { name: 'LN_Type', type: 'text', maxLength: 30 },
  { name: 'Incoterm_Rule', type: 'text', maxLength: 20 },
  // Delivery and sales orders: the factory's SO the line goes to, and what the last Sync to SAP answered for it.
  { name: 'SO_Factory_No', type: 'text', maxLength: 50 },
  { name: 'SO_Factory_Item_No', type: 'text', maxLength: 10 },
  { name: 'PO_SO_Factory', type: 'text', maxLength: 50 },
  { name: 'so_factory_result', type: 'text', maxLength: 20, readOnly: true },
  { name: 'so_factory_result_reason', type: 'text', maxLength: 500, readOnly: true },
] as const satisfies readonly FieldDef[];

export const OrderLine = defineEntity({
  name: 'Order',
  table: 'order_details',
  key: 'Item_No',
  fields: LINE_FIELDS,
  computed: [{ name: 'Material_Name', type: 'text', readOnly: true }],
  // spec/1 §2 "Expanded item columns"; the conversion columns show when the order's Show_Conversion_Type is Y.
  list: [
    'Item_No',
    'sap_no',
    'Material_Name',
    'Qty',
    'os_qty',
    'real_qty',
    'UOM',
    'Conversion_Type',
    'Conversion',
  ],
  // The SAP line reserved from: its os_qty is recomputed from the lines of active orders that point to it.
  internalColumns: ['sap_order_detail_id'],
});

const TRANSPORTER_FIELDS = [
  { name: 'Id', type: 'integer', readOnly: true },
  { name: 'transporter_code', type: 'ref', ref: 'Transporter', maxLength: 20, required: true },
  // The transporter's (or the relation's) name as the order was given to it.
  { name: 'transporter_name', type: 'text', maxLength: 200, readOnly: true },
  { name: 'truck_type_id', type: 'integer' },
  // The freight option chosen (spec/2 §3 "Transporter option"): the rate and its basis, what it makes for the
  // order's KG and trips, and the cheapest option's cost it was compared with.
  { name: 'freight_master', type: 'text', maxLength: 50 },
  { name: 'freight_cost', ...MONEY, min: 0 },
  { name: 'freight_suggested', ...MONEY, min: 0, readOnly: true },
  { name: 'freight_value', type: 'bool', readOnly: true },
  { name: 'freight_per', type: 'text', maxLength: 20, readOnly: true },
  { name: 'freight_uom', type: 'text', maxLength: 10, readOnly: true },
  { name: 'freight_total_cost', ...MONEY, min: 0, readOnly: true },
  { name: 'freight_total_cost_user_not', ...MONEY, min: 0, readOnly: true },
  { name: 'freight_container', type: 'integer', min: 1 },
  { name: 'freight_kg', ...QTY, readOnly: true },
  { name: 'freight_material', type: 'text', maxLength: 40, readOnly: true },
  { name: 'truck_capacity', ...QTY, readOnly: true },
  // Trips: what the KG make at the truck's capacity, and what the user asked for.
  { name: 'system_not', type: 'integer', readOnly: true },
  { name: 'user_not', type: 'integer', min: 1 },
  { name: 'truck_rental', type: 'bool', default: false },
  { name: 'multiple_weighing', type: 'bool', default: false },
  { name: 'exclude_approval', type: 'bool', readOnly: true },
  { name: 'zfrcost_no', type: 'text', maxLength: 50, readOnly: true },
  // LOWER, HIGHER, DIFFERENT_NOT or EXCEED (DESIGN §4 "Freight criteria"); the reason it needed.
  { name: 'freight_criteria', type: 'text', maxLength: 20, readOnly: true },
  { name: 'assign_reason', type: 'lookup', lookupGroup: 'ASSIGN_TRANSPORTER_REASON', maxLength: 50 },
  { name: 'assign_reason_others', type: 'text', maxLength: 500 },
  { name: 'route_no', type: 'text', maxLength: 50 },
  { name: 'tender_no', type: 'text', maxLength: 50 },
  { name: 'trip_type', type: 'text', maxLength: 30 },
  { name: 'sto_spo_per_shipment', type: 'bool', default: false },
  { name: 'freight_date', type: 'date' },
] as const satisfies readonly FieldDef[];

/** The order's transporters (spec/2 §3 "Transporter assignment"): one row, or several for a collective order. */
export const OrderTransporter = defineEntity({
  name: 'Order',
  table: 'order_transporters',
  key: 'transporter_code',
  fields: TRANSPORTER_FIELDS,
  internalColumns: ['order_id'],
});

const HISTORY_FIELDS = [
  { name: 'Id', type: 'integer', bigint: true, readOnly: true },
  // Null for the first row (the order's creation).
  { name: 'Status_From', type: 'enum', options: ORDER_STATUSES, maxLength: 60, readOnly: true },
  { name: 'Status_To', type: 'enum', options: ORDER_STATUSES, maxLength: 60, required: true, readOnly: true },
  // The transporter's reject remark, the approver's remark, the cancel reason.
  { name: 'Remark', type: 'text', maxLength: 1000, readOnly: true },
  { name: 'Created_Date', type: 'datetime', readOnly: true },
  { name: 'Created_By', type: 'text', maxLength: 100, readOnly: true },
] as const satisfies readonly FieldDef[];

/** spec/1 §3 "History row": one row per transition of the order (`order/view_history/{id}`). */
export const OrderHistory = defineEntity({
  name: 'Order',
  table: 'order_histories',
  fields: HISTORY_FIELDS,
  list: ['Status_From', 'Status_To', 'Created_Date', 'Created_By'],
  // idempotency_key: the workflow and the change (e.g. `order:ORD0001/accept/3`), unique, so a retried
  // activity writes its row once.
  internalColumns: ['order_id', 'idempotency_key'],
});

const HEADER_FIELDS = [
  { name: 'Id', type: 'integer', readOnly: true },
  // From the RunningNumber ORDER; the workflow id is `order:<Order_No>`.
  { name: 'Order_No', type: 'text', maxLength: 50, required: true, readOnly: true },
  { name: 'Order_Date', type: 'date', required: true, readOnly: true },
  // The SAP documents the order was made of: their numbers as the list shows them (comma-separated when merged),
  // and the first one's document number.
  { name: 'SAP_No', type: 'text', maxLength: 500, readOnly: true },
  { name: 'Document_No', type: 'text', maxLength: 50, readOnly: true },
  // The list's Status column does not filter: the tabs do (spec/1 §2).
  {
    name: 'Status',
    type: 'enum',
    options: ORDER_STATUSES,
    maxLength: 60,
    required: true,
    readOnly: true,
    filter: false,
  },
  { name: 'Dispatch_Status', type: 'enum', options: DISPATCH_STATUSES, maxLength: 30, readOnly: true },
  { name: 'Dispatch_Status_Remarks', type: 'text', maxLength: 1000, readOnly: true },
  // When the transporter's answer is due; at it the workflow rejects the order (AUTO REJECTED).
  { name: 'Auto_Reject_Date', type: 'datetime', readOnly: true },
  { name: 'Order_Type_Id', type: 'integer', readOnly: true },
  { name: 'Order_Type_Name', type: 'text', maxLength: 50, readOnly: true },
  { name: 'Company_Code', type: 'ref', ref: 'Company', maxLength: 10, readOnly: true },
  // The product category, as the Approval Matrix names it.
  { name: 'Business_Segment_Code', type: 'ref', ref: 'ProductCategory', maxLength: 20, readOnly: true },
  { name: 'Warehouse_Code', type: 'ref', ref: 'Warehouse', maxLength: 20, readOnly: true },
  { name: 'Document_Type', type: 'lookup', lookupGroup: 'DOCUMENT_TYPE', maxLength: 50, readOnly: true },
  { name: 'Distribution', type: 'lookup', lookupGroup: 'DISTRIBUTION', maxLength: 50, readOnly: true },
  { name: 'Incoterm', type: 'ref', ref: 'Incoterms', maxLength: 10, readOnly: true },
  { name: 'Incoterm2', type: 'text', maxLength: 200, readOnly: true },
  { name: 'Customer_Vendor_Code', type: 'text', maxLength: 20, readOnly: true },
  { name: 'Customer_Vendor_Name', type: 'text', maxLength: 200, readOnly: true },
  { name: 'Customer_Vendor_Address', type: 'text', maxLength: 500, readOnly: true },
  // Shown instead of the customer's or vendor's address where it is set.
  { name: 'Delivery_Address', type: 'text', maxLength: 500, readOnly: true },
  { name: 'Valid_From', type: 'date', readOnly: true },
  { name: 'Valid_To', type: 'date', readOnly: true },
  { name: 'Shipment_Type', type: 'lookup', lookupGroup: 'SHIPMENT_TYPE', maxLength: 30, readOnly: true },
  { name: 'shipment_type_category', type: 'enum', options: SHIPMENT_TYPE_CATEGORIES, maxLength: 20 },
  // The (first) transporter, or the relation, the order is given to; all of them are its transporters' rows.
  { name: 'Transporter_Code', type: 'ref', ref: 'Transporter', maxLength: 20, readOnly: true },
  { name: 'Transporter_Name', type: 'text', maxLength: 200, readOnly: true },
  { name: 'Truck_Type_Id', type: 'integer', readOnly: true },
  // Locations (by id, as the assign model sends them); the assign save requires both (spec/2 §5.2).
  { name: 'Loading_Destination_From_Id', type: 'integer' },
  { name: 'Loading_Destination_To_Id', type: 'integer' },
  { name: 'Charge_OA_Company', type: 'ref', ref: 'Company', maxLength: 10 },
  { name: 'Freight_Date', type: 'date' },
  // dd/mm/yy on screen; the second is the first when none is given (spec/2 §5.2).
  { name: 'Stuffing_Date_From', type: 'date' },
  { name: 'Stuffing_Date_To', type: 'date' },
  { name: 'Trip_Type', type: 'lookup', lookupGroup: 'FREIGHT_TRIP_TYPE', maxLength: 30 },
  { name: 'Vessel', type: 'ref', ref: 'Vessel', maxLength: 50 },
  { name: 'LN_Type', type: 'text', maxLength: 30 },
  { name: 'LN_Inco_Rule', type: 'text', maxLength: 20 },
  { name: 'Transporter_Notes', type: 'textarea', maxLength: 1000 },
  { name: 'Multiple_Weighing', ...FLAG },
  { name: 'Show_Conversion_Type', ...FLAG },
  { name: 'is_relation', type: 'bool', readOnly: true },
  { name: 'has_shipment', type: 'bool', readOnly: true },
  // What mark complete returned to the SAP order lines (DESIGN §4).
  { name: 'Revert_Qty', ...QTY, readOnly: true },
  { name: 'Created_Date', type: 'datetime', readOnly: true },
  { name: 'Created_By', type: 'text', maxLength: 100, readOnly: true },
  { name: 'Edited_Date', type: 'datetime', readOnly: true },
  { name: 'Edited_By', type: 'text', maxLength: 100, readOnly: true },
] as const satisfies readonly FieldDef[];

/**
 * The list columns that sort (in the list's order), each read from its own index in either direction (migration 016,
 * ORDER_SORT_COLUMNS): the others are labels of codes or long texts, which a million orders cannot sort quickly.
 */
export const ORDER_SORTABLE = [
  'Order_No',
  'Order_Type_Name',
  'Order_Date',
  'SAP_No',
  'Transporter_Name',
  'Customer_Vendor_Name',
  'Status',
  'Dispatch_Status',
  'Auto_Reject_Date',
  'Created_Date',
  'Edited_Date',
] as const;

/** spec/1 §2 "Columns" of the order list, in the screen's order. */
const LIST = [
  'Order_No',
  'Order_Type_Name',
  'Order_Date',
  'SAP_No',
  'Transporter_Name',
  'Loading_Destination_From_Name',
  'Loading_Destination_To_Name',
  'Business_Segment_Name',
  'Customer_Vendor_Name',
  'Delivery_Address',
  'Status',
  'Dispatch_Status',
  'Dispatch_Status_Remarks',
  'Truck_Type_Name',
  'shipment_type_name',
  'Auto_Reject_Date',
  'Incoterm_Name',
  'Incoterm2',
  'Distribution',
  'Document_Type',
  'Company_Name',
  'Valid_From',
  'Valid_To',
  'has_shipment',
  'Revert_Qty',
  'Created_Date',
  'Created_By',
  'Edited_Date',
  'Edited_By',
] as const;

/**
 * List fields a transporter or relation may neither filter nor sort by (issue 27 item 9): it reads another value
 * there (the company's name in place of staff usernames, api/orders/audience.ts shownUser), so the server answers
 * 400 and the console offers neither.
 */
export const OUTSIDE_UNSEARCHABLE: readonly string[] = ['Created_By', 'Edited_By'];

const sortable = (name: string) => (ORDER_SORTABLE as readonly string[]).includes(name);

/** Fields as the list and the read use them: only ORDER_SORTABLE sorts. */
const sorted = <F extends FieldDef>(fields: readonly F[]): F[] =>
  fields.map((f) =>
    (LIST as readonly string[]).includes(f.name) ? { ...f, sortable: sortable(f.name) } : f,
  );

/** Names of master data a code of the order labels, looked up by the list and the read. */
const COMPUTED: FieldDef[] = [
  { name: 'Loading_Destination_From_Name', type: 'text', readOnly: true },
  { name: 'Loading_Destination_To_Name', type: 'text', readOnly: true },
  { name: 'Business_Segment_Name', type: 'text', readOnly: true },
  { name: 'Truck_Type_Name', type: 'text', readOnly: true },
  // A dropdown filter of the list (spec/1 §2): the shipment type's code, shown by its text.
  { name: 'shipment_type_name', type: 'text', column: 'shipment_type', readOnly: true, filter: 'equals' },
  { name: 'Incoterm_Name', type: 'text', readOnly: true },
  { name: 'Company_Name', type: 'text', readOnly: true },
  { name: 'Warehouse_Name', type: 'text', readOnly: true },
  { name: 'warehouse_location', type: 'text', readOnly: true },
  { name: 'warehouse_location_name', type: 'text', readOnly: true },
];

export const Order = defineEntity({
  name: 'Order',
  table: 'orders',
  key: 'Order_No',
  fields: sorted(HEADER_FIELDS),
  computed: sorted(COMPUTED),
  list: LIST,
  dateRanges: [
    ['Valid_From', 'Valid_To'],
    ['Stuffing_Date_From', 'Stuffing_Date_To'],
  ],
  lines: { name: 'Details', parentColumn: 'order_id', def: OrderLine },
  internalColumns: [
    // Kept for the dashboard's completed-orders chart (the counters of migrations 001/002).
    'completed_date',
    // `order:<Order_No>` once the workflow was started; the sweep starts those that have none.
    'workflow_id',
    // Raised by every write of the workflow's activities, which check it to write a change once.
    'version',
    // What the workflow is started with (migration 017): the sweep starts a lost or dead workflow again from it.
    'workflow_input',
  ],
});

export type OrderFieldName = (typeof HEADER_FIELDS)[number]['name'];
export type OrderLineFieldName = (typeof LINE_FIELDS)[number]['name'];
