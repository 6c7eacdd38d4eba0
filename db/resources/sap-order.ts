// A SAP order (DESIGN §4 "SAP order states"; spec/2 §2.4, spec/3 §2.1, §3, §4.2): a document of the company's
// SAP ERP that goods move for — a sales order, a delivery, a purchase order, a stock transfer or a transfer order
// between plants — or one that logistics staff type in the console (MANUAL, TRANSFER ORDER) and an approver
// accepts. Its lines are the document's items: a material, the quantity in its unit and the outstanding quantity
// (os_qty) that transport orders have not taken yet; the list's tabs follow the header's status and outstanding
// total. Documents from SAP (SYNC SAP) stay SAP's, changed by the import only: staff choose just where and how
// the goods ship (warehouse, shipment type, delivery address, destination plant and factory).
//
// Each field is said once, with what each way in makes of it:
//   erp      what SAP sends in an ERP document (push, pull, "Filter from SAP"; api/erp/types.ts) and the import
//            writes (api/erp/import.ts): 'required', or 'optional'. These fields keep the ERP document's order,
//            which the import's fingerprint of a document follows (api/erp/import.ts contentHash): reordering
//            them would make every stored document look changed to the next import.
//   editor   the editor's rules (api/sap-orders/editor.ts, console/src/pages/sap-orders/editor/model.ts): which
//            fields must be filled, which belong to some orders only (hidden on the others, saved empty there),
//            which stay open on an order from SAP. The rules that need master data (transfer defaults, relation,
//            langsir) are code, once, in the save and in forcedShipmentType below.
//   readOnly set by the server or by SAP, never taken from the editor.
// The list (spec/2 §2.4) and the editor's form (spec/3 §2.1) name their fields in their screens' order.
//
// Shared by the server and the browser: it may import zod and nothing from Node.
import { defineEntity, type FieldDef } from './engine';

/** The create types (spec/3 §4.1); orders typed in the console are MANUAL or TRANSFER ORDER. */
export const SAP_ORDER_TYPES = ['MANUAL', 'SYNC SAP', 'TRANSFER ORDER'] as const;
export const CREATE_TYPES = ['MANUAL', 'TRANSFER ORDER'] as const;
export type CreateType = (typeof CREATE_TYPES)[number];
/** The create type of orders moving goods between the company's plants (order type code TO). */
export const TRANSFER_ORDER: CreateType = 'TRANSFER ORDER';
/** The create type of documents from SAP. */
export const SYNC_SAP = 'SYNC SAP';
export const SAP_ORDER_STATUSES = ['WAITING FOR APPROVAL', 'APPROVED', 'REJECTED'] as const;
/** A flag kept as the text Y or N (spec/3 §3: Delivery_Using_Truck). */
export const YES_NO = ['Y', 'N'] as const;

/** The shipment type an order that is delivered using trucks gets (the field is locked on screen). */
export const DELIVERY_USING_TRUCK_SHIPMENT_TYPE = 'INDIVIDUAL_TRUCK';
/** The SHIPMENT_TYPE code of relation orders where the lookup does not say (spec/3 §4.1 vocabulary). */
export const RELATION_SHIPMENT_TYPE = 'RELATION';

/** Whether a field is a Y/N flag kept as text. */
export function isYesNo(field: FieldDef): boolean {
  return field.options?.join() === YES_NO.join();
}

/** The order-type flags (spec/3 §3) that decide whether a field belongs to an order. */
export type OrderTypeFlag = 'Use_Customer' | 'Use_Vendor' | 'Use_GR' | 'Use_Distribution';

export interface SapOrderEditing {
  /**
   * Must be filled: `true` in every save body; 'afterRules' once the order's rules have filled and cleared the
   * fields (transfer defaults, forced shipment type, appliesTo), so the server checks it after them and the
   * console while it shows and is open.
   */
  required?: true | 'afterRules';
  /** The orders the field belongs to: transfer orders, the others, or those whose order type has the flag. */
  appliesTo?: 'transfer' | 'notTransfer' | OrderTypeFlag;
  /** Stays open on an order from SAP (spec/3 §4.2): the only fields its save takes. */
  fromSap?: true;
  /** Not shown while an order is created (spec/3 §2.1: numbers SAP or the save give it). */
  hiddenOnCreate?: true;
}

