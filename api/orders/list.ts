// The order list (spec/1 §2 "Order list screen", §3, §6): its master list (statuses with their tabs' exact counts,
// shipment types, the transporter's answer tabs) and one page of the list protocol (api/list.ts) with every column
// of the definition (db/resources/order.ts Order.list), each row's Details and the row flags (flags.ts). The user's
// ownership (ownership.ts) is part of every query, so a transporter's or relation's page, totals and tab counts
// are of its own orders only.
//
// Tabs: staff's tabs are the statuses (`status`: ALL, then ORDER_STATUSES). A transporter's or relation's tabs are
// its answer (`transporter_status`: ALL, WAITING, ACCEPTED, REJECTED, AUTO REJECTED, the order's Dispatch_Status),
// so for them `tab_status` names one of those. A status and an answer may share a name (ACCEPTED, REJECTED), so
// which set a tab belongs to is the user's, never guessed from the name. The answers WAITING and ACCEPTED are
// the orders the transporter still has to answer or carry: a cancelled order left them (LIVE_ANSWERS), and its
// tabs and their counts agree on that. (The console sends an answer tab as a Dispatch_Status filter: read as the
// tab, answerTabOf.)
//
// What a row shows an outside party is audience.ts's whitelist, applied to the page's rows as they are completed.
import type { Knex } from 'knex';
import { BUSINESS_TIME_ZONE } from '../../db/business-time';
import { defaultFilter, entityField } from '../../db/resources/engine';
import { DISPATCH_STATUSES, ORDER_STATUSES, Order } from '../../db/resources/order';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { translate, type Language } from '../i18n';
import {
  applyListFilters,
  applyListSorts,
  isEmptyFilterValue,
  type ListRequest,
  type ListSpec,
} from '../list';
import { sumOf, type CounterRow } from '../services/counters';
import type { AuthUser } from '../services/session';
import type { Row } from '../sap-orders';
import { orderFlags, type FlagRow } from './flags';
import { orderParty, ownOrders } from './ownership';
import { orderViewer, OUTSIDE_UNSEARCHABLE, readsHeaderField, shapeHeader, shownUser } from './audience';
import { computedSql, flagActor, labelOrder, listHeaderSelect, orderLabels, readDetails } from './read';

/** The orders columns whose contains filter goes through tms_grams (orders_<column>_grams_idx). */
export const GRAM_COLUMNS = ['order_no', 'sap_no'] as const;
/** The list fields of those columns. */
const GRAM_FIELDS = Object.fromEntries(
  GRAM_COLUMNS.map((column) => [column, Order.list.find((n) => n.toLowerCase() === column)!]),
) as Record<(typeof GRAM_COLUMNS)[number], string>;

export const ORDER_TABS = ['ALL', ...ORDER_STATUSES] as const;
/** A transporter's or relation's tabs: its answer. */
export const ANSWER_TABS = ['ALL', ...DISPATCH_STATUSES] as const;

/** List columns that are expressions rather than a column of orders (or a computed name). */
const COLUMN_SQL: Record<string, string> = {
  // A flag filters as Y/N, as the SAP order list's has_order does.
  has_shipment: `(case when o.has_shipment then 'Y' else 'N' end)`,
  // Filtered by its code (the dropdown's values are the master list's shipment_type codes).
  shipment_type_name: 'o.shipment_type',
  // spec/1 §2: the delivery address, else the customer's or vendor's (filtered and exported as it reads).
  Delivery_Address: `coalesce(nullif(btrim(o.delivery_address), ''), o.customer_vendor_address)`,
};

/**
 * What the export writes where it differs from what the list filters and sorts by: a collective order's carriers
 * all by name (first assigned first), while the sort and the filter keep the indexed name of its first carrier.
 */
const EXPORT_SQL: Record<string, string> = {
  Transporter_Name: `coalesce((select string_agg(t.transporter_name, ', ' order by t.id)
                                 from order_transporters t where t.order_id = o.id), o.transporter_name)`,
};

