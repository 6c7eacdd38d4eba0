// The order workflow's client side (api/orders/workflows.ts createOrderWorkflows) and the sweep that starts order
// workflows that never started or died (workflows/orders/sweep.ts, the `order-sweep` schedule), on a real Temporal
// dev server and a real PostgreSQL. A run is killed the way an operator or a crash would (terminate); the sweep
// must start it again from the order's rows without writing anything twice, with the deadline the transporter
// was given, and the order must go on (accept, approve) as if nothing happened. With RECORD_ORDER_REPLAY=1 the
// restarted run's history is written to test/replay/orders/ for orders-replay.test.ts.
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createOrderWorkflows, type OrderWorkflows } from '../../api/orders/workflows';
import type { Db } from '../../db/connection';
import {
  orderStateQuery,
  orderWorkflowId,
  type ApproverRef,
  type OrderWorkflowInput,
} from '../../workflows/orders/messages';
import { createOrderSweepActivities } from '../../workflows/orders/sweep';
import { ensureSchedules, ORDER_SWEEP_SCHEDULE_ID } from '../../workflows/schedules';
import { Status } from '../../workflows/search-attributes';
import { createWorker } from '../../workflows/worker';
import { eventually } from '../support/approvals';
import { createTestDb, type TestDb } from '../support/db';
import { insertHeldOrder } from '../support/held-order';
import { recordOrderHistory, startTestTemporal } from '../support/temporal';

jest.setTimeout(180_000);

const HOUR = 3_600_000;

let env: TestWorkflowEnvironment;
let testDb: TestDb;
let db: Db;
let worker: Worker;
let running: Promise<void>;
let orders: OrderWorkflows;
const taskQueue = `order-sweep-${randomUUID()}`;

beforeAll(async () => {
  env = await startTestTemporal();
  testDb = await createTestDb();
  db = testDb.db;
  await db('transporters').insert([{ transporter_code: 'TRP001', transporter_name: 'PT Angkut Satu' }]);
  worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    db,
    client: env.client,
  });
  running = worker.run();
  orders = createOrderWorkflows(env.client, { taskQueue, updateTimeoutMs: 10_000 });
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await testDb?.destroy();
});

interface MadeOrder {
  orderId: number;
  orderNo: string;
  workflowId: string;
  input: OrderWorkflowInput;
}

/**
 * An order of 4 of a SAP line of 10 as the assignment saves it: the row (workflow_id empty until the workflow's
 * first write) with the input its workflow is started with (orders.workflow_input).
 */
async function makeOrder(options: Partial<OrderWorkflowInput> = {}): Promise<MadeOrder> {
  const { orderId, orderNo } = await insertHeldOrder(db, 'ORS', {
    status: 'ASSIGNED TO TRANSPORTER',
    order_type_name: 'SO',
    transporter_code: 'TRP001',
    transporter_name: 'PT Angkut Satu',
  });
  const input: OrderWorkflowInput = {
    orderNo,
    orderId,
    approvalLevels: 0,
    autoRejectMs: HOUR,
    transporterCode: 'TRP001',
    assignedBy: 'logistic',
    ...options,
  };
  await db('orders')
    .where('id', orderId)
    .update({ workflow_input: JSON.stringify(input) });
  return { orderId, orderNo, workflowId: orderWorkflowId(orderNo), input };
}

const sweep = () => createOrderSweepActivities({ db, client: env.client }).sweepOrderWorkflows({ taskQueue });

const orderRow = (order: MadeOrder) =>
  db('orders')
    .where('id', order.orderId)
    .first('status', 'dispatch_status', 'auto_reject_date', 'workflow_id', 'version') as Promise<{
    status: string;
    dispatch_status: string | null;
    auto_reject_date: Date | null;
    workflow_id: string | null;
    version: number;
  }>;

const historyKeys = async (order: MadeOrder) =>
  (await db('order_histories')
    .where('order_id', order.orderId)
    .orderBy('id')
    .pluck('idempotency_key')) as string[];

/** Waits for the run's first change, as the API's start is followed by the workflow's own write. */
async function started(order: MadeOrder) {
  return eventually(async () => (await orders.state(order.orderNo))?.status ?? null);
}

/** Kills the order's current run as a crash or an operator would, and waits until Temporal says it is closed. */
async function kill(order: MadeOrder) {
  const handle = env.client.workflow.getHandle(order.workflowId);
  await handle.terminate('test: the run dies');
  await eventually(async () => (await handle.describe()).status.name === 'TERMINATED');
}

/** Sweeps until the order's workflow is started again (visibility of a closed run is eventually consistent). */
async function sweepUntilResumed(order: MadeOrder) {
  await eventually(async () => (await sweep()).resumed.includes(order.orderNo), 30_000);
  const handle = env.client.workflow.getHandle(order.workflowId);
  expect((await handle.describe()).status.name).toBe('RUNNING');
  return handle;
}

