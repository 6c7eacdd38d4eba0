// The SAP order list (spec/2 §2.4): its master list (statuses, shipment types, tabs with exact counts) and one
// page of the list protocol with each row's lines and the flags that decide its buttons (spec/2 §6). The flags
// follow the same rules the routes enforce (editor.ts), so a button shown is an action the server accepts.
import type { AppDeps } from '../deps';
import { translate, type Language } from '../i18n';
import {
  applyListFilters,
  applyListSorts,
  isEmptyFilterValue,
  likePattern,
  listOrderSql,
  type ListRequest,
  type ListSpec,
} from '../list';
import type { AuthUser } from '../services/session';
import { sumOf, type CounterService } from '../services/counters';
import { isAuthorized } from '../services/plant-authorization';
import { isEditable } from './edit-scope';
import { linesJsonSql, shipmentTypeName, wireColumnsSql, type Row } from './fields';
import { columnOf, defaultFilter, entityField } from '../../db/resources/engine';
import { SAP_ORDER_STATUSES, SapOrder } from '../../db/resources/sap-order';
import { JsonText } from '../http';
import {
  SAP_ORDER_FILTER_INDEX_CODES,
  SAP_ORDER_GRAM_COLUMNS,
  SAP_ORDER_VALUE_COLUMNS,
} from '../../db/schema-contract';

/** DESIGN §4 "SAP order states": the list tabs, ALL first. */
export const SAP_ORDER_TABS = ['ALL', 'WAITING FOR APPROVAL', 'OUTSTANDING', 'ASSIGNED', 'REJECTED'] as const;

/** List columns that are expressions rather than a column of sap_orders. */
const COLUMN_SQL: Record<string, (lang: Language) => string> = {
  shipment_type_name: shipmentTypeName,
  // Flags filter as Y/N.
  has_order: () => `(case when s.has_order then 'Y' else 'N' end)`,
};

/** The columns of spec/2 §2.4 as the definition lists them, each sorting and filtering as its field says. */
function listSpec(lang: Language): ListSpec {
  const fields: ListSpec['fields'] = {};
  for (const name of SapOrder.list) {
    const field = entityField(SapOrder, name);
    fields[name] = {
      column: COLUMN_SQL[name]?.(lang) ?? `s.${columnOf(field)}`,
      sortable: field.sortable ?? true,
      filter: (field.filter ?? defaultFilter(field)) || undefined,
    };
  }
  // Document numbers: contains goes through the index of their grams (migration 012).
  for (const column of SAP_ORDER_GRAM_COLUMNS) {
    const name = SapOrder.list.find((n) => n.toLowerCase() === column)!;
    fields[name]!.indexSql = `tms_grams(s.${column}) @@ tms_grams_query(?)`;
  }
  const tabs: ListSpec['tabs'] = {};
  for (const tab of SAP_ORDER_TABS.slice(1)) tabs[tab] = (qb) => void qb.where('s.tab_status', tab);
  // Newest first; the id makes paging stable and is what the tab index (tab_status, id desc) serves.
  return { fields, tabs, defaultSort: [{ column: 's.id', order: 'desc' }] };
}

/** Built once per language. */
const LIST_SPECS: Record<Language, ListSpec> = { en: listSpec('en'), id: listSpec('id') };

/** The first codes of sap_orders_filter_idx (migration 011) that, pinned together, make it the way to the rows. */
const FILTER_INDEX_NARROWING = SAP_ORDER_FILTER_INDEX_CODES.slice(0, 3);
/**
 * From this length on, a document-number fragment goes through its gram index (012) even when the codes are
 * pinned: SAP numbers are ten digits, so a fragment of six names about a hundredth of the orders at most (10,029
 * of 536,441 for '008001' in the benchmark), fewer to read than the codes' range of the filter index; one of five
 * named a sixth of them (90,202 for '00800').
 */
const NUMBER_INDEX_MIN_LENGTH = 6;