/**
 * Completes the page's rows as the screen reads them: the delivery address falls back to the customer's or
 * vendor's (spec/1 §2), and a collective order names every carrier it is given to, not only the first.
 */
async function completeListRows(db: Knex, rows: Row[]): Promise<void> {
  const collective: number[] = [];
  for (const row of rows) {
    const delivery = typeof row.Delivery_Address === 'string' ? row.Delivery_Address.trim() : '';
    if (!delivery) row.Delivery_Address = row.Customer_Vendor_Address ?? null;
    if (Array.isArray(row.transporter_codes) && row.transporter_codes.length > 1)
      collective.push(row.Id as number);
  }
  if (!collective.length) return;
  const names = (await db('order_transporters')
    .whereIn('order_id', collective)
    .orderBy(['order_id', 'id'])
    .select('order_id', 'transporter_name', 'transporter_code')) as {
    order_id: number;
    transporter_name: string | null;
    transporter_code: string;
  }[];
  const byOrder = new Map<number, string[]>();
  for (const n of names) {
    let list = byOrder.get(n.order_id);
    if (!list) byOrder.set(n.order_id, (list = []));
    list.push(n.transporter_name || n.transporter_code);
  }
  for (const row of rows) {
    const all = byOrder.get(row.Id as number);
    if (all) row.Transporter_Name = all.join(', ');
  }
}

function listSpec(lang: Language): ListSpec {
  const computed = computedSql(lang);
  const fields: ListSpec['fields'] = {};
  for (const name of Order.list) {
    const field = entityField(Order, name);
    fields[name] = {
      column: COLUMN_SQL[name] ?? computed[name] ?? `o.${field.column ?? field.name.toLowerCase()}`,
      sortable: field.sortable ?? false,
      filter: (field.filter ?? defaultFilter(field)) || undefined,
    };
  }
  // Order and SAP numbers: contains goes through the index of their grams (migration 016's ORDER_GRAM_COLUMNS;
  // runtime code does not import a migration, and test/api/orders-list.test.ts holds the two together).
  for (const column of GRAM_COLUMNS) {
    const name = GRAM_FIELDS[column];
    fields[name]!.indexSql = `tms_grams(o.${column}) @@ tms_grams_query(?)`;
  }
  const tabs: ListSpec['tabs'] = {};
  for (const status of ORDER_STATUSES) tabs[status] = (qb) => void qb.where('o.status', status);
  // Newest first; the id makes paging stable.
  return { fields, tabs, defaultSort: [{ column: 'o.id', order: 'desc' }] };
}

/**
 * The answers a cancellation ends: a cancelled order is no longer waiting for its transporter's answer nor carried
 * by it, so it leaves these tabs (and their counts) and stays in ALL. A rejection stays the transporter's own, in
 * REJECTED or AUTO REJECTED, whatever became of the order after.
 */
export const LIVE_ANSWERS: readonly string[] = ['WAITING', 'ACCEPTED'];
const inAnswerTab = (answer: string, status: string) =>
  !(LIVE_ANSWERS.includes(answer) && status === 'CANCELLED');

/**
 * The same list with the answer tabs, for transporters and relations; the fields an outside party reads as another
 * value (audience.ts: staff usernames) neither filter nor sort, so they cannot be searched for.
 */
function answerSpec(spec: ListSpec): ListSpec {
  const tabs: ListSpec['tabs'] = {};
  for (const answer of DISPATCH_STATUSES) {
    tabs[answer] = LIVE_ANSWERS.includes(answer)
      ? (qb) => void qb.where('o.dispatch_status', answer).whereNot('o.status', 'CANCELLED')
      : (qb) => void qb.where('o.dispatch_status', answer);
  }
  const fields = Object.fromEntries(
    Object.entries(spec.fields).filter(([name]) => !OUTSIDE_UNSEARCHABLE.includes(name)),
  );
  return { ...spec, fields, tabs };
}

const LIST_SPECS: Record<Language, ListSpec> = { en: listSpec('en'), id: listSpec('id') };
const ANSWER_SPECS: Record<Language, ListSpec> = {
  en: answerSpec(LIST_SPECS.en),
  id: answerSpec(LIST_SPECS.id),
};

