// How the SAP order's fields (db/resources/sap-order.ts) are read: the select lists of the editor's read, the
// list's JSON and the lines, with dates as yyyy-mm-dd, decimals as numbers and timestamps as ISO text.
import type { Knex } from 'knex';
import { columnOf, type FieldDef } from '../../db/resources/engine';
import { SapOrderLine } from '../../db/resources/sap-order';

/** `alias.column as "Wire"`, with dates as yyyy-mm-dd and decimals as numbers. */
export function selectWire(db: Knex, fields: readonly FieldDef[], alias: string): Knex.Raw[] {
  return fields.map((field) => db.raw(`${wireValueSql(field, alias)} as ??`, [field.name]));
}

/** The SQL of one field's wire value as selectWire selects it (dates as yyyy-mm-dd, decimals as numbers). */
export function wireValueSql(field: FieldDef, alias: string): string {
  const col = `${alias}.${columnOf(field)}`;
  if (field.type === 'date') return `to_char(${col}, 'YYYY-MM-DD')`;
  if (field.type === 'decimal') return `(${col})::float8`;
  return col;
}

/**
 * The same wire values as selectWire, as the SQL of a select list for PostgreSQL to turn into JSON
 * (row_to_json): timestamps are written as JavaScript writes a Date (UTC, milliseconds, Z), since here they
 * never pass through one.
 */
export function wireColumnsSql(fields: readonly FieldDef[], alias: string): string {
  return fields
    .map((field) => {
      const col = `${alias}.${columnOf(field)}`;
      const name = `"${field.name}"`;
      // JSON writes a date as yyyy-mm-dd whatever the session's DateStyle.
      if (field.type === 'decimal') return `(${col})::float8 as ${name}`;
      if (field.type === 'datetime')
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
            select ${wireColumnsSql(SapOrderLine.fields, 'l')}, m.material_name as "material_name"
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
      ...selectWire(db, SapOrderLine.fields, 'l'),
      db.raw('m.material_name as ??', ['material_name']),
    )) as (Row & { sap_order_id: number })[];
  for (const { sap_order_id, ...line } of rows) {
    let list = byOrder.get(sap_order_id);
    if (!list) byOrder.set(sap_order_id, (list = []));
    list.push(line);
  }
  return byOrder;
}
