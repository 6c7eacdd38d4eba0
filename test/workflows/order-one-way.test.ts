// One way to change an order (DESIGN §2 "One way to change state"): the API checks, sends the Update (with the
// rows it made, or the id of a request row; the order's creation starts its workflow with the rows and the createOrder Update)
// and writes nothing of the order itself; only the order's workflow,
// through its activity, writes the order's state. So a crash anywhere on the way leaves the order's rows and its
// workflow in agreement: the real app on a real database with the master demo data, a real Temporal dev server and
// the product's worker as a child process, killed (SIGKILL) the moment it committed a change; the API "dies" where
// its call to Temporal would go. After each crash a healthy worker runs and the sweep runs; then the order's rows
// (status, transporter, its transporters, the assignment kept for the sweep, each change written once) and its
// workflow's state say the same, and the quantity ledger has no drift.
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { driftedLines } from '../../db/ledger';
import { createOrderWorkflows, type OrderWorkflows } from '../../api/orders/workflows';
import { freePort } from '../../workflows/devserver/ports';
import { startDevServer, type DevServer } from '../../workflows/devserver/devserver';
import { orderStateQuery, orderWorkflowId, type OrderState } from '../../workflows/orders/messages';
import { createOrderSweepActivities } from '../../workflows/orders/sweep';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { eventually } from '../support/approvals';
import { ChaosWorker, writeWorkflowBundle } from '../support/chaos';
import {
  assignBody,
  importAssignable,
  LANE,
  locationId,
  readAssignable,
  type AssignableSapOrder,
} from '../support/order-assign';
import { recordOrderHistory, removeDir, requireTemporalCli, tmpDataDir } from '../support/temporal';

jest.setTimeout(300_000);

const taskQueue = `order-one-way-${randomUUID()}`;

let t: TestApp;
let dataDir: string;
let bundleDir: string;
let bundlePath: string;
let server: DevServer | undefined;
let connection: Connection | undefined;
let client: Client;
let orders: OrderWorkflows;
const workers: ChaosWorker[] = [];
const tokens: Record<string, string> = {};
let documents = 0;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  dataDir = tmpDataDir();
  bundleDir = tmpDataDir('tms-one-way-');
  bundlePath = await writeWorkflowBundle(bundleDir);
  server = await startDevServer({
    cliPath: requireTemporalCli(),
    dataDir,
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
  });
  connection = await Connection.connect({ address: server.address });
  client = new Client({ connection });
  orders = createOrderWorkflows(client, { taskQueue, updateTimeoutMs: 5_000 });
  Object.assign(t.deps, { orderWorkflows: orders });
  for (const user of ['logistic', 'admin']) tokens[user] = await loginAs(t, user);
  // However many orders TRP003 is given here, it goes over no quota (which would ask a reason and an approval).
  await db()('transporter_quotas').update({ is_active: false });
});

afterAll(async () => {
  for (const worker of workers) await worker.close();
  await connection?.close();
  await server?.stop();
  await t?.close();
  if (dataDir) removeDir(dataDir);
  if (bundleDir) removeDir(bundleDir);
});

const db = () => t.deps.db;
const send = (method: 'post' | 'put', path: string, body: unknown, user = 'logistic') => {
  const req = t.request()[method](path);
  return req
    .set('Authorization', tokens[user]!)
    .set('language', 'en')
    .send(body as object);
};

/** A worker process of the product; `dieAfter` (`<Order_No>:<change kind>`): it kills itself once that is committed. */
async function worker(dieAfter?: string): Promise<ChaosWorker> {
  const made = new ChaosWorker({
    databaseUrl: t.testDb.url,
    temporalAddress: server!.address,
    taskQueue,
    bundlePath,
    env: dieAfter ? { CHAOS_DIE_AFTER_WRITE: dieAfter } : {},
  });
  workers.push(made);
  await made.start();
  return made;
}

