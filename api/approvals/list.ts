// The Approval screen's list (spec/3 §2.3 /Approval/Index): every document waiting for the signed-in user at its
// current level, across transaction types, with what the approver needs to decide. The rows are the open
// `approvals` whose current level names the user in `approval_approvers`; each transaction type fills the same
// summary columns from its own tables (SAP orders: order type, document date, customer/vendor, plant, quantity;
// orders waiting for approval of their transporter assignment: order type, order date, customer/vendor, quantity,
// and the transporter, SAP numbers and freight cost the approver decides on). The workflows keep these tables
// (workflows/approvals/activities.ts, workflows/orders/activities.ts), so the list reads PostgreSQL only
// (DESIGN §2).
import type { Knex } from 'knex';
import { translate, type Language } from '../i18n';
import { runList, type ListRequest, type ListSpec } from '../list';
import { editSummaryNames, shownEditSummary } from '../orders';
import { lookupText } from '../sap-orders';
import type { AuthUser } from '../services/session';
import {
  APPROVAL_TRANSACTION_TYPES as TRANSACTION_TYPES,
  SAP_APPROVAL_TRANSACTION_TYPE,
} from '../../db/resources/approvals';

const ORDER_TRANSACTION_TYPE = 'ORDER' satisfies (typeof TRANSACTION_TYPES)[number];
/** The SAP order of a SAP_ORDER approval, and the order of an ORDER one; other kinds join theirs when they arrive. */
const SAP_ORDER_ID = `(case when a.transaction_type = '${SAP_APPROVAL_TRANSACTION_TYPE}' then a.document_id::int end)`;
const ORDER_ID = `(case when a.transaction_type = '${ORDER_TRANSACTION_TYPE}' then a.document_id::int end)`;
const CUSTOMER_VENDOR_CODE = 'coalesce(s.customer_vendor_code, o.customer_vendor_code)';
const CUSTOMER_VENDOR_NAME = `coalesce(
  o.customer_vendor_name,
  (select c.customer_name from customers c where c.customer_code = ${CUSTOMER_VENDOR_CODE}),
  (select v.vendor_name from vendors v where v.vendor_code = ${CUSTOMER_VENDOR_CODE}))`;
const ORDER_TYPE = 'coalesce(s.order_type, o.order_type_name)';
const DOCUMENT_DATE = 'coalesce(s.document_date, o.order_date)';
/**
 * A line's KG factor through MaterialConversion (DESIGN §4 "Quantities"): 1 for KG; else the factor of its material
 * and unit, of the conversion type given (the line's, else the warehouse's), or the default row when none is; a
 * company's own row before the group's. Null when there is none: the total is then not given rather than wrong.
 */
function factorSql(material: string, uom: string, type: string, company: string): string {
  return `(case when upper(${uom}) = 'KG' then 1 else (select mc.factor_kg from material_conversions mc
      where mc.is_active and lower(mc.material_code) = lower(${material}) and upper(mc.from_uom) = upper(${uom})
        and (mc.company_code is null or lower(mc.company_code) = lower(${company}))
        and (case when ${type} is null then mc.is_default else lower(mc.conversion_type) = lower(${type}) end)
      order by (mc.company_code is not null) desc, mc.is_default desc limit 1) end)`;
}
/** Σ qty × factor over lines (a subquery of `qty` and `factor`), or null when a line has no factor. */
const kgOf = (lines: string) =>
  `(select case when bool_and(f.factor is not null) then sum(f.qty * f.factor) end from (${lines}) f)`;
/** The quantities in each unit over lines (a subquery of `qty` and `uom`): [{uom, qty}], unit by unit. */
const byUomOf = (lines: string) =>
  `(select json_agg(json_build_object('uom', u.uom, 'qty', u.qty) order by u.uom)
      from (select upper(f.uom) as uom, sum(f.qty)::float8 as qty from (${lines}) f group by upper(f.uom)) u)`;

const SAP_LINES = `select l.qty, l.uom, ${factorSql(
  'l.material_code',
  'l.uom',
  'coalesce(l.conversion_type, w.conversion_type)',
  's.company_code',
)} as factor
  from sap_order_details l
  left join warehouses w on lower(w.warehouse_code) = lower(s.warehouse_code)
  where l.sap_order_id = s.id and not l.mark_deleted`;
/** An order's lines as they are: each was weighed when assigned (order_details.conversion). */
const ORDER_LINES = `select d.qty, d.uom, coalesce(d.conversion, case when upper(d.uom) = 'KG' then 1 end) as factor
  from order_details d where d.order_id = o.id`;
