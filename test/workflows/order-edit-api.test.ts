// Edit order end to end (issue 17; spec/2 §2.2, §4 "Edit order panel", §5.1, §7): the real app on a real database
// with the master demo data, wired to a real Temporal dev server and worker as api/main.ts wires them. An order is
// assigned on the demo lane (PKS-SEI-ROKAN -> CUS-MNS-DUMAI) to its cheapest carrier and accepted; the Edit order
// panel's calls load it (order/{id}/edit, order/edit_merge_simulate), price the edited lines
// (util/refresh_freight_cost_order) and save (PUT order/edit): an edit within the approved freight is written at
// once; one that raises the cost waits WAITING FOR ORDER APPROVAL, is listed in the Approval screen and written once
// the approvers approve; the order's history and the SAP order's outstanding quantity follow; every §5.1 refusal
// answers its message and changes nothing.
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createOrderWorkflows } from '../../api/orders/workflows';
import { createWorker } from '../../workflows/worker';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { eventually } from '../support/approvals';
import { assignBody, importAssignable, type AssignableSapOrder } from '../support/order-assign';
import { startTestTemporal } from '../support/temporal';

jest.setTimeout(180_000);

let env: TestWorkflowEnvironment;
let t: TestApp;
let worker: Worker;
let running: Promise<void>;
const tokens: Record<string, string> = {};
const taskQueue = `order-edit-api-${randomUUID()}`;
let documents = 0;

beforeAll(async () => {
  env = await startTestTemporal();
  t = await createTestApp({ masterData: true });
  Object.assign(t.deps, { orderWorkflows: createOrderWorkflows(env.client, { taskQueue }) });
  worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    db: t.deps.db,
  });
  running = worker.run();
  for (const user of ['admin', 'logistic', 'supervisor', 'transporter'])
    tokens[user] = await loginAs(t, user);
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await t?.close();
});

const db = () => t.deps.db;
const send = (
  method: 'post' | 'put' | 'get',
  path: string,
  user: string,
  body?: unknown,
  language = 'en',
) => {
  const req = t.request()[method](path).set('Authorization', tokens[user]!).set('language', language);
  return body === undefined ? req : req.send(body as object);
};

interface Made {
  so: AssignableSapOrder;
  orderId: number;
  orderNo: string;
}

/** A fresh SO (lines of 25 and 26 TON) assigned to the lane's cheapest carrier (TRP003, no approval) taking 20 and 26, accepted. */
async function acceptedOrder(): Promise<Made> {
  const so = await importAssignable(db(), `00177${String(++documents).padStart(5, '0')}`);
  const body = await assignBody(db(), [so], { transporters: [{ transporter_code: 'TRP003' }] });
  (body.details as { Qty: number }[])[0]!.Qty = 20;
  const saved = await send('post', '/api/saporder/assign_transporter', 'logistic', body);
  expect(saved.status).toBe(200);
  const [order] = saved.body.data.orders as { Id: number; Order_No: string; Status: string }[];
  expect(order!.Status).toBe('ASSIGNED TO TRANSPORTER');
  const answered = await eventually(async () => {
    const res = await send('post', '/api/order/transporter_action', 'logistic', [
      { id: order!.Id, status: 'ACCEPTED' },
    ]);
    return res.body.data?.data?.[0]?.success ? res : undefined;
  });
  expect(answered.status).toBe(200);
  return { so, orderId: order!.Id, orderNo: order!.Order_No };
}

/** The panel's first load: the order's own lines and the rest of its SAP order, as order/edit_merge_simulate answers. */
async function simulate(made: Made) {
  const res = await send('post', '/api/order/edit_merge_simulate', 'logistic', {
    order_id: made.orderId,
    sap_no: [],
    is_first: true,
    is_edit: true,
  });
  expect(res.status).toBe(200);
  return res.body.data as {
    details: {
      Id: number;
      Order_Detail_Id: number | null;
      Qty: number;
      Order_Qty: number;
      Sap_Os_Qty: number;
      Max_Qty: number;
      include_merge: boolean;
      conversion_type: string | null;
    }[];
    sap_orders: { Id: number }[];
    error_message: string | null;
  };
}

