// The SAP orders an assignment is made of (spec/2 §2.5, §2.6): what the merge simulation, the approval check and
// the saves read of them, once — their header, order type and shipment type category — and who may assign at all.
// Assigning is the work of internal staff: a transporter or a relation (who hold Order rights to answer their own
// orders) never reaches these calls, whatever their groups say.
import type { Knex } from 'knex';
import { SHIPMENT_TYPE_CATEGORIES } from '../../db/resources/order';
import { stuffingDateProblems, type ValidRange } from '../../db/resources/order-assign';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { masterRead } from '../services/master-data';
import type { AuthUser } from '../services/session';
import { orderTypeByName, type OrderTypeRow } from '../services/order-types';

export type ShipmentTypeCategory = (typeof SHIPMENT_TYPE_CATEGORIES)[number];

/** Refuses transporters, relations and drivers: assigning is for internal staff (DESIGN §5 ownership). */
export function assertStaff(user: AuthUser): void {
  if (user.role !== 'USER' || user.transporter_code || user.customer_vendor_code) throw new ForbiddenError();
}

/** A SAP order as the assignment reads it (columns of sap_orders). */
export interface AssignSapOrder {
  id: number;
  document_no: string;
  status: string;
  order_type: string;
  company_code: string | null;
  plant: string | null;
  product_category: string | null;
  purchase_organization: string | null;
  document_type: string | null;
  distribution: string | null;
  incoterm: string | null;
  incoterm2: string | null;
  warehouse_code: string | null;
  shipment_type: string | null;
  customer_vendor_code: string | null;
  address: string | null;
  delivery_address: string | null;
  valid_from: string | null;
  valid_to: string | null;
  langsir_type: string | null;
  plant_destination: string | null;
  loading: string | null;
  destination: string | null;
  is_relation: boolean;
  has_order: boolean;
  sto_spo_per_shipment: boolean;
  os_qty_total: string;
}

export const ASSIGN_SAP_ORDER_COLUMNS = [
  'id',
  'document_no',
  'status',
  'order_type',
  'company_code',
  'plant',
  'product_category',
  'purchase_organization',
  'document_type',
  'distribution',
  'incoterm',
  'incoterm2',
  'warehouse_code',
  'shipment_type',
  'customer_vendor_code',
  'address',
  'delivery_address',
  'langsir_type',
  'plant_destination',
  'loading',
  'destination',
  'is_relation',
  'has_order',
  'sto_spo_per_shipment',
  'os_qty_total',
] as const;

/**
 * Whether the documents offer STO/SPO per shipment (merge_simulate show_sto_spo_per_shipment): their order type
 * transfers stock (Use_STO), or one of the SAP orders asks for it.
 */
export function stoSpoPerShipmentShown(
  orderType: { use_sto: boolean } | null | undefined,
  sapOrders: readonly Pick<AssignSapOrder, 'sto_spo_per_shipment'>[],
): boolean {
  return !!orderType?.use_sto || sapOrders.some((s) => s.sto_spo_per_shipment);
}

/** The columns with dates as yyyy-mm-dd. */
export function assignSapOrderSelect(db: Knex, alias = 's'): (string | Knex.Raw)[] {
  return [
    ...ASSIGN_SAP_ORDER_COLUMNS.map((c) => `${alias}.${c}`),
    db.raw(`to_char(${alias}.valid_from, 'YYYY-MM-DD') as valid_from`),
    db.raw(`to_char(${alias}.valid_to, 'YYYY-MM-DD') as valid_to`),
  ];
}

/** The SAP orders of an assignment in the order the panel lists them; a 404 when one does not exist. */
export async function loadSapOrders(db: Knex, ids: readonly number[]): Promise<AssignSapOrder[]> {
  const unique = [...new Set(ids)];
  const rows = (await db('sap_orders as s')
    .whereIn('s.id', unique)
    .select(assignSapOrderSelect(db))) as AssignSapOrder[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFoundError('assign.sapOrderNotFound', { id: missing });
  return unique.map((id) => byId.get(id)!);
}

/** The SHIPMENT_TYPE value's category (its Info1); INDIVIDUAL when the lookup does not say. */
export async function shipmentTypeCategory(
  db: Knex,
  shipmentType: string | null | undefined,
  relation: boolean,
): Promise<ShipmentTypeCategory> {
  if (relation) return 'RELATION';
  if (!shipmentType) return 'INDIVIDUAL';
  const row = await masterRead(
    db,
    `shipment-type:${shipmentType.toLowerCase()}`,
    async (db) =>
      (await db('lookups')
        .where({ lookup_group: 'SHIPMENT_TYPE', is_active: true })
        .whereRaw('lower(lookup_code) = lower(?)', [shipmentType])
        .first('lookup_info1')) as { lookup_info1: string | null } | undefined,
  );
  const info = (row?.lookup_info1 ?? '').toUpperCase();
  return (SHIPMENT_TYPE_CATEGORIES as readonly string[]).includes(info)
    ? (info as ShipmentTypeCategory)
    : 'INDIVIDUAL';
}

/** The order type of a SAP order by its Name; a 404 when it is gone or inactive. */
export async function orderTypeOf(db: Knex, sapOrder: AssignSapOrder): Promise<OrderTypeRow> {
  const orderType = await masterRead(db, `order-type:${sapOrder.order_type.toLowerCase()}`, (db) =>
    orderTypeByName(db, sapOrder.order_type),
  );
  if (!orderType) throw new NotFoundError('assign.orderTypeNotFound', { value: sapOrder.order_type });
  return orderType;
}

/**
 * The stuffing-date rule (stuffingDateProblems) as the saves refuse it, the same for the assign panels and
 * change stuffing date: a reversed range is a 400 on the second date; a date outside the valid range a 422
 * OUT_OF_RANGE naming the field and the range. `fields` are the body's names of the two dates.
 */
export function checkStuffingDates(
  from: string | null | undefined,
  to: string | null | undefined,
  range: ValidRange,
  fields: { from: string; to: string },
): void {
  const problems = stuffingDateProblems(from, to, range);
  if (problems.to === 'reversed') {
    throw new ValidationError({ [fields.to]: [{ key: 'order.stuffing.reversed' }] });
  }
  const field =
    problems.from === 'outOfRange' ? fields.from : problems.to === 'outOfRange' ? fields.to : null;
  if (field) {
    const params = { from: range.from ?? '…', to: range.to ?? '…' };
    throw new ValidationError(
      { [field]: [{ key: 'order.stuffing.outOfRange', params }] },
      'order.stuffing.outOfRange',
      params,
      { status: 422, code: 'OUT_OF_RANGE' },
    );
  }
}