/**
 * The spec for one request: a contains filter on a code column matches the codes found beforehand
 * (api/sap-orders/code-values.ts) instead of a subquery, so the planner knows them and checks them first. When
 * the company, plant and customer/vendor are all pinned so, sap_orders_filter_idx (migration 011) narrows the
 * search to their orders and checks the other filters on its own entries, and a document-number fragment shorter
 * than NUMBER_INDEX_MIN_LENGTH is checked there too instead of through its gram index, which would name every
 * order whose number matches, whatever its codes: in test/bench/sap-orders.ts, 90,202 orders for a five-digit
 * fragment against the 42,684 entries of the codes' range in the filter index. The choice is made here, on those
 * measured costs, rather than left to the planner's estimates.
 */
async function withCodeValues(deps: AppDeps, spec: ListSpec, req: ListRequest): Promise<ListSpec> {
  /** Per code column, the codes found for each pattern it is filtered by. */
  const found = new Map<string, Map<string, readonly string[]>>();
  const fields = { ...spec.fields };
  for (const f of req.filters) {
    const column = f.field.toLowerCase();
    const field = spec.fields[f.field];
    if (!field || !(SAP_ORDER_VALUE_COLUMNS as readonly string[]).includes(column)) continue;
    if (f.matchMode !== 'contains' && f.matchMode !== 'startsWith') continue;
    const value = f.value;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    if (isEmptyFilterValue(value)) continue;
    const pattern = likePattern(String(value), f.matchMode);
    const patterns = found.get(column) ?? new Map<string, readonly string[]>();
    patterns.set(pattern, await deps.sapOrderCodes.matching(column, pattern));
    found.set(column, patterns);
    fields[f.field] = { ...field, matchingValues: (p) => patterns.get(p) };
  }
  let numberSearch = false;
  for (const f of req.filters) {
    const field = fields[f.field];
    if (!field?.indexSql || isEmptyFilterValue(f.value)) continue;
    if (FILTER_INDEX_NARROWING.every((c) => found.has(c)) && String(f.value).length < NUMBER_INDEX_MIN_LENGTH)
      fields[f.field] = { ...field, indexSql: undefined };
    else numberSearch = true;
  }
  // Through the gram index, the codes are checked on the orders it names, as an expression no index serves:
  // the planner could otherwise add a bitmap of the filter index's whole range of those codes (42,684 entries
  // read to spare the checking of 10,029 orders, in the benchmark).
  if (numberSearch) {
    for (const f of req.filters) {
      const column = f.field.toLowerCase();
      const field = fields[f.field];
      if (field && found.has(column)) fields[f.field] = { ...field, column: `(${field.column} || '')` };
    }
  }
  return found.size ? { ...spec, fields } : spec;
}

/** has_order filters arrive as Y/N, true/false or yes/no; the column expression compares with Y/N. */
function normaliseFlags(req: ListRequest): ListRequest {
  return {
    ...req,
    filters: req.filters.map((f) => {
      if (f.field !== 'has_order' || isEmptyFilterValue(f.value)) return f;
      const v = typeof f.value === 'string' ? f.value.trim().toUpperCase() : f.value;
      const yes = v === true || v === 1 || v === 'Y' || v === 'TRUE' || v === 'YES' || v === '1';
      return { ...f, matchMode: 'equals' as const, value: yes ? 'Y' : 'N' };
    }),
  };
}

/**
 * Exact number of orders per tab: the tab counters the triggers keep (entity SAP_ORDER_TAB, db/migrations/006;
 * folded totals plus pending deltas, 002), all read in one snapshot without reading sap_orders
 * (api/services/counters.ts). ALL is the sum of the tabs.
 */
export async function tabCounts(counters: CounterService): Promise<Record<string, number>> {
  const rows = await counters.totals();
  const byTab: Record<string, number> = {};
  let all = 0;
  for (const tab of SAP_ORDER_TABS.slice(1)) {
    const n = sumOf(rows, 'SAP_ORDER_TAB', [tab]);
    byTab[tab] = n;
    all += n;
  }
  return { ALL: all, ...byTab };
}