/** An order's lines as the edit that waits for approval leaves them (order_edits.changes.lines). */
const EDIT_LINES = `select (x->>'qty')::numeric as qty, x->>'uom' as uom,
    coalesce((x->>'conversion')::numeric, case when upper(x->>'uom') = 'KG' then 1 end) as factor
  from jsonb_array_elements(e.changes->'lines') x`;

/** What the approver decides on, in KG: a SAP order's lines, or the order's (as the edit leaves them, for one). */
const QTY_TOTAL = `(case when s.id is not null then ${kgOf(SAP_LINES)}
  when e.id is not null then ${kgOf(EDIT_LINES)} else ${kgOf(ORDER_LINES)} end)`;
const QTY_BY_UOM = `(case when s.id is not null then ${byUomOf(SAP_LINES)}
  when e.id is not null then ${byUomOf(EDIT_LINES)} else ${byUomOf(ORDER_LINES)} end)`;

/** The order's transporters now (order_transporters), and as the edit that waits for approval leaves them. */
const EDIT_TRANSPORTERS = `jsonb_array_elements(e.changes->'transporters')`;
const TOTAL_NOW = `(select sum(coalesce(t.freight_total_cost_user_not, t.freight_total_cost))
  from order_transporters t where t.order_id = o.id)`;
const TOTAL_EDITED = `(select sum(coalesce((x->>'freight_total_cost_user_not')::numeric,
    (x->>'freight_total_cost')::numeric)) from ${EDIT_TRANSPORTERS} x)`;
/** What the order costs by the user's number of trips, over its transporters (several for a collective one). */
const FREIGHT_TOTAL_COST = `(case when e.id is not null then ${TOTAL_EDITED} else ${TOTAL_NOW} end)`;
const NAMES_NOW = `(select string_agg(coalesce(t.transporter_name, t.transporter_code), ', ' order by t.id)
  from order_transporters t where t.order_id = o.id)`;
const NAMES_EDITED = `(select string_agg(coalesce(x->>'transporter_name', tr.transporter_name, x->>'transporter_code'), ', ')
  from ${EDIT_TRANSPORTERS} x left join transporters tr on tr.transporter_code = x->>'transporter_code')`;
const TRANSPORTER_NAME = `(case when e.id is not null then ${NAMES_EDITED}
  else coalesce(${NAMES_NOW}, o.transporter_name) end)`;
/** A value of the lead transporter entry (first assigned first) the approver decides on. */
const lead = (column: string) => `(case when e.id is not null then e.changes->'transporters'->0->>'${column}'
  else (select t.${column}::text from order_transporters t where t.order_id = o.id order by t.id limit 1) end)`;
/** Every freight criterion of the order's transporters (DESIGN §4: LOWER, HIGHER, DIFFERENT_NOT, EXCEED). */
const FREIGHT_CRITERIA = `(case when e.id is not null then
    (select string_agg(distinct x->>'freight_criteria', ', ') from ${EDIT_TRANSPORTERS} x)
  else (select string_agg(distinct t.freight_criteria, ', ') from order_transporters t where t.order_id = o.id) end)`;

/** Wire name → column, sort and filter (api/list.ts whitelist). */
const FIELDS: ListSpec['fields'] = {
  Id: { column: 'a.id', sortable: true, filter: 'equals' },
  Transaction_Type: { column: 'a.transaction_type', sortable: true, filter: 'in' },
  Document_No: { column: 'a.document_no', sortable: true, filter: 'contains' },
  Company_Code: { column: 'a.company_code', sortable: true, filter: 'contains' },
  Order_Type: { column: ORDER_TYPE, sortable: true, filter: 'contains' },
  Document_Date: { column: DOCUMENT_DATE, sortable: true, filter: 'date' },
  Customer_Vendor_Code: { column: CUSTOMER_VENDOR_CODE, sortable: true, filter: 'contains' },
  Customer_Vendor_Name: { column: CUSTOMER_VENDOR_NAME, sortable: true, filter: 'contains' },
  Plant: { column: 's.plant', sortable: true, filter: 'contains' },
  Qty_Total: { column: QTY_TOTAL, sortable: true },
  Request_Kind: {
    column: `(case when e.id is not null then 'EDIT' when o.id is not null then 'ASSIGN' end)`,
    sortable: true,
    filter: 'equals',
  },
  Freight_Criteria: { column: FREIGHT_CRITERIA, sortable: true, filter: 'equals' },
  Freight_Cost: { column: `(${lead('freight_cost')})::numeric`, sortable: true },
  Freight_Suggested: { column: `(${lead('freight_suggested')})::numeric`, sortable: true },
  Sap_No: { column: 'o.sap_no', sortable: true, filter: 'contains' },
  Transporter_Code: { column: 'o.transporter_code', sortable: true, filter: 'contains' },
  Transporter_Name: { column: TRANSPORTER_NAME, sortable: true, filter: 'contains' },
  Freight_Total_Cost: { column: FREIGHT_TOTAL_COST, sortable: true },
  Level: { column: 'a.current_level', sortable: true, filter: 'equals' },
  Max_Level: { column: 'a.max_level', sortable: true },
  Requested_By: { column: 'a.created_by', sortable: true, filter: 'contains' },
  Requested_Date: { column: 'a.created_date', sortable: true, filter: 'date' },
  Summary: { column: 'a.summary', sortable: true, filter: 'contains' },
};

