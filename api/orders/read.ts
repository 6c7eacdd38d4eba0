// Reading orders (spec/1 §2-§3, spec/2 §2.1, §2.3, §3): the order as the list, the view and the edit panels show
// it (db/resources/order.ts: the header's fields, the names that label its codes, its lines, its transporters) and
// its history. The names of master data are looked up here rather than copied onto the order (see the definition),
// each as a scalar subquery so the list computes them for its page's rows only, after the sort and the limit.
import type { Knex } from 'knex';
import { columnOf, type FieldDef } from '../../db/resources/engine';
import { Order, OrderHistory, OrderLine, OrderTransporter } from '../../db/resources/order';
import type { Db } from '../../db/connection';
import type { AppDeps } from '../deps';
import { NotFoundError } from '../errors';
import { masterRead } from '../services/master-data';
import { translate, type Language } from '../i18n';
import { lookupText, selectWire, wireValueSql, type Row } from '../sap-orders';
import type { AuthUser } from '../services/session';
import { orderFlags, type FlagActor, type FlagRow } from './flags';
import { ownOrders } from './ownership';
import { freightRowOf, orderViewer, shapeHeader, shapeHistoryRow, shapeTransporters } from './audience';
import { shownEditSummary } from './remarks';

type Q = Db | Knex.Transaction;

/** The localised text of the order's shipment type (`o.shipment_type`). */
export function orderShipmentTypeName(lang: Language, alias = 'o'): string {
  return `(select ${lookupText('st', lang)} from lookups st
            where st.lookup_group = 'SHIPMENT_TYPE' and lower(st.lookup_code) = lower(${alias}.shipment_type))`;
}

/** The SQL of each computed value of db/resources/order.ts (the names that label the order's codes). */
export function computedSql(lang: Language, alias = 'o'): Record<string, string> {
  const o = alias;
  const location = (id: string) => `(select l.location_name from locations l where l.id = ${id})`;
  return {
    Loading_Destination_From_Name: location(`${o}.loading_destination_from_id`),
    Loading_Destination_To_Name: location(`${o}.loading_destination_to_id`),
    Business_Segment_Name: `(select pc.category_name from product_categories pc
                              where pc.category_code = ${o}.business_segment_code)`,
    Truck_Type_Name: `(select tt.truck_type_name from truck_types tt where tt.id = ${o}.truck_type_id)`,
    shipment_type_name: orderShipmentTypeName(lang, o),
    Incoterm_Name: `(select i.incoterm_name from incoterms i where i.incoterm_code = ${o}.incoterm)`,
    Company_Name: `(select c.company_name from companies c where c.company_code = ${o}.company_code)`,
    Warehouse_Name: `(select w.warehouse_name from warehouses w where w.warehouse_code = ${o}.warehouse_code)`,
    warehouse_location: `(select w.location_code from warehouses w where w.warehouse_code = ${o}.warehouse_code)`,
    warehouse_location_name: `(select l.location_name from warehouses w join locations l
                                 on l.location_code = w.location_code where w.warehouse_code = ${o}.warehouse_code)`,
  };
}

/** Every transporter of the order (a collective one has several), first assigned first: each assigns its own drivers (flags.ts). */
const transporterCodesSql = (alias: string) =>
  `array(select t.transporter_code from order_transporters t where t.order_id = ${alias}.id order by t.id)`;

/**
 * The order list's page select, one SQL text built once: every field of the definition and every transporter's
 * code. The computed names are not asked of PostgreSQL here (planning ten subqueries cost more than reading the
 * page): the list adds them to the page's rows from memory (orderLabels, labelOrder).
 */
export function listHeaderSelect(db: Q, alias = 'o'): Knex.Raw {
  let sql = listSelectSql.get(alias);
  if (!sql) {
    sql = [
      ...(Order.fields as readonly FieldDef[]).map(
        (field) => `${wireValueSql(field, alias)} as "${field.name}"`,
      ),
      `${transporterCodesSql(alias)} as "transporter_codes"`,
    ].join(', ');
    listSelectSql.set(alias, sql);
  }
  return db.raw(sql);
}
const listSelectSql = new Map<string, string>();

type Label = string | null;
/** A code or id as the maps key it (ids come as numbers, or as text for bigint columns). */
const keyOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : null;
/** The names computedSql looks up, by the codes (and ids, as text) that key them. */
export interface OrderLabels {
  locationById: Map<string, Label>;
  locationByCode: Map<string, Label>;
  category: Map<string, Label>;
  truckType: Map<string, Label>;
  /** By the lower-cased code, in the language asked. */
  shipmentType: Map<string, Label>;
  incoterm: Map<string, Label>;
  company: Map<string, Label>;
  warehouse: Map<string, { name: Label; location: Label }>;
}