export async function masterList(deps: AppDeps, lang: Language): Promise<Record<string, unknown>> {
  const [shipmentTypes, byTab] = await Promise.all([
    deps.lookups.values('SHIPMENT_TYPE'),
    tabCounts(deps.counters),
  ]);
  return {
    status: SAP_ORDER_STATUSES.map((code) => ({ code, text: translate(lang, `sapOrder.status.${code}`) })),
    shipment_type: shipmentTypes.map((v) => ({
      code: v.code,
      text: lang === 'id' ? (v.text_id ?? v.text_en) : v.text_en,
      category: v.info1,
    })),
    tab_status: SAP_ORDER_TABS.map((code) => ({
      code,
      text: translate(lang, `sapOrder.tabs.${code}`),
      count: byTab[code] ?? 0,
    })),
  };
}

export interface RowRights {
  view: boolean;
  edit: boolean;
  authorized: (company: string | null | undefined, plant: string | null | undefined) => boolean;
}

export async function rowRights(deps: AppDeps, user: AuthUser): Promise<RowRights> {
  const [flags, auth] = await Promise.all([
    deps.permissions.flags(user, 'SAPOrder'),
    deps.permissions.plants(user),
  ]);
  return {
    view: flags.View,
    edit: flags.Edit,
    authorized: (company, plant) => isAuthorized(auth, company, plant),
  };
}

/** The row flags of spec/2 §3 that the SAP order list uses. */
export function rowFlags(row: Row, rights: RowRights): Record<string, boolean> {
  const authorized = rights.authorized(row.Company_Code as string | null, row.Plant as string | null);
  return {
    can_edit: isEditable(row) && rights.edit && authorized,
    can_assign_transporter:
      row.Status === 'APPROVED' && Number(row.os_qty_total) > 0 && rights.edit && authorized,
    can_view_orders: row.has_order === true && rights.view,
  };
}

/** The page's JSON per language: every header field, the list's own columns, then (spliced in) flags and lines. */
const pageJsonSql = (lang: Language) =>
  `(select row_to_json(w) from (select ${wireColumnsSql(SapOrder.fields, 's')}, s.order_type as "order_type_name",
     ${shipmentTypeName(lang)} as "shipment_type_name", (s.qty_total)::float8 as "qty_total",
     (s.os_qty_total)::float8 as "os_qty_total") w)::text`;
const PAGE_JSON = { en: pageJsonSql('en'), id: pageJsonSql('id') };
const LINES_JSON = linesJsonSql('s.id');

/** Prepared page statements of this process, each prepared once per connection (see preparedPageName). */
const preparedPages = new Set<string>();
const PREPARED_PAGES_MAX = 100;

/**
 * A name for the page statement of an unfiltered page (a tab in the default order or sorted on one column):
 * the pages everyone opens first. node-postgres then prepares the statement once per connection and PostgreSQL
 * skips parsing and planning it on every later page (about half of the database's work for a page). Filtered
 * pages' searches are left unnamed (their shapes are many, and each name held on a connection keeps its plan
 * there); their rows are read by the one statement that reads a page by ids.
 */
function preparedPageName(lang: Language, tab: string, req: ListRequest): string | undefined {
  if (req.sorts.length > 1) return undefined;
  const sort = req.sorts[0];
  const name = `sap-order-page:${lang}:${tab}:${sort ? `${sort.field}:${sort.order}` : ''}`;
  if (!preparedPages.has(name)) {
    if (preparedPages.size >= PREPARED_PAGES_MAX) return undefined;
    preparedPages.add(name);
  }
  return name;
}

