// The wire names of a SAP order and its lines (spec/2 §3, spec/3 §3) and the columns behind them, said once
// (DESIGN §3: the column is the lower-cased wire name). The list, the editor and the save all read from here.
import type { Knex } from 'knex';
import { numericRange, type NumberRange } from '../../db/resources/input';

/** How a value travels: text as is, dates as yyyy-mm-dd, decimals as numbers, flags as booleans. */
export type WireKind = 'text' | 'date' | 'decimal' | 'bool' | 'datetime' | 'integer';

export interface WireField {
  name: string;
  kind: WireKind;
  /** Decimals: the column is numeric(precision, scale); numbers sent for it are kept within that. */
  numeric?: [precision: number, scale: number];
}

const f = (name: string, kind: WireKind = 'text', numeric?: [number, number]): WireField => ({
  name,
  kind,
  ...(numeric ? { numeric } : {}),
});

/** Quantities: numeric(18,3). */
const QTY: [number, number] = [18, 3];
/** Amounts of money: numeric(18,2). */
const MONEY: [number, number] = [18, 2];

/** Header fields stored on sap_orders under their lower-cased name. */
export const HEADER_FIELDS: readonly WireField[] = [
  f('Id', 'integer'),
  f('Type'),
  f('Order_Type'),
  f('Document_No'),
  f('Document_Date', 'date'),
  f('Delivery_Order_No'),
  f('Valid_From', 'date'),
  f('Valid_To', 'date'),
  f('Company_Code'),
  f('Product_Category'),
  f('Plant'),
  f('LN_SO_No'),
  f('LN_STO_No'),
  f('LN_DO_Third_Party'),
  f('Sales_Organization'),
  f('Purchase_Organization'),
  f('Document_Type'),
  f('Customer_Vendor_Code'),
  f('Address'),
  f('Distribution'),
  f('Incoterm'),
  f('Incoterm2'),
  f('Estate'),
  f('Collective_LN'),
  f('Delivery_Using_Truck'),
  f('STO_SPO_Per_Shipment', 'bool'),
  f('Langsir_Type'),
  f('Plant_Destination'),
  f('Factory_Destination'),
  f('Warehouse_Code'),
  f('Shipment_Type'),
  f('Delivery_Address'),
  f('Transfer_Type'),
  f('PO_No'),
  f('Reference_Doc_No'),
  f('Transporter'),
  f('Loading'),
  f('Destination'),
  f('Freight_Cost', 'decimal', MONEY),
  f('Freight_Cost_Per'),
  f('Freight_Cost_UOM'),
  f('Freight_Total_Cost', 'decimal', MONEY),
  f('Truck_Type'),
  f('Status'),
  f('is_relation', 'bool'),
  f('has_order', 'bool'),
  f('changed_in_sap', 'bool'),
  f('tab_status'),
  f('Created_Date', 'datetime'),
  f('Created_By'),
  f('Edited_Date', 'datetime'),
  f('Edited_By'),
];

/** Line fields stored on sap_order_details. */
export const LINE_FIELDS: readonly WireField[] = [
  f('Id', 'integer'),
  f('Item_No'),
  f('Material_Code'),
  f('Qty', 'decimal', QTY),
  f('os_qty', 'decimal', QTY),
  f('real_qty', 'decimal', QTY),
  f('UOM'),
  f('Tolerance', 'decimal', [9, 3]),
  f('PO_SO_No'),
  f('SO_DO_No'),
  f('SO_DO_Item_No'),
  f('LN_SO_Item_No'),
  f('LN_STO_Item_No'),
  f('Sales_District'),
  f('changed_in_sap', 'bool'),
];

export const columnOf = (field: Pick<WireField, 'name'>): string => field.name.toLowerCase();