/** has_shipment filters arrive as Y/N, true/false or yes/no; the column expression compares with Y/N. */
function normaliseFlags(req: ListRequest): ListRequest {
  return {
    ...req,
    filters: req.filters.map((f) => {
      if (f.field !== 'has_shipment' || isEmptyFilterValue(f.value)) return f;
      const v = typeof f.value === 'string' ? f.value.trim().toUpperCase() : f.value;
      const yes = v === true || v === 1 || v === 'Y' || v === 'TRUE' || v === 'YES' || v === '1';
      return { ...f, matchMode: 'equals' as const, value: yes ? 'Y' : 'N' };
    }),
  };
}

/**
 * An outside party's answer tab as the console sends it: the ALL tab with an equals filter on Dispatch_Status naming
 * one answer. Read as that answer's tab, so the rows are the tab's (LIVE_ANSWERS) and are counted as the master
 * list counts them.
 */
function answerTabOf(req: ListRequest): ListRequest {
  if ((req.tab_status ?? 'ALL').toUpperCase() !== 'ALL') return req;
  const answers = req.filters.filter((f) => f.field === 'Dispatch_Status' && !isEmptyFilterValue(f.value));
  const answer = answers.length === 1 ? answers[0]!.value : undefined;
  if (typeof answer !== 'string' || !(DISPATCH_STATUSES as readonly string[]).includes(answer)) return req;
  if (answers[0]!.matchMode === 'in') return req;
  return { ...req, tab_status: answer, filters: req.filters.filter((f) => f.field !== 'Dispatch_Status') };
}

/** A list request as the user's list reads it (flags as Y/N; an outside party's answer tab). */
function normalised(req: ListRequest, user: AuthUser): ListRequest {
  const request = normaliseFlags(req);
  return orderParty(user).kind === 'internal' ? request : answerTabOf(request);
}

type TransporterCounts = { byStatus: Record<string, number>; byAnswer: Record<string, number> };
/** Every transporter's counts of one snapshot of the counters (totals() answers the same array until they change). */
const countsBySnapshot = new WeakMap<readonly CounterRow[], Map<string, TransporterCounts>>();

/**
 * A transporter's own orders counted by the status counters of entity ORDER_TRANSPORTER (migration 020): one per
 * transporter, status and answer (`<code>|<status>|<dispatch status>`), read from memory like staff's. One pass
 * over a snapshot counts every transporter's, kept with the snapshot.
 */
async function transporterCounts(deps: AppDeps, code: string): Promise<TransporterCounts> {
  const totals = await deps.counters.totals();
  let byCode = countsBySnapshot.get(totals);
  if (!byCode) {
    byCode = new Map();
    for (const row of totals) {
      if (row.entity !== 'ORDER_TRANSPORTER' || !row.total) continue;
      const [transporter, status, dispatch] = row.status.split('|');
      // An order without an answer was never put to the transporter (it is in internal approval, or was refused
      // or cancelled there): not its order (ownership.ts).
      if (!transporter || !status || !dispatch) continue;
      let counts = byCode.get(transporter);
      if (!counts) byCode.set(transporter, (counts = { byStatus: { ALL: 0 }, byAnswer: { ALL: 0 } }));
      counts.byStatus[status] = (counts.byStatus[status] ?? 0) + row.total;
      counts.byStatus.ALL! += row.total;
      if (inAnswerTab(dispatch, status))
        counts.byAnswer[dispatch] = (counts.byAnswer[dispatch] ?? 0) + row.total;
      counts.byAnswer.ALL! += row.total;
    }
    countsBySnapshot.set(totals, byCode);
  }
  const counts = byCode.get(code);
  // Callers read these; a copy keeps the snapshot's own unchanged.
  return counts
    ? { byStatus: { ...counts.byStatus }, byAnswer: { ...counts.byAnswer } }
    : { byStatus: { ALL: 0 }, byAnswer: { ALL: 0 } };
}