/** The API's Temporal side as it is when the API process dies at the moment it would call `what`. */
function apiDiesAt(what: keyof OrderWorkflows): OrderWorkflows {
  return {
    ...orders,
    [what]: () => Promise.reject(new Error('the API process died here')),
  };
}

const sweep = () => createOrderSweepActivities({ db: db(), client }).sweepOrderWorkflows({ taskQueue });

const stateOf = (orderNo: string) =>
  client.workflow.getHandle(orderWorkflowId(orderNo)).query(orderStateQuery);

interface Made {
  id: number;
  orderNo: string;
}

/** A fresh SO on the demo lane assigned to its cheapest carrier TRP003 (no approval): the transporter is asked. */
async function assignedOrder(): Promise<Made> {
  const so = await importAssignable(db(), `00188${String(++documents).padStart(5, '0')}`);
  const body = await assignBody(db(), [so], { transporters: [{ transporter_code: 'TRP003' }] });
  const saved = await send('post', '/api/saporder/assign_transporter', body);
  expect([saved.status, saved.body.message_code]).toEqual([200, '']);
  const [order] = saved.body.data.orders as { Id: number; Order_No: string }[];
  // The workflow's first change (the transporter asked) is written once the save has answered.
  await eventually(async () =>
    (await db()('order_histories').where('order_id', order!.Id).whereNotNull('idempotency_key').first('id'))
      ? true
      : undefined,
  );
  return { id: order!.Id, orderNo: order!.Order_No };
}

/** The transporter's answer through order/transporter_action; true when it was taken. */
async function answer(made: Made, status: 'ACCEPTED' | 'REJECTED'): Promise<boolean> {
  const res = await send('post', '/api/order/transporter_action', [
    { id: made.id, status, ...(status === 'REJECTED' ? { reason: 'no trucks' } : {}) },
  ]);
  return res.body.data?.data?.[0]?.success === true;
}

/** An assigned order that its transporter accepted. */
async function acceptedOrder(): Promise<Made> {
  const made = await assignedOrder();
  expect(await eventually(() => answer(made, 'ACCEPTED'))).toBe(true);
  return made;
}

/** An assigned order that its transporter rejected. */
async function rejectedOrder(): Promise<Made> {
  const made = await assignedOrder();
  expect(await eventually(() => answer(made, 'REJECTED'))).toBe(true);
  return made;
}

/** PUT order/edit_assign_transporter giving the rejected order to TRP001. */
async function editAssign(made: Made) {
  return send('put', '/api/order/edit_assign_transporter', {
    id: made.id,
    edited_order: {
      shipment_type: 'INDIVIDUAL_TRUCK',
      loading_destination_from_id: await locationId(db(), LANE.from),
      loading_destination_to_id: await locationId(db(), LANE.to),
      trip_type: 'ONE_WAY',
      transporters: [{ transporter_code: 'TRP001', assign_reason: 'URGENT_DELIVERY' }],
      details: [],
    },
  });
}

/** The order as its rows say it is, and as its workflow says it is. */
async function bothSides(made: Made) {
  const row = (await db()('orders')
    .where('id', made.id)
    .first('status', 'dispatch_status', 'transporter_code', 'workflow_input')) as {
    status: string;
    dispatch_status: string | null;
    transporter_code: string;
    workflow_input: { transporterCode: string };
  };
  const transporters = (await db()('order_transporters')
    .where('order_id', made.id)
    .orderBy('id')
    .pluck('transporter_code')) as string[];
  const keys = (await db()('order_histories')
    .where('order_id', made.id)
    .whereNotNull('idempotency_key')
    .orderBy('id')
    .pluck('idempotency_key')) as string[];
  const state = (await eventually(() => stateOf(made.orderNo).catch(() => null), 30_000)) as OrderState;
  return { row, transporters, keys, state };
}

