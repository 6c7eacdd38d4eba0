// A SAP order's side of its orders (spec/2 §2.7, §7): the View orders panel (the SAP order, its lines with what its
// orders hold of them, and its orders with their transporter and status), the orders and transporters of a
// delivery or SAP document number (saporder/do_transporters, which the assign panel reads for a reference
// document), and the assign model a SAP order starts the Assign panel with (data.assign of saporder/{id}/{mode}).
// Orders are read through ownership.ts like every other order read.
import type { Knex } from 'knex';
import { RELEASED_ORDER_STATUSES } from '../../db/resources/order';
import type { AssignModel } from '../../db/resources/order-assign';
import type { AppDeps } from '../deps';
import { NotFoundError } from '../errors';
import type { Language } from '../i18n';
import { readSapOrder } from '../sap-orders/editor';
import type { Row } from '../sap-orders/fields';
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

/**
 * The assign model a SAP order opens the Assign panel with (spec/2 §3 "Assign model"): its company, warehouse,
 * document type, locations and shipment type, its lines with outstanding quantity at that quantity, and one empty
 * transporter entry for an individual or relation order (a collective one starts with none, spec/2 §4). Null when
 * the SAP order cannot be assigned (not approved, or nothing outstanding).
 */
export async function assignDefaults(db: Knex, header: Row): Promise<AssignModel | null> {
  const lines = (header.Details as Row[] | undefined) ?? [];
  const open = lines.filter((l) => Number(l.os_qty) > 0);
  if (header.Status !== 'APPROVED' || !open.length) return null;
  const locationId = async (code: unknown) =>
    typeof code === 'string' && code
      ? (((await db('locations').where('location_code', code).first('id')) as { id: number } | undefined)
          ?.id ?? null)
      : null;
  const shipmentType = (header.Shipment_Type as string | null) ?? null;
  const category = shipmentType
    ? ((
        (await db('lookups')
          .where({ lookup_group: 'SHIPMENT_TYPE' })
          .whereRaw('lower(lookup_code) = lower(?)', [shipmentType])
          .first('lookup_info1')) as { lookup_info1: string | null } | undefined
      )?.lookup_info1 ?? null)
    : null;
  const relation = header.is_relation === true;
  return {
    id: [header.Id as number],
    charge_oa_company: (header.Company_Code as string | null) ?? null,
    warehouse_code: (header.Warehouse_Code as string | null) ?? null,
    document_type: (header.Document_Type as string | null) ?? null,
    loading_destination_from_id: await locationId(header.Loading),
    loading_destination_to_id: await locationId(header.Destination),
    shipment_type: shipmentType,
    vessel: null,
    vessel_code: null,
    freight_date: null,
    stuffing_date: [],
    trip_type: null,
    sto_spo_per_shipment: false,
    ln_type: null,
    ln_inco_rule: null,
    transporters:
      category === 'COLLECTIVE'
        ? []
        : [
            relation
              ? { transporter_code: (header.Customer_Vendor_Code as string | null) ?? null, user_not: 1 }
              : { transporter_code: null, user_not: 1 },
          ],
    details: open.map((l) => ({
      Id: l.Id as number,
      Item_No: (l.Item_No as string | null) ?? null,
      Document_No: (header.Document_No as string | null) ?? null,
      Material_Code: (l.Material_Code as string | null) ?? null,
      material_name: (l.material_name as string | null) ?? null,
      Qty: Number(l.os_qty),
      os_qty: Number(l.os_qty),
      real_qty: Number(l.real_qty ?? 0),
      UOM: (l.UOM as string | null) ?? null,
      include_merge: true,
      charge_oa_company:
        (l.charge_oa_company as string | null) ?? (header.Company_Code as string | null) ?? null,
      conversion_type: (l.conversion_type as string | null) ?? null,
    })),
    approval_matrix: null,
    show_conversion_type: 'N',
    relation_truck_type_id: null,
    transporter_notes: null,
  };
}