/** PUT order/edit with the simulated lines at `qty` each and TRP003 at `cost` (absent: its rate). */
async function saveEdit(
  made: Made,
  qty: number[],
  options: { cost?: number; reason?: string } = {},
  user = 'logistic',
) {
  const { details } = await simulate(made);
  const view = await send('get', `/api/order/${made.orderId}/edit`, 'logistic');
  const header = view.body.data.header as Record<string, unknown>;
  return send('put', '/api/order/edit', user, {
    order_id: made.orderId,
    transporter_notes: 'Edited notes',
    details: details.map((d, i) => ({
      Id: d.Id,
      Order_Detail_Id: d.Order_Detail_Id,
      Qty: qty[i] ?? d.Qty,
      include_merge: (qty[i] ?? 0) > 0,
      conversion_type: d.conversion_type,
    })),
    transporter_model: {
      loading_destination_from_id: header.Loading_Destination_From_Id ?? header.loading_destination_from_id,
      loading_destination_to_id: header.Loading_Destination_To_Id ?? header.loading_destination_to_id,
      trip_type: 'ONE_WAY',
      transporters: [
        {
          transporter_code: 'TRP003',
          ...(options.cost !== undefined ? { freight_cost: options.cost } : {}),
          ...(options.reason ? { assign_reason: options.reason } : {}),
        },
      ],
    },
  });
}

async function orderState(made: Made) {
  const row = (await db()('orders')
    .where('id', made.orderId)
    .first('status', 'dispatch_status', 'transporter_notes')) as Record<string, string>;
  const lines = (await db()('order_details')
    .where('order_id', made.orderId)
    .orderBy('item_no')
    .select('qty')) as { qty: string }[];
  const sapOs = (await db()('sap_order_details')
    .whereIn(
      'id',
      made.so.lines.map((l) => l.Id),
    )
    .orderBy('item_no')
    .select('os_qty')) as { os_qty: string }[];
  const cost = (await db()('order_transporters').where('order_id', made.orderId).first('freight_cost')) as {
    freight_cost: string;
  };
  return {
    status: row.status,
    dispatch: row.dispatch_status,
    notes: row.transporter_notes,
    qty: lines.map((l) => Number(l.qty)),
    sapOs: sapOs.map((l) => Number(l.os_qty)),
    cost: Number(cost.freight_cost),
  };
}

test('given an accepted order taking 20 of 25 and 26 of 26, when the panel loads it, then its lines come with the order quantity, the SAP outstanding and the maximum (order + outstanding + tolerance); refresh prices the edited lines', async () => {
  const made = await acceptedOrder();
  const sim = await simulate(made);
  expect(sim.error_message).toBeNull();
  expect(sim.sap_orders.map((s) => s.Id)).toEqual([made.so.id]);
  expect(sim.details.map((d) => [d.Order_Qty, d.Sap_Os_Qty, d.Max_Qty, d.include_merge])).toEqual([
    [20, 5, 25, true],
    [26, 0, 26, true],
  ]);
  const refreshed = await send('post', '/api/util/refresh_freight_cost_order', 'logistic', {
    order_id: made.orderId,
    details: sim.details.map((d) => ({ Id: d.Id, Qty: d.Order_Qty + d.Sap_Os_Qty, include_merge: true })),
  });
  expect(refreshed.status).toBe(200);
  // 51 t at TRP003's 310 per KG rate basis on TANKER-25: three trucks.
  expect(refreshed.body.data).toMatchObject({
    transporter_code: 'TRP003',
    cost: 310,
    system_not: 3,
    total_kg: 51000,
  });
});

test('given an accepted order, when staff take the 5 left of its first line at the same carrier and rate, then the edit is written at once: ACCEPTED, 25 and 26, the SAP line fully held, the history says the change', async () => {
  const made = await acceptedOrder();
  const res = await saveEdit(made, [25, 26]);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    success: true,
    message: `Order ${made.orderNo} was saved.`,
    data: { orderNo: made.orderNo, status: 'ACCEPTED', needs_approval: false },
  });
  expect(await orderState(made)).toMatchObject({
    status: 'ACCEPTED',
    dispatch: 'ACCEPTED',
    notes: 'Edited notes',
    qty: [25, 26],
    sapOs: [0, 0],
  });
  const history = await send('get', `/api/order/view_history/${made.orderId}`, 'logistic');
  expect(history.body.data.at(-1)).toMatchObject({ Status_From: 'ACCEPTED', Status_To: 'ACCEPTED' });
  expect(String(history.body.data.at(-1).Remark)).toContain('20 → 25');
});

