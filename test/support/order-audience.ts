// Orders seeded with what an outside party must never read (issue 27 items 3 and 9), and a request for every order
// endpoint (api/orders/routes.ts orderRoutes, and the Edit order panel's pricing of an order) as an outside party
// would send it, for the access and hostile-input suites: a collective order led by TRP002 with TRP001 beside it, priced with values that appear nowhere else (the
// lead's rate and cost, the suggested rate of the lane, freight master and SAP cost codes, an assign reason),
// created and edited by staff, with approvers; a relation order of CUS001 priced the same way; an order of TRP001 the
// approvers still decide on; an order of TRP002 alone. `leaks` names every secret found in an answer.
import type { Db } from '../../db/connection';
import type { RouteDef } from '../../api/http';
import { orderAssignRoutes } from '../../api/orders/assign-routes';
import { orderRoutes } from '../../api/orders/routes';
import { importErpDocuments } from '../../api/erp/import';
import { insertOrder, type SeededOrder } from './orders';
import { sapDocument } from './sap-orders';

/** Values that appear in no answer an outside party gets. */
export const SECRETS = {
  leadRate: 987.65,
  leadTotal: 9_876_543,
  suggested: 765.43,
  leadMaster: 'FRT-SECRET-LEAD',
  ownMaster: 'FRT-SECRET-OWN',
  zfrcost: 'ZF-SECRET',
  reason: 'SECRET-REASON',
} as const;

export interface OutsideOrders {
  /** Collective: TRP002 leads (the secrets), TRP001 carries beside it at its own rate. */
  collective: SeededOrder;
  /** Relation order of CUS001, priced with the same secrets around its own rate. */
  relation: SeededOrder;
  /** TRP001's, still with the approvers. */
  approval: SeededOrder;
  /** TRP002's alone. */
  other: SeededOrder;
  /** sap_orders.id and document number of the collective order's SAP order. */
  sapOrderId: number;
  documentNo: string;
}

const doc = (n: number) => `00700000${String(n).padStart(2, '0')}`;

export async function seedOutsideOrders(db: Db): Promise<OutsideOrders> {
  await importErpDocuments(
    db,
    [1, 2, 3, 4].map((n) =>
      sapDocument(doc(n), { header: { Customer_Vendor_Code: n === 2 ? 'CUS001' : 'CUS002' } }),
    ),
    { source: 'sandbox', user: 'test' },
  );
  const staff = { created_by: 'logistic', edited_by: 'supervisor', edited_date: new Date() };
  const approvers = (orderNo: string, code: string) => ({
    workflow_input: {
      orderNo,
      approvalLevels: 1,
      autoRejectMs: 86_400_000,
      transporterCode: code,
      approvers: [{ username: 'supervisor', level: 1 }],
    },
  });
  const collective = await insertOrder(db, {
    sapDocuments: [doc(1)],
    orderNo: 'ORD-AX-COL',
    transporterCode: 'TRP002',
    moreTransporters: ['TRP001'],
    status: 'WAITING FOR ORDER APPROVAL',
    dispatchStatus: 'ACCEPTED',
    columns: { ...staff, ...approvers('ORD-AX-COL', 'TRP002') },
  });
  const relation = await insertOrder(db, {
    sapDocuments: [doc(2)],
    orderNo: 'ORD-AX-REL',
    relation: true,
    columns: staff,
  });
  const approval = await insertOrder(db, {
    sapDocuments: [doc(3)],
    orderNo: 'ORD-AX-APR',
    status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    columns: { ...staff, ...approvers('ORD-AX-APR', 'TRP001') },
  });
  const other = await insertOrder(db, {
    sapDocuments: [doc(4)],
    orderNo: 'ORD-AX-OTH',
    transporterCode: 'TRP002',
    columns: staff,
  });
  const secret = {
    freight_suggested: SECRETS.suggested,
    freight_master: SECRETS.ownMaster,
    zfrcost_no: SECRETS.zfrcost,
    freight_criteria: 'HIGHER',
    assign_reason: 'OTHERS',
    assign_reason_others: SECRETS.reason,
  };
  await db('order_transporters')
    .where('transporter_code', 'TRP002')
    .update({
      ...secret,
      freight_cost: SECRETS.leadRate,
      freight_total_cost: SECRETS.leadTotal,
      freight_total_cost_user_not: SECRETS.leadTotal,
      freight_master: SECRETS.leadMaster,
    });
  await db('order_transporters').whereIn('transporter_code', ['TRP001', 'CUS001']).update(secret);
  for (const [i, [change, remark, by]] of [
    ['assign', 'Assigned to TRP002', 'logistic'],
    ['approve', `Level 1 approved: ${SECRETS.reason}`, 'supervisor'],
    ['edit-request', `TRP002 → TRP001; ${SECRETS.leadTotal} → 1`, 'logistic'],
  ].entries()) {
    await db('order_histories').insert({
      order_id: collective.id,
      status_from: 'ACCEPTED',
      status_to: 'ACCEPTED',
      remark,
      created_by: by,
      created_date: new Date(),
      idempotency_key: `order:ORD-AX-COL/${change}/${i + 10}`,
    });
  }
  const sap = (await db('sap_orders').where('document_no', doc(1)).first('id')) as { id: number };
  return { collective, relation, approval, other, sapOrderId: sap.id, documentNo: doc(1) };
}

