// The columns of the SAP order list (spec/2 §2.4), in the spec's order, and the lines of an expanded row. Labels
// are the SAP order's field labels (locales/*/resources.json `SAPOrder.fields`, the audit columns from
// `common.fields`), the ones the editor and the server's messages use. Every column sorts and filters on the
// server (api/sap-orders/list.ts whitelists the same names): text contains, dates dd/mm/yyyy, has_order Y/N,
// Status one of the master list's statuses.
import type { TFunction } from 'i18next';
import type { GridColumn } from '../../../components/grid/columns';

type Kind = GridColumn['kind'];

const COLUMNS: [field: string, kind: Kind][] = [
  ['Type', 'text'],
  ['Company_Code', 'text'],
  ['order_type_name', 'text'],
  ['Document_Date', 'date'],
  ['Delivery_Order_No', 'text'],
  ['Document_No', 'text'],
  ['Plant', 'text'],
  ['Product_Category', 'text'],
  ['Status', 'text'],
  ['Purchase_Organization', 'text'],
  ['Sales_Organization', 'text'],
  ['Customer_Vendor_Code', 'text'],
  ['Incoterm', 'text'],
  ['Incoterm2', 'text'],
  ['Estate', 'text'],
  ['Distribution', 'text'],
  ['Valid_From', 'date'],
  ['Valid_To', 'date'],
  ['PO_No', 'text'],
  ['shipment_type_name', 'text'],
  ['Reference_Doc_No', 'text'],
  ['LN_SO_No', 'text'],
  ['Collective_LN', 'text'],
  ['Transporter', 'text'],
  ['Loading', 'text'],
  ['Destination', 'text'],
  ['Freight_Cost', 'decimal'],
  ['Freight_Cost_Per', 'text'],
  ['Freight_Cost_UOM', 'text'],
  ['Truck_Type', 'text'],
  ['has_order', 'bool'],
  ['Created_Date', 'datetime'],
  ['Created_By', 'text'],
  ['Edited_Date', 'datetime'],
  ['Edited_By', 'text'],
];

/** The wire names of the list's columns, in order (the tests and the e2e journey read them). */
export const SAP_ORDER_LIST_FIELDS = COLUMNS.map(([field]) => field);

/** Narrower than the default text width: short codes. */
const WIDTHS: Record<string, number> = {
  Type: 130,
  Company_Code: 120,
  order_type_name: 130,
  Plant: 100,
  Status: 200,
  Incoterm: 110,
  Incoterm2: 140,
  Freight_Cost_Per: 130,
  Freight_Cost_UOM: 130,
  has_order: 120,
};

/** The create types (spec/3 §4.1); the Type cell shows their label, sorts, filters and exports keep the code. */
export const SAP_ORDER_TYPES = ['MANUAL', 'SYNC SAP', 'TRANSFER ORDER'] as const;

const YES_NO = [
  { value: 'Y', text: 'Y' },
  { value: 'N', text: 'N' },
];

/** A field's label: the SAP order's own, else the audit columns' common one. */
export function sapOrderLabel(t: TFunction, field: string): string {
  return t([`SAPOrder.fields.${field}`, `common.fields.${field}`], { ns: 'resources', defaultValue: field });
}

export function sapOrderColumns(t: TFunction, statuses: { code: string; text: string }[]): GridColumn[] {
  return COLUMNS.map(([field, kind]) => ({
    field,
    header: sapOrderLabel(t, field),
    kind,
    scale: kind === 'decimal' ? 2 : undefined,
    sortable: true,
    filter:
      field === 'has_order' || (field === 'Status' && statuses.length)
        ? 'equals'
        : kind === 'date' || kind === 'datetime'
          ? 'date'
          : 'contains',
    options:
      field === 'has_order'
        ? YES_NO
        : field === 'Status' && statuses.length
          ? statuses.map((s) => ({ value: s.code, text: s.text }))
          : field === 'Type'
            ? SAP_ORDER_TYPES.map((code) => ({ value: code, text: t(`sapOrderList.types.${code}`) }))
            : undefined,
    width: WIDTHS[field],
  }));
}

/** The lines of an expanded row (spec/2 §2.4). */
export const LINE_FIELDS: [field: string, kind: 'text' | 'decimal'][] = [
  ['Item_No', 'text'],
  ['material_name', 'text'],
  ['Qty', 'decimal'],
  ['os_qty', 'decimal'],
  ['real_qty', 'decimal'],
  ['UOM', 'text'],
];