const record = (order: MadeOrder, name: string) => recordOrderHistory(env.address, order.workflowId, name);

const TWO_LEVELS: ApproverRef[] = [
  { username: 'supervisor', level: 1 },
  { username: 'admin', level: 2 },
];

describe('createOrderWorkflows', () => {
  test('given an order started through the client twice, when its Updates are sent, then the second start is the same run, a refusal comes back as its code, an unknown order is WORKFLOW_NOT_FOUND, and state() is null for it', async () => {
    const order = await makeOrder({ approvalLevels: 1, approvers: [{ username: 'supervisor', level: 1 }] });
    await orders.start(order.input);
    await orders.start(order.input);
    expect(await started(order)).toBe('WAITING FOR ASSIGN TO TRANSPORTER APPROVAL');
    const described = await env.client.workflow.getHandle(order.workflowId).describe();
    expect(described.typedSearchAttributes.get(Status)).toBe('WAITING FOR ASSIGN TO TRANSPORTER APPROVAL');
    expect(await historyKeys(order)).toEqual([`${order.workflowId}/assign/1`]);

    expect(await orders.decideApproval(order.orderNo, { level: 1, approve: true, by: 'logistic' })).toEqual({
      ok: false,
      code: 'NOT_AN_APPROVER',
    });
    expect(await orders.accept(order.orderNo, { by: 'transporter', transporterCode: 'TRP001' })).toEqual({
      ok: false,
      code: 'NOT_ALLOWED',
    });
    expect(await orders.state(order.orderNo)).toEqual({
      status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      dispatchStatus: null,
      awaiting: { kind: 'approval', level: 1, levels: 1, approvers: ['supervisor'] },
    });
    const approved = await orders.decideApproval(order.orderNo, {
      level: 1,
      approve: true,
      by: 'SUPERVISOR',
    });
    expect(approved).toMatchObject({ ok: true, result: { status: 'ASSIGNED TO TRANSPORTER', sequence: 2 } });

    expect(await orders.accept('ORS-NONE', { by: 'transporter', transporterCode: 'TRP001' })).toMatchObject({
      ok: false,
      code: 'WORKFLOW_NOT_FOUND',
    });
    expect(await orders.state('ORS-NONE')).toBeNull();
  });
});

