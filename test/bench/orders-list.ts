// Benchmark (DESIGN.md §6, issue 17 "Performance: the order list at scale"): the order list at 1,000,000 orders.
//
//   Order list page (any tab, any sort on an indexed column) p99 ≤ 25 ms through the API at 8 concurrent
//   clients; five contains filters p99 ≤ 100 ms; dashboard and tab counts p99 ≤ 5 ms and exact.
//
// A database of its own — `tms_orders_list` on the PostgreSQL of BENCH_DATABASE_URL / DATABASE_URL, dropped first
// and at the end, never `test`; without either, on an embedded cluster in a temporary folder — is migrated and
// seeded with the reference and master demo data. Then, through the tables the app writes:
//   - SAP orders: the first SAP_LINES (100,000) lines of the sandbox generator's deterministic stream
//     (api/erp/sandbox/generator.ts, a year of documents of the demo's three companies, its customers and
//     vendors), imported through importErpDocuments as every ERP path imports them (triggers included);
//   - transporters: the master demo's 14 (TRP013 excluded, so it gets no order) and 27 more (TRP015..TRP041),
//     40 active carriers in all; TRP001, the demo transporter account's, leads 1.3 % of the orders and rides
//     along on some collective ones (about 1.5-2 % of the orders are its own);
//   - ORDERS orders, set-based in SQL (INSERT ... SELECT over generate_series, CHUNK orders per statement, every
//     index in place), each with its lines (order_details) and its transporters (order_transporters) written by
//     the same statement. The orders_counters row trigger fires for every order as it does for the app's writes,
//     so the status counters and daily completions are exact (the deltas are folded afterwards, as the schedule
//     does). Order i of N is made on day i/N of the year that ends when the generator's documents end, in
//     business hours, so ids (and Order_No, ORD0000001... as the ORDER running number draws them, which then
//     continues after the last) follow Created_Date and Order_Date. Each order is made of one SAP order dated a
//     few days before it (SAP_No and Document_No its number; company, order type, partner, incoterm, warehouse,
//     addresses, locations its own), with 1-3 lines taking a part of that SAP order's lines. Quantities do not
//     add up across orders: about twenty orders share each SAP order and nothing is taken off the SAP lines'
//     os_qty (the list does not read it; only the line's outstanding figure in Details does). No order
//     histories are written (the list does not read them), and no workflows run.
//   - Statuses (ORDER_STATUSES) as a working year leaves them: orders older than two weeks mostly COMPLETED (66 %)
//     or ACCEPTED (20 %), a few percent REJECTED (by the transporter, AUTO REJECTED or by an approver), CANCELLED,
//     in transport, waiting; the last two weeks' orders mostly under way (accepted, assigned, waiting for
//     approval, in transport). Dispatch_Status, Auto_Reject_Date (12 h for company 3000, else 24 h) and the
//     edited date follow the status; completed orders carry completed_date (what the dashboard's completed-orders
//     chart counts through the same trigger; the app's own mark complete does not write it yet). Shipment types:
//     relation orders where the SAP order is a relation one (the partner collects), else individual per truck
//     70 %, per transporter 18 %, collective 12 % (2-3 transporters). Planners logistic, supervisor, admin.
// Then the deltas are folded, the tables vacuumed (analyze) and checkpointed, as the schedule, autovacuum and the
// checkpointer would have done by then on a running server. The API then runs in a process of its own
// (support.ts startServerProcess, as deployed), and CLIENTS keep-alive clients on a worker thread send one request
// over and over, WARMUP_S not measured then DURATION_S measured, for each scenario:
//   1. POST /api/order/list as `admin` (staff), tab ALL, the default order (newest first);
//   2. the same sorted by Order_Date desc, and the ASSIGNED TO TRANSPORTER tab sorted by Transporter_Name asc;
//   3. five contains filters as a planner types them (Order_No, SAP_No, Transporter_Name, Customer_Vendor_Name,
//      Incoterm2: the SAP documents carry no delivery address), once narrow and once broad;
//   4. the transporter's own list: `transporter` (TRP001), tab ALL, the default order;
//   5. GET /api/order/master_list (staff's and the transporter's) and GET /api/dashboard/status_count, whose
//      every count is compared with count(*) over the tables.
// The baseline in the same run (DESIGN §6): for 1-4, the page query the API sends (orderListQueries(...).page of
// api/orders/list.ts, for the same user, language and parsed request) straight to PostgreSQL from CLIENTS
// node-postgres connections (a Pool of CLIENTS) for the same warm-up and duration; its p50/p99 are printed beside
// the API's with the ratio. The API answers more than that query (the total, the rows' Details, the flags), so
// the difference is what the rest of the request costs, not only the HTTP layer. Unfiltered tabs are counted by the
// status counters; a filtered list counts its matches in the page query itself (a window count beside the page's
// ids): for those a separate count of the same filters is measured the same way and printed below, for comparison
// (what counting the total on its own would add). For 5, which sends no list query, the baseline is
// GET /api/util/version (no database) at the same concurrency: the HTTP stack's floor.
// The machine's 1/5/15-minute load averages are printed on every line ([load ...]) and kept in the JSON.
//
//   npm run bench:orders-list                         an embedded cluster (no DATABASE_URL)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orders-list
//   ORDERS=1000000 SAP_LINES=100000 CHUNK=50000 DURATION_S=15 WARMUP_S=3 CLIENTS=8 BULK_CHUNK=20000
//   KEEP_DB=1: keep the database (for EXPLAIN, or to measure again)
//   REUSE_DB=1: the database a KEEP_DB=1 run kept, migrated, and only the measurements
//   ONLY=master_list: only the scenarios whose name contains it (or ONLY=3b: that scenario)
import os from 'node:os';
import pg from 'pg';
import { importErpDocuments } from '../../api/erp/import';
import { iterateErpDocuments } from '../../api/erp/sandbox/generator';
import type { ErpDocument } from '../../api/erp/types';
import { listRequestSchema } from '../../api/list';
import { orderListQueries } from '../../api/orders/list';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { AUTH_USER_COLUMNS, type AuthUser } from '../../api/services/session';
import { foldCounterDeltas } from '../../db/counters';
import { migrateLatest } from '../../db/migrate';
import { BUSINESS_TIME_ZONE } from '../../db/business-time';
import { ORDER_STATUSES, type OrderStatus } from '../../db/resources/order';
import { DEMO_PASSWORD, seedDemo } from '../../db/seeds/demo';
import { addDays, BASE_DATE } from '../../db/seeds/master-demo/types';
import type { Db } from '../../db/connection';
import {
  createBenchDb,
  loadAverage,
  runClients,
  startServerProcess,
  summarise,
  type BenchServer,
  type ClientRun,
  type LatencySummary,
} from './support';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const SAP_LINES = Number(process.env.SAP_LINES ?? 100_000);
/** Orders per INSERT statement (with their lines and transporters). */
const CHUNK = Number(process.env.CHUNK ?? 50_000);
/** SAP documents per importErpDocuments call. */
const BULK_CHUNK = Number(process.env.BULK_CHUNK ?? 20_000);
const DURATION_S = Number(process.env.DURATION_S ?? 15);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const REUSE_DB = process.env.REUSE_DB === '1';
const KEEP_DB = process.env.KEEP_DB === '1' || REUSE_DB;
/** Only the scenarios whose name contains this (e.g. ONLY=master_list). */
const ONLY = process.env.ONLY;
const DB_NAME = 'tms_orders_list';