/** What a page row carries besides its JSON: the inputs of its flags (rowFlags). */
interface PageRow {
  Status: string;
  Type: string;
  Company_Code: string | null;
  Plant: string | null;
  has_order: boolean;
  os_qty_total: number;
  json: string;
  details: string;
}

/**
 * One page of the list and its total. PostgreSQL writes each row's JSON, its lines included, in the page's one
 * statement (the field lists are fixed strings, so little is built per request); the answer's data is those
 * texts with each row's flags spliced in, passed through without being parsed (JsonText).
 */
export async function listSapOrders(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  req: ListRequest,
): Promise<{ data: JsonText; totalRecords: number }> {
  const { db } = deps;
  const columns = [
    's.status as Status',
    's.type as Type',
    's.company_code as Company_Code',
    's.plant as Plant',
    's.has_order',
    db.raw('(s.os_qty_total)::float8 as os_qty_total'),
    db.raw(`${PAGE_JSON[lang]} as json`),
    db.raw(`${LINES_JSON} as details`),
  ];
  // The list protocol's filters and sorts (api/list.ts); without a filter the total is the tab's count from the
  // status counters (tabCounts) instead of a count over the table.
  const request = normaliseFlags(req);
  const spec = await withCodeValues(deps, LIST_SPECS[lang], request);
  const filtered = db('sap_orders as s');
  applyListFilters(filtered, request, spec);
  const unfiltered = request.filters.every((f) => isEmptyFilterValue(f.value));
  const tab = (request.tab_status ?? 'ALL').toUpperCase();
  const rightsOfUser = rowRights(deps, user);
  // Awaited below; a failed page must not leave it rejected with no one listening.
  rightsOfUser.catch(() => undefined);
  let rows: PageRow[];
  let totalRecords: number;
  if (unfiltered) {
    const page = filtered.clone().select(...columns);
    applyListSorts(page, request, spec);
    page.offset(request.start).limit(request.rows);
    const name = preparedPageName(lang, tab, request);
    if (name) page.options({ name });
    [rows, totalRecords] = await Promise.all([
      page as Promise<PageRow[]>,
      tabCounts(deps.counters).then((counts) => counts[tab] ?? 0),
    ]);
  } else {
    // With filters, the matching rows are found through their indexes (the filter index of the codes, migration
    // 011; the gram index of the document number, 012) and, in the same pass, counted and their ids sorted: one
    // aggregate, so the planner reads every match once whatever the page (a LIMIT would tempt it to walk the sort's
    // index until a page is full, through most of a million rows when the matches are old ones; measured with
    // test/bench/sap-orders.ts). The page's own rows are then read by id and written as JSON by a statement
    // prepared once per connection: planning the JSON of every column costs more than finding the rows.
    const [match] = (await filtered
      .clone()
      .select(
        db.raw('count(*) as total_records'),
        db.raw(`(array_agg(s.id order by ${listOrderSql(request, spec)}))[?:?] as ids`, [
          request.start + 1,
          request.start + request.rows,
        ]),
      )) as { total_records: number | string; ids: number[] | null }[];
    totalRecords = Number(match?.total_records ?? 0);
    const ids = match?.ids ?? [];
    rows = ids.length
      ? ((await db
          .select(...columns)
          .from(db.raw('unnest(?::int[]) with ordinality as m(id, n)', [ids]))
          .join('sap_orders as s', 's.id', 'm.id')
          .orderBy('m.n')
          .options({ name: `sap-order-page-by-ids:${lang}` })) as PageRow[])
      : [];
  }
  const rights = await rightsOfUser;
  const texts = rows.map((r) => {
    const flags = rowFlags(r as unknown as Row, rights);
    return (
      `${r.json.slice(0, -1)},"can_edit":${flags.can_edit},` +
      `"can_assign_transporter":${flags.can_assign_transporter},"can_view_orders":${flags.can_view_orders},` +
      `"Details":${r.details}}`
    );
  });
  return { data: new JsonText(`[${texts.join(',')}]`), totalRecords };
}
