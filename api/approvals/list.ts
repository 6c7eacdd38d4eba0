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
/** A SAP order's total, or what the order's lines hold. */
const QTY_TOTAL = `coalesce(s.qty_total, (select sum(d.qty) from order_details d where d.order_id = o.id))`;
/** What the order costs by the user's number of trips, over its transporters (several for a collective one). */
const FREIGHT_TOTAL_COST = `(select sum(coalesce(t.freight_total_cost_user_not, t.freight_total_cost))
  from order_transporters t where t.order_id = o.id)`;

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
  Sap_No: { column: 'o.sap_no', sortable: true, filter: 'contains' },
  Transporter_Code: { column: 'o.transporter_code', sortable: true, filter: 'contains' },
  Transporter_Name: { column: 'o.transporter_name', sortable: true, filter: 'contains' },
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

export async function listApprovals(
  db: Knex,
  user: AuthUser,
  req: ListRequest,
): Promise<{ rows: Record<string, unknown>[]; totalRecords: number }> {
  const base = waitingFor(db, user)
    .leftJoin('sap_orders as s', (join) => void join.on('s.id', '=', db.raw(SAP_ORDER_ID)))
    .leftJoin('orders as o', (join) => void join.on('o.id', '=', db.raw(ORDER_ID)))
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
      'o.transporter_code as Transporter_Code',
      'o.transporter_name as Transporter_Name',
      db.raw(`(${FREIGHT_TOTAL_COST})::float8 as ??`, ['Freight_Total_Cost']),
      'a.current_level as Level',
      'a.max_level as Max_Level',
      'a.created_by as Requested_By',
      'a.created_date as Requested_Date',
      'a.summary as Summary',
    );
  return runList<Record<string, unknown>>(base, req, listSpec());
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