function listSpec(): ListSpec {
  const tabs: ListSpec['tabs'] = {};
  for (const type of TRANSACTION_TYPES) tabs[type] = (qb) => void qb.where('a.transaction_type', type);
  // Oldest request first: who has waited longest is decided first; the id keeps paging stable.
  return {
    fields: FIELDS,
    tabs,
    defaultSort: [
      { column: 'a.created_date', order: 'asc' },
      { column: 'a.id', order: 'asc' },
    ],
  };
}

/** The open approvals whose current level the user approves. */
function waitingFor(db: Knex, user: AuthUser): Knex.QueryBuilder {
  return db('approvals as a')
    .where('a.status', 'WAITING FOR APPROVAL')
    .whereExists(
      db('approval_approvers as p')
        .whereRaw('p.approval_id = a.id and p.level = a.current_level')
        .whereRaw('lower(p.username) = lower(?)', [user.username])
        .select(db.raw('1')),
    );
}

/** The order's edit that waits for this approval (an order waits for one edit at a time, migration 019). */
const WAITING_EDIT = `(select pe.id from order_edits pe where pe.order_id = o.id
  and pe.status = 'WAITING FOR APPROVAL' and o.status = 'WAITING FOR ORDER APPROVAL' order by pe.id desc limit 1)`;

const qtyFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
const moneyFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const textOr = (value: unknown) => (typeof value === 'string' && value ? value : '-');

/** "12.5 TON + 750 KG": the quantities unit by unit, as the screens show numbers. */
function qtyByUom(value: unknown): string | null {
  if (!Array.isArray(value) || !value.length) return null;
  return (value as { uom: string; qty: number }[])
    .map((u) => `${qtyFormat.format(u.qty)} ${u.uom}`)
    .join(' + ');
}

/**
 * What an order edit changes, before → after, in the user's language: its own summary (lines, transporter, cost),
 * then the transporters, total freight cost and KG where they differ.
 */
function editChanges(lang: Language, row: Record<string, unknown>): string | null {
  if (row.Request_Kind !== 'EDIT') return null;
  const parts: string[] = [];
  const summary = shownEditSummary(lang, row.edit_summary);
  if (typeof summary === 'string' && summary) parts.push(summary);
  const named = editSummaryNames(row.edit_summary);
  const before = (key: string) => row[`${key}_before`];
  if (row.Transporter_Name !== before('transporter_name') && !named.transporter) {
    parts.push(
      translate(lang, 'approval.edit.transporter', {
        before: textOr(before('transporter_name')),
        after: textOr(row.Transporter_Name),
      }),
    );
  }
  const money = (v: unknown) => (typeof v === 'number' ? moneyFormat.format(v) : '-');
  if (row.Freight_Total_Cost !== before('freight_total_cost') && !named.cost) {
    parts.push(
      translate(lang, 'approval.edit.freightTotalCost', {
        before: money(before('freight_total_cost')),
        after: money(row.Freight_Total_Cost),
      }),
    );
  }
  const kg = (v: unknown) => (typeof v === 'number' ? qtyFormat.format(v) : '-');
  if (row.Qty_Total !== before('qty_total')) {
    parts.push(
      translate(lang, 'approval.edit.qtyKg', { before: kg(before('qty_total')), after: kg(row.Qty_Total) }),
    );
  }
  return parts.join('; ') || null;
}