/** Rows and workflow agree: status, dispatch status, transporter everywhere; each change once; no ledger drift. */
async function expectConsistent(made: Made, transporter: string) {
  const { row, transporters, keys, state } = await bothSides(made);
  const sequences = keys.map((k) => Number(k.split('/').at(-1)));
  expect({
    status: row.status,
    dispatch: row.dispatch_status,
    transporter: row.transporter_code,
    transporters,
    kept: row.workflow_input.transporterCode,
    awaited: state.awaiting?.kind === 'transporter' ? state.awaiting.code : transporter,
    sequences,
    drift: await driftedLines(db()),
  }).toEqual({
    status: state.status,
    dispatch: state.dispatchStatus,
    transporter,
    transporters: [transporter],
    kept: transporter,
    awaited: transporter,
    sequences: sequences.map((_, i) => i + 1),
    drift: [],
  });
  return { row, keys, state };
}

describe('the creation of an order', () => {
  let healthy: ChaosWorker;
  beforeAll(async () => {
    healthy = await worker();
  });
  // A worker left polling would take the next describe's change instead of the worker meant to die with it.
  afterAll(() => healthy.close());

  const freshSo = () => importAssignable(db(), `00188${String(++documents).padStart(5, '0')}`);
  const assignTo = async (so: AssignableSapOrder) =>
    send(
      'post',
      '/api/saporder/assign_transporter',
      await assignBody(db(), [so], { transporters: [{ transporter_code: 'TRP003' }] }),
    );
  /** What the SAP order's rows say: its orders, its lines' os_qty, has_order. */
  const sapSide = async (so: AssignableSapOrder) => ({
    orders: (await db()('orders').where('sap_no', so.documentNo).pluck('order_no')) as string[],
    os: (await readAssignable(db(), so.documentNo)).lines.map((l) => l.os_qty),
    hasOrder: ((await db()('sap_orders').where('id', so.id).first('has_order')) as { has_order: boolean })
      .has_order,
  });
  /** The Order_No the next assignment draws (the counter's period is today's: an order was drawn today already). */
  const nextOrderNo = async () => {
    const counter = (await db()('running_numbers')
      .whereRaw('lower(running_number_code) = ?', ['order'])
      .first('prefix', 'padding', 'next_number')) as {
      prefix: string | null;
      padding: number;
      next_number: number;
    };
    return `${counter.prefix ?? ''}${String(counter.next_number).padStart(counter.padding, '0')}`;
  };

  test('given an assignment, when the API dies before its update-with-start reaches Temporal, then nothing of the order is written (no row, no reservation, has_order unchanged), the sweep starts nothing, and the save then works', async () => {
    const so = await freshSo();
    const before = await sapSide(so);
    Object.assign(t.deps, { orderWorkflows: apiDiesAt('create') });
    try {
      const res = await assignTo(so);
      expect(res.status).toBe(500);
    } finally {
      Object.assign(t.deps, { orderWorkflows: orders });
    }
    await sweep();
    expect(await sapSide(so)).toEqual(before);
    expect(before).toEqual({ orders: [], os: so.lines.map((l) => l.os_qty), hasOrder: false });

    const again = await assignTo(so);
    expect([again.status, again.body.message_code]).toEqual([200, '']);
    const [order] = again.body.data.orders as { Id: number; Order_No: string }[];
    const done = await expectConsistent({ id: order!.Id, orderNo: order!.Order_No }, 'TRP003');
    expect(done.keys).toEqual([`${orderWorkflowId(order!.Order_No)}/assign/1`]);
    expect(await sapSide(so)).toEqual({
      orders: [order!.Order_No],
      os: so.lines.map(() => 0),
      hasOrder: true,
    });
  });

  test('given an assignment, when the worker is killed the moment the creation (with the first change) is committed and the API is answered "look again", then after a new worker and the sweep the order exists once, its quantities reserved once, its rows and its workflow agreeing', async () => {
    // An order drawn today first, so the counter's next number is the one the save below draws.
    await assignedOrder();
    const so = await freshSo();
    const orderNo = await nextOrderNo();
    await healthy.close();
    const dying = await worker(`${orderNo}:assign`);
    const res = await assignTo(so);
    await dying.whenExited();
    expect(dying.stats.unexpectedExits.map((e) => e.signal)).toEqual(['SIGKILL']);
    expect([res.status, res.body.message_code]).toEqual([504, 'WORKFLOW_TIMEOUT']);

    healthy = await worker();
    await sweep();
    await eventually(async () => (await stateOf(orderNo)).status === 'ASSIGNED TO TRANSPORTER', 30_000);
    const row = (await db()('orders').where('order_no', orderNo).first('id')) as { id: number };
    const made = { id: row.id, orderNo };
    const after = await expectConsistent(made, 'TRP003');
    expect(after.keys).toEqual([`${orderWorkflowId(orderNo)}/assign/1`]);
    expect(await sapSide(so)).toEqual({ orders: [orderNo], os: so.lines.map(() => 0), hasOrder: true });
    expect(
      (await db()('order_details')
        .where('order_id', made.id)
        .orderBy('sap_order_detail_id')
        .select('sap_order_detail_id', 'qty')) as { sap_order_detail_id: number; qty: number }[],
    ).toEqual(so.lines.map((l) => ({ sap_order_detail_id: l.Id, qty: l.os_qty })));
    recordOrderHistory(server!.address, orderWorkflowId(orderNo), 'create-worker-killed');
  });

  test('given a save answered "not in time" because no worker is there, when the user saves the same again before the order is written, then both saves start one run under one Order_No, and once a worker comes there is one order holding the quantity once', async () => {
    const so = await freshSo();
    const body = await assignBody(db(), [so], { transporters: [{ transporter_code: 'TRP003' }] });
    const before = Number(
      ((await db()('order_creations').max({ id: 'id' })) as { id: string | null }[])[0]!.id ?? 0,
    );
    await healthy.close();
    const first = await send('post', '/api/saporder/assign_transporter', body);
    expect([first.status, first.body.message_code]).toEqual([504, 'WORKFLOW_TIMEOUT']);
    const again = await send('post', '/api/saporder/assign_transporter', body);
    expect([again.status, again.body.message_code]).toEqual([504, 'WORKFLOW_TIMEOUT']);
    // One request row for the two saves: the second took the first one's numbers.
    const requests = (await db()('order_creations').where('id', '>', before).select('order_no')) as {
      order_no: string;
    }[];
    expect(requests).toHaveLength(1);
    const orderNo = requests[0]!.order_no;

    healthy = await worker();
    await eventually(async () => (await stateOf(orderNo)).status === 'ASSIGNED TO TRANSPORTER', 30_000);
    expect(await sapSide(so)).toEqual({ orders: [orderNo], os: so.lines.map(() => 0), hasOrder: true });
    const row = (await db()('orders').where('order_no', orderNo).first('id')) as { id: number };
    const made = { id: row.id, orderNo };
    expect((await expectConsistent(made, 'TRP003')).keys).toEqual([`${orderWorkflowId(orderNo)}/assign/1`]);
    // Written now: the same save again is judged on what is left (nothing), and makes no order.
    const late = await send('post', '/api/saporder/assign_transporter', body);
    expect([late.status, late.body.message_code]).toEqual([422, 'QTY_EXCEEDS']);
    expect((await sapSide(so)).orders).toEqual([orderNo]);
  });
});