const BUDGET = { pageP99: 25, containsP99: 100, countsP99: 5 };
/** The generator makes 2.05 lines per document on average; a little more is drawn than needed. */
const LINES_PER_DOCUMENT = 2.05;
/** The generator dates its documents from a year before BASE_DATE to four weeks after it (SAP_DAYS days). */
const SAP_DAYS = 365 + 28;
/** Orders are made over the year that ends on the generator's last day: from this day of its range on. */
const ORDERS_START_DAY = SAP_DAYS - 365;
const ORDERS_FIRST_DAY = addDays(BASE_DATE, ORDERS_START_DAY - 365);
/** Orders made in the last RECENT_DAYS are mostly still under way. */
const RECENT_DAYS = 14;

const log = (text: string) => console.log(`[load ${loadAverage()}] ${text}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// The data
// ---------------------------------------------------------------------------------------------------------------

/** The 27 carriers beside the master demo's 14 (codes TRP015 on), names as Sumatran trucking firms go. */
const MORE_CARRIERS = [
  'PT Sumatra Trans Logistik',
  'CV Indragiri Angkutan',
  'PT Bengkalis Cargo Mandiri',
  'PT Pelalawan Tangki Sejahtera',
  'CV Rengat Jaya Ekspres',
  'PT Asahan Logistik Utama',
  'PT Deli Serdang Transport',
  'CV Tebing Tinggi Trans',
  'PT Batubara Angkut Lestari',
  'PT Padang Sidempuan Cargo',
  'CV Bukittinggi Ekspres',
  'PT Solok Bulk Logistik',
  'PT Payakumbuh Trans Mandiri',
  'CV Pariaman Angkutan Sawit',
  'PT Dharmasraya Tanker',
  'PT Kuantan Logistik Nusantara',
  'CV Bagansiapiapi Trans',
  'PT Tanjung Balai Cargo',
  'PT Rantau Prapat Angkut',
  'CV Kisaran Jaya Transport',
  'PT Sibolga Samudra Logistik',
  'PT Nias Trans Perkasa',
  'CV Duri Mandiri Ekspres',
  'PT Perawang Tangki Utama',
  'PT Ujung Batu Trans Abadi',
  'CV Teluk Kuantan Angkutan',
  'PT Lubuk Basung Logistik',
] as const;
/** TRP001's share of the orders as their (first) transporter. */
const TRP001_SHARE = 0.013;

/** Statuses of orders older than RECENT_DAYS, and of the recent ones (weights). */
const OLD_STATUSES: [OrderStatus, number][] = [
  ['COMPLETED', 66],
  ['ACCEPTED', 20],
  ['ASSIGNED TO DRIVER', 1.5],
  ['IN PROGRESS', 1.5],
  ['WAITING FOR ORDER APPROVAL', 1],
  ['ASSIGNED TO TRANSPORTER', 0.8],
  ['WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', 0.7],
  ['REJECTED', 4.5],
  ['CANCELLED', 4],
];
const RECENT_STATUSES: [OrderStatus, number][] = [
  ['ACCEPTED', 30],
  ['ASSIGNED TO TRANSPORTER', 18],
  ['WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', 12],
  ['ASSIGNED TO DRIVER', 10],
  ['IN PROGRESS', 10],
  ['COMPLETED', 8],
  ['WAITING FOR ORDER APPROVAL', 4],
  ['REJECTED', 5],
  ['CANCELLED', 3],
];
/** How long after its creation an order was last changed, per status (hours, from-to), and its version. */
const EDITED_AFTER: Record<OrderStatus, [number, number, number]> = {
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL': [0.001, 0.02, 1],
  'ASSIGNED TO TRANSPORTER': [0.001, 0.02, 1],
  ACCEPTED: [0.2, 8, 2],
  REJECTED: [0.5, 24, 2],
  'WAITING FOR ORDER APPROVAL': [1, 24, 3],
  'ASSIGNED TO DRIVER': [2, 30, 3],
  'IN PROGRESS': [24, 72, 4],
  COMPLETED: [48, 168, 5],
  CANCELLED: [1, 48, 3],
};
const REJECT_REMARKS = [
  'Truk tidak tersedia',
  'Armada sedang perawatan',
  'Jadwal muat penuh',
  'Rute tidak dilayani',
];
const PLANNERS: [string, number][] = [
  ['logistic', 70],
  ['supervisor', 20],
  ['admin', 10],
];
const ONE_SHIPMENT_TYPES: [string, number][] = [
  ['INDIVIDUAL_TRUCK', 70],
  ['INDIVIDUAL_TRANSPORTER', 18],
  ['COLLECTIVE', 12],
];

/** A deterministic number in [0, 1) of an integer expression and a salt (no state: any chunk, any session). */
const rnd = (expr: string, salt: number) =>
  `((hashint8extended((${expr})::bigint, ${salt}) & 2147483647)::float8 / 2147483648.0)`;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** CASE picking one of weighted values by a random number in [0, 1). */
function pickSql(r: string, weighted: readonly (readonly [string, number])[]): string {
  const total = weighted.reduce((n, [, w]) => n + w, 0);
  let acc = 0;
  const whens = weighted.slice(0, -1).map(([value, w]) => {
    acc += w;
    return `when ${r} < ${acc / total} then ${quote(value)}`;
  });
  return `(case ${whens.join(' ')} else ${quote(weighted[weighted.length - 1]![0])} end)`;
}

/** CASE over an order's status. */
function byStatus(column: string, values: (status: OrderStatus) => string): string {
  return `(case ${ORDER_STATUSES.map((s) => `when ${column} = ${quote(s)} then ${values(s)}`).join(' ')} end)`;
}

/** The SAP orders and lines the orders are made of, and the carriers, in helper tables dropped after the load. */
async function prepareHelpers(db: Db): Promise<{ documents: number; carriers: number }> {
  // The carriers beyond the master demo's, as the Transporter master screen would add them.
  await db.raw(
    `insert into transporters (transporter_code, transporter_name, city, created_by)
     select 'TRP' || lpad((14 + n)::text, 3, '0'), name, 'Pekanbaru', 'bench'
       from unnest(?::text[]) with ordinality as c(name, n)
     on conflict do nothing`,
    [[...MORE_CARRIERS]],
  );
  await db.raw('drop table if exists bench_docs, bench_lines, bench_carriers');
  await db.raw(`
    create unlogged table bench_docs as
    select row_number() over (order by s.document_date, s.id)::int as rn, s.id, s.document_no, s.document_date,
           s.company_code, s.product_category, s.warehouse_code, s.document_type, s.distribution, s.incoterm,
           s.incoterm2, s.customer_vendor_code, coalesce(c.customer_name, v.vendor_name) as partner_name,
           s.address, s.delivery_address, s.valid_from, s.valid_to, s.is_relation,
           ot.id as order_type_id, ot.name as order_type_name, lf.id as from_id, lt.id as to_id, l.n_lines
      from sap_orders s
      join (select sap_order_id, count(*)::int as n_lines from sap_order_details where not mark_deleted
             group by sap_order_id) l on l.sap_order_id = s.id
      left join customers c on c.customer_code = s.customer_vendor_code
      left join vendors v on v.vendor_code = s.customer_vendor_code
      left join lateral (select id, name from order_types where name = s.order_type order by id limit 1) ot on true
      left join locations lf on lf.location_code = s.loading
      left join locations lt on lt.location_code = s.destination`);
  await db.raw('create unique index on bench_docs (rn)');
  await db.raw('create unique index on bench_docs (document_no)');
  await db.raw(`
    create unlogged table bench_lines as
    select d.sap_order_id, row_number() over (partition by d.sap_order_id order by d.item_no)::int as k, d.id,
           d.item_no, d.material_code, d.qty, d.uom, d.tolerance, d.conversion_type, d.charge_oa_company,
           d.ln_type, d.incoterm_rule
      from sap_order_details d where not d.mark_deleted`);
  await db.raw('create unique index on bench_lines (sap_order_id, k)');
  // Active carriers with their share of the orders as the first transporter: TRP001 TRP001_SHARE, the others
  // falling off as a trade's carriers do (the k-th largest about k^-0.6 of the largest).
  const carriers = (
    await db.raw<{ rows: { code: string; name: string }[] }>(
      `select transporter_code as code, transporter_name as name from transporters
        where is_active and not excluded order by transporter_code`,
    )
  ).rows;
  const others = carriers.filter((c) => c.code !== 'TRP001');
  const weights = others.map((_, k) => (k + 1) ** -0.6);
  const sum = weights.reduce((a, b) => a + b, 0);
  // Shuffled deterministically, so the largest are not simply the first codes.
  const order = others.map((c, k) => ({ c, w: weights[(k * 7) % others.length]! }));
  const shares = [
    { code: 'TRP001', name: carriers.find((c) => c.code === 'TRP001')!.name, share: TRP001_SHARE },
    ...order.map(({ c, w }) => ({ code: c.code, name: c.name, share: ((1 - TRP001_SHARE) * w) / sum })),
  ];
  let acc = 0;
  const rows = shares.map((s, i) => {
    const lo = acc;
    acc += s.share;
    return { idx: i + 1, code: s.code, name: s.name, lo, hi: i === shares.length - 1 ? 1.0000001 : acc };
  });
  await db.raw(
    `create unlogged table bench_carriers as
     select * from jsonb_to_recordset(?::jsonb) as c(idx int, code text, name text, lo float8, hi float8)`,
    [JSON.stringify(rows)],
  );
  const documents = Number(
    (await db.raw<{ rows: { n: number }[] }>('select count(*)::int as n from bench_docs')).rows[0]!.n,
  );
  return { documents, carriers: rows.length };
}

/**
 * One statement: orders lo..hi of `total` with their lines and transporters. Ids follow i (the insert's order),
 * as the app's running numbers and sequence follow time.
 */
function ordersChunkSql(
  lo: number,
  hi: number,
  total: number,
  documents: number,
  carriers: number,
  truckTypeIds: number[],
): string {
  const statusOf = (r: string) =>
    `(case when p >= ${1 - RECENT_DAYS / 365} then ${pickSql(r, RECENT_STATUSES)}
           else ${pickSql(r, OLD_STATUSES)} end)`;
  const hours = byStatus('status', (s) => {
    const [from, to] = EDITED_AFTER[s];
    return `${from} + r_edit * ${to - from}`;
  });
  const version = byStatus('status', (s) => String(EDITED_AFTER[s][2]));
  const end =
    `(${quote(ORDERS_FIRST_DAY)}::timestamp + interval '365 days' + interval '18 hours')` +
    ` at time zone '${BUSINESS_TIME_ZONE}'`;
  const trucks = `(array[${truckTypeIds.join(', ')}]::int[])[1 + floor(r_truck * ${truckTypeIds.length})::int]`;
  return `
with g as (
  select i, (i - 0.5) / ${total}::float8 as p,
         ${rnd('i', 1)} as r_doc, ${rnd('i', 2)} as r_status, ${rnd('i', 3)} as r_carrier, ${rnd('i', 4)} as r_ship,
         ${rnd('i', 5)} as r_edit, ${rnd('i', 6)} as r_who, ${rnd('i', 7)} as r_dispatch, ${rnd('i', 8)} as r_truck,
         ${rnd('i', 9)} as r_misc
    from generate_series(${lo}, ${hi}) i
), timed as (
  select g.*, 365 * p as day,
         -- Business hours 07:00-18:00 of the order's day, in the order of i.
         ((${quote(ORDERS_FIRST_DAY)}::timestamp + floor(365 * p) * interval '1 day' + interval '7 hours'
           + (365 * p - floor(365 * p)) * interval '11 hours') at time zone '${BUSINESS_TIME_ZONE}') as created
    from g
), x as (
  select t.*, d.*, ${statusOf('t.r_status')} as status,
         (d.is_relation and d.customer_vendor_code is not null) as relation
    from timed t
    -- The SAP order: one dated 0-7 days before the order (documents run in date order).
    join bench_docs d on d.rn = greatest(1, least(${documents},
      ceil((${ORDERS_START_DAY} + t.day - 7 * t.r_doc) / ${SAP_DAYS} * ${documents})::int))
), y as (
  select x.*,
         case when relation then x.customer_vendor_code else c.code end as carrier_code,
         case when relation then x.partner_name else c.name end as carrier_name,
         case when relation then 'RELATION' else ${pickSql('x.r_ship', ONE_SHIPMENT_TYPES)} end as ship_type,
         least(created + (${hours}) * interval '1 hour', greatest(created, ${end})) as edited,
         ${version} as version,
         ${pickSql('x.r_who', PLANNERS)} as planner,
         case when status = 'REJECTED' then
                (case when r_dispatch < 0.5 then 'REJECTED' when r_dispatch < 0.85 then 'AUTO REJECTED' end)
              when status = 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' then null
              when status = 'ASSIGNED TO TRANSPORTER' then 'WAITING'
              when status = 'CANCELLED' then (case when r_dispatch < 0.6 then 'ACCEPTED' end)
              else 'ACCEPTED' end as dispatch
    from x
    join bench_carriers c on x.r_carrier >= c.lo and x.r_carrier < c.hi
), ins as (
  insert into orders (
    order_no, status, completed_date, created_date, created_by, edited_date, edited_by, order_date, sap_no,
    document_no, dispatch_status, dispatch_status_remarks, auto_reject_date, order_type_id, order_type_name,
    company_code, business_segment_code, warehouse_code, document_type, distribution, incoterm, incoterm2,
    customer_vendor_code, customer_vendor_name, customer_vendor_address, delivery_address, valid_from, valid_to,
    shipment_type, shipment_type_category, transporter_code, transporter_name, truck_type_id,
    loading_destination_from_id, loading_destination_to_id, charge_oa_company, freight_date, stuffing_date_from,
    stuffing_date_to, trip_type, multiple_weighing, show_conversion_type, is_relation, has_shipment, workflow_id,
    version)
  select 'ORD' || lpad(i::text, 7, '0'), status, case when status = 'COMPLETED' then edited end, created, planner,
         edited,
         case when dispatch = 'AUTO REJECTED' then 'system'
              when status in ('ACCEPTED', 'REJECTED') and dispatch is not null then
                (case when carrier_code = 'TRP001' then 'transporter' else lower(carrier_code) end)
              else planner end,
         (created at time zone '${BUSINESS_TIME_ZONE}')::date, document_no, document_no, dispatch,
         case when dispatch = 'REJECTED'
              then (array[${REJECT_REMARKS.map(quote).join(', ')}])
                     [1 + floor(r_misc * ${REJECT_REMARKS.length})::int] end,
         case when status = 'ASSIGNED TO TRANSPORTER'
              then created + interval '1 hour' * (case when company_code = '3000' then 12 else 24 end) end,
         order_type_id, order_type_name, company_code, product_category, warehouse_code, document_type,
         distribution, incoterm, incoterm2, customer_vendor_code, partner_name, address, delivery_address,
         valid_from, valid_to, ship_type,
         case ship_type when 'RELATION' then 'RELATION' when 'COLLECTIVE' then 'COLLECTIVE' else 'INDIVIDUAL' end,
         carrier_code, carrier_name, ${trucks}, from_id, to_id, company_code,
         (created at time zone '${BUSINESS_TIME_ZONE}')::date,
         (created at time zone '${BUSINESS_TIME_ZONE}')::date + 1,
         (created at time zone '${BUSINESS_TIME_ZONE}')::date + 1 + floor(r_misc * 3)::int,
         case when r_misc < 0.8 then 'ONE_WAY' else 'ROUND_TRIP' end,
         case when r_misc < 0.1 then 'Y' else 'N' end, case when r_ship < 0.2 then 'Y' else 'N' end,
         relation, status in ('ASSIGNED TO DRIVER', 'IN PROGRESS', 'COMPLETED'),
         'order:ORD' || lpad(i::text, 7, '0'), version
    from y order by i
  returning id, document_no, company_code, status, transporter_code, transporter_name, truck_type_id,
            shipment_type_category, freight_date, trip_type, status in ('CANCELLED', 'REJECTED') as released
), lines as (
  insert into order_details (
    order_id, sap_order_detail_id, item_no, sap_no, sap_item_no, material_code, qty, os_qty, shipment_qty,
    real_qty, tolerance_qty, uom, conversion_type, charge_oa_company, ln_type, incoterm_rule)
  select ins.id, l.id, lpad((j * 10)::text, 6, '0'), ins.document_no, l.item_no, l.material_code, q.qty,
         case when ins.released or ins.status = 'COMPLETED' then 0 else q.qty end,
         case when ins.status = 'COMPLETED' then q.qty else 0 end,
         case when ins.status = 'COMPLETED' then round(q.qty * 0.995, 3) else 0 end,
         round(q.qty * coalesce(l.tolerance, 0) / 100, 3), l.uom, l.conversion_type,
         coalesce(l.charge_oa_company, ins.company_code), l.ln_type, l.incoterm_rule
    from ins
    join bench_docs d on d.document_no = ins.document_no
    cross join lateral generate_series(1, least(d.n_lines,
      case when ${rnd('ins.id', 11)} < 0.55 then 1 when ${rnd('ins.id', 11)} < 0.85 then 2 else 3 end)) j
    join bench_lines l on l.sap_order_id = d.id
     and l.k = (floor(${rnd('ins.id', 12)} * d.n_lines)::int + j - 1) % d.n_lines + 1
    cross join lateral (
      select greatest(0.001, round(l.qty * (0.05 + 0.45 * ${rnd('ins.id * 4 + j', 13)})::numeric, 3)) as qty) q
  returning 1
)
insert into order_transporters (
  order_id, transporter_code, transporter_name, truck_type_id, freight_master, freight_cost, freight_suggested,
  freight_value, freight_per, freight_uom, freight_total_cost, freight_total_cost_user_not, freight_container,
  freight_kg, truck_capacity, system_not, user_not, freight_criteria, trip_type, freight_date)
select ins.id, t.code, t.name, ins.truck_type_id,
       case when ins.shipment_type_category <> 'RELATION' then 'FRT' || lpad((1 + ins.id % 90)::text, 7, '0') end,
       f.cost, f.cost, false, 'KG', 'KG', round(f.cost * f.kg, 2), round(f.cost * f.kg, 2), 1, f.kg, 30000,
       ceil(f.kg / 30000), ceil(f.kg / 30000),
       case when ins.status = 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' then 'HIGHER' end,
       ins.trip_type, ins.freight_date
  from ins
  cross join lateral (
    select ins.transporter_code as code, ins.transporter_name as name, 0 as j
    union all
    select c2.code, c2.name, e.j
      from generate_series(1, case when ${rnd('ins.id', 21)} < 0.6 then 1 else 2 end) e(j)
      join bench_carriers c1 on c1.code = ins.transporter_code
      -- One or two others, never the first: offsets 1-19 and 20-38 from it among the carriers.
      join bench_carriers c2 on c2.idx = (c1.idx - 1
                                          + case e.j when 1 then 1 + floor(${rnd('ins.id', 22)} * 19)::int
                                                 else 20 + floor(${rnd('ins.id', 23)} * 19)::int end)
                                         % ${carriers} + 1
     where ins.shipment_type_category = 'COLLECTIVE') t
  cross join lateral (
    select case when ins.shipment_type_category = 'RELATION' then 0
                else round((120 + 330 * ${rnd('ins.id * 3 + t.j', 24)})::numeric, 2) end as cost,
           round((8000 + 22000 * ${rnd('ins.id * 3 + t.j', 25)})::numeric, 3) as kg) f
 order by ins.id, t.j`;
}

interface LoadFigures {
  sap: { documents: number; lines: number; seconds: number };
  orders: {
    orders: number;
    lines: number;
    transporters: number;
    seconds: number;
    per_s: number;
    chunk: number;
  };
  finish_seconds: number;
}

/** Writes out what the load left in memory, as a running server has long done (superuser or pg_checkpoint). */
async function checkpoint(db: Db): Promise<void> {
  await db
    .raw('checkpoint')
    .catch((err: Error) => log(`checkpoint not allowed (${err.message}); measuring anyway`));
}

async function load(db: Db): Promise<LoadFigures> {
  let t = Date.now();
  await seedDemo(db, { hashPassword, hashApiKey });
  log(`seeded reference and master demo data in ${seconds(Date.now() - t)} s`);

  // SAP orders through the import, as sap-orders.ts loads them.
  const documents = iterateErpDocuments({ count: Math.ceil((SAP_LINES / LINES_PER_DOCUMENT) * 1.02) });
  t = Date.now();
  let sapLines = 0;
  let sapDocuments = 0;
  let chunk: ErpDocument[] = [];
  const flush = async () => {
    if (!chunk.length) return;
    await importErpDocuments(db, chunk, { source: 'sandbox', user: 'bench' });
    chunk = [];
  };
  for (let next = documents.next(); !next.done && sapLines < SAP_LINES; next = documents.next()) {
    chunk.push(next.value);
    sapLines += next.value.Details.length;
    sapDocuments++;
    if (chunk.length >= BULK_CHUNK) await flush();
  }
  await flush();
  const sapMs = Date.now() - t;
  log(`SAP orders (importErpDocuments): ${sapDocuments} documents, ${sapLines} lines in ${seconds(sapMs)} s`);

  t = Date.now();
  const helpers = await prepareHelpers(db);
  const truckTypeIds = (
    (await db('truck_types').where('is_active', true).orderBy('id').pluck('id')) as number[]
  ).map(Number);
  log(
    `helpers: ${helpers.documents} SAP orders with lines, ${helpers.carriers} active carriers ` +
      `(${seconds(Date.now() - t)} s)`,
  );

  t = Date.now();
  let reported = Date.now();
  for (let lo = 1; lo <= ORDERS; lo += CHUNK) {
    const hi = Math.min(ORDERS, lo + CHUNK - 1);
    const sql = ordersChunkSql(lo, hi, ORDERS, helpers.documents, helpers.carriers, truckTypeIds);
    await db.transaction(async (trx) => {
      // The planner cannot estimate what generate_series and the lateral joins make, takes the statement for a
      // huge one and JIT-compiles it: 13 of the 15 s a chunk of 10,000 orders took. Nor need its sort spill.
      await trx.raw('set local jit = off');
      await trx.raw(`set local work_mem = '256MB'`);
      await trx.raw(sql);
    });
    if (Date.now() - reported > 10_000 || hi === ORDERS) {
      reported = Date.now();
      log(`  orders: ${hi} of ${ORDERS} after ${seconds(Date.now() - t)} s`);
    }
  }
  const ordersMs = Date.now() - t;
  t = Date.now();
  const [counts] = (
    await db.raw<{ rows: { lines: number; transporters: number }[] }>(
      `select (select count(*)::int from order_details) as lines,
              (select count(*)::int from order_transporters) as transporters`,
    )
  ).rows;
  // What the rest of the assignments wrote: the SAP orders that have an order, the running number after the last.
  await db.raw(
    `update sap_orders s set has_order = true
      where not s.has_order and exists (select 1 from orders o where o.document_no = s.document_no)`,
  );
  await db.raw(
    `update running_numbers set next_number = greatest(next_number, ?)
      where lower(running_number_code) = 'order'`,
    [ORDERS + 1],
  );
  await db.raw('drop table if exists bench_docs, bench_lines, bench_carriers');
  // What the schedule (counter fold) and autovacuum would have done by the time people read the list.
  await foldCounterDeltas(db);
  await db.raw(
    'vacuum (analyze) orders, order_details, order_transporters, sap_orders, sap_order_details, transporters',
  );
  await checkpoint(db);
  const finishMs = Date.now() - t;
  log(
    `orders (INSERT ... SELECT, ${CHUNK} per statement): ${ORDERS} orders, ${counts!.lines} lines, ` +
      `${counts!.transporters} order transporters in ${seconds(ordersMs)} s ` +
      `(${Math.round(ORDERS / (ordersMs / 1000))} orders/s); has_order, fold, vacuum analyze, checkpoint ` +
      `${seconds(finishMs)} s`,
  );
  return {
    sap: { documents: sapDocuments, lines: sapLines, seconds: Number(seconds(sapMs)) },
    orders: {
      orders: ORDERS,
      lines: counts!.lines,
      transporters: counts!.transporters,
      seconds: Number(seconds(ordersMs)),
      per_s: Math.round(ORDERS / (ordersMs / 1000)),
      chunk: CHUNK,
    },
    finish_seconds: Number(seconds(finishMs)),
  };
}

/** What the data looks like: statuses, TRP001's share, shipment types (printed once, kept in the JSON). */
async function describeData(db: Db) {
  const q = async <T>(sql: string) => (await db.raw<{ rows: T[] }>(sql)).rows;
  const [totals] = await q<{
    orders: number;
    lines: number;
    transporters: number;
    first: string;
    last: string;
  }>(
    `select (select count(*)::int from orders) as orders, (select count(*)::int from order_details) as lines,
            (select count(*)::int from order_transporters) as transporters,
            (select min(order_date)::text from orders) as first, (select max(order_date)::text from orders) as last`,
  );
  const statuses = await q<{ status: string; n: number }>(
    'select status, count(*)::int as n from orders group by status order by n desc',
  );
  const shipment = await q<{ shipment_type: string; n: number }>(
    'select shipment_type, count(*)::int as n from orders group by shipment_type order by n desc',
  );
  const [own] = await q<{ lead: number; own: number; carriers: number; companies: number; partners: number }>(
    `select count(*) filter (where transporter_code = 'TRP001')::int as lead,
            count(*) filter (where transporter_code = 'TRP001' or exists (
              select 1 from order_transporters t where t.order_id = o.id and t.transporter_code = 'TRP001'))::int as own,
            count(distinct transporter_code) filter (where not is_relation)::int as carriers,
            count(distinct company_code)::int as companies, count(distinct customer_vendor_code)::int as partners
       from orders o`,
  );
  const pct = (n: number) => `${((100 * n) / Math.max(1, totals!.orders)).toFixed(1)} %`;
  log(
    `data: ${totals!.orders} orders (${totals!.first}..${totals!.last}), ${totals!.lines} lines, ` +
      `${totals!.transporters} order transporters; ${own!.carriers} carriers, ${own!.companies} companies, ` +
      `${own!.partners} customers/vendors; TRP001 leads ${own!.lead} (${pct(own!.lead)}), its own ${own!.own} ` +
      `(${pct(own!.own)})`,
  );
  log(`  statuses: ${statuses.map((s) => `${s.status} ${pct(s.n)}`).join(', ')}`);
  log(`  shipment types: ${shipment.map((s) => `${s.shipment_type} ${pct(s.n)}`).join(', ')}`);
  return { ...totals!, ...own!, statuses, shipment };
}

// ---------------------------------------------------------------------------------------------------------------
// The measurements
// ---------------------------------------------------------------------------------------------------------------

/** `clients` node-postgres connections sending one statement again and again for `durationMs`. */
async function runSql(
  pool: pg.Pool,
  query: { sql: string; bindings: readonly unknown[] },
  clients: number,
  durationMs: number,
): Promise<ClientRun> {
  const latencies: number[] = [];
  let failures = 0;
  const begun = Date.now();
  const deadline = begun + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < deadline) {
          const started = process.hrtime.bigint();
          try {
            await client.query(query.sql, query.bindings as unknown[]);
          } catch {
            failures++;
          }
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { latencies, failures, durationMs: Date.now() - begun };
}

async function authUser(db: Db, username: string): Promise<AuthUser> {
  const user = (await db('users')
    .whereRaw('lower(username) = ?', [username])
    .first([...AUTH_USER_COLUMNS])) as AuthUser | undefined;
  if (!user) throw new Error(`bench: no user ${username}`);
  return user;
}

async function login(server: BenchServer, username: string): Promise<string> {
  const res = await server.request('POST', '/api/auth/login', {
    Username: username,
    Password: DEMO_PASSWORD,
  });
  const answer = JSON.parse(res.body) as { data?: { token?: string }; message?: string };
  if (res.status !== 200 || !answer.data?.token)
    throw new Error(`bench: login ${username} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return answer.data.token;
}