export interface SapOrderField extends FieldDef {
  erp?: 'required' | 'optional';
  editor?: SapOrderEditing;
}

const LINE_FIELDS = [
  { name: 'Id', type: 'integer', bigint: true, readOnly: true },
  // The document's item; the editor numbers new lines after the highest (000010, 000020, ...).
  {
    name: 'Item_No',
    type: 'text',
    maxLength: 10,
    erp: 'required',
    readOnly: true,
    editor: { hiddenOnCreate: true },
  },
  {
    name: 'Material_Code',
    type: 'ref',
    ref: 'Material',
    maxLength: 40,
    erp: 'required',
    editor: { required: true },
  },
  // At least the smallest quantity the column holds above none, at most a trillion.
  {
    name: 'Qty',
    type: 'decimal',
    precision: 18,
    scale: 3,
    min: 0.001,
    max: 1e12,
    erp: 'required',
    editor: { required: true },
  },
  { name: 'os_qty', type: 'decimal', precision: 18, scale: 3, readOnly: true },
  { name: 'real_qty', type: 'decimal', precision: 18, scale: 3, readOnly: true },
  { name: 'UOM', type: 'text', maxLength: 10, erp: 'required', editor: { required: true } },
  // Percent of the quantity a transfer may deliver beyond it.
  {
    name: 'Tolerance',
    type: 'decimal',
    precision: 9,
    scale: 3,
    min: 0,
    max: 100,
    erp: 'optional',
    editor: { appliesTo: 'transfer' },
  },
  { name: 'PO_SO_No', type: 'text', maxLength: 50, erp: 'optional' },
  { name: 'SO_DO_No', type: 'text', maxLength: 50, erp: 'optional', editor: { hiddenOnCreate: true } },
  { name: 'SO_DO_Item_No', type: 'text', maxLength: 10, erp: 'optional', editor: { hiddenOnCreate: true } },
  { name: 'LN_SO_Item_No', type: 'text', maxLength: 10, erp: 'optional', editor: { hiddenOnCreate: true } },
  { name: 'LN_STO_Item_No', type: 'text', maxLength: 10, erp: 'optional', editor: { hiddenOnCreate: true } },
  { name: 'Sales_District', type: 'text', maxLength: 50, erp: 'optional' },
  // SAP changed or removed the line while an order holds it: kept as it was, for staff to act on.
  { name: 'changed_in_sap', type: 'bool', readOnly: true },
] as const satisfies readonly SapOrderField[];

export const SapOrderLine = defineEntity({
  name: 'SAPOrder',
  table: 'sap_order_details',
  key: 'Item_No',
  fields: LINE_FIELDS,
  computed: [{ name: 'material_name', type: 'text', readOnly: true }],
  list: ['Item_No', 'material_name', 'Qty', 'os_qty', 'real_qty', 'UOM'],
  form: [
    'Item_No',
    'Material_Code',
    'Qty',
    'UOM',
    'Tolerance',
    'PO_SO_No',
    'SO_DO_No',
    'SO_DO_Item_No',
    'LN_SO_Item_No',
    'LN_STO_Item_No',
    'Sales_District',
  ],
  // SAP's deletion flag (mark_deleted) and change time are the import's own; the rest is filled by orders.
  internalColumns: [
    'charge_oa_company',
    'conversion_type',
    'ln_type',
    'incoterm_rule',
    'erp_changed_at',
    'mark_deleted',
  ],
});