describe('edit assign transporter', () => {
  let healthy: ChaosWorker;
  beforeAll(async () => {
    healthy = await worker();
  });
  // A worker left polling would take the next describe's change instead of the worker meant to die with it.
  afterAll(() => healthy.close());

  test('given a rejected order, when the API dies before its Update reaches Temporal, then after the sweep the order is still rejected to its old transporter in its rows and its workflow, and edit assign then works', async () => {
    const made = await rejectedOrder();
    const before = await bothSides(made);
    Object.assign(t.deps, { orderWorkflows: apiDiesAt('editAssignTransporter') });
    try {
      const res = await editAssign(made);
      expect(res.status).toBe(500);
    } finally {
      Object.assign(t.deps, { orderWorkflows: orders });
    }
    await sweep();
    const after = await expectConsistent(made, 'TRP003');
    expect({ status: after.row.status, keys: after.keys }).toEqual({
      status: 'REJECTED',
      keys: before.keys,
    });

    const again = await editAssign(made);
    expect(again.status).toBe(200);
    const done = await expectConsistent(made, 'TRP001');
    expect(done.keys).toHaveLength(before.keys.length + 1);
  });

  test('given a rejected order, when the worker is killed the moment the edit assign is committed and the API is answered "look again", then after a new worker and the sweep the order is assigned to the new transporter in its rows and its workflow, written once', async () => {
    const made = await rejectedOrder();
    const before = await bothSides(made);
    await healthy.close();
    const dying = await worker(`${made.orderNo}:edit-assign`);
    const res = await editAssign(made);
    await dying.whenExited();
    expect(dying.stats.unexpectedExits.map((e) => e.signal)).toEqual(['SIGKILL']);
    expect([res.status, res.body.message_code]).toEqual([504, 'WORKFLOW_TIMEOUT']);

    healthy = await worker();
    await sweep();
    await eventually(async () => (await stateOf(made.orderNo)).status !== 'REJECTED', 30_000);
    const after = await expectConsistent(made, 'TRP001');
    expect(after.keys).toEqual([
      ...before.keys,
      `${orderWorkflowId(made.orderNo)}/edit-assign/${before.keys.length + 1}`,
    ]);
    recordOrderHistory(server!.address, orderWorkflowId(made.orderNo), 'edit-assign-rows-worker-killed');
  });
});