/**
 * Exact number of the user's orders per status tab (ALL first). Staff see every order: the status counters the
 * triggers keep (entity ORDER, migrations 001/002), without reading orders; a transporter its own, by the counters
 * of entity ORDER_TRANSPORTER (migration 020). A relation's own orders are counted by query, through the indexes of
 * their code and status (migration 016).
 */
export async function statusCounts(deps: AppDeps, user: AuthUser): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const party = orderParty(user);
  if (party.kind === 'internal') {
    const rows = await deps.counters.totals();
    for (const status of ORDER_STATUSES) counts[status] = sumOf(rows, 'ORDER', [status]);
    counts.ALL = sumOf(rows, 'ORDER');
    return counts;
  }
  if (party.kind === 'transporter') return (await transporterCounts(deps, party.code)).byStatus;
  const rows = (await ownOrders(deps.db('orders as o'), user)
    .groupBy('o.status')
    .select('o.status', deps.db.raw('count(*)::int as n'))) as { status: string; n: number }[];
  let all = 0;
  for (const r of rows) {
    counts[r.status] = r.n;
    all += r.n;
  }
  counts.ALL = all;
  return counts;
}

/**
 * The transporter's or relation's own orders by its answer (Dispatch_Status), ALL being all its orders; null for
 * staff, whose tabs these are not.
 */
async function answerCounts(deps: AppDeps, user: AuthUser): Promise<Record<string, number> | null> {
  const party = orderParty(user);
  if (party.kind === 'internal') return null;
  if (party.kind === 'transporter') return (await transporterCounts(deps, party.code)).byAnswer;
  const rows = (await ownOrders(deps.db('orders as o'), user)
    .groupBy('o.dispatch_status', 'o.status')
    .select('o.dispatch_status', 'o.status', deps.db.raw('count(*)::int as n'))) as {
    dispatch_status: string | null;
    status: string;
    n: number;
  }[];
  const counts: Record<string, number> = {};
  let all = 0;
  for (const r of rows) {
    all += r.n;
    if (r.dispatch_status && inAnswerTab(r.dispatch_status, r.status)) {
      counts[r.dispatch_status] = (counts[r.dispatch_status] ?? 0) + r.n;
    }
  }
  counts.ALL = all;
  return counts;
}

/** GET order/master_list. */
export async function masterList(deps: AppDeps, user: AuthUser, lang: Language): Promise<Row> {
  const [shipmentTypes, byStatus, byAnswer] = await Promise.all([
    deps.lookups.values('SHIPMENT_TYPE'),
    statusCounts(deps, user),
    answerCounts(deps, user),
  ]);
  return {
    status: ORDER_TABS.map((code) => ({
      code,
      text: translate(lang, `order.status.${code}`),
      count: byStatus[code] ?? 0,
    })),
    shipment_type: shipmentTypes.map((v) => ({
      code: v.code,
      text: lang === 'id' ? (v.text_id ?? v.text_en) : v.text_en,
      category: v.info1,
    })),
    transporter_status: ANSWER_TABS.map((code) => ({
      code,
      text: translate(lang, code === 'ALL' ? 'order.status.ALL' : `order.dispatch.${code}`),
      count: byAnswer ? (byAnswer[code] ?? 0) : null,
    })),
  };
}

/** The column of a page that counts its own total (orderListQueries' countedBy 'page'). */
const PAGE_TOTAL = '__total';

/** The length of the grams migration 016 indexes: a shorter value is looked up as a prefix of them. */
const GRAM_LENGTH = 6;

/**
 * The spec a request filters with, as to which gram indexes its contains filters go through. A value shorter than a
 * gram is a prefix match, which reads every gram starting with it: cheap when few do, slow when tens of thousands
 * of orders do (a SAP number's first digits name its document type). An order number is its order's own, so its
 * grams narrow more per character than a SAP number's, which the orders of one document share. So when both are
 * filtered, the SAP number goes through its index only when its value is a whole gram or longer (an exact,
 * selective lookup); otherwise its contains condition checks the rows the order number's index found (at a
 * million orders: 'Order_No 044' with 'SAP_No 0040' reads 14,000 rows in 6.5 ms instead of intersecting them with
 * 51,000 more in 17 ms).
 */