const HEADER_FIELDS = [
  { name: 'Id', type: 'integer', readOnly: true },
  // The list's filter row takes a fragment of the code (spec/2 §2.4); the cell shows its label.
  {
    name: 'Type',
    type: 'enum',
    options: SAP_ORDER_TYPES,
    maxLength: 20,
    filter: 'contains',
    editor: { required: true },
  },
  // SAP's document number, or MSO... from the RunningNumber SAP_ORDER for orders typed in the console.
  {
    name: 'Document_No',
    type: 'text',
    maxLength: 50,
    erp: 'required',
    readOnly: true,
    editor: { hiddenOnCreate: true },
  },
  // The order type's Name (order_types.name: "SO", "STO OUT", ...); the list shows it as order_type_name.
  { name: 'Order_Type', type: 'text', maxLength: 50, erp: 'required', editor: { required: true } },
  { name: 'Document_Date', type: 'date', erp: 'required', editor: { required: true } },
  {
    name: 'Company_Code',
    type: 'ref',
    ref: 'Company',
    maxLength: 10,
    erp: 'required',
    editor: { required: true },
  },
  { name: 'Plant', type: 'ref', ref: 'Plant', maxLength: 10, erp: 'optional', editor: { required: true } },
  { name: 'Product_Category', type: 'ref', ref: 'ProductCategory', maxLength: 20, erp: 'optional' },
  { name: 'Delivery_Order_No', type: 'text', maxLength: 50, erp: 'optional', readOnly: true },
  { name: 'Valid_From', type: 'date', erp: 'optional' },
  { name: 'Valid_To', type: 'date', erp: 'optional' },
  // The LN numbers of non-transfer orders.
  {
    name: 'LN_SO_No',
    type: 'text',
    maxLength: 50,
    erp: 'optional',
    editor: { appliesTo: 'notTransfer', hiddenOnCreate: true },
  },
  {
    name: 'LN_STO_No',
    type: 'text',
    maxLength: 50,
    erp: 'optional',
    editor: { appliesTo: 'notTransfer', hiddenOnCreate: true },
  },
  {
    name: 'LN_DO_Third_Party',
    type: 'text',
    maxLength: 50,
    erp: 'optional',
    editor: { appliesTo: 'notTransfer', hiddenOnCreate: true },
  },
  {
    name: 'Sales_Organization',
    type: 'ref',
    ref: 'SalesOrganization',
    maxLength: 10,
    erp: 'optional',
    editor: { appliesTo: 'Use_Customer' },
  },
  {
    name: 'Purchase_Organization',
    type: 'ref',
    ref: 'PurchaseOrganization',
    maxLength: 10,
    erp: 'optional',
    editor: { appliesTo: 'Use_Vendor' },
  },
  // A transfer order takes it from TRANSFER_ORDER_DEFAULT when none is chosen.
  {
    name: 'Document_Type',
    type: 'lookup',
    lookupGroup: 'DOCUMENT_TYPE',
    maxLength: 50,
    erp: 'optional',
    editor: { required: 'afterRules' },
  },
  // A customer for customer-type orders, a vendor for vendor types; transfer orders take TRANSFER_ORDER_DEFAULT's.
  { name: 'Customer_Vendor_Code', type: 'text', maxLength: 20, erp: 'optional' },
  // The customer's or vendor's address, filled in by the save.
  { name: 'Address', type: 'text', maxLength: 500, erp: 'optional', readOnly: true },
  {
    name: 'Distribution',
    type: 'lookup',
    lookupGroup: 'DISTRIBUTION',
    maxLength: 50,
    filter: 'contains',
    erp: 'optional',
    editor: { required: 'afterRules', appliesTo: 'Use_Distribution' },
  },
  { name: 'Incoterm', type: 'ref', ref: 'Incoterms', maxLength: 10, erp: 'optional' },
  // Where the incoterm applies (a port, a town).
  { name: 'Incoterm2', type: 'text', maxLength: 200, erp: 'optional' },
  // The estate goods are received from (goods-receipt types).
  { name: 'Estate', type: 'text', maxLength: 100, erp: 'optional', editor: { appliesTo: 'Use_GR' } },
  { name: 'Collective_LN', type: 'text', maxLength: 50, erp: 'optional' },
  // Y fixes the shipment type to DELIVERY_USING_TRUCK_SHIPMENT_TYPE (after relation and langsir).
  { name: 'Delivery_Using_Truck', type: 'enum', options: YES_NO, maxLength: 1, default: 'N' },
  { name: 'STO_SPO_Per_Shipment', type: 'bool', default: false, editor: { appliesTo: 'transfer' } },
  // Only for the transfer-out order type; a value whose Info1 is Y makes a langsir order (forcedShipmentType).
  {
    name: 'Langsir_Type',
    type: 'lookup',
    lookupGroup: 'LANGSIR_TYPE',
    maxLength: 30,
    editor: { appliesTo: 'transfer' },
  },
  { name: 'PO_No', type: 'text', maxLength: 50, erp: 'optional', readOnly: true },
  { name: 'Reference_Doc_No', type: 'text', maxLength: 50, erp: 'optional', readOnly: true },
  // IN or OUT: the transfer order type's Info1, or what SAP says of a stock transfer.
  { name: 'Transfer_Type', type: 'text', maxLength: 20, erp: 'optional', readOnly: true },
  // Where a langsir order goes; cleared on any other.
  {
    name: 'Plant_Destination',
    type: 'ref',
    ref: 'Plant',
    maxLength: 10,
    erp: 'optional',
    editor: { appliesTo: 'transfer', fromSap: true },
  },
  {
    name: 'Factory_Destination',
    type: 'ref',
    ref: 'Factory',
    maxLength: 20,
    editor: { appliesTo: 'transfer', fromSap: true },
  },
  {
    name: 'Warehouse_Code',
    type: 'ref',
    ref: 'Warehouse',
    maxLength: 20,
    erp: 'optional',
    editor: { required: true, fromSap: true },
  },
  // Forced for relation, langsir and delivery-using-truck orders (forcedShipmentType); the list shows its text.
  {
    name: 'Shipment_Type',
    type: 'lookup',
    lookupGroup: 'SHIPMENT_TYPE',
    maxLength: 30,
    erp: 'optional',
    editor: { required: 'afterRules', fromSap: true },
  },
  { name: 'Delivery_Address', type: 'textarea', maxLength: 500, editor: { fromSap: true } },
  // What SAP says of the transport it planned.
  { name: 'Transporter', type: 'text', maxLength: 20, erp: 'optional', readOnly: true },
  { name: 'Loading', type: 'text', maxLength: 20, erp: 'optional', readOnly: true },
  { name: 'Destination', type: 'text', maxLength: 20, erp: 'optional', readOnly: true },
  { name: 'Truck_Type', type: 'text', maxLength: 20, erp: 'optional', readOnly: true },
  {
    name: 'Freight_Cost',
    type: 'decimal',
    precision: 18,
    scale: 2,
    min: 0,
    erp: 'optional',
    readOnly: true,
    // The list's filter row takes a fragment of the amount as typed.
    filter: 'contains',
  },
  { name: 'Freight_Cost_Per', type: 'text', maxLength: 20, erp: 'optional', readOnly: true },
  { name: 'Freight_Cost_UOM', type: 'text', maxLength: 10, erp: 'optional', readOnly: true },
  { name: 'Freight_Total_Cost', type: 'decimal', precision: 18, scale: 2, readOnly: true },
  {
    name: 'Status',
    type: 'enum',
    options: SAP_ORDER_STATUSES,
    maxLength: 40,
    filter: 'contains',
    readOnly: true,
  },
  // util/order_is_relation for its incoterm and order type: the customer or vendor moves the goods itself.
  { name: 'is_relation', type: 'bool', readOnly: true },
  // Some of its lines are in transport orders; listed as Y/N.
  { name: 'has_order', type: 'bool', readOnly: true },
  // SAP changed a line an order holds (see the line's changed_in_sap).
  { name: 'changed_in_sap', type: 'bool', readOnly: true },
  // The list tab (DESIGN §4), generated from the status and the outstanding total.
  { name: 'tab_status', type: 'text', maxLength: 30, readOnly: true },
  { name: 'Created_Date', type: 'datetime', readOnly: true },
  { name: 'Created_By', type: 'text', maxLength: 100, readOnly: true },
  { name: 'Edited_Date', type: 'datetime', readOnly: true },
  { name: 'Edited_By', type: 'text', maxLength: 100, readOnly: true },
] as const satisfies readonly SapOrderField[];