/** The names that label orders, read once and kept while their tables are unchanged (api/services/master-data.ts). */
export function orderLabels(db: Db, lang: Language): Promise<OrderLabels> {
  return masterRead(db, `order-labels:${lang}`, async (q) => {
    const [locations, categories, truckTypes, shipmentTypes, incoterms, companies, warehouses] =
      await Promise.all([
        q('locations').select('id', 'location_code', 'location_name'),
        q('product_categories').select('category_code', 'category_name'),
        q('truck_types').select('id', 'truck_type_name'),
        q('lookups as st')
          .where('st.lookup_group', 'SHIPMENT_TYPE')
          .orderBy('st.id')
          .select('st.lookup_code', q.raw(`${lookupText('st', lang)} as text`)),
        q('incoterms').select('incoterm_code', 'incoterm_name'),
        q('companies').select('company_code', 'company_name'),
        q('warehouses').select('warehouse_code', 'warehouse_name', 'location_code'),
      ]);
    type R = Record<string, string | number | null>;
    const text = (v: string | number | null | undefined): Label =>
      v === null || v === undefined ? null : String(v);
    /** Each row's `name` column by its `key` column (the first row of a key wins), the key folded by `fold`. */
    const named = (rows: unknown[], key: string, name: string, fold = (k: string) => k) => {
      const map = new Map<string, Label>();
      for (const r of rows as R[]) {
        const k = keyOf(r[key]);
        if (k !== null && !map.has(fold(k))) map.set(fold(k), text(r[name]));
      }
      return map;
    };
    return {
      locationById: named(locations, 'id', 'location_name'),
      locationByCode: named(locations, 'location_code', 'location_name'),
      category: named(categories, 'category_code', 'category_name'),
      truckType: named(truckTypes, 'id', 'truck_type_name'),
      shipmentType: named(shipmentTypes, 'lookup_code', 'text', (k) => k.toLowerCase()),
      incoterm: named(incoterms, 'incoterm_code', 'incoterm_name'),
      company: named(companies, 'company_code', 'company_name'),
      warehouse: new Map(
        (warehouses as R[]).map((r) => [
          String(r.warehouse_code),
          { name: text(r.warehouse_name), location: text(r.location_code) },
        ]),
      ),
    };
  });
}

/** Adds to a list row (listHeaderSelect) the names computedSql gives the view: the same values, from memory. */
export function labelOrder(labels: OrderLabels, row: Row): void {
  const get = (map: Map<string, Label>, key: unknown): Label => {
    const k = keyOf(key);
    return k === null ? null : (map.get(k) ?? null);
  };
  const warehouseCode = keyOf(row.Warehouse_Code);
  const warehouse = warehouseCode === null ? undefined : labels.warehouse.get(warehouseCode);
  row.Loading_Destination_From_Name = get(labels.locationById, row.Loading_Destination_From_Id);
  row.Loading_Destination_To_Name = get(labels.locationById, row.Loading_Destination_To_Id);
  row.Business_Segment_Name = get(labels.category, row.Business_Segment_Code);
  row.Truck_Type_Name = get(labels.truckType, row.Truck_Type_Id);
  row.shipment_type_name =
    typeof row.Shipment_Type === 'string' ? get(labels.shipmentType, row.Shipment_Type.toLowerCase()) : null;
  row.Incoterm_Name = get(labels.incoterm, row.Incoterm);
  row.Company_Name = get(labels.company, row.Company_Code);
  row.Warehouse_Name = warehouse?.name ?? null;
  row.warehouse_location = warehouse?.location ?? null;
  row.warehouse_location_name = get(labels.locationByCode, warehouse?.location);
}

/** The select list of an order's header: every field of the definition, then every computed value. */
export function headerSelect(db: Q, lang: Language, alias = 'o'): Knex.Raw[] {
  const computed = computedSql(lang, alias);
  return [
    ...selectWire(db, Order.fields as readonly FieldDef[], alias),
    ...Object.entries(computed).map(([name, sql]) => db.raw(`${sql} as ??`, [name])),
    db.raw(`${transporterCodesSql(alias)} as ??`, ['transporter_codes']),
  ];
}

/**
 * The lines of some orders in item order, with their material's name and their SAP line's outstanding quantity;
 * the conversion columns only on the lines of orders that show them (Show_Conversion_Type Y, spec/1 §2).
 */