describe('edit order', () => {
  let healthy: ChaosWorker;
  beforeAll(async () => {
    healthy = await worker();
  });
  // A worker left polling would take the next describe's change instead of the worker meant to die with it.
  afterAll(() => healthy.close());

  /** PUT order/edit changing only the notes for the transporter: lines, lane and transporter as they are. */
  const editNotes = async (made: Made, notes: string) => {
    const lines = (await db()('order_details')
      .where('order_id', made.id)
      .orderBy('id')
      .select('id', 'sap_order_detail_id', 'qty')) as {
      id: number;
      sap_order_detail_id: number;
      qty: string;
    }[];
    return send('put', '/api/order/edit', {
      order_id: made.id,
      transporter_notes: notes,
      details: lines.map((l) => ({
        Id: l.sap_order_detail_id,
        Order_Detail_Id: l.id,
        Qty: Number(l.qty),
        include_merge: true,
      })),
      transporter_model: {
        loading_destination_from_id: await locationId(db(), LANE.from),
        loading_destination_to_id: await locationId(db(), LANE.to),
        trip_type: 'ONE_WAY',
        transporters: [{ transporter_code: 'TRP003' }],
      },
    });
  };
  const notesOf = async (made: Made) =>
    (
      (await db()('orders').where('id', made.id).first('transporter_notes')) as {
        transporter_notes: string | null;
      }
    ).transporter_notes;
  const editsOf = async (made: Made) =>
    (await db()('order_edits').where('order_id', made.id).orderBy('id').pluck('status')) as string[];

  test('given an accepted order, when the API dies after the request row of the edit and before its Update reaches Temporal, then after the sweep the order is unchanged in its rows and its workflow (the request left unapplied), and the edit then works', async () => {
    const made = await acceptedOrder();
    const before = await bothSides(made);
    const notes = await notesOf(made);
    Object.assign(t.deps, { orderWorkflows: apiDiesAt('editOrder') });
    try {
      const res = await editNotes(made, 'Bring two tarpaulins');
      expect(res.status).toBe(500);
    } finally {
      Object.assign(t.deps, { orderWorkflows: orders });
    }
    await sweep();
    const after = await expectConsistent(made, 'TRP003');
    expect({ status: after.row.status, keys: after.keys, notes: await notesOf(made) }).toEqual({
      status: 'ACCEPTED',
      keys: before.keys,
      notes,
    });
    expect(await editsOf(made)).toEqual(['REQUESTED']);

    const again = await editNotes(made, 'Bring two tarpaulins');
    expect([again.status, again.body.message_code]).toEqual([200, '']);
    const done = await expectConsistent(made, 'TRP003');
    expect({ status: done.row.status, notes: await notesOf(made), edits: await editsOf(made) }).toEqual({
      status: 'ACCEPTED',
      notes: 'Bring two tarpaulins',
      edits: ['REQUESTED', 'APPLIED'],
    });
    expect(done.keys).toEqual([
      ...before.keys,
      `${orderWorkflowId(made.orderNo)}/edit/${before.keys.length + 1}`,
    ]);
  });

  test('given an accepted order, when the worker is killed the moment its edit is committed and the API is answered "look again", then after a new worker and the sweep the edit is in its rows once and the workflow agrees', async () => {
    const made = await acceptedOrder();
    const before = await bothSides(made);
    await healthy.close();
    const dying = await worker(`${made.orderNo}:edit`);
    const res = await editNotes(made, 'Call the gate before arrival');
    await dying.whenExited();
    expect(dying.stats.unexpectedExits.map((e) => e.signal)).toEqual(['SIGKILL']);
    expect([res.status, res.body.message_code]).toEqual([504, 'WORKFLOW_TIMEOUT']);

    healthy = await worker();
    await sweep();
    await eventually(async () => (await stateOf(made.orderNo)).status === 'ACCEPTED', 30_000);
    const after = await expectConsistent(made, 'TRP003');
    expect({ keys: after.keys, notes: await notesOf(made), edits: await editsOf(made) }).toEqual({
      keys: [...before.keys, `${orderWorkflowId(made.orderNo)}/edit/${before.keys.length + 1}`],
      notes: 'Call the gate before arrival',
      edits: ['APPLIED'],
    });
  });
});

