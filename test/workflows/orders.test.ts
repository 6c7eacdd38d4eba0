// The order workflow (`order:<Order_No>`, workflows/orders/) on a real Temporal dev server and a real (in-memory)
// PostgreSQL, with the durations shrunk to seconds: accept, transporter reject (a remark-less reject refused by
// the validator with nothing written), auto-reject at the deadline, an approval rejected, and edit assign after a
// rejection, approval by two levels then accept. Each path checks, right after each Update returns, the orders row,
// the history rows (each change once), the SAP line's os_qty (released while the order is REJECTED, reserved
// otherwise) and, where approval is asked, the Approval screen's rows (approvals, approval_approvers,
// approval_logs). With RECORD_ORDER_REPLAY=1 each path's history is written to test/replay/orders/ for
// orders-replay.test.ts.
import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import type { Db } from '../../db/connection';
import { createOrderActivities, orderChangeKey } from '../../workflows/orders/activities';
import { createOrderWorkflows } from '../../api/orders/workflows';
import {
  cancelOrderUpdate,
  changeStuffingDateUpdate,
  catchUpUpdate,
  createOrderUpdate,
  decideApprovalUpdate,
  editAssignTransporterUpdate,
  markCompleteUpdate,
  orderStateQuery,
  reassignDoUpdate,
  unmarkCompleteUpdate,
  orderWorkflowId,
  transporterAcceptUpdate,
  transporterRejectUpdate,
  type OrderWorkflowInput,
} from '../../workflows/orders/messages';
import { OrderNo, Status, TransporterCode } from '../../workflows/search-attributes';
import { createWorker } from '../../workflows/worker';
import { orderWorkflow } from '../../workflows/workflows';
import { eventually } from '../support/approvals';
import { counterDrift, createTestDb, type TestDb } from '../support/db';
import { insertHeldOrder } from '../support/held-order';
import { recordOrderHistory, startTestTemporal } from '../support/temporal';

jest.setTimeout(120_000);

const HOUR = 3_600_000;

let env: TestWorkflowEnvironment;
let testDb: TestDb;
let db: Db;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `orders-${randomUUID()}`;