/** The numbers a decimal field's column holds (editor, sync and ERP schemas keep what they accept within it). */
export function columnRange(fields: readonly WireField[], name: string): NumberRange {
  const field = fields.find((x) => x.name === name);
  if (!field?.numeric) throw new Error(`SAP order field ${name} is not a decimal with a known column`);
  return numericRange(...field.numeric);
}

/** `alias.column as "Wire"`, with dates as yyyy-mm-dd and decimals as numbers. */
export function selectWire(db: Knex, fields: readonly WireField[], alias: string): Knex.Raw[] {
  return fields.map((field) => {
    const col = `${alias}.${columnOf(field)}`;
    if (field.kind === 'date') return db.raw(`to_char(${col}, 'YYYY-MM-DD') as ??`, [field.name]);
    if (field.kind === 'decimal') return db.raw(`(${col})::float8 as ??`, [field.name]);
    return db.raw(`${col} as ??`, [field.name]);
  });
}

/**
 * The same wire values as selectWire, as the SQL of a select list for PostgreSQL to turn into JSON
 * (row_to_json): timestamps are written as JavaScript writes a Date (UTC, milliseconds, Z), since here they
 * never pass through one.
 */
export function wireColumnsSql(fields: readonly WireField[], alias: string): string {
  return fields
    .map((field) => {
      const col = `${alias}.${columnOf(field)}`;
      const name = `"${field.name}"`;
      // JSON writes a date as yyyy-mm-dd whatever the session's DateStyle.
      if (field.kind === 'decimal') return `(${col})::float8 as ${name}`;
      if (field.kind === 'datetime')
        return `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${name}`;
      return `${col} as ${name}`;
    })
    .join(', ');
}

/**
 * The JSON array (as text) of an order's lines as readLines answers them, for the order whose id is the SQL
 * expression `orderId`.
 */
export function linesJsonSql(orderId: string): string {
  return `(select coalesce(json_agg(d order by d."Item_No"), '[]')::text from (
            select ${wireColumnsSql(LINE_FIELDS, 'l')}, m.material_name as "material_name"
              from sap_order_details l left join materials m on m.material_code = l.material_code
             where l.sap_order_id = ${orderId} and l.mark_deleted = false) d)`;
}

/** The text of a lookup value in the caller's language (Indonesian falls back to English). */
export function lookupText(alias: string, lang: 'en' | 'id'): string {
  return lang === 'id'
    ? `coalesce(${alias}.lookup_text_id, ${alias}.lookup_text_en)`
    : `${alias}.lookup_text_en`;
}

/**
 * The localised text of the order's shipment type (`s.shipment_type`), as a scalar subquery rather than a join:
 * PostgreSQL then evaluates it for the page's rows only, after the sort and the limit.
 */
export function shipmentTypeName(lang: 'en' | 'id'): string {
  return `(select ${lookupText('st', lang)} from lookups st
            where st.lookup_group = 'SHIPMENT_TYPE' and lower(st.lookup_code) = lower(s.shipment_type))`;
}

export type Row = Record<string, unknown>;

/** The lines of some orders, with their material's name, in item order; deleted items are left out. */
export async function readLines(db: Knex, orderIds: number[]): Promise<Map<number, Row[]>> {
  const byOrder = new Map<number, Row[]>();
  if (!orderIds.length) return byOrder;
  const rows = (await db('sap_order_details as l')
    .leftJoin('materials as m', 'm.material_code', 'l.material_code')
    .whereIn('l.sap_order_id', orderIds)
    .where('l.mark_deleted', false)
    .orderBy(['l.sap_order_id', 'l.item_no'])
    .select(
      'l.sap_order_id',
      ...selectWire(db, LINE_FIELDS, 'l'),
      db.raw('m.material_name as ??', ['material_name']),
    )) as (Row & { sap_order_id: number })[];
  for (const { sap_order_id, ...line } of rows) {
    let list = byOrder.get(sap_order_id);
    if (!list) byOrder.set(sap_order_id, (list = []));
    list.push(line);
  }
  return byOrder;
}