/** The secrets found in an answer's text (JSON or a file), by name. */
export function leaks(text: string): string[] {
  const found: string[] = [];
  const check = (name: string, pattern: RegExp) => {
    if (pattern.test(text)) found.push(name);
  };
  check('the lead carrier’s rate', /987\.65/);
  check('the lead carrier’s cost', /9876543|9,876,543|9\.876\.543/);
  check('the suggested rate', /765\.43/);
  check('a freight master code', /FRT-SECRET/);
  check('a SAP freight cost code', /ZF-SECRET/);
  check('the assign reason', /SECRET-REASON/);
  check('a staff username', /\b(logistic|supervisor)\b/);
  check('the Temporal UI link', /namespaces\//);
  check('the workflow id', /order:ORD-/);
  check('the order in internal approval', /ORD-AX-APR/);
  check('another transporter’s order', /ORD-AX-OTH/);
  return found;
}

/** A request to an order endpoint: its path filled in, and its body. */
export interface OrderRequest {
  method: 'get' | 'post' | 'put';
  path: string;
  body?: unknown;
}

/** What an order endpoint is sent about an order (`id`: orders.id) by an outside party. */
type Build = (o: { id: number; sapOrderId: number; documentNo: string }) => OrderRequest[];

const ASSIGN_MODEL = {
  charge_oa_company: '1000',
  loading_destination_from_id: 1,
  loading_destination_to_id: 2,
  shipment_type: 'INDIVIDUAL_TRUCK',
  freight_date: '20/11/2026',
  stuffing_date: ['21/11/2026', '22/11/2026'],
  trip_type: 'ONE_WAY',
  transporters: [{ transporter_code: 'TRP001', freight_cost: 1, user_not: 1 }],
  details: [{ Id: 1, Qty: 1, include_merge: true }],
};

/**
 * Every order endpoint's requests about one order, by `method path` as the route table declares them. A route
 * without an entry fails the suites that use it: a new order endpoint needs one.
 */
export const ORDER_ENDPOINT_REQUESTS: Record<string, Build> = {
  'get /order/master_list': () => [{ method: 'get', path: '/order/master_list' }],
  'post /order/list': () => [{ method: 'post', path: '/order/list', body: { rows: 100 } }],
  // CSV: its text is what `leaks` reads (an xlsx file's is compressed; the two are the same rows).
  'post /order/export': () => [{ method: 'post', path: '/order/export', body: { format: 'csv' } }],
  'get /order/view_history/:id': ({ id }) => [{ method: 'get', path: `/order/view_history/${id}` }],
  'get /order/process/:id': ({ id }) => [{ method: 'get', path: `/order/process/${id}` }],
  'post /order/transporter_action': ({ id }) => [
    { method: 'post', path: '/order/transporter_action', body: [{ id, status: 'ACCEPTED' }] },
    { method: 'post', path: '/order/transporter_action', body: [{ id, status: 'REJECTED', reason: 'x' }] },
  ],
  'put /order/edit_assign_transporter': ({ id }) => [
    { method: 'put', path: '/order/edit_assign_transporter', body: { id, edited_order: ASSIGN_MODEL } },
  ],
  'post /order/edit_merge_simulate': ({ id }) => [
    { method: 'post', path: '/order/edit_merge_simulate', body: { order_id: id, is_first: true } },
  ],
  'post /order/sync_do_sap': ({ id }) => [
    { method: 'post', path: '/order/sync_do_sap', body: { order_id: id } },
  ],
  'put /order/edit': ({ id }) => [
    {
      method: 'put',
      path: '/order/edit',
      body: {
        order_id: id,
        details: [{ Id: 1, Order_Detail_Id: 1, Qty: 1, include_merge: true }],
        transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'TRP001' }] },
      },
    },
  ],
  'put /order/cancel': ({ id }) => [{ method: 'put', path: '/order/cancel', body: { id, reason: 'x' } }],
  'put /order/mark_complete/:id': ({ id }) => [{ method: 'put', path: `/order/mark_complete/${id}` }],
  'put /order/unmark_complete/:id': ({ id }) => [{ method: 'put', path: `/order/unmark_complete/${id}` }],
  'put /order/change_stuffing_date': ({ id }) => [
    {
      method: 'put',
      path: '/order/change_stuffing_date',
      body: { order_id: id, stuffing_date_from: '2026-10-21', stuffing_date_to: '2026-10-22' },
    },
  ],
  'put /order/reassign_do': ({ id }) => [
    { method: 'put', path: '/order/reassign_do', body: { order_id: id, details: [{ Id: 1, Qty: 1 }] } },
  ],
  'get /order/:id/:mode': ({ id }) => [
    { method: 'get', path: `/order/${id}/view` },
    { method: 'get', path: `/order/${id}/edit` },
  ],
  'get /saporder/orders/:id': ({ sapOrderId }) => [{ method: 'get', path: `/saporder/orders/${sapOrderId}` }],
  'get /saporder/do_transporters/:ref': ({ documentNo }) => [
    { method: 'get', path: `/saporder/do_transporters/${documentNo}` },
  ],
  // The lead carrier's price for the order's lines.
  'post /util/refresh_freight_cost_order': ({ id }) => [
    {
      method: 'post',
      path: '/util/refresh_freight_cost_order',
      body: { order_id: id, transporter_code: 'TRP002' },
    },
  ],
};

/** Every order endpoint: the order routes, and the Edit order panel's pricing of an order (it reads one by id). */
export const ORDER_ENDPOINTS: RouteDef[] = [
  ...orderRoutes,
  ...orderAssignRoutes.filter((r) => r.path === '/util/refresh_freight_cost_order'),
];

/** The requests of a route, or an error naming the route that has none. */
export function requestsOf(route: RouteDef, o: Parameters<Build>[0]): OrderRequest[] {
  const build = ORDER_ENDPOINT_REQUESTS[`${route.method} ${route.path}`];
  if (!build) throw new Error(`no outside-party request for ${route.method} ${route.path}: add one`);
  return build(o);
}

/** Whether a route only reads (its answer to the order's own party is 200). */
export const READ_ROUTES = new Set([
  'get /order/master_list',
  'post /order/list',
  'post /order/export',
  'get /order/view_history/:id',
  'get /order/process/:id',
  'get /order/:id/:mode',
]);
