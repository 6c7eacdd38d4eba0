// The SAP order list (spec/2 §2.4): its master list (statuses, shipment types, tabs with exact counts) and one
// page of the list protocol with each row's lines and the flags that decide its buttons (spec/2 §6). The flags
// follow the same rules the routes enforce (editor.ts), so a button shown is an action the server accepts.
import type { Knex } from 'knex';
import type { AppDeps } from '../deps';
import { translate, type Language } from '../i18n';
import { applyListFilters, applyListSorts, type ListRequest, type ListSpec } from '../list';
import type { AuthUser } from '../services/session';
import { isAuthorized, plantAuthorization } from './authorization';
import { isEditable } from './edit-scope';
import { HEADER_FIELDS, shipmentTypeName, readLines, selectWire, type Row } from './fields';
import { lookupValues } from './order-types';

export const SAP_ORDER_STATUSES = ['WAITING FOR APPROVAL', 'APPROVED', 'REJECTED'] as const;
/** DESIGN §4 "SAP order states": the list tabs, ALL first. */
export const SAP_ORDER_TABS = ['ALL', 'WAITING FOR APPROVAL', 'OUTSTANDING', 'ASSIGNED', 'REJECTED'] as const;

/** The columns of spec/2 §2.4, each sortable and filterable (contains; dates dd/mm/yyyy; has_order Y/N). */
const TEXT_COLUMNS = [
  'Type',
  'Company_Code',
  'Delivery_Order_No',
  'Document_No',
  'Plant',
  'Product_Category',
  'Status',
  'Purchase_Organization',
  'Sales_Organization',
  'Customer_Vendor_Code',
  'Incoterm',
  'Incoterm2',
  'Estate',
  'Distribution',
  'PO_No',
  'Reference_Doc_No',
  'LN_SO_No',
  'Collective_LN',
  'Transporter',
  'Loading',
  'Destination',
  'Freight_Cost',
  'Freight_Cost_Per',
  'Freight_Cost_UOM',
  'Truck_Type',
  'Created_By',
  'Edited_By',
];
const DATE_COLUMNS = ['Document_Date', 'Valid_From', 'Valid_To', 'Created_Date', 'Edited_Date'];

function listSpec(lang: Language): ListSpec {
  const fields: ListSpec['fields'] = {};
  for (const name of TEXT_COLUMNS)
    fields[name] = { column: `s.${name.toLowerCase()}`, sortable: true, filter: 'contains' };
  for (const name of DATE_COLUMNS)
    fields[name] = { column: `s.${name.toLowerCase()}`, sortable: true, filter: 'date' };
  fields.order_type_name = { column: 's.order_type', sortable: true, filter: 'contains' };
  fields.shipment_type_name = { column: shipmentTypeName(lang), sortable: true, filter: 'contains' };
  fields.has_order = {
    column: `(case when s.has_order then 'Y' else 'N' end)`,
    sortable: true,
    filter: 'equals',
  };
  const tabs: ListSpec['tabs'] = {};
  for (const tab of SAP_ORDER_TABS.slice(1)) tabs[tab] = (qb) => void qb.where('s.tab_status', tab);
  // Newest first; the id makes paging stable and is what the tab index (tab_status, id desc) serves.
  return { fields, tabs, defaultSort: [{ column: 's.id', order: 'desc' }] };
}

/** has_order filters arrive as Y/N, true/false or yes/no; the column expression compares with Y/N. */
function normaliseFlags(req: ListRequest): ListRequest {
  return {
    ...req,
    filters: req.filters.map((f) => {
      if (f.field !== 'has_order' || f.value === null || f.value === undefined || f.value === '') return f;
      const v = typeof f.value === 'string' ? f.value.trim().toUpperCase() : f.value;
      const yes = v === true || v === 1 || v === 'Y' || v === 'TRUE' || v === 'YES' || v === '1';
      return { ...f, matchMode: 'equals' as const, value: yes ? 'Y' : 'N' };
    }),
  };
}