beforeAll(async () => {
  env = await startTestTemporal();
  testDb = await createTestDb();
  db = testDb.db;
  await db('transporters').insert([
    { transporter_code: 'TRP001', transporter_name: 'PT Angkut Satu' },
    { transporter_code: 'TRP002', transporter_name: 'PT Angkut Dua' },
  ]);
  worker = await createWorker({ connection: env.nativeConnection, namespace: 'default', taskQueue, db });
  running = worker.run();
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
  sapLineId: number;
  workflowId: string;
}

/**
 * A SAP order line of 10 TON and an order ASSIGNED TO TRANSPORTER (TRP001) holding 4 of it, os_qty 6, as the
 * assign transporter save leaves them.
 */
async function makeOrder(): Promise<MadeOrder> {
  const { orderId, orderNo, sapLineId } = await insertHeldOrder(db, 'ORD', {
    status: 'ASSIGNED TO TRANSPORTER',
    transporter_code: 'TRP001',
    transporter_name: 'PT Angkut Satu',
  });
  return { orderId, orderNo, sapLineId, workflowId: orderWorkflowId(orderNo) };
}

/** Starts the order's run (its first change written by the workflow itself, not awaited here). */
function startRun(order: MadeOrder, options: Partial<OrderWorkflowInput> = {}) {
  return env.client.workflow.start(orderWorkflow, {
    taskQueue,
    workflowId: order.workflowId,
    args: [
      {
        orderNo: order.orderNo,
        orderId: order.orderId,
        approvalLevels: 0,
        autoRejectMs: HOUR,
        transporterCode: 'TRP001',
        assignedBy: 'logistic',
        ...options,
      },
    ],
  });
}

async function start(order: MadeOrder, options: Partial<OrderWorkflowInput> = {}) {
  const handle = await startRun(order, options);
  // The first change is written by the workflow itself, not by an Update: wait for it.
  await eventually(async () => (await handle.query(orderStateQuery)).status !== null);
  return handle;
}

const orderRow = (order: MadeOrder) =>
  db('orders')
    .where('id', order.orderId)
    .first(
      'status',
      'dispatch_status',
      'dispatch_status_remarks',
      'auto_reject_date',
      'transporter_code',
      'transporter_name',
      'workflow_id',
      'edited_by',
      'version',
    ) as Promise<{
    status: string;
    dispatch_status: string | null;
    dispatch_status_remarks: string | null;
    auto_reject_date: Date | null;
    transporter_code: string;
    transporter_name: string | null;
    workflow_id: string | null;
    edited_by: string | null;
    version: number;
  }>;

const histories = (order: MadeOrder) =>
  db('order_histories')
    .where('order_id', order.orderId)
    .orderBy('id')
    .select('status_from', 'status_to', 'remark', 'created_by', 'idempotency_key');

const osQty = async (order: MadeOrder) =>
  Number(
    ((await db('sap_order_details').where('id', order.sapLineId).first('os_qty')) as { os_qty: string })
      .os_qty,
  );

/** The refusal type an Update failed with (what the API turns into a message code). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return refusalType(err);
  }
  throw new Error('the Update was accepted');
}

function refusalType(err: unknown): string {
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    return err.cause.type ?? 'untyped';
  }
  throw err;
}

/** What every change of the order written straight through the activity (not by its workflow) carries. */
const changeOf = (order: MadeOrder) => ({
  orderId: order.orderId,
  orderNo: order.orderNo,
  workflowId: order.workflowId,
  dispatchRemark: null,
  remark: null,
  at: new Date().toISOString(),
});

/** The transporter's accept as change 2 of an assigned order, as the activity writes it. */
const acceptAsChange2 = (order: MadeOrder) => ({
  ...changeOf(order),
  kind: 'accept' as const,
  sequence: 2,
  from: 'ASSIGNED TO TRANSPORTER' as const,
  to: 'ACCEPTED' as const,
  dispatchStatus: 'ACCEPTED' as const,
  autoRejectDate: null,
  by: 'transporter',
});

const record = (order: MadeOrder, name: string) => recordOrderHistory(env.address, order.workflowId, name);

const key = (order: MadeOrder, kind: string, sequence: number) => `${order.workflowId}/${kind}/${sequence}`;

/** Level 1: logistic or supervisor; level 2: admin (the demo matrices' shape). */
const TWO_LEVELS = [
  { username: 'logistic', level: 1 },
  { username: 'supervisor', level: 1 },
  { username: 'admin', level: 2 },
];

/** The order's rows in the Approval screen's tables, oldest first, with their approvers as `name@level`. */
async function approvalsOf(order: MadeOrder) {
  const rows = (await db('approvals')
    .where({ transaction_type: 'ORDER', document_id: String(order.orderId) })
    .orderBy('id')
    .select(
      'id',
      'transaction_type',
      'document_id',
      'document_no',
      'status',
      'current_level',
      'max_level',
      'workflow_id',
      'summary',
      'created_by',
    )) as ({ id?: number } & Record<string, unknown>)[];
  for (const row of rows) {
    const approvers = (await db('approval_approvers')
      .where('approval_id', row.id)
      .orderBy('username')
      .select('username', 'level')) as { username: string; level: number }[];
    row.approvers = approvers.map((a) => `${a.username}@${a.level}`);
    delete row.id;
  }
  return rows;
}

const logsOf = (order: MadeOrder) =>
  db('approval_logs as l')
    .join('approvals as a', 'a.id', 'l.approval_id')
    .where({ 'a.transaction_type': 'ORDER', 'a.document_id': String(order.orderId) })
    .orderBy('l.id')
    .select('l.level', 'l.username', 'l.action', 'l.remark', 'l.transaction_type');

describe('orderWorkflow', () => {
  test('given an order assigned to TRP001 without approval, when another transporter answers, then it is refused with nothing written, and when TRP001 accepts, then the order is ACCEPTED in the row, the history and the search attributes before the Update returns, and a second answer is refused', async () => {
    const order = await makeOrder();
    const before = Date.now();
    const handle = await start(order);

    const assigned = await orderRow(order);
    expect(assigned).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatch_status: 'WAITING',
      workflow_id: order.workflowId,
      edited_by: 'logistic',
      version: 1,
    });
    const deadline = assigned.auto_reject_date!.getTime();
    expect(deadline).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + HOUR + 1000);
    expect(await handle.query(orderStateQuery)).toEqual({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
      awaiting: { kind: 'transporter', code: 'TRP001', deadline: new Date(deadline).toISOString() },
    });

    expect(
      await refusal(
        handle.executeUpdate(transporterAcceptUpdate, { args: [{ by: 'trp2', transporterCode: 'TRP002' }] }),
      ),
    ).toBe('NOT_THIS_TRANSPORTER');
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 1, approve: true, by: 'admin' }] }),
      ),
    ).toBe('ALREADY_DECIDED');
    expect(await histories(order)).toHaveLength(1);

    const accepted = await handle.executeUpdate(transporterAcceptUpdate, {
      args: [{ by: 'transporter', transporterCode: 'trp001' }],
    });
    expect(accepted).toEqual({
      status: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      autoRejectDate: null,
      sequence: 2,
    });
    expect(await orderRow(order)).toMatchObject({
      status: 'ACCEPTED',
      dispatch_status: 'ACCEPTED',
      auto_reject_date: null,
      edited_by: 'transporter',
      version: 2,
    });
    expect(await histories(order)).toEqual([
      {
        status_from: null,
        status_to: 'ASSIGNED TO TRANSPORTER',
        remark: null,
        created_by: 'logistic',
        idempotency_key: key(order, 'assign', 1),
      },
      {
        status_from: 'ASSIGNED TO TRANSPORTER',
        status_to: 'ACCEPTED',
        remark: null,
        created_by: 'transporter',
        idempotency_key: key(order, 'accept', 2),
      },
    ]);
    expect(await osQty(order)).toBe(6);
    expect(await handle.query(orderStateQuery)).toEqual({
      status: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      awaiting: null,
    });
    const described = await handle.describe();
    expect(described.typedSearchAttributes.get(OrderNo)).toBe(order.orderNo);
    expect(described.typedSearchAttributes.get(Status)).toBe('ACCEPTED');
    expect(described.typedSearchAttributes.get(TransporterCode)).toBe('TRP001');

    for (const again of [
      handle.executeUpdate(transporterAcceptUpdate, {
        args: [{ by: 'transporter', transporterCode: 'TRP001' }],
      }),
      handle.executeUpdate(transporterRejectUpdate, {
        args: [{ by: 'transporter', transporterCode: 'TRP001', remark: 'too late' }],
      }),
    ]) {
      expect(await refusal(again)).toBe('ALREADY_DECIDED');
    }
    expect(await histories(order)).toHaveLength(2);
    record(order, 'accept');
  });

  test('given an order waiting for TRP001, when TRP001 rejects without a remark, then the validator refuses it and nothing is written; with a remark the order is REJECTED (Dispatch_Status REJECTED, the remark kept) and its quantity is released', async () => {
    const order = await makeOrder();
    const handle = await start(order);

    for (const remark of ['', '   ']) {
      expect(
        await refusal(
          handle.executeUpdate(transporterRejectUpdate, {
            args: [{ by: 'transporter', transporterCode: 'TRP001', remark }],
          }),
        ),
      ).toBe('REMARK_REQUIRED');
    }
    expect(await orderRow(order)).toMatchObject({ status: 'ASSIGNED TO TRANSPORTER', version: 1 });
    expect(await histories(order)).toHaveLength(1);
    expect(await osQty(order)).toBe(6);

    const rejected = await handle.executeUpdate(transporterRejectUpdate, {
      args: [{ by: 'transporter', transporterCode: 'TRP001', remark: ' Truk penuh ' }],
    });
    expect(rejected).toMatchObject({ status: 'REJECTED', dispatchStatus: 'REJECTED', sequence: 2 });
    expect(await orderRow(order)).toMatchObject({
      status: 'REJECTED',
      dispatch_status: 'REJECTED',
      dispatch_status_remarks: 'Truk penuh',
      auto_reject_date: null,
      version: 2,
    });
    expect(await osQty(order)).toBe(10);
    expect((await histories(order)).map((h) => [h.status_to, h.remark, h.idempotency_key])).toEqual([
      ['ASSIGNED TO TRANSPORTER', null, key(order, 'assign', 1)],
      ['REJECTED', 'Truk penuh', key(order, 'reject', 2)],
    ]);
    expect(
      await refusal(
        handle.executeUpdate(transporterAcceptUpdate, {
          args: [{ by: 'transporter', transporterCode: 'TRP001' }],
        }),
      ),
    ).toBe('ALREADY_DECIDED');
    record(order, 'reject');
  });

  test('given an order whose transporter has 1.5 s to answer, when nobody answers, then at the deadline it is REJECTED with Dispatch_Status AUTO REJECTED by system, its quantity is released, and a late accept is refused', async () => {
    const order = await makeOrder();
    const handle = await start(order, { autoRejectMs: 1500 });
    const deadline = (await orderRow(order)).auto_reject_date!.getTime();

    const row = await eventually(async () => {
      const r = await orderRow(order);
      return r.status === 'REJECTED' ? r : null;
    });
    const lateness = Date.now() - deadline;
    expect(row).toMatchObject({
      dispatch_status: 'AUTO REJECTED',
      auto_reject_date: null,
      edited_by: 'system',
    });
    expect(lateness).toBeLessThan(5000);
    expect(await osQty(order)).toBe(10);
    // The workflow's own time of the change: never before the deadline, and within a second of it (DESIGN §6).
    const fired = (
      (await db('order_histories')
        .where({ idempotency_key: key(order, 'auto-reject', 2) })
        .first('created_date')) as { created_date: Date }
    ).created_date.getTime();
    expect(fired - deadline).toBeGreaterThanOrEqual(0);
    expect(fired - deadline).toBeLessThan(1000);
    expect(await histories(order)).toEqual([
      expect.objectContaining({
        status_to: 'ASSIGNED TO TRANSPORTER',
        idempotency_key: key(order, 'assign', 1),
      }),
      {
        status_from: 'ASSIGNED TO TRANSPORTER',
        status_to: 'REJECTED',
        remark: null,
        created_by: 'system',
        idempotency_key: key(order, 'auto-reject', 2),
      },
    ]);
    expect(
      await refusal(
        handle.executeUpdate(transporterAcceptUpdate, {
          args: [{ by: 'transporter', transporterCode: 'TRP001' }],
        }),
      ),
    ).toBe('ALREADY_DECIDED');
    expect(await handle.query(orderStateQuery)).toEqual({
      status: 'REJECTED',
      dispatchStatus: 'AUTO REJECTED',
      awaiting: null,
    });
    record(order, 'auto-reject');
  });

  test('given an order needing two approval levels (supervisor or logistic, then admin), when level 2 decides first, the transporter answers, someone not on level 1 decides, or level 1 decides twice, then those are refused with nothing written; when level 1 approves and level 2 rejects (remark required), then the order is REJECTED with its quantity released, one history row and one approval log per decision, and its approval row REJECTED', async () => {
    const order = await makeOrder();
    const handle = await start(order, { approvalLevels: 2, approvers: TWO_LEVELS });
    expect(await orderRow(order)).toMatchObject({
      status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      dispatch_status: null,
      auto_reject_date: null,
    });
    expect(await handle.query(orderStateQuery)).toEqual({
      status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      dispatchStatus: null,
      awaiting: { kind: 'approval', level: 1, levels: 2, approvers: ['logistic', 'supervisor'] },
    });
    const approval = await approvalsOf(order);
    expect(approval).toEqual([
      {
        transaction_type: 'ORDER',
        document_id: String(order.orderId),
        document_no: order.orderNo,
        status: 'WAITING FOR APPROVAL',
        current_level: 1,
        max_level: 2,
        workflow_id: order.workflowId,
        summary: `${order.orderNo} → PT Angkut Satu`,
        created_by: 'logistic',
        approvers: ['admin@2', 'logistic@1', 'supervisor@1'],
      },
    ]);
    for (const by of ['admin', 'warehouse', '  ']) {
      expect(
        await refusal(
          handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 1, approve: true, by }] }),
        ),
      ).toBe(by.trim() ? 'NOT_AN_APPROVER' : 'INVALID_INPUT');
    }
    expect(await histories(order)).toHaveLength(1);
    expect(await logsOf(order)).toEqual([]);
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 2, approve: true, by: 'admin' }] }),
      ),
    ).toBe('WRONG_LEVEL');
    expect(
      await refusal(
        handle.executeUpdate(transporterAcceptUpdate, {
          args: [{ by: 'transporter', transporterCode: 'TRP001' }],
        }),
      ),
    ).toBe('NOT_ALLOWED');

    // Any letter case names the approver; the log and the history spell it as the approvers list does.
    const first = await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: true, by: 'Supervisor', remark: 'ok' }],
    });
    expect(first).toMatchObject({ status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', sequence: 2 });
    expect((await handle.query(orderStateQuery)).awaiting).toEqual({
      kind: 'approval',
      level: 2,
      levels: 2,
      approvers: ['admin'],
    });
    expect(await approvalsOf(order)).toMatchObject([{ status: 'WAITING FOR APPROVAL', current_level: 2 }]);
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 2, approve: true, by: 'logistic' }] }),
      ),
    ).toBe('NOT_AN_APPROVER');
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 1, approve: true, by: 'supervisor' }] }),
      ),
    ).toBe('ALREADY_DECIDED');
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 2, approve: false, by: 'admin' }] }),
      ),
    ).toBe('REMARK_REQUIRED');
    expect(await histories(order)).toHaveLength(2);

    const rejected = await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 2, approve: false, by: 'admin', remark: 'Biaya terlalu tinggi' }],
    });
    expect(rejected).toEqual({ status: 'REJECTED', dispatchStatus: null, autoRejectDate: null, sequence: 3 });
    expect(await orderRow(order)).toMatchObject({
      status: 'REJECTED',
      dispatch_status: null,
      edited_by: 'admin',
    });
    expect(await osQty(order)).toBe(10);
    expect(await logsOf(order)).toEqual([
      { level: 1, username: 'supervisor', action: 'APPROVED', remark: 'ok', transaction_type: 'ORDER' },
      {
        level: 2,
        username: 'admin',
        action: 'REJECTED',
        remark: 'Biaya terlalu tinggi',
        transaction_type: 'ORDER',
      },
    ]);
    expect(await approvalsOf(order)).toMatchObject([{ status: 'REJECTED', current_level: 2 }]);
    expect((await histories(order)).map((h) => [h.status_from, h.status_to, h.remark, h.created_by])).toEqual(
      [
        [null, 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', null, 'logistic'],
        [
          'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
          'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
          'Level 1 approved: ok',
          'supervisor',
        ],
        [
          'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
          'REJECTED',
          'Level 2 rejected: Biaya terlalu tinggi',
          'admin',
        ],
      ],
    );
    record(order, 'approval-rejected');
  });

  test('given an order rejected by its transporter, when edit assign transporter gives it to TRP002 with one approval level, then the quantity is reserved again and the flow restarts: approval, then TRP002 (not TRP001) accepts; an edit assign of an order that is not rejected, or whose quantity another order took meanwhile, is refused with nothing written', async () => {
    const order = await makeOrder();
    const handle = await start(order);
    expect(
      await refusal(
        handle.executeUpdate(editAssignTransporterUpdate, {
          args: [{ by: 'logistic', transporterCode: 'TRP002', approvalLevels: 0, autoRejectMs: HOUR }],
        }),
      ),
    ).toBe('NOT_ALLOWED');
    await handle.executeUpdate(transporterRejectUpdate, {
      args: [{ by: 'transporter', transporterCode: 'TRP001', remark: 'Tidak ada truk' }],
    });
    expect(await osQty(order)).toBe(10);

    // Another order takes 7 of the 10 meanwhile: the 4 cannot be reserved again.
    await db('sap_order_details').where('id', order.sapLineId).update({ os_qty: 3 });
    const [other] = (await db('orders')
      .insert({ order_no: `${order.orderNo}-B`, status: 'ASSIGNED TO TRANSPORTER', created_by: 'logistic' })
      .returning('id')) as { id: number }[];
    await db('order_details').insert({
      order_id: other!.id,
      sap_order_detail_id: order.sapLineId,
      item_no: '000010',
      sap_no: 'x',
      sap_item_no: '000010',
      material_code: 'FG-CPO',
      qty: 7,
      uom: 'TON',
    });
    const edit = {
      by: 'logistic',
      transporterCode: 'TRP002',
      approvalLevels: 1,
      autoRejectMs: HOUR,
      approvers: [{ username: 'admin', level: 1 }],
    };
    expect(await refusal(handle.executeUpdate(editAssignTransporterUpdate, { args: [edit] }))).toBe(
      'QUANTITY_NOT_AVAILABLE',
    );
    expect(await orderRow(order)).toMatchObject({
      status: 'REJECTED',
      transporter_code: 'TRP001',
      version: 2,
    });
    expect(await histories(order)).toHaveLength(2);
    expect(await osQty(order)).toBe(3);
    await db('order_details').where('order_id', other!.id).update({ qty: 5 });
    await db('sap_order_details').where('id', order.sapLineId).update({ os_qty: 5 });

    const edited = await handle.executeUpdate(editAssignTransporterUpdate, { args: [edit] });
    expect(edited).toMatchObject({ status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', sequence: 3 });
    expect(await orderRow(order)).toMatchObject({
      status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      dispatch_status: null,
      dispatch_status_remarks: null,
      transporter_code: 'TRP002',
      transporter_name: 'PT Angkut Dua',
      version: 3,
    });
    expect(await osQty(order)).toBe(1);
    expect(await approvalsOf(order)).toMatchObject([
      { status: 'WAITING FOR APPROVAL', current_level: 1, max_level: 1, approvers: ['admin@1'] },
    ]);
    // What the sweep would start a lost run with follows the new assignment.
    expect(
      ((await db('orders').where('id', order.orderId).first('workflow_input')) as { workflow_input: unknown })
        .workflow_input,
    ).toMatchObject({ transporterCode: 'TRP002', approvalLevels: 1, approvers: edit.approvers });
    expect(await refusal(handle.executeUpdate(editAssignTransporterUpdate, { args: [edit] }))).toBe(
      'NOT_ALLOWED',
    );

    const approved = await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: true, by: 'admin' }],
    });
    expect(approved).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
      sequence: 4,
    });
    expect(approved.autoRejectDate).not.toBeNull();
    expect(await approvalsOf(order)).toMatchObject([{ status: 'APPROVED', current_level: 1 }]);
    expect((await orderRow(order)).auto_reject_date?.toISOString()).toBe(approved.autoRejectDate);
    expect(
      await refusal(
        handle.executeUpdate(transporterAcceptUpdate, {
          args: [{ by: 'transporter', transporterCode: 'TRP001' }],
        }),
      ),
    ).toBe('NOT_THIS_TRANSPORTER');
    await handle.executeUpdate(transporterAcceptUpdate, {
      args: [{ by: 'trp2', transporterCode: 'TRP002' }],
    });
    expect(await orderRow(order)).toMatchObject({
      status: 'ACCEPTED',
      dispatch_status: 'ACCEPTED',
      version: 5,
    });
    expect(await osQty(order)).toBe(1);
    expect((await histories(order)).map((h) => h.idempotency_key)).toEqual([
      key(order, 'assign', 1),
      key(order, 'reject', 2),
      key(order, 'edit-assign', 3),
      key(order, 'approve', 4),
      key(order, 'accept', 5),
    ]);
    expect((await histories(order))[2]).toMatchObject({
      status_from: 'REJECTED',
      status_to: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      remark: 'Assigned to TRP002',
    });
    expect((await handle.describe()).typedSearchAttributes.get(TransporterCode)).toBe('TRP002');
    record(order, 'edit-assign-after-reject');
  });
});