describe('the order sweep', () => {
  test('given an order whose start was lost (no workflow_id), when the sweep runs, then its workflow is started from orders.workflow_input and writes the first change once; a second sweep starts nothing', async () => {
    const order = await makeOrder();
    expect((await sweep()).started).toContain(order.orderNo);
    await started(order);
    expect(await orderRow(order)).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatch_status: 'WAITING',
      workflow_id: order.workflowId,
      version: 1,
    });
    const again = await sweep();
    expect(again.started).not.toContain(order.orderNo);
    expect(again.resumed).not.toContain(order.orderNo);
    expect(await historyKeys(order)).toEqual([`${order.workflowId}/assign/1`]);
  });

  test('given a run terminated while the order is ASSIGNED TO TRANSPORTER, when the sweep runs, then a new run takes the order up with the stored Auto_Reject_Date and nothing written again, and the transporter can still accept', async () => {
    const order = await makeOrder();
    await orders.start(order.input);
    await started(order);
    const deadline = (await orderRow(order)).auto_reject_date!.toISOString();
    await kill(order);
    expect(
      await orders.accept(order.orderNo, { by: 'transporter', transporterCode: 'TRP001' }),
    ).toMatchObject({
      ok: false,
    });

    const handle = await sweepUntilResumed(order);
    expect(await handle.query(orderStateQuery)).toEqual({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
      awaiting: { kind: 'transporter', code: 'TRP001', deadline },
    });
    expect(await historyKeys(order)).toEqual([`${order.workflowId}/assign/1`]);
    expect((await orderRow(order)).version).toBe(1);
    expect((await sweep()).resumed).not.toContain(order.orderNo);

    const accepted = await orders.accept(order.orderNo, { by: 'transporter', transporterCode: 'trp001' });
    expect(accepted).toMatchObject({ ok: true, result: { status: 'ACCEPTED', sequence: 2 } });
    expect(await orderRow(order)).toMatchObject({
      status: 'ACCEPTED',
      dispatch_status: 'ACCEPTED',
      version: 2,
    });
    expect(await historyKeys(order)).toEqual([
      `${order.workflowId}/assign/1`,
      `${order.workflowId}/accept/2`,
    ]);
    record(order, 'sweep-restart');
  });

  test('given an accepted order marked complete whose run is terminated, when the sweep runs, then a new run takes it up as COMPLETED and unmark complete takes it back to ACCEPTED with its quantity; a cancelled order is not started again', async () => {
    const order = await makeOrder();
    await orders.start(order.input);
    await started(order);
    expect(
      await orders.accept(order.orderNo, { by: 'transporter', transporterCode: 'TRP001' }),
    ).toMatchObject({
      ok: true,
    });
    expect(await orders.markComplete(order.orderNo, { by: 'logistic' })).toMatchObject({
      ok: true,
      result: { status: 'COMPLETED' },
    });
    await kill(order);

    const handle = await sweepUntilResumed(order);
    expect((await handle.query(orderStateQuery)).status).toBe('COMPLETED');
    const unmarked = await orders.unmarkComplete(order.orderNo, { by: 'logistic' });
    expect(unmarked).toMatchObject({ ok: true, result: { status: 'ACCEPTED', sequence: 4, unreserved: [] } });
    expect(await historyKeys(order)).toEqual([
      `${order.workflowId}/assign/1`,
      `${order.workflowId}/accept/2`,
      `${order.workflowId}/mark-complete/3`,
      `${order.workflowId}/unmark-complete/4`,
    ]);

    const cancelled = await makeOrder();
    await orders.start(cancelled.input);
    await started(cancelled);
    expect(await orders.cancel(cancelled.orderNo, { by: 'logistic', reason: 'not needed' })).toMatchObject({
      ok: true,
      result: { status: 'CANCELLED' },
    });
    const cancelledRun = env.client.workflow.getHandle(cancelled.workflowId);
    await eventually(async () => (await cancelledRun.describe()).status.name === 'COMPLETED');
    expect((await sweep()).resumed).not.toContain(cancelled.orderNo);
  });

  test('given a run terminated while level 2 of the approval is asked, when the sweep runs, then the new run asks level 2 of the same approval row (level 1 is not asked again), and admin approves it', async () => {
    const order = await makeOrder({ approvalLevels: 2, approvers: TWO_LEVELS });
    await orders.start(order.input);
    await started(order);
    await orders.decideApproval(order.orderNo, { level: 1, approve: true, by: 'supervisor' });
    await kill(order);

    await sweepUntilResumed(order);
    expect((await orders.state(order.orderNo))?.awaiting).toEqual({
      kind: 'approval',
      level: 2,
      levels: 2,
      approvers: ['admin'],
    });
    expect(await orders.decideApproval(order.orderNo, { level: 1, approve: true, by: 'supervisor' })).toEqual(
      {
        ok: false,
        code: 'ALREADY_DECIDED',
      },
    );
    const approved = await orders.decideApproval(order.orderNo, { level: 2, approve: true, by: 'admin' });
    expect(approved).toMatchObject({ ok: true, result: { status: 'ASSIGNED TO TRANSPORTER', sequence: 3 } });
    const approvals = (await db('approvals')
      .where({ transaction_type: 'ORDER', document_id: String(order.orderId) })
      .select('id', 'status', 'current_level')) as { id: number; status: string; current_level: number }[];
    expect(approvals).toMatchObject([{ status: 'APPROVED', current_level: 2 }]);
    expect(
      await db('approval_logs').where('approval_id', approvals[0]!.id).orderBy('id').pluck('username'),
    ).toEqual(['supervisor', 'admin']);
  });

  test('given a run terminated while the transporter is asked and its deadline passing meanwhile, when the sweep runs, then the new run auto-rejects at once, at or after the stored deadline, as the next change', async () => {
    const order = await makeOrder({ autoRejectMs: 2000 });
    await orders.start(order.input);
    await started(order);
    const deadline = (await orderRow(order)).auto_reject_date!.getTime();
    await kill(order);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 200));

    await sweepUntilResumed(order);
    const row = await eventually(async () => {
      const r = await orderRow(order);
      return r.status === 'REJECTED' ? r : null;
    });
    expect(row).toMatchObject({ dispatch_status: 'AUTO REJECTED', version: 2 });
    expect(await historyKeys(order)).toEqual([
      `${order.workflowId}/assign/1`,
      `${order.workflowId}/auto-reject/2`,
    ]);
    const fired = (
      (await db('order_histories')
        .where('idempotency_key', `${order.workflowId}/auto-reject/2`)
        .first('created_date')) as { created_date: Date }
    ).created_date.getTime();
    expect(fired).toBeGreaterThanOrEqual(deadline);
  });

  test('given the product schedules, when the order-sweep schedule is triggered, then it runs every minute without overlap and its run starts an order whose start was lost', async () => {
    await ensureSchedules(env.client, { taskQueue, inactivityDays: 90 });
    const schedule = env.client.schedule.getHandle(ORDER_SWEEP_SCHEDULE_ID);
    const described = await schedule.describe();
    expect(described.spec.intervals).toEqual([expect.objectContaining({ every: 60_000 })]);
    expect(described.policies.overlap).toBe('SKIP');

    const order = await makeOrder();
    await schedule.trigger();
    await eventually(async () => (await orderRow(order)).workflow_id === order.workflowId, 30_000);
    expect(await historyKeys(order)).toEqual([`${order.workflowId}/assign/1`]);
  });
});