/**
 * Exact number of orders per tab: the tab counters the triggers keep (entity SAP_ORDER_TAB, db/migrations/006;
 * folded totals plus pending deltas, 002), read in one statement (one snapshot) without reading sap_orders. ALL
 * is the sum of the tabs.
 */
export async function tabCounts(db: Knex): Promise<Record<string, number>> {
  const counts = (
    await db.raw<{ rows: { status: string; n: number }[] }>(
      `select status, total::int as n from status_counter_totals where entity = 'SAP_ORDER_TAB'`,
    )
  ).rows;
  const byTab: Record<string, number> = {};
  let all = 0;
  for (const tab of SAP_ORDER_TABS.slice(1)) {
    const n = counts.find((c) => c.status === tab)?.n ?? 0;
    byTab[tab] = n;
    all += n;
  }
  return { ALL: all, ...byTab };
}

export async function masterList(db: Knex, lang: Language): Promise<Record<string, unknown>> {
  const [shipmentTypes, byTab] = await Promise.all([lookupValues(db, 'SHIPMENT_TYPE'), tabCounts(db)]);
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
    plantAuthorization(deps.db, user),
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

export async function listSapOrders(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  req: ListRequest,
): Promise<{ rows: Row[]; totalRecords: number }> {
  const { db } = deps;
  const columns = [
    ...selectWire(db, HEADER_FIELDS, 's'),
    db.raw('s.order_type as ??', ['order_type_name']),
    db.raw(`${shipmentTypeName(lang)} as ??`, ['shipment_type_name']),
    db.raw('(s.qty_total)::float8 as ??', ['qty_total']),
    db.raw('(s.os_qty_total)::float8 as ??', ['os_qty_total']),
  ];
  // The list protocol's filters and sorts (api/list.ts); without a filter the total is the tab's count from the
  // status counters (tabCounts) instead of a count over the table.
  const spec = listSpec(lang);
  const request = normaliseFlags(req);
  const filtered = db('sap_orders as s').select(...columns);
  applyListFilters(filtered, request, spec);
  const unfiltered = request.filters.every(
    (f) =>
      f.value === null ||
      f.value === undefined ||
      f.value === '' ||
      (Array.isArray(f.value) && !f.value.length),
  );
  // With filters, the page is sorted from the matching rows, read first through their indexes (the trigram
  // indexes of the contains filters, migration 006) in a subquery that `offset 0` keeps PostgreSQL from
  // flattening. Flattened, the planner expects the matches to be spread evenly and walks the sort's index (id,
  // Document_Date) until a page is full: through most of a million rows when they are old ones (measured with
  // test/bench/sap-orders.ts). This way a page costs about what the total's count costs.
  let page: Knex.QueryBuilder;
  if (unfiltered) {
    page = filtered.clone();
  } else {
    const matching = db('sap_orders as s').select('s.*');
    applyListFilters(matching, request, spec);
    page = db
      .queryBuilder()
      .select(...columns)
      .from(db.raw('(? offset 0) as s', [matching]));
  }
  applyListSorts(page, request, spec);
  page.offset(request.start).limit(request.rows);
  const tab = (request.tab_status ?? 'ALL').toUpperCase();
  const total = async (): Promise<number> => {
    if (unfiltered) return (await tabCounts(db))[tab] ?? 0;
    const [row] = (await filtered
      .clone()
      .clearSelect()
      .clearOrder()
      .count<{ n: number | string }[]>('* as n')) as {
      n: number | string;
    }[];
    return Number(row?.n ?? 0);
  };
  const [rows, totalRecords, rights] = await Promise.all([
    page as Promise<Row[]>,
    total(),
    rowRights(deps, user),
  ]);
  const lines = await readLines(
    db,
    rows.map((r) => r.Id as number),
  );
  return {
    rows: rows.map((r) => ({ ...r, ...rowFlags(r, rights), Details: lines.get(r.Id as number) ?? [] })),
    totalRecords,
  };
}