describe('the actions that were one Update already', () => {
  let healthy: ChaosWorker;
  beforeAll(async () => {
    healthy = await worker();
  });
  // A worker left polling would take the next describe's change instead of the worker meant to die with it.
  afterAll(() => healthy.close());

  const cases: [
    action: string,
    kind: string,
    make: () => Promise<Made>,
    act: (made: Made) => Promise<unknown>,
    status: string,
  ][] = [
    ['accept', 'accept', assignedOrder, (made) => answer(made, 'ACCEPTED'), 'ACCEPTED'],
    [
      'cancel',
      'cancel',
      assignedOrder,
      (made) => send('put', '/api/order/cancel', { id: made.id, reason: 'not needed' }),
      'CANCELLED',
    ],
    [
      'mark complete',
      'mark-complete',
      acceptedOrder,
      (made) => send('put', `/api/order/mark_complete/${made.id}`, {}),
      'COMPLETED',
    ],
  ];

  test.each(cases)(
    'given an order, when the worker is killed the moment its %s is committed, then after a new worker and the sweep its rows and its workflow agree, the change written once',
    async (_action, kind, make, act, status) => {
      const made = await make();
      const before = await bothSides(made);
      await healthy.close();
      const dying = await worker(`${made.orderNo}:${kind}`);
      await act(made);
      await dying.whenExited();
      expect(dying.stats.unexpectedExits.map((e) => e.signal)).toEqual(['SIGKILL']);

      healthy = await worker();
      await sweep();
      await eventually(async () => (await stateOf(made.orderNo)).status === status, 30_000);
      const after = await expectConsistent(made, 'TRP003');
      expect({ status: after.row.status, keys: after.keys }).toEqual({
        status,
        keys: [...before.keys, `${orderWorkflowId(made.orderNo)}/${kind}/${before.keys.length + 1}`],
      });
    },
    120_000,
  );
});