interface Scenario {
  /** DESIGN §6 / issue 17's scenario number (2b, 3b: a second case of it). */
  id: string;
  name: string;
  user: 'admin' | 'transporter';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  budget: number;
  /** The page query straight to PostgreSQL, or GET /api/util/version. */
  baseline: 'sql' | 'version';
  /** Compares the answer's counts with count(*) (scenario 5). */
  check?: (answer: unknown) => Promise<{ exact: boolean; text: string }>;
}

interface ScenarioResult {
  id: string;
  name: string;
  user: string;
  budget_p99_ms: number;
  total?: number;
  page_rows?: number;
  api: LatencySummary;
  baseline: { kind: string } & LatencySummary;
  /** The total's count query straight to PostgreSQL, where the API counts by query (not by the counters). */
  baseline_count?: LatencySummary;
  ratio_p50: number;
  ratio_p99: number;
  difference_p50_ms: number;
  within_budget: boolean;
  exact?: boolean;
  load_average: string;
}

/** The counts the app answers against count(*) over the tables. */
function countChecks(db: Db) {
  const rows = async <T>(sql: string) => (await db.raw<{ rows: T[] }>(sql)).rows;
  const own = `(o.transporter_code = 'TRP001' or exists (
                 select 1 from order_transporters t where t.order_id = o.id and t.transporter_code = 'TRP001'))`;
  const compare = (pairs: [string, number | null | undefined, number][]) => {
    const exact = pairs.every(([, got, truth]) => got === truth);
    const text = pairs
      .filter(([, got, truth]) => !exact || got !== truth || truth > 0)
      .map(([k, got, truth]) => (got === truth ? `${k} ${got}` : `${k} ${got} != ${truth}`))
      .join(', ');
    return { exact, text };
  };
  type Master = {
    data: {
      status: { code: string; count: number }[];
      transporter_status: { code: string; count: number | null }[];
    };
  };
  return {
    staffMaster: async (answer: unknown) => {
      const counted = await rows<{ k: string; n: number }>(
        'select status as k, count(*)::int as n from orders group by status',
      );
      const truth = (k: string) =>
        counted.filter((c) => k === 'ALL' || c.k === k).reduce((n, c) => n + c.n, 0);
      const { data } = answer as Master;
      const nulls = data.transporter_status.every((t) => t.count === null);
      const result = compare(data.status.map((s) => [s.code, s.count, truth(s.code)]));
      return {
        exact: result.exact && nulls,
        text: `${result.text}${nulls ? '' : '; answer tabs counted for staff'}`,
      };
    },
    transporterMaster: async (answer: unknown) => {
      const byStatus = await rows<{ k: string; n: number }>(
        `select status as k, count(*)::int as n from orders o where ${own} group by status`,
      );
      const byAnswer = await rows<{ k: string | null; n: number }>(
        `select dispatch_status as k, count(*)::int as n from orders o where ${own} group by dispatch_status`,
      );
      const truth = (list: { k: string | null; n: number }[], k: string) =>
        list.filter((c) => k === 'ALL' || c.k === k).reduce((n, c) => n + c.n, 0);
      const { data } = answer as Master;
      return compare([
        ...data.status.map((s): [string, number, number] => [s.code, s.count, truth(byStatus, s.code)]),
        ...data.transporter_status.map((s): [string, number | null, number] => [
          `answer ${s.code}`,
          s.count,
          truth(byAnswer, s.code),
        ]),
      ]);
    },
    dashboard: async (answer: unknown) => {
      const [t] = await rows<Record<string, number>>(
        `select count(*)::int as order_total,
                count(*) filter (where status in ('WAITING FOR APPROVAL', 'WAITING FOR ORDER APPROVAL',
                                                  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL'))::int
                  as order_waiting_approval,
                count(*) filter (where status = 'ASSIGNED TO TRANSPORTER')::int as order_assigned,
                count(*) filter (where status = 'CANCELLED')::int as order_cancelled,
                count(*) filter (where status = 'REJECTED')::int as order_rejected,
                count(*) filter (where status = 'COMPLETED')::int as order_completed,
                (select count(*)::int from sap_orders) as sap_order_total,
                (select count(*)::int from sap_orders where status = 'WAITING FOR APPROVAL')
                  as sap_order_waiting_approval,
                (select count(*)::int from sap_orders where status = 'APPROVED') as sap_order_approved,
                (select count(*)::int from shipments where status <> 'CANCELLED') as shipment_total
           from orders`,
      );
      const { data } = answer as { data: Record<string, number> };
      return compare(Object.entries(t!).map(([k, truth]) => [k, data[k], truth]));
    },
  };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const started = Date.now();
  log(`start: ${os.cpus().length} cores, node ${process.version}`);
  const bench = await createBenchDb(url, DB_NAME, { poolMax: 10, reuse: REUSE_DB });
  log(`database: ${bench.kind} ${bench.where}`);
  const { db } = bench;
  const pool = new pg.Pool({ connectionString: bench.url, max: CLIENTS });
  let server: BenchServer | undefined;
  try {
    let loaded: LoadFigures | undefined;
    if (!REUSE_DB) {
      loaded = await load(db);
    } else {
      await migrateLatest(db);
      log('REUSE_DB=1: the kept database as it is (migrated); no load');
    }
    const data = await describeData(db);

    // Filter values as a planner types them, taken from an order 30 % into the year so that they match at any
    // ORDERS (a search for an order of some months ago: its newest-first page is not among the first rows read):
    // the digits of its number without the last three (a thousand orders, and others containing those digits),
    // its SAP number without the last two digits (a hundred SAP documents of its weeks), the longest word of its
    // transporter's and of its customer's or vendor's names, and its Incoterm2 place. The broad variant: a digit
    // less of the number, the SAP number range (4 digits: one order type), 'pt' in both names, and the first
    // three letters of the place: tens of thousands of matches to count at a million orders.
    const [probe] = (
      await db.raw<{
        rows: {
          order_no: string;
          sap_no: string;
          transporter_name: string;
          customer_vendor_name: string;
          incoterm2: string;
        }[];
      }>(
        `select order_no, sap_no, transporter_name, customer_vendor_name, incoterm2 from orders
          where customer_vendor_name is not null and incoterm2 is not null and not is_relation
          order by id offset (select count(*) * 3 / 10 from orders) limit 1`,
      )
    ).rows;
    if (!probe) throw new Error('bench: no order to draw the filter values from');
    const longestWord = (name: string) =>
      name
        .toLowerCase()
        .split(/\s+/)
        .reduce((a, b) => (b.length > a.length ? b : a), '');
    const contains = (field: string, value: string) => ({ field, value, matchMode: 'contains' });
    const narrow = [
      contains('Order_No', probe.order_no.slice(3, -3)),
      contains('SAP_No', probe.sap_no.slice(0, -2)),
      contains('Transporter_Name', longestWord(probe.transporter_name)),
      contains('Customer_Vendor_Name', longestWord(probe.customer_vendor_name)),
      contains('Incoterm2', probe.incoterm2.toLowerCase()),
    ];
    const broad = [
      contains('Order_No', probe.order_no.slice(3, -4)),
      contains('SAP_No', probe.sap_no.slice(0, 4)),
      contains('Transporter_Name', 'pt'),
      contains('Customer_Vendor_Name', 'pt'),
      contains('Incoterm2', probe.incoterm2.toLowerCase().slice(0, 3)),
    ];
    const describe = (filters: { field: string; value: string }[]) =>
      filters.map((f) => `${f.field} ${f.value}`).join(', ');
    const list = (body: Record<string, unknown>) => ({
      start: 0,
      rows: 15,
      tab_status: 'ALL',
      sorts: [],
      filters: [],
      ...body,
    });
    const checks = countChecks(db);
    const every: Scenario[] = [
      {
        id: '1',
        name: 'list as admin, tab ALL, default order',
        user: 'admin',
        method: 'POST',
        path: '/api/order/list',
        body: list({}),
        budget: BUDGET.pageP99,
        baseline: 'sql',
      },
      {
        id: '2',
        name: 'list as admin, tab ALL, Order_Date desc',
        user: 'admin',
        method: 'POST',
        path: '/api/order/list',
        body: list({ sorts: [{ field: 'Order_Date', order: 'desc' }] }),
        budget: BUDGET.pageP99,
        baseline: 'sql',
      },
      {
        id: '2b',
        name: 'list as admin, tab ASSIGNED TO TRANSPORTER, Transporter_Name asc',
        user: 'admin',
        method: 'POST',
        path: '/api/order/list',
        body: list({
          tab_status: 'ASSIGNED TO TRANSPORTER',
          sorts: [{ field: 'Transporter_Name', order: 'asc' }],
        }),
        budget: BUDGET.pageP99,
        baseline: 'sql',
      },
      {
        id: '3',
        name: `list as admin, tab ALL, 5 contains filters (${describe(narrow)})`,
        user: 'admin',
        method: 'POST',
        path: '/api/order/list',
        body: list({ filters: narrow }),
        budget: BUDGET.containsP99,
        baseline: 'sql',
      },
      {
        id: '3b',
        name: `list as admin, tab ALL, 5 broad contains filters (${describe(broad)})`,
        user: 'admin',
        method: 'POST',
        path: '/api/order/list',
        body: list({ filters: broad }),
        budget: BUDGET.containsP99,
        baseline: 'sql',
      },
      {
        id: '4',
        name: 'list as transporter (TRP001), tab ALL, default order',
        user: 'transporter',
        method: 'POST',
        path: '/api/order/list',
        body: list({}),
        budget: BUDGET.pageP99,
        baseline: 'sql',
      },
      {
        id: '5',
        name: 'master_list as admin (tab counts)',
        user: 'admin',
        method: 'GET',
        path: '/api/order/master_list',
        budget: BUDGET.countsP99,
        baseline: 'version',
        check: checks.staffMaster,
      },
      {
        id: '5',
        name: 'master_list as transporter (TRP001, its own tab and answer counts)',
        user: 'transporter',
        method: 'GET',
        path: '/api/order/master_list',
        budget: BUDGET.countsP99,
        baseline: 'version',
        check: checks.transporterMaster,
      },
      {
        id: '5',
        name: 'dashboard/status_count as admin',
        user: 'admin',
        method: 'GET',
        path: '/api/dashboard/status_count',
        budget: BUDGET.countsP99,
        baseline: 'version',
        check: checks.dashboard,
      },
    ];
    const scenarios = every.filter((s) => !ONLY || s.id === ONLY || s.name.includes(ONLY));

    // The API, once the data is loaded, in a process of its own as deployed.
    server = await startServerProcess(bench.url, { embedded: bench.kind === 'embedded' });
    const api = server;
    const tokens = { admin: await login(api, 'admin'), transporter: await login(api, 'transporter') };
    const users = { admin: await authUser(db, 'admin'), transporter: await authUser(db, 'transporter') };

    let versionBaseline: LatencySummary | undefined;
    const measureVersion = async () => {
      const clients = { port: api.port, token: tokens.admin, clients: CLIENTS, method: 'GET' as const };
      await runClients({ ...clients, path: '/api/util/version', durationMs: WARMUP_S * 1000 });
      return summarise(
        await runClients({ ...clients, path: '/api/util/version', durationMs: DURATION_S * 1000 }),
      );
    };

    const results: ScenarioResult[] = [];
    let allExact = true;
    const measureSql = async (query: { sql: string; bindings: readonly unknown[] }) => {
      await runSql(pool, query, CLIENTS, WARMUP_S * 1000);
      return summarise(await runSql(pool, query, CLIENTS, DURATION_S * 1000));
    };
    const figures = (r: LatencySummary) =>
      `p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms, p99 ${r.p99_ms} ms, max ${r.max_ms} ms, ${r.requests} in ` +
      `${DURATION_S} s (${r.throughput_rps}/s), failures ${r.failures}`;
    for (const s of scenarios) {
      const token = tokens[s.user];
      const first = await api.request(s.method, s.path, s.body, { authorization: token });
      if (first.status !== 200) throw new Error(`${s.name}: ${first.status} ${first.body.slice(0, 300)}`);
      const answer = JSON.parse(first.body) as { data: unknown; totalRecords?: number };
      let exact: boolean | undefined;
      if (s.check) {
        const checked = await s.check(answer);
        exact = checked.exact;
        allExact &&= exact;
        log(`(${s.id}) ${s.name}: counts against count(*): ${checked.text} ${verdict(exact)}`);
      }
      const clients = {
        port: api.port,
        token,
        clients: CLIENTS,
        method: s.method,
        path: s.path,
        body: s.body,
      };
      await runClients({ ...clients, durationMs: WARMUP_S * 1000 });
      const measured = summarise(await runClients({ ...clients, durationMs: DURATION_S * 1000 }));
      const apiLoad = loadAverage();
      const within = measured.p99_ms <= s.budget && measured.failures === 0;
      const matched = answer.totalRecords === undefined ? '' : ` [${answer.totalRecords} match]`;
      log(
        `(${s.id}) ${s.name}${matched}: API, ${CLIENTS} clients: ${figures(measured)} ` +
          `(budget p99 ${s.budget} ms) ${verdict(within)}`,
      );

      let baseline: { kind: string } & LatencySummary;
      let baselineCount: LatencySummary | undefined;
      if (s.baseline === 'sql') {
        // The queries listOrders sends for this user, language and request, as the route parses its body.
        const { page, filtered, countedBy } = orderListQueries(
          db,
          users[s.user],
          'en',
          listRequestSchema.parse(s.body),
        );
        baseline = {
          kind: 'page query straight to PostgreSQL',
          ...(await measureSql(page.toSQL().toNative())),
        };
        // Unfiltered tabs are counted by the counters, anything else by the page query itself (its window count);
        // what a separate count of the same filters would cost is printed below it, for comparison.
        if (countedBy === 'page') {
          baselineCount = await measureSql(filtered.clone().count('* as n').toSQL().toNative());
        }
      } else {
        versionBaseline ??= await measureVersion();
        baseline = { kind: 'GET /api/util/version', ...versionBaseline };
      }
      const result: ScenarioResult = {
        id: s.id,
        name: s.name,
        user: s.user,
        budget_p99_ms: s.budget,
        total: answer.totalRecords,
        page_rows: Array.isArray(answer.data) ? answer.data.length : undefined,
        api: measured,
        baseline,
        baseline_count: baselineCount,
        ratio_p50: round2(measured.p50_ms / baseline.p50_ms),
        ratio_p99: round2(measured.p99_ms / baseline.p99_ms),
        difference_p50_ms: round2(measured.p50_ms - baseline.p50_ms),
        within_budget: within,
        exact,
        load_average: apiLoad,
      };
      results.push(result);
      log(
        `    baseline, ${baseline.kind}, ${CLIENTS} connections: ${figures(baseline)}; ` +
          `API/baseline p50 ${result.ratio_p50}x, p99 ${result.ratio_p99}x (API p50 ${measured.p50_ms} ms ` +
          `vs ${baseline.p50_ms} ms, p99 ${measured.p99_ms} ms vs ${baseline.p99_ms} ms)`,
      );
      if (baselineCount) {
        log(
          `    for comparison, a separate count of the same filters straight to PostgreSQL, ${CLIENTS} connections: ` +
            figures(baselineCount),
        );
      }
      if (measured.failures || baseline.failures || baselineCount?.failures) process.exitCode = 1;
    }
    if (!allExact) process.exitCode = 1;

    console.log(
      JSON.stringify(
        {
          benchmark: 'orders-list',
          database: bench.kind,
          cores: os.cpus().length,
          clients: CLIENTS,
          duration_s: DURATION_S,
          warmup_s: WARMUP_S,
          load: loaded,
          data,
          scenarios: results,
          counts_exact: allExact,
          all_within_budget: results.every((r) => r.within_budget),
          load_average_end: loadAverage(),
        },
        null,
        2,
      ),
    );
  } finally {
    await server?.close();
    await pool.end();
    await bench.destroy({ keep: KEEP_DB });
    log(`end after ${seconds(Date.now() - started)} s${KEEP_DB ? ` (kept ${bench.where})` : ''}`);
  }
}

if (!process.env.NO_MAIN)
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
