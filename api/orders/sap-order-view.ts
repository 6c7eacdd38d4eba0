// A SAP order's side of its orders (spec/2 §2.7, §7): the View orders panel (the SAP order, its lines with what its
// orders hold of them, and its orders with their transporter and status), the orders and transporters of a
// delivery or SAP document number (saporder/do_transporters, which the assign panel reads for a reference
// document). The assign model a SAP order starts the Assign panel with is the SAP order's own
// (api/sap-orders/assign-defaults.ts).
// Orders are read through ownership.ts like every other order read.
import type { Knex } from 'knex';
import { RELEASED_ORDER_STATUSES } from '../../db/resources/order';
import type { AppDeps } from '../deps';
import { NotFoundError } from '../errors';
import type { Language } from '../i18n';
import { readSapOrder, type Row } from '../sap-orders';
import type { AuthUser } from '../services/session';
import { ownOrders } from './ownership';

const released = RELEASED_ORDER_STATUSES.map(() => '?').join(', ');

/** GET saporder/orders/{id}: the SAP order, its lines and its orders grouped by order (key = Order_No). */
export async function sapOrderOrders(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  lang: Language,
): Promise<{ header: Row; details: Row[]; orders: Row[] }> {
  const { db } = deps;
  const sap = await readSapOrder(db, id, lang);
  if (!sap) throw new NotFoundError();
  const held = (await db('sap_order_details as s')
    .leftJoin('order_details as d', 'd.sap_order_detail_id', 's.id')
    .leftJoin('orders as o', 'o.id', 'd.order_id')
    .where('s.sap_order_id', id)
    .groupBy('s.id')
    .select(
      's.id',
      // What active orders hold (DESIGN §4): a line's qty less what mark complete returned to the SAP line.
      db.raw(
        `coalesce(sum(d.qty - d.revert_qty) filter (where o.status not in (${released})), 0)::float8 as order_qty`,
        [...RELEASED_ORDER_STATUSES],
      ),
    )) as { id: number; order_qty: number }[];
  const heldBy = new Map(held.map((h) => [Number(h.id), h.order_qty]));
  const details = sap.detail.map((line) => ({ ...line, order_qty: heldBy.get(line.Id as number) ?? 0 }));

  const lines = (await ownOrders(
    db('orders as o')
      .join('order_details as d', 'd.order_id', 'o.id')
      .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
      .leftJoin('materials as m', 'm.material_code', 'd.material_code')
      .where('s.sap_order_id', id),
    user,
  )
    .orderBy(['o.id', 'd.item_no'])
    .select(
      'o.id as Id',
      'o.order_no as Order_No',
      'o.transporter_code as Transporter_Code',
      'o.transporter_name as Transporter_Name',
      'o.status as Status',
      'o.dispatch_status as Dispatch_Status',
      'o.order_date',
      'd.item_no as Item_No',
      's.item_no as SAP_Item_No',
      'd.material_code as Material_Code',
      'm.material_name as Material_Name',
      db.raw('(d.qty)::float8 as "Qty"'),
      db.raw('(d.real_qty)::float8 as "Real_Qty"'),
      db.raw('(d.shipment_qty)::float8 as "shipment_qty"'),
      'd.uom as UOM',
    )) as Row[];
  const orders = new Map<number, Row & { items: Row[] }>();
  for (const l of lines) {
    const orderId = l.Id as number;
    let order = orders.get(orderId);
    if (!order) {
      order = {
        key: l.Order_No,
        Id: orderId,
        Order_No: l.Order_No,
        Transporter_Code: l.Transporter_Code,
        Transporter_Name: l.Transporter_Name,
        Status: l.Status,
        Dispatch_Status: l.Dispatch_Status,
        items: [],
        // The order's shipments come with the shipments' issue.
        shipments: [],
      };
      orders.set(orderId, order);
    }
    order.items.push({
      Item_No: l.Item_No,
      SAP_Item_No: l.SAP_Item_No,
      Material_Code: l.Material_Code,
      Material_Name: l.Material_Name,
      Qty: l.Qty,
      Real_Qty: l.Real_Qty,
      shipment_qty: l.shipment_qty,
      UOM: l.UOM,
    });
  }
  return { header: sap.header, details, orders: [...orders.values()] };
}

/**
 * GET saporder/do_transporters/{ref}: the orders made of a SAP or delivery document number (header) and their
 * transporters (detail), oldest order first.
 */
export async function doTransporters(
  deps: AppDeps,
  user: AuthUser,
  ref: string,
): Promise<{ header: Row[]; detail: Row[] }> {
  const { db } = deps;
  const ofRef = (qb: Knex.QueryBuilder) =>
    qb.whereExists((e) => {
      void e
        .select(db.raw('1'))
        .from('order_details as d')
        .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
        .join('sap_orders as so', 'so.id', 's.sap_order_id')
        .whereRaw('d.order_id = o.id')
        .where((w) => void w.where('so.document_no', ref).orWhere('so.delivery_order_no', ref));
    });
  const header = (await ownOrders(ofRef(db('orders as o')), user)
    .orderBy('o.id')
    .select(
      'o.id as Id',
      'o.order_no as Order_No',
      'o.sap_no as SAP_No',
      'o.status as Status',
      'o.dispatch_status as Dispatch_Status',
      'o.transporter_code as Transporter_Code',
      'o.transporter_name as Transporter_Name',
      'o.shipment_type as Shipment_Type',
      'o.is_relation',
    )) as Row[];
  const detail = header.length
    ? ((await db('order_transporters as t')
        .join('orders as o', 'o.id', 't.order_id')
        .whereIn(
          't.order_id',
          header.map((h) => h.Id as number),
        )
        .orderBy(['t.order_id', 't.id'])
        .select(
          'o.order_no as Order_No',
          't.transporter_code',
          't.transporter_name',
          't.truck_type_id',
          't.freight_master',
          db.raw('(t.freight_cost)::float8 as freight_cost'),
          't.freight_uom',
          't.user_not',
        )) as Row[])
    : [];
  return { header, detail };
}
