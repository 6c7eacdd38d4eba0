// The order's definition (db/resources/order.ts) against what it must agree with: the wire names of the spec's
// entities and list (copied here from spec/1 §2-§3 and spec/2 §3, the contract of the existing console), the
// statuses of DESIGN §4, and the indexes migration 016 builds for the list's sorts and searches.
import { columnOf, defaultFilter, entityField, type EntityDef } from '../../db/resources/engine';
import {
  DISPATCH_STATUSES,
  ORDER_SORTABLE,
  ORDER_STATUS_VOCABULARY,
  ORDER_STATUSES,
  Order,
  OrderHistory,
  OrderLine,
  OrderTransporter,
} from '../../db/resources/order';
import {
  ORDER_GRAM_COLUMNS,
  ORDER_SORT_COLUMNS,
  ORDER_TRIGRAM_COLUMNS,
} from '../../db/migrations/016_orders';

/** spec/1 §2 "Order list screen", Columns, with the names of spec/1 §3 where §2 describes a column in words. */
const SPEC_LIST_COLUMNS = [
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
];

/**
 * The order's header names in the spec: spec/1 §3 "Order (header)", spec/2 §3 "Order header (read for view and
 * edit)" and "Assign-panel order header", and the Approval Matrix's Business_Segment_Code (spec/2 §3 "Approval",
 * DESIGN §4), which names the product category the order is approved by.
 */
const SPEC_HEADER_NAMES = new Set([
  // spec/1 §3
  'Id',
  'Order_No',
  'Order_Type_Name',
  'Order_Date',
  'SAP_No',
  'Document_No',
  'Transporter_Code',
  'Transporter_Name',
  'Transporter_Notes',
  'Loading_Destination_From_Name',
  'Loading_Destination_To_Name',
  'Business_Segment_Name',
  'Customer_Vendor_Name',
  'Customer_Vendor_Address',
  'Delivery_Address',
  'Status',
  'Dispatch_Status',
  'Dispatch_Status_Remarks',
  'Truck_Type_Name',
  'shipment_type_name',
  'shipment_type_category',
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
  'Warehouse_Code',
  'Warehouse_Name',
  'warehouse_location',
  'warehouse_location_name',
  'Multiple_Weighing',
  'is_relation',
  'use_ln',
  'disable_edit_qty_individual_truck',
  'Show_Conversion_Type',
  // spec/2 §3 order header and assign-panel header
  'Incoterm',
  'Stuffing_Date_From',
  'Stuffing_Date_To',
  'Freight_Date',
  'Loading_Destination_From_Id',
  'Loading_Destination_To_Id',
  'Charge_OA_Company',
  'LN_Type',
  'LN_Inco_Rule',
  'Company_Code',
  'Shipment_Type',
  'Truck_Type_Id',
  'Vessel',
  'Trip_Type',
  'Order_Type_Id',
  'Customer_Vendor_Code',
  // spec/2 §3 "Approval"
  'Business_Segment_Code',
]);

/** spec/1 §3 "Order detail line" and spec/2 §3 "Order line". */
const SPEC_LINE_NAMES = new Set([
  'Id',
  'Item_No',
  'sap_no',
  'SAP_Item_No',
  'Material_Code',
  'Material_Name',
  'Qty',
  'order_qty',
  'sap_os_qty',
  'os_qty',
  'sto_qty',
  'real_qty',
  'shipment_qty',
  'tolerance_qty',
  // What mark complete returned of the line: the header's own name (spec/1 §3 Revert_Qty), per line (issue 17).
  'Revert_Qty',
  'UOM',
  'Conversion_Type',
  'Conversion',
  'Charge_OA_Company',
  'LN_Type',
  'Incoterm_Rule',
  'SO_Factory_No',
  'SO_Factory_Item_No',
  'so_factory_result',
  'so_factory_result_reason',
  'PO_SO_Factory',
]);

/** spec/2 §3 "Transporter assignment (order edit)", and its "Transporter entry" (freight_date). */
const SPEC_TRANSPORTER_NAMES = new Set([
  'transporter_code',
  'transporter_name',
  'truck_type_id',
  'freight_cost',
  'freight_suggested',
  'freight_value',
  'freight_per',
  'freight_uom',
  'freight_total_cost',
  'freight_total_cost_user_not',
  'freight_master',
  'freight_container',
  'freight_kg',
  'freight_material',
  'truck_capacity',
  'system_not',
  'user_not',
  'truck_rental',
  'multiple_weighing',
  'exclude_approval',
  'zfrcost_no',
  'assign_reason',
  'assign_reason_others',
  'freight_criteria',
  'route_no',
  'tender_no',
  'trip_type',
  'sto_spo_per_shipment',
  'freight_date',
]);

