// Master data every domain reads about an order type and the lookup groups that steer it (the SAP order screens,
// the order's creation and the ERP import):
// the order type's flags (spec/3 §3), whether an incoterm makes it a relation order (RELATION_SETTING), whether
// it must be synced with SAP before saving (SAP_SYNC_SETTING), the defaults of transfer orders
// (TRANSFER_ORDER_DEFAULT) and the shipment type a langsir choice sets (LANGSIR_TYPE).
import type { Knex } from 'knex';
import { RELATION_SHIPMENT_TYPE, TRANSFER_ORDER } from '../../db/resources/sap-order';

export interface OrderTypeRow {
  id: number;
  code: string;
  name: string;
  info1: string | null;
  use_customer: boolean;
  use_vendor: boolean;
  use_gr: boolean;
  use_do: boolean;
  use_so: boolean;
  use_ln: boolean;
  use_po: boolean;
  use_sto: boolean;
  use_distribution: boolean;
}

/** Order type code of transfer orders (spec/3 §4.1 "TO IN/OUT"); the create type TRANSFER ORDER uses it. */
export const TRANSFER_ORDER_CODE = 'TO';

const COLUMNS = [
  'id',
  'code',
  'name',
  'info1',
  'use_customer',
  'use_vendor',
  'use_gr',
  'use_do',
  'use_so',
  'use_ln',
  'use_po',
  'use_sto',
  'use_distribution',
];

/** An order type's flags as the console reads them (spec/3 §3 "Order-type flags"). */
export interface OrderTypeFlags {
  Id: number;
  Code: string;
  Name: string;
  Info1: string | null;
  Use_Customer: boolean;
  Use_Vendor: boolean;
  Use_GR: boolean;
  Use_DO: boolean;
  Use_SO: boolean;
  Use_LN: boolean;
  Use_PO: boolean;
  Use_STO: boolean;
  Use_Distribution: boolean;
}

export function orderTypeFlags(t: OrderTypeRow): OrderTypeFlags {
  return {
    Id: t.id,
    Code: t.code,
    Name: t.name,
    Info1: t.info1,
    Use_Customer: t.use_customer,
    Use_Vendor: t.use_vendor,
    Use_GR: t.use_gr,
    Use_DO: t.use_do,
    Use_SO: t.use_so,
    Use_LN: t.use_ln,
    Use_PO: t.use_po,
    Use_STO: t.use_sto,
    Use_Distribution: t.use_distribution,
  };
}

function active(db: Knex): Knex.QueryBuilder {
  return db('order_types').where('is_active', true).select(COLUMNS);
}

export async function orderTypeById(db: Knex, id: number): Promise<OrderTypeRow | undefined> {
  return (await active(db).where('id', id).first()) as OrderTypeRow | undefined;
}

export async function orderTypeByName(db: Knex, name: string): Promise<OrderTypeRow | undefined> {
  return (await active(db).whereRaw('lower(name) = lower(?)', [name]).first()) as OrderTypeRow | undefined;
}

/** The rows of a code (STO IN and STO OUT share STO), by name. */
export async function orderTypesByCode(db: Knex, code: string): Promise<OrderTypeRow[]> {
  return (await active(db).whereRaw('lower(code) = lower(?)', [code]).orderBy('name')) as OrderTypeRow[];
}

export async function orderTypeByCodeAndName(
  db: Knex,
  code: string,
  name: string,
): Promise<OrderTypeRow | undefined> {
  return (await active(db)
    .whereRaw('lower(code) = lower(?) and lower(name) = lower(?)', [code, name])
    .first()) as OrderTypeRow | undefined;
}

/** Whether an order type may be chosen for a create type: transfer orders are the TO types, manual ones the rest. */
export function fitsCreateType(orderType: Pick<OrderTypeRow, 'code'>, type: string): boolean {
  const transfer = orderType.code.toUpperCase() === TRANSFER_ORDER_CODE;
  return type === TRANSFER_ORDER ? transfer : !transfer;
}

export interface LookupValue {
  code: string;
  text_en: string;
  text_id: string | null;
  info1: string | null;
  info2: string | null;
}

export async function lookupValues(db: Knex, group: string): Promise<LookupValue[]> {
  return (await db('lookups')
    .where({ lookup_group: group, is_active: true })
    .orderBy(['sort_order', 'id'])
    .select(
      'lookup_code as code',
      'lookup_text_en as text_en',
      'lookup_text_id as text_id',
      'lookup_info1 as info1',
      'lookup_info2 as info2',
    )) as LookupValue[];
}

export async function lookupValue(db: Knex, group: string, code: string): Promise<LookupValue | undefined> {
  return (await db('lookups')
    .where({ lookup_group: group, is_active: true })
    .whereRaw('lower(lookup_code) = lower(?)', [code])
    .first(
      'lookup_code as code',
      'lookup_text_en as text_en',
      'lookup_text_id as text_id',
      'lookup_info1 as info1',
      'lookup_info2 as info2',
    )) as LookupValue | undefined;
}

/**
 * RELATION_SETTING: the value whose code is an incoterm and whose Info1 is an order type's code says the customer
 * or vendor moves the goods of such orders itself. Kept as lowercase incoterm -> uppercase order type code.
 */
export type RelationSettings = ReadonlyMap<string, string>;

export async function relationSettings(db: Knex): Promise<RelationSettings> {
  const values = await lookupValues(db, 'RELATION_SETTING');
  return new Map(values.map((v) => [v.code.toLowerCase(), (v.info1 ?? '').toUpperCase()]));
}

/** Whether the settings make an order of this incoterm and order type code a relation order. */
export function isRelation(
  settings: RelationSettings,
  incoterm: string | null | undefined,
  orderTypeCode: string,
): boolean {
  return !!incoterm && settings.get(incoterm.toLowerCase()) === orderTypeCode.toUpperCase();
}

/** util/order_is_relation for one order; `orderType` may be the type's Name or Code. */
export async function isRelationOrder(
  db: Knex,
  incoterm: string | null | undefined,
  orderType: string | null | undefined,
): Promise<boolean> {
  if (!incoterm || !orderType) return false;
  const byName = await orderTypeByName(db, orderType);
  return isRelation(await relationSettings(db), incoterm, byName?.code ?? orderType);
}

/** The SHIPMENT_TYPE value of relation orders (Info1 RELATION). */
export async function relationShipmentType(db: Knex): Promise<string> {
  const values = await lookupValues(db, 'SHIPMENT_TYPE');
  return values.find((v) => (v.info1 ?? '').toUpperCase() === 'RELATION')?.code ?? RELATION_SHIPMENT_TYPE;
}

/** Whether SAP_SYNC_SETTING asks for a successful sync before an order of this type code is saved. */
export async function syncRequiredFor(db: Knex, orderTypeCode: string): Promise<boolean> {
  const setting = await lookupValue(db, 'SAP_SYNC_SETTING', orderTypeCode);
  return (setting?.info1 ?? '').toUpperCase() === 'Y';
}

export interface TransferOrderDefaults {
  vendor: string | null;
  incoterm: string | null;
  document_type: string | null;
}

/** TRANSFER_ORDER_DEFAULT: the code names the field, Info1 its value. */
export async function transferOrderDefaults(db: Knex): Promise<TransferOrderDefaults> {
  const values = await lookupValues(db, 'TRANSFER_ORDER_DEFAULT');
  const of = (code: string) => values.find((v) => v.code.toUpperCase() === code)?.info1 || null;
  return { vendor: of('VENDOR'), incoterm: of('INCOTERM'), document_type: of('DOCUMENT_TYPE') };
}