test('given an accepted order, when staff raise the cost above the suggested one with a reason, then it waits WAITING FOR ORDER APPROVAL unchanged, the supervisor approves it in the Approval screen, and it is ACCEPTED with the new cost', async () => {
  const made = await acceptedOrder();
  const noReason = await saveEdit(made, [20, 26], { cost: 400 });
  expect([noReason.status, noReason.body.message_code]).toEqual([422, 'REQUIRE_REASON']);
  expect((await orderState(made)).status).toBe('ACCEPTED');

  const reasons = (await db()('lookups')
    .where('lookup_group', 'ASSIGN_TRANSPORTER_REASON')
    .where((q) => void q.whereNull('lookup_info1').orWhereNot('lookup_info1', 'Y'))
    .first('lookup_code')) as { lookup_code: string };
  const res = await saveEdit(made, [20, 26], { cost: 400, reason: reasons.lookup_code });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    message: `Order ${made.orderNo} was saved; the change waits for approval.`,
    data: { status: 'WAITING FOR ORDER APPROVAL', needs_approval: true },
  });
  expect(await orderState(made)).toMatchObject({ status: 'WAITING FOR ORDER APPROVAL', cost: 310 });
  // The order is not editable while it waits; the flag says so.
  const again = await send('put', '/api/order/edit', 'logistic', {
    order_id: made.orderId,
    details: [{ Id: made.so.lines[0]!.Id, Qty: 20 }],
    transporter_model: { transporters: [{ transporter_code: 'TRP003' }] },
  });
  expect([again.status, again.body.message_code]).toEqual([422, 'NOT_ALLOWED']);
  expect(again.body.message).toBe(
    `Order ${made.orderNo} (WAITING FOR ORDER APPROVAL) can no longer be edited.`,
  );

  const waiting = await eventually(async () => {
    const list = await send('post', '/api/approval/list', 'supervisor', { rows: 100 });
    return (list.body.data as { Id: number; Document_No: string }[]).find(
      (r) => r.Document_No === made.orderNo,
    );
  });
  // The approver sees an edit, with its figures after it and what it changes (issue 27).
  expect(waiting).toMatchObject({ Request_Kind: 'EDIT', Changes: expect.stringContaining(' → ') });
  expect((waiting as { Freight_Cost?: number }).Freight_Cost).toBeGreaterThan(0);
  let approved = await send('post', '/api/approval/approve', 'supervisor', { ids: [waiting.Id] });
  expect(approved.status).toBe(200);
  // The demo matrix of company 1000 asks the administrator at level 2 for HIGHER.
  if ((await orderState(made)).status === 'WAITING FOR ORDER APPROVAL') {
    approved = await send('post', '/api/approval/approve', 'admin', { ids: [waiting.Id] });
    expect(approved.status).toBe(200);
  }
  expect(await orderState(made)).toMatchObject({ status: 'ACCEPTED', dispatch: 'ACCEPTED', cost: 400 });
});

test('given the §5.1 rules, when an edit breaks one, then it answers its message in English and Indonesian and nothing changes', async () => {
  const made = await acceptedOrder();
  const before = await orderState(made);
  const tooMuch = await saveEdit(made, [25.001, 26]);
  expect([tooMuch.status, tooMuch.body.message_code]).toEqual([422, 'QUANTITY_TOO_HIGH']);
  expect(tooMuch.body.message).toContain('25');
  const none = await saveEdit(made, [0, 0]);
  expect(none.status).toBe(400);
  const { details } = await simulate(made);
  const indonesian = await send(
    'put',
    '/api/order/edit',
    'logistic',
    {
      order_id: made.orderId,
      details: details.map((d) => ({
        Id: d.Id,
        Order_Detail_Id: d.Order_Detail_Id,
        Qty: d.Qty,
        include_merge: false,
      })),
      transporter_model: { transporters: [{ transporter_code: 'TRP003' }] },
    },
    'id',
  );
  expect(indonesian.status).toBe(400);
  expect(JSON.stringify(indonesian.body)).toContain('Detail memerlukan minimal satu baris.');
  // A transporter may not edit (staff only), not even its own order; another company's user gets nothing.
  const transporter = await saveEdit(made, [20, 26], {}, 'transporter');
  expect([403, 404]).toContain(transporter.status);
  expect(await orderState(made)).toEqual(before);
  expect(
    Number((await db()('order_edits').where('order_id', made.orderId).count({ n: '*' }).first())!.n),
  ).toBe(0);
});