function gramIndexed(spec: ListSpec, request: ListRequest): ListSpec {
  const value = (name: string) => {
    const f = request.filters.find((x) => x.field === name && !isEmptyFilterValue(x.value));
    return typeof f?.value === 'string' ? f.value : undefined;
  };
  const orderNo = value(GRAM_FIELDS.order_no);
  const sapNo = value(GRAM_FIELDS.sap_no);
  if (orderNo === undefined || orderNo.length < 3 || sapNo === undefined || sapNo.length >= GRAM_LENGTH)
    return spec;
  const field = spec.fields[GRAM_FIELDS.sap_no]!;
  return { ...spec, fields: { ...spec.fields, [GRAM_FIELDS.sap_no]: { ...field, indexSql: undefined } } };
}

/**
 * The queries of one order list request: the user's orders with the tab and filters applied (`filtered`), and the
 * page of them with every column, sorted (`page`). Staff's and transporters' unfiltered tabs are counted by the
 * status counters (`countedBy` 'counters'); any other total is counted by the page query itself (`countedBy`
 * 'page'): it picks the page's ids with `count(*) over ()` beside them, so the filters are searched once rather than
 * once for the page and again for a count, and only the page's rows are read whole (a window over whole rows would
 * hold every match in memory). Exported for bench:orders-list, which sends the same page query straight to
 * PostgreSQL beside the API's answer.
 */
export function orderListQueries(db: Knex, user: AuthUser, lang: Language, req: ListRequest) {
  const request = normalised(req, user);
  const party = orderParty(user).kind;
  const internal = party === 'internal';
  const spec = (internal ? LIST_SPECS : ANSWER_SPECS)[lang];
  const filtered: Knex.QueryBuilder = ownOrders(db('orders as o'), user);
  applyListFilters(filtered, request, gramIndexed(spec, request));
  const unfiltered = request.filters.every((f) => isEmptyFilterValue(f.value));
  const countedBy: 'counters' | 'page' = unfiltered && party !== 'relation' ? 'counters' : 'page';
  let page: Knex.QueryBuilder;
  if (countedBy === 'counters') {
    page = filtered.clone().select(listHeaderSelect(db));
  } else {
    const ids = filtered.clone().select('o.id', db.raw('(count(*) over ())::int as total'));
    applyListSorts(ids, request, spec);
    ids.offset(request.start).limit(request.rows);
    page = db
      .from(ids.as('p'))
      .join('orders as o', 'o.id', 'p.id')
      .select(listHeaderSelect(db), db.raw(`p.total as "${PAGE_TOTAL}"`));
  }
  // Sorted (again, for the ids' page: a join keeps no order), and cut to the page where the ids were not.
  applyListSorts(page, request, spec);
  if (countedBy === 'counters') page.offset(request.start).limit(request.rows);
  return { request, internal, countedBy, filtered, page };
}