describe('orderWorkflow, approval', () => {
  test('given an order needing two approval levels, when supervisor approves level 1 and admin level 2, then the order is ASSIGNED TO TRANSPORTER with a deadline from the final approval, its approval row APPROVED with both decisions logged, and the transporter accepts', async () => {
    const order = await makeOrder();
    const handle = await start(order, { approvalLevels: 2, approvers: TWO_LEVELS });
    await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: true, by: 'supervisor' }],
    });
    const before = Date.now();
    const approved = await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 2, approve: true, by: 'admin', remark: 'Biaya wajar' }],
    });
    expect(approved).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
      sequence: 3,
    });
    expect(Date.parse(approved.autoRejectDate!)).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(await approvalsOf(order)).toMatchObject([{ status: 'APPROVED', current_level: 2, max_level: 2 }]);
    expect((await logsOf(order)).map((l) => [l.level, l.username, l.action, l.remark])).toEqual([
      [1, 'supervisor', 'APPROVED', null],
      [2, 'admin', 'APPROVED', 'Biaya wajar'],
    ]);
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 2, approve: true, by: 'admin' }] }),
      ),
    ).toBe('ALREADY_DECIDED');
    await handle.executeUpdate(transporterAcceptUpdate, {
      args: [{ by: 'transporter', transporterCode: 'TRP001' }],
    });
    expect(await orderRow(order)).toMatchObject({
      status: 'ACCEPTED',
      dispatch_status: 'ACCEPTED',
      version: 4,
    });
    expect(await logsOf(order)).toHaveLength(2);
    record(order, 'approval-accept');
  });

  test('given an order whose approval was rejected, when it is assigned again with approval, then a new approval row opens with the new approvers (the rejected one stays REJECTED) and the decision goes to it', async () => {
    const order = await makeOrder();
    const handle = await start(order, {
      approvalLevels: 1,
      approvers: [{ username: 'supervisor', level: 1 }],
    });
    await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: false, by: 'supervisor', remark: 'Salah transporter' }],
    });
    await handle.executeUpdate(editAssignTransporterUpdate, {
      args: [
        {
          by: 'logistic',
          transporterCode: 'TRP002',
          approvalLevels: 1,
          autoRejectMs: HOUR,
          approvers: [{ username: 'admin', level: 1 }],
        },
      ],
    });
    expect(await approvalsOf(order)).toMatchObject([
      { status: 'REJECTED', approvers: ['supervisor@1'] },
      {
        status: 'WAITING FOR APPROVAL',
        current_level: 1,
        approvers: ['admin@1'],
        summary: `${order.orderNo} → PT Angkut Dua`,
      },
    ]);
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 1, approve: true, by: 'supervisor' }] }),
      ),
    ).toBe('NOT_AN_APPROVER');
    await handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 1, approve: true, by: 'admin' }] });
    expect((await approvalsOf(order)).map((a) => a.status)).toEqual(['REJECTED', 'APPROVED']);
    expect((await logsOf(order)).map((l) => [l.username, l.action])).toEqual([
      ['supervisor', 'REJECTED'],
      ['admin', 'APPROVED'],
    ]);
  });
});