export async function readDetails(db: Q, orders: { Id: number; Show_Conversion_Type?: unknown }[]) {
  const byOrder = new Map<number, Row[]>();
  if (!orders.length) return byOrder;
  const rows = (await db('order_details as d')
    .leftJoin('materials as m', 'm.material_code', 'd.material_code')
    .leftJoin('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
    .whereIn(
      'd.order_id',
      orders.map((o) => o.Id),
    )
    .orderBy(['d.order_id', 'd.item_no'])
    .select(
      'd.order_id',
      ...selectWire(db, OrderLine.fields as readonly FieldDef[], 'd'),
      db.raw('m.material_name as ??', ['Material_Name']),
      db.raw('(d.qty)::float8 as ??', ['order_qty']),
      db.raw('(s.os_qty)::float8 as ??', ['sap_os_qty']),
      db.raw('d.sap_order_detail_id::int as ??', ['sap_order_detail_id']),
    )) as (Row & { order_id: number })[];
  const showsConversion = new Map(orders.map((o) => [o.Id, o.Show_Conversion_Type === 'Y']));
  for (const { order_id, ...line } of rows) {
    if (!showsConversion.get(order_id)) {
      delete line.Conversion_Type;
      delete line.Conversion;
    }
    let list = byOrder.get(order_id);
    if (!list) byOrder.set(order_id, (list = []));
    list.push(line);
  }
  return byOrder;
}

/** The transporters of some orders (spec/2 §3 "Transporter assignment"), first assigned first. */
export async function readTransporters(db: Q, orderIds: number[]): Promise<Map<number, Row[]>> {
  const byOrder = new Map<number, Row[]>();
  if (!orderIds.length) return byOrder;
  const rows = (await db('order_transporters as t')
    .leftJoin('truck_types as tt', 'tt.id', 't.truck_type_id')
    .whereIn('t.order_id', orderIds)
    .orderBy(['t.order_id', 't.id'])
    .select(
      't.order_id',
      ...selectWire(db, OrderTransporter.fields as readonly FieldDef[], 't'),
      db.raw('tt.truck_type_name as ??', ['truck_type_name']),
    )) as (Row & { order_id: number })[];
  for (const { order_id, ...row } of rows) {
    let list = byOrder.get(order_id);
    if (!list) byOrder.set(order_id, (list = []));
    list.push(row);
  }
  return byOrder;
}

/** The Order screen's permissions and the clock, for the flags. */
export async function flagActor(deps: AppDeps, user: AuthUser): Promise<FlagActor> {
  return { user, rights: await deps.permissions.flags(user, 'Order'), now: deps.now() };
}

/**
 * One order the user may see, as the list shows it (every field, the computed names, the flags, Details), with
 * its transporters; undefined when there is none or it is another party's.
 */
export async function readOrderRow(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  lang: Language,
  db: Q = deps.db,
): Promise<{ header: Row; transporters: Row[] } | undefined> {
  const header = (await ownOrders(db('orders as o').where('o.id', id), user).first(
    ...headerSelect(db, lang),
  )) as Row | undefined;
  if (!header) return undefined;
  const [details, transporters, actor] = await Promise.all([
    readDetails(db, [header as { Id: number; Show_Conversion_Type: unknown }]),
    readTransporters(db, [id]),
    flagActor(deps, user),
  ]);
  Object.assign(header, orderFlags(header as unknown as FlagRow, actor));
  header.Details = details.get(id) ?? [];
  return { header, transporters: transporters.get(id) ?? [] };
}

/** The order type of an order (spec/2 §3 "Order_Type (object with Code, Use_DO, Use_SO)"). */
async function orderType(db: Q, id: unknown): Promise<Row | null> {
  if (typeof id !== 'number') return null;
  const row = (await db('order_types')
    .where('id', id)
    .first('code as Code', 'name as Name', 'info1 as Info1', 'use_do as Use_DO', 'use_so as Use_SO')) as
    Row | undefined;
  return row ?? null;
}

/**
 * GET order/{id}/{mode} (spec/2 §3 "Order header", §7): data.header with Details and the spec's names of the
 * header and of its (first) transporter's freight, and data.assign with every transporter.
 */
export async function readOrder(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  lang: Language,
): Promise<{ header: Row; assign: { transporters: Row[]; sap_order_ids: number[] } }> {
  const found = await readOrderRow(deps, user, id, lang);
  if (!found) throw new NotFoundError();
  const { header, transporters } = found;
  const viewer = orderViewer(user, lang);
  // The freight the header names: the order's first transporter's for staff, the reader's own for an outside party.
  const first = freightRowOf(viewer, transporters);
  // spec/2 §3 names some of the header's values otherwise than the list does; both are answered.
  Object.assign(header, {
    business_segment_name: header.Business_Segment_Name,
    warehouse_name: header.Warehouse_Name,
    customer_vendor_address: header.Customer_Vendor_Address,
    Order_Type: await orderType(deps.db, header.Order_Type_Id),
    Freight_Cost: first.freight_cost ?? null,
    Freight_Cost_Value: first.freight_value ?? null,
    Freight_Cost_UOM: first.freight_uom ?? null,
    Freight_Per: first.freight_per ?? null,
    Freight_Suggested: first.freight_suggested ?? null,
    Freight_Total_Cost_User_NoT: first.freight_total_cost_user_not ?? null,
    freight_master: first.freight_master ?? null,
    User_NoT: first.user_not ?? null,
    System_NoT: first.system_not ?? null,
    Assign_Reason: first.assign_reason ?? null,
    Assign_Reason_Others: first.assign_reason_others ?? null,
    Truck_Rental: first.truck_rental ?? false,
  });
  // The SAP orders the lines take from: edit assign prices and checks approval over them (util/check_approval).
  const sapOrderIds = (await deps
    .db('order_details as d')
    .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
    .where('d.order_id', id)
    .distinct('s.sap_order_id')
    .orderBy('s.sap_order_id')
    .pluck('s.sap_order_id')) as (number | string)[];
  // What the reader's audience may read of it (audience.ts): everything for staff.
  shapeHeader(viewer, header);
  return {
    header,
    assign: { transporters: shapeTransporters(viewer, transporters), sap_order_ids: sapOrderIds.map(Number) },
  };
}

/**
 * The remarks the order's workflow writes for its own changes, in a fixed English form (order.workflow.ts): read
 * back in the user's language. A remark of another change (a user's reason or note) is shown as typed.
 */
const WORKFLOW_REMARKS: { changes: readonly string[]; pattern: RegExp; key: string; params: string[] }[] = [
  {
    changes: ['assign', 'edit-assign'],
    pattern: /^Assigned to (.+)$/s,
    key: 'order.history.assignedTo',
    params: ['transporter'],
  },
  {
    changes: ['approve', 'edit-approve'],
    pattern: /^Level (\d+) approved: (.+)$/s,
    key: 'order.history.levelApprovedRemark',
    params: ['level', 'remark'],
  },
  {
    changes: ['approve', 'edit-approve'],
    pattern: /^Level (\d+) approved$/,
    key: 'order.history.levelApproved',
    params: ['level'],
  },
  {
    changes: ['approval-reject', 'edit-reject'],
    pattern: /^Level (\d+) rejected: (.+)$/s,
    key: 'order.history.levelRejected',
    params: ['level', 'remark'],
  },
];

function shownRemark(lang: Language, change: unknown, remark: unknown): unknown {
  if (typeof change !== 'string' || typeof remark !== 'string') return remark;
  // An edit's summary: its numbers as the screens show them (remarks.ts).
  if (change === 'edit' || change === 'edit-request') return shownEditSummary(lang, remark);
  for (const w of WORKFLOW_REMARKS) {
    if (!w.changes.includes(change)) continue;
    const match = w.pattern.exec(remark);
    if (match) return translate(lang, w.key, Object.fromEntries(w.params.map((p, i) => [p, match[i + 1]!])));
  }
  return remark;
}

/**
 * GET order/view_history/{id}: the order's transitions, oldest first (spec/1 §3 "History row"), as the reader's
 * audience may read them (audience.ts: an outside party reads no staff username and no internal remark).
 */
export async function readHistory(deps: AppDeps, user: AuthUser, id: number, lang: Language): Promise<Row[]> {
  const order = (await ownOrders(deps.db('orders as o').where('o.id', id), user).first(
    'o.id',
    deps.db.raw(
      `(select c.company_name from companies c where c.company_code = o.company_code) as company_name`,
    ),
  )) as { id: number; company_name: string | null } | undefined;
  if (!order) throw new NotFoundError();
  const viewer = orderViewer(user, lang);
  const rows = (await deps
    .db('order_histories as h')
    .where('h.order_id', order.id)
    .orderBy('h.id')
    .select(
      ...OrderHistory.fields
        .filter((f) => f.name !== 'Id')
        .map((f) => deps.db.raw(`h.${columnOf(f)} as ??`, [f.name])),
      // What the change was (assign, accept, cancel, stuffing-date, reassign-do, ...): the middle of the
      // workflow's key `order:<Order_No>/<change>/<n>`; null for rows written before the workflow.
      deps.db.raw(`nullif(split_part(h.idempotency_key, '/', 2), '') as ??`, ['Change']),
      // The company of the user who wrote the row (a transporter's or relation's own account), for outside readers.
      ...(viewer.audience === 'internal'
        ? []
        : [
            deps.db.raw(
              `(select coalesce(u.transporter_code, u.customer_vendor_code) from users u
                 where lower(u.username) = lower(h.created_by) and u.role <> 'USER' and not u.is_admin
                 limit 1) as ??`,
              ['writer_party'],
            ),
          ]),
    )) as Row[];
  return rows.map((row) => {
    const { writer_party: writerParty, ...stored } = row;
    const raw = { remark: stored.Remark, change: stored.Change, writerParty };
    stored.Remark = shownRemark(lang, stored.Change, stored.Remark);
    return shapeHistoryRow(viewer, stored, raw, order.company_name);
  });
}