/** DESIGN §4 "Order states": every status the diagram names. */
const DESIGN_ORDER_STATES = [
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
  'ASSIGNED TO TRANSPORTER',
  'ACCEPTED',
  'REJECTED',
  'WAITING FOR ORDER APPROVAL',
  'ASSIGNED TO DRIVER',
  'IN PROGRESS',
  'COMPLETED',
  'CANCELLED',
];

const namesOf = (def: EntityDef) => [...def.fields, ...(def.computed ?? [])].map((f) => f.name);

describe('the order definition', () => {
  test('given spec/1 §2, then the list has exactly its columns, in its order', () => {
    expect([...Order.list]).toEqual(SPEC_LIST_COLUMNS);
  });

  test.each([
    ['header', Order as EntityDef, SPEC_HEADER_NAMES],
    ['line', OrderLine as EntityDef, SPEC_LINE_NAMES],
    ['transporter', OrderTransporter as EntityDef, new Set([...SPEC_TRANSPORTER_NAMES, 'Id'])],
  ])(
    'given the %s, then every field and computed value carries a wire name of the spec, spelled as it spells it',
    (_part, def, spec) => {
      expect(namesOf(def).filter((name) => !spec.has(name))).toEqual([]);
    },
  );

  test('given the history row of spec/1 §3, then the history answers Status_From, Status_To, Created_Date and Created_By', () => {
    expect([...OrderHistory.list!]).toEqual(['Status_From', 'Status_To', 'Created_Date', 'Created_By']);
    expect(OrderHistory.internalColumns).toContain('idempotency_key');
  });

  test('given the header, then the columns the workflow, the counters and the lines need are there', () => {
    expect(Order.key).toBe('Order_No');
    expect(Order.lines.parentColumn).toBe('order_id');
    expect(OrderLine.internalColumns).toEqual(['sap_order_detail_id']);
    expect(Order.internalColumns).toEqual(expect.arrayContaining(['completed_date', 'workflow_id']));
  });

  test('given the list, then exactly ORDER_SORTABLE sort and each has an index per direction in migration 016', () => {
    const sortable = Order.list.filter((name) => entityField(Order, name).sortable !== false);
    expect(sortable).toEqual([...ORDER_SORTABLE]);
    const columns = sortable.map((name) => columnOf(entityField(Order, name)));
    expect(columns.sort()).toEqual([...ORDER_SORT_COLUMNS].sort());
  });

  test('given the list, then Status does not filter (the tabs do) and Dispatch_Status and shipment_type_name are dropdowns', () => {
    const filterOf = (name: string) => defaultFilter(entityField(Order, name));
    expect(filterOf('Status')).toBe(false);
    expect(filterOf('Dispatch_Status')).toBe('equals');
    expect(filterOf('shipment_type_name')).toBe('equals');
    expect(filterOf('Order_No')).toBe('contains');
  });

  test('given the columns migration 016 searches through an index, then each is a listed field the list filters by contains', () => {
    const byColumn = new Map(Order.fields.map((f) => [columnOf(f), f]));
    for (const column of [...ORDER_GRAM_COLUMNS, ...ORDER_TRIGRAM_COLUMNS]) {
      const field = byColumn.get(column);
      expect([column, field && (Order.list as readonly string[]).includes(field.name)]).toEqual([
        column,
        true,
      ]);
      expect([column, field && defaultFilter(field)]).toEqual([column, 'contains']);
    }
  });

  test('given DESIGN §4, then ORDER_STATUSES are its order states, and the Status field and the history take them', () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...DESIGN_ORDER_STATES].sort());
    expect(entityField(Order, 'Status').options).toEqual(ORDER_STATUSES);
    expect(entityField(OrderHistory, 'Status_To').options).toEqual(ORDER_STATUSES);
  });

  test("given spec/3 §4.1's vocabulary, then it holds every status the workflow sets and those the dashboard counts", () => {
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_VOCABULARY).toContain(status);
    for (const status of ['WAITING FOR ORDER APPROVAL', 'ASSIGNED TO TRANSPORTER', 'CANCELLED', 'COMPLETED'])
      expect(ORDER_STATUS_VOCABULARY).toContain(status);
  });

  test("given DESIGN §4, then the transporter's answer is WAITING, ACCEPTED, REJECTED or AUTO REJECTED", () => {
    expect([...DISPATCH_STATUSES]).toEqual(['WAITING', 'ACCEPTED', 'REJECTED', 'AUTO REJECTED']);
    expect(entityField(Order, 'Dispatch_Status').options).toEqual(DISPATCH_STATUSES);
  });
});