export async function listApprovals(
  db: Knex,
  user: AuthUser,
  req: ListRequest,
  lang: Language = 'en',
): Promise<{ rows: Record<string, unknown>[]; totalRecords: number }> {
  const base = waitingFor(db, user)
    .leftJoin('sap_orders as s', (join) => void join.on('s.id', '=', db.raw(SAP_ORDER_ID)))
    .leftJoin('orders as o', (join) => void join.on('o.id', '=', db.raw(ORDER_ID)))
    .leftJoin('order_edits as e', (join) => void join.on('e.id', '=', db.raw(WAITING_EDIT)))
    .select(
      'a.id as Id',
      'a.transaction_type as Transaction_Type',
      'a.document_id as Document_Id',
      'a.document_no as Document_No',
      'a.company_code as Company_Code',
      db.raw(`${ORDER_TYPE} as ??`, ['Order_Type']),
      db.raw(`to_char(${DOCUMENT_DATE}, 'YYYY-MM-DD') as ??`, ['Document_Date']),
      db.raw(`${CUSTOMER_VENDOR_CODE} as ??`, ['Customer_Vendor_Code']),
      db.raw(`${CUSTOMER_VENDOR_NAME} as ??`, ['Customer_Vendor_Name']),
      's.plant as Plant',
      db.raw(`(${QTY_TOTAL})::float8 as ??`, ['Qty_Total']),
      'o.sap_no as Sap_No',
      db.raw(`${QTY_BY_UOM} as ??`, ['qty_by_uom']),
      db.raw(`${FIELDS.Request_Kind!.column} as ??`, ['Request_Kind']),
      db.raw(`(case when e.id is not null then e.transporter_code else o.transporter_code end) as ??`, [
        'Transporter_Code',
      ]),
      db.raw(`${TRANSPORTER_NAME} as ??`, ['Transporter_Name']),
      db.raw(`(${FREIGHT_TOTAL_COST})::float8 as ??`, ['Freight_Total_Cost']),
      db.raw(`${FREIGHT_CRITERIA} as ??`, ['Freight_Criteria']),
      db.raw(`(${lead('freight_cost')})::float8 as ??`, ['Freight_Cost']),
      db.raw(`(${lead('freight_suggested')})::float8 as ??`, ['Freight_Suggested']),
      db.raw(`${lead('freight_uom')} as ??`, ['Freight_Cost_UOM']),
      db.raw(
        `(select coalesce(${lookupText('lk', lang)}, r.code) || coalesce(': ' || nullif(btrim(r.others), ''), '')
            from (select ${lead('assign_reason')} as code, ${lead('assign_reason_others')} as others) r
            left join lookups lk on lk.lookup_group = 'ASSIGN_TRANSPORTER_REASON' and lk.lookup_code = r.code
           where r.code is not null) as ??`,
        ['Assign_Reason'],
      ),
      // An edit's figures before it: the order as it is now.
      'e.remark as edit_summary',
      db.raw(`coalesce(${NAMES_NOW}, o.transporter_name) as ??`, ['transporter_name_before']),
      db.raw(`(${TOTAL_NOW})::float8 as ??`, ['freight_total_cost_before']),
      db.raw(`(${kgOf(ORDER_LINES)})::float8 as ??`, ['qty_total_before']),
      'a.current_level as Level',
      'a.max_level as Max_Level',
      'a.created_by as Requested_By',
      'a.created_date as Requested_Date',
      'a.summary as Summary',
    );
  const answer = await runList<Record<string, unknown>>(base, req, listSpec());
  return {
    totalRecords: answer.totalRecords,
    rows: answer.rows.map((row) => {
      const {
        qty_by_uom: byUom,
        edit_summary: _summary,
        transporter_name_before: _name,
        freight_total_cost_before: _total,
        qty_total_before: _qty,
        ...shown
      } = row;
      return { ...shown, Qty_By_UOM: qtyByUom(byUom), Changes: editChanges(lang, row) };
    }),
  };
}

/** The tabs of the Approval screen: ALL first, then every transaction type, each with what waits for the user. */
export async function approvalTabs(
  db: Knex,
  user: AuthUser,
  lang: Language,
): Promise<{ code: string; text: string; count: number }[]> {
  const counts = (await waitingFor(db, user)
    .groupBy('a.transaction_type')
    .select('a.transaction_type', db.raw('count(*)::int as n'))) as { transaction_type: string; n: number }[];
  const of = (type: string) => counts.find((c) => c.transaction_type === type)?.n ?? 0;
  return [
    {
      code: 'ALL',
      text: translate(lang, 'approval.tabs.ALL'),
      count: counts.reduce((sum, c) => sum + c.n, 0),
    },
    ...TRANSACTION_TYPES.map((code) => ({
      code,
      text: translate(lang, `approval.transactionTypes.${code}`),
      count: of(code),
    })),
  ];
}