/** POST order/list: one page of the user's orders and their total. */
export async function listOrders(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  req: ListRequest,
): Promise<{ data: Row[]; totalRecords: number }> {
  const { db } = deps;
  const { request, internal, countedBy, filtered, page } = orderListQueries(db, user, lang, req);
  const tab = (request.tab_status ?? 'ALL').toUpperCase();
  // Staff's and transporters' unfiltered tabs are counted by the status counters; anything else by the page query.
  const counted: Promise<number | undefined> =
    countedBy === 'page'
      ? Promise.resolve(undefined)
      : internal
        ? statusCounts(deps, user).then((c) => c[tab] ?? 0)
        : answerCounts(deps, user).then((c) => c?.[tab] ?? 0);
  const [rows, counters, actor, labels] = await Promise.all([
    page as Promise<Row[]>,
    counted,
    flagActor(deps, user),
    orderLabels(db, lang),
  ]);
  let totalRecords = counters ?? 0;
  if (countedBy === 'page') {
    const first = rows[0]?.[PAGE_TOTAL];
    // A page past the last match has no row to carry the total: then it is counted on its own.
    totalRecords =
      typeof first === 'number'
        ? first
        : request.start > 0
          ? Number(((await filtered.clone().count('* as n')) as { n: number | string }[])[0]?.n ?? 0)
          : 0;
  }
  const [details] = await Promise.all([
    readDetails(db, rows as { Id: number; Show_Conversion_Type: unknown }[]),
    completeListRows(db, rows),
  ]);
  const viewer = orderViewer(user, lang);
  // The page's rows are this request's own: completed in place (a copy of each row of some sixty columns cost
  // more than the rest of the loop; deleting a key would make each row a slow dictionary for JSON).
  for (const row of rows) {
    if (countedBy === 'page') row[PAGE_TOTAL] = undefined;
    labelOrder(labels, row);
    Object.assign(row, orderFlags(row as unknown as FlagRow, actor));
    row.Details = details.get(row.Id as number) ?? [];
    shapeHeader(viewer, row);
  }
  return { data: rows, totalRecords };
}

/** Rows an order export may hold (as a master-data export): beyond that the user filters the list. */
const MAX_EXPORT_ROWS = 20_000;

function exportValue(lang: Language, name: string, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return JSON.stringify(value);
  if (name === 'Status') return translate(lang, `order.status.${value}`);
  if (name === 'Dispatch_Status') return translate(lang, `order.dispatch.${value}`);
  return value;
}

/**
 * POST order/export: the user's orders as the list shows them (the same tab, filters and sorts, ownership
 * included), every list column headed in the user's language, at most MAX_EXPORT_ROWS rows.
 */
export async function exportOrders(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  req: ListRequest,
): Promise<{ header: string[]; rows: (string | number | null)[][] }> {
  const { db } = deps;
  const request = normalised(req, user);
  const spec = (orderParty(user).kind === 'internal' ? LIST_SPECS : ANSWER_SPECS)[lang];
  const query: Knex.QueryBuilder = ownOrders(db('orders as o'), user);
  applyListFilters(query, request, gramIndexed(spec, request));
  applyListSorts(query, request, spec);
  const viewer = orderViewer(user, lang);
  const names = Order.list.filter((name) => readsHeaderField(viewer, name));
  // Dates as the screen shows them: days dd/mm/yyyy, times dd/mm/yyyy hh:mm on the company's clock.
  const shown = (name: string, column: string) => {
    const type = Order.fields.find((f) => f.name === name)?.type;
    if (type === 'date') return `to_char(${column}, 'DD/MM/YYYY')`;
    if (type === 'datetime')
      return `to_char(${column} at time zone '${BUSINESS_TIME_ZONE}', 'DD/MM/YYYY HH24:MI')`;
    return column;
  };
  // Every list column, those the user may not search (audience.ts) from the full list's fields.
  const columnOf = (name: string) => (spec.fields[name] ?? LIST_SPECS[lang].fields[name]!).column;
  query.select(
    names.map((name) => db.raw(`${shown(name, EXPORT_SQL[name] ?? columnOf(name))} as ??`, [name])),
  );
  const rows = (await query.limit(MAX_EXPORT_ROWS + 1)) as Row[];
  if (rows.length > MAX_EXPORT_ROWS) {
    throw new AppError(422, 'EXPORT_TOO_LARGE', 'import.exportTooLarge', { max: MAX_EXPORT_ROWS });
  }
  for (const row of rows) {
    // The list's columns are all an outside party's to read but the users, which it reads as audience.ts says.
    row.Created_By = shownUser(viewer, row.Created_By, row.Company_Name);
    row.Edited_By = shownUser(viewer, row.Edited_By, row.Company_Name);
  }
  return {
    header: names.map((name) => translate(lang, 'validation.fieldLabel', { field: `Order.${name}` })),
    rows: rows.map((row) => names.map((name) => exportValue(lang, name, row[name]))),
  };
}