export const SapOrder = defineEntity({
  name: 'SAPOrder',
  table: 'sap_orders',
  key: 'Document_No',
  fields: HEADER_FIELDS,
  computed: [
    { name: 'order_type_name', type: 'text', column: 'order_type', readOnly: true },
    { name: 'shipment_type_name', type: 'text', readOnly: true },
  ],
  list: [
    'Type',
    'Company_Code',
    'order_type_name',
    'Document_Date',
    'Delivery_Order_No',
    'Document_No',
    'Plant',
    'Product_Category',
    'Status',
    'Purchase_Organization',
    'Sales_Organization',
    'Customer_Vendor_Code',
    'Incoterm',
    'Incoterm2',
    'Estate',
    'Distribution',
    'Valid_From',
    'Valid_To',
    'PO_No',
    'shipment_type_name',
    'Reference_Doc_No',
    'LN_SO_No',
    'Collective_LN',
    'Transporter',
    'Loading',
    'Destination',
    'Freight_Cost',
    'Freight_Cost_Per',
    'Freight_Cost_UOM',
    'Truck_Type',
    'has_order',
    'Created_Date',
    'Created_By',
    'Edited_Date',
    'Edited_By',
  ],
  form: [
    'Type',
    'Order_Type',
    'Document_No',
    'Document_Date',
    'Valid_From',
    'Valid_To',
    'Company_Code',
    'Product_Category',
    'Plant',
    'LN_SO_No',
    'LN_STO_No',
    'LN_DO_Third_Party',
    'Sales_Organization',
    'Purchase_Organization',
    'Document_Type',
    'Customer_Vendor_Code',
    'Address',
    'Distribution',
    'Incoterm',
    'Estate',
    'Incoterm2',
    'Collective_LN',
    'Delivery_Using_Truck',
    'STO_SPO_Per_Shipment',
    'Langsir_Type',
    'Plant_Destination',
    'Factory_Destination',
    'Warehouse_Code',
    'Shipment_Type',
    'Delivery_Address',
  ],
  dateRanges: [['Valid_From', 'Valid_To']],
  lines: { name: 'Details', parentColumn: 'sap_order_id', def: SapOrderLine },
  internalColumns: [
    // The order type's Code beside its Name.
    'order_type_code',
    // Where the document came from: sandbox, sap-odata, push or console.
    'source',
    // SAP's change time and the fingerprint of what the import stored (api/erp/import.ts).
    'erp_changed_at',
    'erp_content_hash',
    // The lines' totals, kept by a trigger; the list answers them beside the fields.
    'qty_total',
    'os_qty_total',
    'approval_status',
  ],
});