describe('orderWorkflow, answers at once', () => {
  test('given an order waiting for TRP001, when an accept and a reject arrive together, then exactly one is written and the other is refused as already decided', async () => {
    const order = await makeOrder();
    const handle = await start(order);
    const outcomes = await Promise.allSettled([
      handle.executeUpdate(transporterAcceptUpdate, {
        args: [{ by: 'transporter', transporterCode: 'TRP001' }],
      }),
      handle.executeUpdate(transporterRejectUpdate, {
        args: [{ by: 'transporter', transporterCode: 'TRP001', remark: 'Truk penuh' }],
      }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refusalType(refused.reason)).toBe('ALREADY_DECIDED');
    expect(await histories(order)).toHaveLength(2);
    expect((await orderRow(order)).version).toBe(2);
  });
});

describe('writeOrderChange', () => {
  test('given a change that was written, when the activity runs again (a retry), then it writes nothing more: one history row, the row and os_qty unchanged', async () => {
    const order = await makeOrder();
    const { writeOrderChange } = createOrderActivities({ db });
    const change = {
      orderId: order.orderId,
      orderNo: order.orderNo,
      workflowId: order.workflowId,
      kind: 'reject' as const,
      sequence: 1,
      from: 'ASSIGNED TO TRANSPORTER' as const,
      to: 'REJECTED' as const,
      dispatchStatus: 'REJECTED' as const,
      dispatchRemark: 'no',
      autoRejectDate: null,
      remark: 'no',
      by: 'transporter',
      at: new Date().toISOString(),
    };
    expect(await writeOrderChange(change)).toEqual({
      found: true,
      written: true,
      repeated: false,
      autoRejectDate: null,
    });
    expect(await osQty(order)).toBe(10);
    // Someone reserves again meanwhile; a repeat must not release or recompute anything.
    await db('sap_order_details').where('id', order.sapLineId).update({ os_qty: 2 });
    expect(await writeOrderChange(change)).toEqual({
      found: true,
      written: true,
      repeated: true,
      autoRejectDate: null,
    });
    expect(await osQty(order)).toBe(2);
    expect(await histories(order)).toEqual([
      expect.objectContaining({ idempotency_key: orderChangeKey(change) }),
    ]);
    expect(await orderRow(order)).toMatchObject({ status: 'REJECTED', version: 1 });

    expect(await writeOrderChange({ ...change, orderId: 987_654, sequence: 2 })).toEqual({
      found: false,
      written: false,
      repeated: false,
    });
  });

  /** A free SAP line of 10 TON (os_qty 10) and the creation of an order taking `qty` of it, to TRP001. */
  async function creationOf(qty: number) {
    const n = `${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++creations).padStart(3, '0')}`;
    const [sap] = (await db('sap_orders')
      .insert({
        document_no: `SC${n}`,
        status: 'APPROVED',
        type: 'SYNC SAP',
        order_type: 'SO',
        order_type_code: 'SO',
        document_date: '2026-11-20',
        company_code: '1000',
        plant: '1101',
        created_by: 'logistic',
      })
      .returning('id')) as { id: number }[];
    const [line] = (await db('sap_order_details')
      .insert({
        sap_order_id: sap!.id,
        item_no: '000010',
        material_code: 'FG-CPO',
        qty: 10,
        os_qty: 10,
        uom: 'TON',
      })
      .returning('id')) as { id: number }[];
    const drawn = (await db.raw(`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as {
      rows: { id: number }[];
    };
    const orderId = drawn.rows[0]!.id;
    const orderNo = `ORDC${n}`;
    const input: OrderWorkflowInput = {
      orderNo,
      orderId,
      approvalLevels: 0,
      autoRejectMs: HOUR,
      transporterCode: 'TRP001',
      assignedBy: 'logistic',
    };
    const create = {
      creation: {
        order: {
          id: orderId,
          order_no: orderNo,
          sap_no: `SC${n}`,
          status: 'ASSIGNED TO TRANSPORTER',
          transporter_code: 'TRP001',
          transporter_name: 'PT Angkut Satu',
          workflow_id: orderWorkflowId(orderNo),
          workflow_input: JSON.stringify(input),
          created_by: 'logistic',
        },
        lines: [
          {
            sap_order_detail_id: Number(line!.id),
            item_no: '000010',
            sap_no: `SC${n}`,
            sap_item_no: '000010',
            material_code: 'FG-CPO',
            qty,
            uom: 'TON',
            conversion: 1000,
          },
        ],
        transporters: [{ transporter_code: 'TRP001', transporter_name: 'PT Angkut Satu' }],
        sapOrderIds: [sap!.id],
      },
    };
    const order: MadeOrder = {
      orderId,
      orderNo,
      sapLineId: Number(line!.id),
      workflowId: orderWorkflowId(orderNo),
    };
    return { order, input: { ...input, ...create }, sapOrderId: sap!.id };
  }
  let creations = 0;

  const sapSide = async (sapLineId: number, sapOrderId: number) => ({
    os: Number(
      ((await db('sap_order_details').where('id', sapLineId).first('os_qty')) as { os_qty: string }).os_qty,
    ),
    hasOrder: ((await db('sap_orders').where('id', sapOrderId).first('has_order')) as { has_order: boolean })
      .has_order,
  });

  test('given an assignment sent as update-with-start (the rows in the input, the createOrder Update with it), then the order rows are written by the workflow with its first change, once, and the same creation sent again answers the order as it is without writing anything twice', async () => {
    const orders = createOrderWorkflows(env.client, { taskQueue });
    const { order, input, sapOrderId } = await creationOf(4);
    const first = await orders.create(input);
    expect(first).toEqual({
      ok: true,
      result: expect.objectContaining({
        status: 'ASSIGNED TO TRANSPORTER',
        dispatchStatus: 'WAITING',
        sequence: 1,
      }),
    });
    // Answered once written: the rows are there the moment the Update returns.
    expect(await orderRow(order)).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatch_status: 'WAITING',
      workflow_id: order.workflowId,
      version: 1,
    });
    expect(await histories(order)).toEqual([
      expect.objectContaining({
        status_from: null,
        status_to: 'ASSIGNED TO TRANSPORTER',
        created_by: 'logistic',
      }),
    ]);
    expect(await sapSide(order.sapLineId, sapOrderId)).toEqual({ os: 6, hasOrder: true });
    expect(await db('order_transporters').where('order_id', order.orderId).pluck('transporter_code')).toEqual(
      ['TRP001'],
    );

    // Sent again (a retried request): USE_EXISTING takes the run, which answers the order as it is.
    const again = await orders.create(input);
    expect(again).toEqual(first);
    expect(await histories(order)).toHaveLength(1);
    expect(await db('order_details').where('order_id', order.orderId).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await sapSide(order.sapLineId, sapOrderId)).toEqual({ os: 6, hasOrder: true });

    // Its life goes on as any order's.
    const handle = env.client.workflow.getHandle(order.workflowId);
    const accepted = await handle.executeUpdate(transporterAcceptUpdate, {
      args: [{ by: 'trp001', transporterCode: 'TRP001' }],
    });
    expect(accepted.status).toBe('ACCEPTED');
    record(order, 'create-accept');
    await handle.terminate();
  });

  test('given a creation whose SAP line no longer has the quantity, then QUANTITY_NOT_AVAILABLE naming the SAP line, nothing of the order is written, and the run ends without an order', async () => {
    const orders = createOrderWorkflows(env.client, { taskQueue });
    const { order, input, sapOrderId } = await creationOf(12);
    expect(await orders.create(input)).toEqual({
      ok: false,
      code: 'QUANTITY_NOT_AVAILABLE',
      details: [{ sapLineId: String(order.sapLineId) }],
    });
    expect(await db('orders').where('id', order.orderId).first('id')).toBeUndefined();
    expect(await db('order_details').where('order_id', order.orderId).first('id')).toBeUndefined();
    expect(await db('order_histories').where('order_id', order.orderId).first('id')).toBeUndefined();
    expect(await sapSide(order.sapLineId, sapOrderId)).toEqual({ os: 10, hasOrder: false });
    const handle = env.client.workflow.getHandle(order.workflowId);
    expect(await handle.result()).toEqual({ status: null, dispatchStatus: null });
    record(order, 'create-refused');
  });

  test('given a run started with its rows whose createOrder Update never comes (Temporal lost it), then the order is created all the same, and an Update sent later answers it as it is', async () => {
    const { order, input, sapOrderId } = await creationOf(4);
    const handle = await env.client.workflow.start(orderWorkflow, {
      taskQueue,
      workflowId: order.workflowId,
      args: [input],
    });
    await eventually(async () => (await handle.query(orderStateQuery)).status !== null);
    const state = await handle.query(orderStateQuery);
    expect(state.status).toBe('ASSIGNED TO TRANSPORTER');
    expect(state.awaiting).toMatchObject({ kind: 'transporter', code: 'TRP001' });
    expect(await orderRow(order)).toMatchObject({ status: 'ASSIGNED TO TRANSPORTER', version: 1 });
    expect(await sapSide(order.sapLineId, sapOrderId)).toEqual({ os: 6, hasOrder: true });
    expect(await handle.executeUpdate(createOrderUpdate)).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      sequence: 1,
    });
    expect(await histories(order)).toHaveLength(1);
    await handle.terminate();
  });

  test('given a run started for an order already written (no rows to create), when a createOrder Update comes, then its validator refuses it and nothing is written', async () => {
    const order = await makeOrder();
    const handle = await start(order);
    const refused = await handle.executeUpdate(createOrderUpdate).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect(((refused as WorkflowUpdateFailedError).cause as ApplicationFailure).type).toBe('NOT_ALLOWED');
    expect(await histories(order)).toHaveLength(1);
    await handle.terminate();
  });

  test('given an accept written as change 2 that the workflow never recorded (Temporal lost the Update), when the workflow writes another change 2 (an auto-reject), then nothing is written and it answers BEHIND with the state the rows hold', async () => {
    const order = await makeOrder();
    const { writeOrderChange } = createOrderActivities({ db });
    const change = changeOf(order);
    const deadline = new Date(Date.now() + HOUR).toISOString();
    await writeOrderChange({
      ...change,
      kind: 'assign',
      sequence: 1,
      from: null,
      to: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
      autoRejectDate: deadline,
      by: 'logistic',
    });
    await writeOrderChange(acceptAsChange2(order));
    const before = { row: await orderRow(order), histories: await histories(order), os: await osQty(order) };

    const outcome = await writeOrderChange({
      ...change,
      kind: 'auto-reject',
      sequence: 2,
      from: 'ASSIGNED TO TRANSPORTER',
      to: 'REJECTED',
      dispatchStatus: 'AUTO REJECTED',
      autoRejectDate: null,
      by: 'system',
    });
    expect(outcome).toEqual({
      found: true,
      written: false,
      repeated: false,
      refusal: 'BEHIND',
      resume: {
        status: 'ACCEPTED',
        dispatchStatus: 'ACCEPTED',
        autoRejectDate: null,
        transporterCode: 'TRP001',
        sequence: 2,
        autoRejectMs: 0,
      },
    });
    expect({ row: await orderRow(order), histories: await histories(order), os: await osQty(order) }).toEqual(
      before,
    );
  });

  test('given the first change written by an attempt whose worker died before its workflow task completed, when the workflow writes it again with a later deadline, then it keeps the deadline stored the first time (PostgreSQL and the workflow agree)', async () => {
    const order = await makeOrder();
    // What the killed attempt left: the assign change written, with its deadline.
    const stored = new Date(Date.now() + 40 * 60_000);
    await createOrderActivities({ db }).writeOrderChange({
      orderId: order.orderId,
      orderNo: order.orderNo,
      workflowId: order.workflowId,
      kind: 'assign',
      sequence: 1,
      from: null,
      to: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
      dispatchRemark: null,
      autoRejectDate: stored.toISOString(),
      remark: 'Assigned',
      by: 'logistic',
      at: new Date().toISOString(),
    });
    // The retried attempt computes now + 1 hour: later than what was stored.
    const handle = await start(order, { autoRejectMs: HOUR });
    const state = await handle.query(orderStateQuery);
    expect(state.awaiting).toEqual({ kind: 'transporter', code: 'TRP001', deadline: stored.toISOString() });
    expect((await orderRow(order)).auto_reject_date).toEqual(stored);
    expect(await histories(order)).toHaveLength(1);
    await handle.terminate();
  });

  test('given an accept written as change 2 that the run never recorded (Temporal lost its Update), when mark complete is sent through the API client, then the run, refusing it on its stale state, catches up with the rows (catchUp) and the action is sent again and made once', async () => {
    const order = await makeOrder();
    const handle = await start(order);
    // What the lost Update left: the accept written by the activity, the run still asking the transporter.
    await createOrderActivities({ db }).writeOrderChange(acceptAsChange2(order));
    expect((await handle.query(orderStateQuery)).status).toBe('ASSIGNED TO TRANSPORTER');
    // Sent on its own, the run refuses it on the state it holds.
    const refused = await handle
      .executeUpdate(markCompleteUpdate, { args: [{ by: 'logistic' }] })
      .catch((err: unknown) => err);
    expect(((refused as WorkflowUpdateFailedError).cause as ApplicationFailure).type).toBe('NOT_ALLOWED');

    const orders = createOrderWorkflows(env.client, { taskQueue });
    const done = await orders.markComplete(order.orderNo, { by: 'logistic' });
    expect(done).toMatchObject({ ok: true, result: { status: 'COMPLETED', sequence: 3 } });
    expect((await orderRow(order)).status).toBe('COMPLETED');
    expect((await histories(order)).map((h) => h.status_to)).toEqual([
      'ASSIGNED TO TRANSPORTER',
      'ACCEPTED',
      'COMPLETED',
    ]);
    // Nothing ahead any more: a catch-up now takes nothing.
    expect(await handle.executeUpdate(catchUpUpdate)).toMatchObject({ status: 'COMPLETED', caughtUp: false });
    record(order, 'catch-up');
    // A refusal the rows do not explain is answered as it is, after one catch-up that found nothing.
    expect(await orders.accept(order.orderNo, { by: 'trp001', transporterCode: 'TRP001' })).toMatchObject({
      ok: false,
      code: 'ALREADY_DECIDED',
    });
    await handle.terminate();
  });

  test('given an approval round opened and a decision written, when each activity runs again (a retry), then there is still one approval row and one log row', async () => {
    const order = await makeOrder();
    const { writeOrderChange } = createOrderActivities({ db });
    const base = { ...changeOf(order), dispatchStatus: null, autoRejectDate: null };
    const open = {
      ...base,
      kind: 'assign' as const,
      sequence: 1,
      from: null,
      to: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' as const,
      by: 'logistic',
      approval: { kind: 'open' as const, levels: 2, approvers: TWO_LEVELS },
    };
    const decide = {
      ...base,
      kind: 'approve' as const,
      sequence: 2,
      from: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' as const,
      to: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' as const,
      by: 'supervisor',
      approval: {
        kind: 'decide' as const,
        level: 1,
        username: 'supervisor',
        action: 'APPROVED' as const,
        remark: null,
        final: false,
      },
    };
    for (const change of [open, open, decide, decide]) await writeOrderChange(change);
    expect(await approvalsOf(order)).toMatchObject([
      {
        status: 'WAITING FOR APPROVAL',
        current_level: 2,
        approvers: ['admin@2', 'logistic@1', 'supervisor@1'],
      },
    ]);
    expect(await logsOf(order)).toHaveLength(1);
  });
});

describe("orderWorkflow: the order's corrections (cancel, mark and unmark complete, stuffing date, reassign)", () => {
  const accepted = async () => {
    const order = await makeOrder();
    const handle = await start(order);
    await handle.executeUpdate(transporterAcceptUpdate, {
      args: [{ by: 'transporter', transporterCode: 'TRP001' }],
    });
    return { order, handle };
  };
  const line = (order: MadeOrder) =>
    db('order_details')
      .where('order_id', order.orderId)
      .first('id', 'qty', 'os_qty', 'revert_qty') as Promise<{
      id: number;
      qty: string;
      os_qty: string;
      revert_qty: string;
    }>;
  const quantities = async (order: MadeOrder) => {
    const l = await line(order);
    const row = (await db('orders').where('id', order.orderId).first('revert_qty')) as { revert_qty: string };
    return {
      qty: Number(l.qty),
      os: Number(l.os_qty),
      revert: Number(l.revert_qty),
      orderRevert: Number(row.revert_qty),
      sapOs: await osQty(order),
    };
  };

  test('given an accepted order holding 4 of a SAP line of 10, when its stuffing date changes, 1 is reassigned, it is marked complete, another order takes 9 of the line and it is unmarked, then each change is written once with the quantities exact, and unmark reserves again only the 1 still free and names the line that could not be', async () => {
    const { order, handle } = await accepted();
    expect(await quantities(order)).toEqual({ qty: 4, os: 4, revert: 0, orderRevert: 0, sapOs: 6 });

    // Stuffing date: the status, the answer and the quantities stay; the row and the history say the new range.
    const stuffed = await handle.executeUpdate(changeStuffingDateUpdate, {
      args: [{ by: 'logistic', from: '2026-12-01', to: '2026-12-03' }],
    });
    expect(stuffed).toMatchObject({ status: 'ACCEPTED', dispatchStatus: 'ACCEPTED', sequence: 3 });
    const stuffing = (await db('orders')
      .where('id', order.orderId)
      .first(
        db.raw(`to_char(stuffing_date_from, 'YYYY-MM-DD') as "from"`),
        db.raw(`to_char(stuffing_date_to, 'YYYY-MM-DD') as "to"`),
        'status',
        'dispatch_status',
      )) as Record<string, string>;
    expect(stuffing).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
      status: 'ACCEPTED',
      dispatch_status: 'ACCEPTED',
    });
    expect(
      await refusal(
        handle.executeUpdate(changeStuffingDateUpdate, {
          args: [{ by: 'logistic', from: '2026-12-05', to: '2026-12-01' }],
        }),
      ),
    ).toBe('INVALID_INPUT');

    // Reassign: more than the outstanding quantity is refused with nothing written; 1 goes back.
    const detail = await line(order);
    expect(
      await refusal(
        handle.executeUpdate(reassignDoUpdate, {
          args: [{ by: 'logistic', lines: [{ orderDetailId: Number(detail.id), qty: 4.001 }] }],
        }),
      ),
    ).toBe('QUANTITY_TOO_HIGH');
    expect(
      await refusal(
        handle.executeUpdate(reassignDoUpdate, {
          args: [{ by: 'logistic', lines: [{ orderDetailId: 987_654_321, qty: 1 }] }],
        }),
      ),
    ).toBe('QUANTITY_TOO_HIGH');
    expect(await quantities(order)).toEqual({ qty: 4, os: 4, revert: 0, orderRevert: 0, sapOs: 6 });
    await handle.executeUpdate(reassignDoUpdate, {
      args: [{ by: 'logistic', lines: [{ orderDetailId: Number(detail.id), qty: 1 }] }],
    });
    expect(await quantities(order)).toEqual({ qty: 3, os: 3, revert: 0, orderRevert: 0, sapOs: 7 });

    // Unmark before mark: refused by the validator.
    expect(await refusal(handle.executeUpdate(unmarkCompleteUpdate, { args: [{ by: 'logistic' }] }))).toBe(
      'NOT_ALLOWED',
    );

    // Mark complete: the 3 not shipped go back to the SAP line and are the order's Revert_Qty.
    const marked = await handle.executeUpdate(markCompleteUpdate, { args: [{ by: 'logistic' }] });
    expect(marked.status).toBe('COMPLETED');
    const completedOn = async () =>
      (
        (await db('orders').where('id', order.orderId).first('completed_date')) as {
          completed_date: Date | null;
        }
      ).completed_date;
    expect(await completedOn()).toBeInstanceOf(Date);
    expect(await counterDrift(db)).toEqual([]);
    expect(await quantities(order)).toEqual({ qty: 3, os: 0, revert: 3, orderRevert: 3, sapOs: 10 });
    expect(await refusal(handle.executeUpdate(markCompleteUpdate, { args: [{ by: 'logistic' }] }))).toBe(
      'NOT_ALLOWED',
    );
    expect(
      await refusal(
        handle.executeUpdate(cancelOrderUpdate, { args: [{ by: 'logistic', reason: 'too late' }] }),
      ),
    ).toBe('NOT_ALLOWED');

    // Another order takes 9 of the 10 meanwhile.
    const [other] = (await db('orders')
      .insert({
        order_no: `${order.orderNo}B`,
        status: 'ACCEPTED',
        transporter_code: 'TRP002',
        created_by: 'logistic',
      })
      .returning('id')) as { id: number }[];
    await db('order_details').insert({
      order_id: other!.id,
      sap_order_detail_id: order.sapLineId,
      item_no: '000010',
      sap_no: 'SO',
      sap_item_no: '000010',
      material_code: 'FG-CPO',
      qty: 9,
      os_qty: 9,
      uom: 'TON',
    });
    await db('sap_order_details').where('id', order.sapLineId).update({ os_qty: 1 });

    // Unmark: back to ACCEPTED, 1 reserved again, 2 still returned and named.
    const unmarked = await handle.executeUpdate(unmarkCompleteUpdate, { args: [{ by: 'logistic' }] });
    expect(unmarked).toMatchObject({ status: 'ACCEPTED', unreserved: [{ itemNo: '000010', qty: 2 }] });
    expect(await quantities(order)).toEqual({ qty: 3, os: 1, revert: 2, orderRevert: 2, sapOs: 0 });
    expect(await completedOn()).toBeNull();
    expect(await counterDrift(db)).toEqual([]);

    expect(await histories(order)).toEqual([
      expect.objectContaining({
        status_to: 'ASSIGNED TO TRANSPORTER',
        idempotency_key: key(order, 'assign', 1),
      }),
      expect.objectContaining({ status_to: 'ACCEPTED', idempotency_key: key(order, 'accept', 2) }),
      expect.objectContaining({
        status_from: 'ACCEPTED',
        status_to: 'ACCEPTED',
        remark: '01/12/2026 – 03/12/2026',
        idempotency_key: key(order, 'stuffing-date', 3),
      }),
      expect.objectContaining({ status_to: 'ACCEPTED', idempotency_key: key(order, 'reassign-do', 4) }),
      expect.objectContaining({
        status_from: 'ACCEPTED',
        status_to: 'COMPLETED',
        idempotency_key: key(order, 'mark-complete', 5),
      }),
      expect.objectContaining({
        status_from: 'COMPLETED',
        status_to: 'ACCEPTED',
        idempotency_key: key(order, 'unmark-complete', 6),
      }),
    ]);
    expect((await orderRow(order)).version).toBe(6);
    const described = await handle.describe();
    expect(described.typedSearchAttributes.get(Status)).toBe('ACCEPTED');
    record(order, 'corrections');
    await handle.terminate();
  });

  test('given an order waiting for level 1 of two approval levels, when it is cancelled without a reason the validator refuses it; with a reason it is CANCELLED, its quantity released, its approval row closed CANCELLED, and the run ends', async () => {
    const order = await makeOrder();
    const handle = await start(order, { approvalLevels: 2, approvers: TWO_LEVELS });
    expect(await osQty(order)).toBe(6);
    expect(
      await refusal(handle.executeUpdate(cancelOrderUpdate, { args: [{ by: 'logistic', reason: '  ' }] })),
    ).toBe('REMARK_REQUIRED');
    expect(await histories(order)).toHaveLength(1);

    const cancelled = await handle.executeUpdate(cancelOrderUpdate, {
      args: [{ by: 'logistic', reason: 'Customer withdrew the order' }],
    });
    expect(cancelled.status).toBe('CANCELLED');
    expect(await handle.result()).toEqual({ status: 'CANCELLED', dispatchStatus: null });
    expect(await osQty(order)).toBe(10);
    expect((await orderRow(order)).status).toBe('CANCELLED');
    expect(await approvalsOf(order)).toEqual([
      expect.objectContaining({ status: 'CANCELLED', current_level: 1 }),
    ]);
    expect((await histories(order)).at(-1)).toEqual(
      expect.objectContaining({
        status_from: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
        status_to: 'CANCELLED',
        remark: 'Customer withdrew the order',
        created_by: 'logistic',
        idempotency_key: key(order, 'cancel', 2),
      }),
    );
    record(order, 'cancel-waiting-approval');
  });

  test('given an order waiting for its transporter with a 1.5 s deadline, when its stuffing date changes the deadline stays; when it is cancelled before the deadline, the deadline never fires', async () => {
    const order = await makeOrder();
    const handle = await start(order, { autoRejectMs: 1_500 });
    const deadline = (await orderRow(order)).auto_reject_date;
    expect(deadline).not.toBeNull();
    const stuffed = await handle.executeUpdate(changeStuffingDateUpdate, {
      args: [{ by: 'logistic', from: '2026-12-01', to: '2026-12-01' }],
    });
    expect(stuffed).toMatchObject({ status: 'ASSIGNED TO TRANSPORTER', dispatchStatus: 'WAITING' });
    expect(stuffed.autoRejectDate).toBe(deadline!.toISOString());
    expect((await orderRow(order)).auto_reject_date).toEqual(deadline);
    expect((await handle.query(orderStateQuery)).awaiting).toEqual({
      kind: 'transporter',
      code: 'TRP001',
      deadline: deadline!.toISOString(),
    });

    await handle.executeUpdate(cancelOrderUpdate, { args: [{ by: 'logistic', reason: 'Wrong lane' }] });
    expect(await handle.result()).toEqual({ status: 'CANCELLED', dispatchStatus: 'WAITING' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await histories(order)).map((h) => h.idempotency_key)).toEqual([
      key(order, 'assign', 1),
      key(order, 'stuffing-date', 2),
      key(order, 'cancel', 3),
    ]);
    expect(await osQty(order)).toBe(10);
    expect((await orderRow(order)).auto_reject_date).toBeNull();
  });

  test('given a change written by an activity that runs again (a retry), then mark complete and reassign write nothing more: one history row each, the quantities unchanged', async () => {
    const { order, handle } = await accepted();
    await handle.terminate();
    const { writeOrderChange } = createOrderActivities({ db });
    const detail = await line(order);
    const base = {
      orderId: order.orderId,
      orderNo: order.orderNo,
      workflowId: order.workflowId,
      dispatchStatus: 'ACCEPTED' as const,
      autoRejectDate: null,
      remark: null,
      by: 'logistic',
      at: new Date().toISOString(),
    };
    const reassign = {
      ...base,
      kind: 'reassign-do' as const,
      sequence: 3,
      from: 'ACCEPTED' as const,
      to: 'ACCEPTED' as const,
      reassign: [{ orderDetailId: Number(detail.id), qty: 1.5 }],
    };
    expect(await writeOrderChange(reassign)).toMatchObject({ written: true, repeated: false });
    expect(await writeOrderChange(reassign)).toMatchObject({ written: true, repeated: true });
    expect(await quantities(order)).toEqual({ qty: 2.5, os: 2.5, revert: 0, orderRevert: 0, sapOs: 7.5 });
    const mark = {
      ...base,
      kind: 'mark-complete' as const,
      sequence: 4,
      from: 'ACCEPTED' as const,
      to: 'COMPLETED' as const,
    };
    await writeOrderChange(mark);
    await writeOrderChange(mark);
    expect(await quantities(order)).toEqual({ qty: 2.5, os: 0, revert: 2.5, orderRevert: 2.5, sapOs: 10 });
    const unmark = {
      ...base,
      kind: 'unmark-complete' as const,
      sequence: 5,
      from: 'COMPLETED' as const,
      to: 'ACCEPTED' as const,
    };
    expect(await writeOrderChange(unmark)).toMatchObject({ written: true, repeated: false, unreserved: [] });
    expect(await writeOrderChange(unmark)).toMatchObject({ written: true, repeated: true, unreserved: [] });
    expect(await quantities(order)).toEqual({ qty: 2.5, os: 2.5, revert: 0, orderRevert: 0, sapOs: 7.5 });
    expect(await histories(order)).toHaveLength(5);
  });
});