export type SapOrderFieldName = (typeof HEADER_FIELDS)[number]['name'];
export type SapOrderLineFieldName = (typeof LINE_FIELDS)[number]['name'];

/** What decides whether a field belongs to an order: a transfer order or not, and its order type's flags. */
export interface OrderKind {
  transfer: boolean;
  flags: Partial<Record<OrderTypeFlag, boolean | null>> | null;
}

/** Whether a field belongs to an order of this kind; on the others it is hidden and saved empty. */
export function appliesTo(field: SapOrderField, order: OrderKind): boolean {
  const rule = field.editor?.appliesTo;
  if (!rule) return true;
  if (rule === 'transfer') return order.transfer;
  if (rule === 'notTransfer') return !order.transfer;
  return order.flags?.[rule] === true;
}

/** The fields that stay open on an order from SAP, the only ones its save takes. */
export const FROM_SAP_FIELDS: readonly string[] = SapOrder.fields
  .filter((f: SapOrderField) => f.editor?.fromSap)
  .map((f) => f.name);

export interface ShipmentTypeRule {
  /** util/order_is_relation for the order's incoterm and order type. */
  relation: boolean;
  /** The SHIPMENT_TYPE code relation orders use. */
  relationShipmentType: string;
  /** A langsir order (its LANGSIR_TYPE value's Info1 is Y), and the shipment type that value sets (its Info2). */
  langsir: boolean;
  langsirShipmentType: string | null | undefined;
  deliveryUsingTruck: boolean;
}

/**
 * The shipment type the order must have, if its rules force one (spec/3 §4.2): a relation order the relation
 * type, then a langsir order its value's Info2, then delivery using truck INDIVIDUAL_TRUCK; null leaves the
 * choice to the user.
 */
export function forcedShipmentType(rule: ShipmentTypeRule): string | null {
  if (rule.relation) return rule.relationShipmentType;
  if (rule.langsir && rule.langsirShipmentType) return rule.langsirShipmentType;
  if (rule.deliveryUsingTruck) return DELIVERY_USING_TRUCK_SHIPMENT_TYPE;
  return null;
}
