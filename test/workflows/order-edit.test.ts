// Edit order through the order's workflow (issue 17, DESIGN §4 "WAITING FOR ORDER APPROVAL"), on the real Temporal
// dev server and PostgreSQL: the editOrder Update writes an order_edits row to the order at once, or keeps it aside
// while the order waits for approval; the approvers' decision applies or drops it; the quantities stay exact; a
// refused edit writes nothing; cancel ends a waiting edit; a run the sweep starts again picks the waiting edit up.
import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { translate } from '../../api/i18n';
import { createOrderWorkflows, updateFailure } from '../../api/orders/workflows';
import type { Db } from '../../db/connection';
import { createOrderActivities, type OrderEditChanges } from '../../workflows/orders/activities';
import {
  cancelOrderUpdate,
  decideApprovalUpdate,
  editOrderUpdate,
  orderStateQuery,
  orderWorkflowId,
  transporterAcceptUpdate,
  transporterRejectUpdate,
  type EditOrderInput,
  type OrderWorkflowInput,
} from '../../workflows/orders/messages';
import { readOrderResume } from '../../workflows/orders/resume';
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
const taskQueue = `order-edit-${randomUUID()}`;

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
  sapNo: string;
  sapLineId: number;
  workflowId: string;
}

/** A SAP line of 10 TON and an order ASSIGNED TO TRANSPORTER (TRP001) holding 4 of it (insertHeldOrder). */
async function makeOrder(): Promise<MadeOrder> {
  const held = await insertHeldOrder(db, 'EDT', {
    status: 'ASSIGNED TO TRANSPORTER',
    transporter_code: 'TRP001',
    transporter_name: 'PT Angkut Satu',
    trip_type: 'ONE WAY',
  });
  await db('order_transporters').insert({
    order_id: held.orderId,
    transporter_code: 'TRP001',
    transporter_name: 'PT Angkut Satu',
    freight_cost: 100,
    user_not: 1,
  });
  return { ...held, workflowId: orderWorkflowId(held.orderNo) };
}

async function start(order: MadeOrder, options: Partial<OrderWorkflowInput> = {}) {
  const handle = await env.client.workflow.start(orderWorkflow, {
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
  await eventually(async () => (await handle.query(orderStateQuery)).status !== null);
  return handle;
}

async function accepted() {
  const order = await makeOrder();
  const handle = await start(order);
  await handle.executeUpdate(transporterAcceptUpdate, {
    args: [{ by: 'transporter', transporterCode: 'TRP001' }],
  });
  return { order, handle };
}

/** The order's lines, the SAP line's os_qty and the order's transporters, as the list and the panels read them. */
async function stateOf(order: MadeOrder) {
  const row = (await db('orders')
    .where('id', order.orderId)
    .first(
      'status',
      'dispatch_status',
      'transporter_code',
      'trip_type',
      'transporter_notes',
      'auto_reject_date',
    )) as {
    status: string;
    dispatch_status: string | null;
    transporter_code: string;
    trip_type: string | null;
    transporter_notes: string | null;
    auto_reject_date: Date | null;
  };
  const lines = (
    (await db('order_details')
      .where('order_id', order.orderId)
      .orderBy('item_no')
      .select('item_no', 'sap_order_detail_id', 'qty', 'os_qty')) as Record<string, string>[]
  ).map((l) => ({
    item: l.item_no,
    sapLine: Number(l.sap_order_detail_id),
    qty: Number(l.qty),
    os: Number(l.os_qty),
  }));
  const sap = (await db('sap_order_details').where('id', order.sapLineId).first('os_qty')) as {
    os_qty: string;
  };
  const transporters = (await db('order_transporters')
    .where('order_id', order.orderId)
    .orderBy('id')
    .select('transporter_code', 'freight_cost')) as { transporter_code: string; freight_cost: string }[];
  return {
    status: row.status,
    dispatch: row.dispatch_status,
    transporter: row.transporter_code,
    tripType: row.trip_type,
    notes: row.transporter_notes,
    deadline: row.auto_reject_date,
    lines,
    sapOs: Number(sap.os_qty),
    transporters: transporters.map((t) => `${t.transporter_code}@${Number(t.freight_cost)}`),
  };
}

/** The order's line on the SAP line, asking `qty` of it; TRP at `cost`. */
async function writeEdit(
  order: MadeOrder,
  qty: number,
  options: { cost?: number; transporter?: string; notes?: string; extra?: OrderEditChanges['lines'] } = {},
): Promise<number> {
  const own = (await db('order_details').where('order_id', order.orderId).first('id')) as { id: number };
  const transporter = options.transporter ?? 'TRP001';
  const changes: OrderEditChanges = {
    header: { trip_type: 'ROUND TRIP', transporter_notes: options.notes ?? 'edited' },
    lines: [
      {
        orderDetailId: Number(own.id),
        sapOrderDetailId: order.sapLineId,
        qty,
        toleranceQty: 0,
        sapNo: order.sapNo,
        sapItemNo: '000010',
        materialCode: 'FG-CPO',
        uom: 'TON',
        conversionType: null,
        conversion: 1000,
        chargeOaCompany: '1000',
        lnType: null,
        incotermRule: null,
        soFactoryNo: null,
        soFactoryItemNo: null,
        poSoFactory: null,
      },
      ...(options.extra ?? []),
    ],
    transporters: [
      {
        transporter_code: transporter,
        transporter_name: transporter === 'TRP001' ? 'PT Angkut Satu' : 'PT Angkut Dua',
        freight_cost: options.cost ?? 100,
        user_not: 1,
      },
    ],
  };
  const [row] = (await db('order_edits')
    .insert({
      order_id: order.orderId,
      status: 'REQUESTED',
      transporter_changed: transporter !== 'TRP001',
      transporter_code: transporter,
      auto_reject_ms: HOUR,
      changes: JSON.stringify(changes),
      created_date: new Date(),
      created_by: 'logistic',
    })
    .returning('id')) as { id: string }[];
  return Number(row!.id);
}

const editInput = (editId: number, options: Partial<EditOrderInput> = {}): EditOrderInput => ({
  by: 'logistic',
  editId,
  approvalLevels: 0,
  autoRejectMs: HOUR,
  transporterCode: 'TRP001',
  transporterChanged: false,
  summary: 'qty 4 → 7',
  ...options,
});

const editStatus = async (id: number) =>
  (await db('order_edits').where('id', id).first('status', 'status_before')) as {
    status: string;
    status_before: string | null;
  };

const approvalsOf = (order: MadeOrder) =>
  db('approvals')
    .where({ transaction_type: 'ORDER', document_id: String(order.orderId) })
    .orderBy('id')
    .select('status', 'current_level', 'max_level');

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
      return err.cause.type ?? 'untyped';
    }
    throw err;
  }
  throw new Error('the Update was accepted');
}

const record = (order: MadeOrder, name: string) => recordOrderHistory(env.address, order.workflowId, name);

const APPROVERS = [{ username: 'supervisor', level: 1 }];

describe('orderWorkflow: edit order', () => {
  test('given an accepted order holding 4 of a SAP line of 10, when an edit that needs no approval takes 7, then the lines, the SAP outstanding, the header and the transporters are written once and the order stays ACCEPTED', async () => {
    const { order, handle } = await accepted();
    const editId = await writeEdit(order, 7, { cost: 120 });
    const result = await handle.executeUpdate(editOrderUpdate, { args: [editInput(editId)] });
    expect(result).toMatchObject({ status: 'ACCEPTED', dispatchStatus: 'ACCEPTED', sequence: 3 });
    expect(await stateOf(order)).toMatchObject({
      status: 'ACCEPTED',
      dispatch: 'ACCEPTED',
      tripType: 'ROUND TRIP',
      notes: 'edited',
      lines: [{ item: '000010', sapLine: order.sapLineId, qty: 7, os: 7 }],
      sapOs: 3,
      transporters: ['TRP001@120'],
    });
    expect(await editStatus(editId)).toEqual({ status: 'APPLIED', status_before: null });
    const history = (await db('order_histories')
      .where('order_id', order.orderId)
      .orderBy('id')
      .select('status_from', 'status_to', 'remark', 'idempotency_key')) as Record<string, string>[];
    expect(history.at(-1)).toEqual({
      status_from: 'ACCEPTED',
      status_to: 'ACCEPTED',
      remark: 'qty 4 → 7',
      idempotency_key: `${order.workflowId}/edit/3`,
    });
    // The same edit again is refused: it was written (its row is APPLIED now), nothing moves.
    expect(await refusal(handle.executeUpdate(editOrderUpdate, { args: [editInput(editId)] }))).toBe(
      'INVALID_INPUT',
    );
    expect((await stateOf(order)).sapOs).toBe(3);
    expect(await counterDrift(db)).toEqual([]);
    record(order, 'edit-at-once');
  });

  test('given an edit whose change was already written (a retried activity), when it is written again, then nothing is written twice', async () => {
    const { order } = await accepted();
    const editId = await writeEdit(order, 6);
    const activities = createOrderActivities({ db });
    const input = {
      orderId: order.orderId,
      orderNo: order.orderNo,
      workflowId: order.workflowId,
      kind: 'edit' as const,
      sequence: 3,
      from: 'ACCEPTED' as const,
      to: 'ACCEPTED' as const,
      dispatchStatus: 'ACCEPTED' as const,
      autoRejectDate: null,
      remark: null,
      by: 'logistic',
      at: new Date().toISOString(),
      edit: { id: editId, action: 'apply' as const },
    };
    expect(await activities.writeOrderChange(input)).toMatchObject({ written: true, repeated: false });
    expect(await activities.writeOrderChange(input)).toMatchObject({ written: true, repeated: true });
    expect(await stateOf(order)).toMatchObject({ lines: [{ qty: 6, os: 6 }], sapOs: 4 });
    expect(await db('order_histories').where('idempotency_key', `${order.workflowId}/edit/3`)).toHaveLength(
      1,
    );
  });

  test('given an accepted order, when an edit needs one approval level, then the order waits WAITING FOR ORDER APPROVAL unchanged, the transporter cannot act, and once the approver approves the edit is written and the order is ACCEPTED again', async () => {
    const { order, handle } = await accepted();
    const editId = await writeEdit(order, 8, { cost: 150 });
    const waiting = await handle.executeUpdate(editOrderUpdate, {
      args: [editInput(editId, { approvalLevels: 1, approvers: APPROVERS })],
    });
    expect(waiting).toMatchObject({ status: 'WAITING FOR ORDER APPROVAL', dispatchStatus: 'ACCEPTED' });
    // Nothing of the edit is the order's yet.
    expect(await stateOf(order)).toMatchObject({
      status: 'WAITING FOR ORDER APPROVAL',
      lines: [{ qty: 4, os: 4 }],
      sapOs: 6,
      transporters: ['TRP001@100'],
      deadline: null,
    });
    expect(await editStatus(editId)).toEqual({ status: 'WAITING FOR APPROVAL', status_before: 'ACCEPTED' });
    expect(await approvalsOf(order)).toEqual([
      { status: 'WAITING FOR APPROVAL', current_level: 1, max_level: 1 },
    ]);
    expect((await handle.query(orderStateQuery)).awaiting).toEqual({
      kind: 'approval',
      level: 1,
      levels: 1,
      approvers: ['supervisor'],
    });
    // The transporter cannot answer, nobody else approves, and no second edit comes in meanwhile.
    expect(
      await refusal(
        handle.executeUpdate(transporterAcceptUpdate, {
          args: [{ by: 'transporter', transporterCode: 'TRP001' }],
        }),
      ),
    ).toBe('NOT_ALLOWED');
    expect(
      await refusal(
        handle.executeUpdate(decideApprovalUpdate, { args: [{ level: 1, approve: true, by: 'logistic' }] }),
      ),
    ).toBe('NOT_AN_APPROVER');
    const other = await writeEdit(order, 5);
    expect(await refusal(handle.executeUpdate(editOrderUpdate, { args: [editInput(other)] }))).toBe(
      'NOT_ALLOWED',
    );

    const approved = await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: true, by: 'supervisor', remark: 'ok' }],
    });
    expect(approved).toMatchObject({ status: 'ACCEPTED', dispatchStatus: 'ACCEPTED' });
    expect(await stateOf(order)).toMatchObject({
      status: 'ACCEPTED',
      lines: [{ qty: 8, os: 8 }],
      sapOs: 2,
      transporters: ['TRP001@150'],
    });
    expect(await editStatus(editId)).toMatchObject({ status: 'APPLIED' });
    expect(await approvalsOf(order)).toEqual([{ status: 'APPROVED', current_level: 1, max_level: 1 }]);
    expect(await counterDrift(db)).toEqual([]);
    record(order, 'edit-approved');
  });

  test('given an edit waiting for approval on an order the transporter had not answered yet, when the approver rejects it, then the edit is dropped and the transporter is asked again with a new deadline', async () => {
    const order = await makeOrder();
    const handle = await start(order);
    const editId = await writeEdit(order, 9, { cost: 150 });
    await handle.executeUpdate(editOrderUpdate, {
      args: [editInput(editId, { approvalLevels: 1, approvers: APPROVERS })],
    });
    const before = Date.now();
    const rejected = await handle.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: false, by: 'supervisor', remark: 'too expensive' }],
    });
    expect(rejected).toMatchObject({ status: 'ASSIGNED TO TRANSPORTER', dispatchStatus: 'WAITING' });
    const state = await stateOf(order);
    expect(state).toMatchObject({ lines: [{ qty: 4, os: 4 }], sapOs: 6, transporters: ['TRP001@100'] });
    expect(state.deadline!.getTime()).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(await editStatus(editId)).toMatchObject({ status: 'REJECTED' });
    expect(await approvalsOf(order)).toEqual([{ status: 'REJECTED', current_level: 1, max_level: 1 }]);
    // The transporter can answer again.
    await handle.executeUpdate(transporterAcceptUpdate, {
      args: [{ by: 'transporter', transporterCode: 'TRP001' }],
    });
    expect((await stateOf(order)).status).toBe('ACCEPTED');
  });

  test('given an order assigned to TRP001, when an edit gives it to TRP002 with no approval, then TRP002 is asked with a new deadline and the sweep would restart the run for TRP002', async () => {
    const order = await makeOrder();
    const handle = await start(order);
    const editId = await writeEdit(order, 4, { transporter: 'TRP002', cost: 90 });
    const result = await handle.executeUpdate(editOrderUpdate, {
      args: [
        editInput(editId, { transporterCode: 'TRP002', transporterChanged: true, autoRejectMs: 2 * HOUR }),
      ],
    });
    expect(result).toMatchObject({ status: 'ASSIGNED TO TRANSPORTER', dispatchStatus: 'WAITING' });
    const state = await stateOf(order);
    expect(state).toMatchObject({ transporter: 'TRP002', transporters: ['TRP002@90'] });
    expect(state.deadline!.getTime()).toBeGreaterThan(Date.now() + HOUR);
    const input = (await db('orders').where('id', order.orderId).first('workflow_input')) as {
      workflow_input: { transporterCode: string; autoRejectMs: number };
    };
    expect(input.workflow_input).toMatchObject({ transporterCode: 'TRP002', autoRejectMs: 2 * HOUR });
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
  });

  test('given another order took the rest of the SAP line, when an edit asks more than is free, then it is refused and nothing is written', async () => {
    const { order, handle } = await accepted();
    // Another active order holds 5 of the 6 left.
    const [otherOrder] = (await db('orders')
      .insert({ order_no: `${order.orderNo}-B`, status: 'ACCEPTED', created_by: 'logistic' })
      .returning('id')) as { id: number }[];
    await db('order_details').insert({
      order_id: otherOrder!.id,
      sap_order_detail_id: order.sapLineId,
      item_no: '000010',
      sap_no: order.sapNo,
      sap_item_no: '000010',
      material_code: 'FG-CPO',
      qty: 5,
      os_qty: 5,
      uom: 'TON',
    });
    await db('sap_order_details').where('id', order.sapLineId).update({ os_qty: 1 });
    const editId = await writeEdit(order, 6);
    expect(await refusal(handle.executeUpdate(editOrderUpdate, { args: [editInput(editId)] }))).toBe(
      'QUANTITY_NOT_AVAILABLE',
    );
    expect(await stateOf(order)).toMatchObject({ status: 'ACCEPTED', lines: [{ qty: 4, os: 4 }], sapOs: 1 });
    expect(await editStatus(editId)).toMatchObject({ status: 'REQUESTED' });
    // What is free is still taken: 5 of the line (4 + the 1 left).
    const fits = await writeEdit(order, 5);
    await handle.executeUpdate(editOrderUpdate, { args: [editInput(fits)] });
    expect(await stateOf(order)).toMatchObject({ lines: [{ qty: 5, os: 5 }], sapOs: 0 });
  });

  test('given an edit that adds a line of another SAP order, when it is applied, then the order holds both lines and both SAP lines say what is left', async () => {
    const { order, handle } = await accepted();
    const second = await insertHeldOrder(db, 'EDX', { status: 'CANCELLED' });
    // The second SAP line: 10, nothing held by the cancelled order.
    await db('sap_order_details').where('id', second.sapLineId).update({ os_qty: 10 });
    const editId = await writeEdit(order, 4, {
      extra: [
        {
          orderDetailId: null,
          sapOrderDetailId: second.sapLineId,
          qty: 2.5,
          toleranceQty: 0,
          sapNo: second.sapNo,
          sapItemNo: '000010',
          materialCode: 'FG-CPO',
          uom: 'TON',
          conversionType: null,
          conversion: 1000,
          chargeOaCompany: '1000',
          lnType: null,
          incotermRule: null,
          soFactoryNo: null,
          soFactoryItemNo: null,
          poSoFactory: null,
        },
      ],
    });
    await handle.executeUpdate(editOrderUpdate, { args: [editInput(editId)] });
    const state = await stateOf(order);
    expect(state.lines).toEqual([
      { item: '000010', sapLine: order.sapLineId, qty: 4, os: 4 },
      { item: '000020', sapLine: second.sapLineId, qty: 2.5, os: 2.5 },
    ]);
    const secondOs = (await db('sap_order_details').where('id', second.sapLineId).first('os_qty')) as {
      os_qty: string;
    };
    expect(Number(secondOs.os_qty)).toBe(7.5);
    const sapNo = (await db('orders').where('id', order.orderId).first('sap_no')) as { sap_no: string };
    expect(sapNo.sap_no).toBe(`${order.sapNo}, ${second.sapNo}`);
  });

  test('given an edit waiting for approval, when the order is cancelled, then the order is CANCELLED, its quantity released, the approval and the edit closed', async () => {
    const { order, handle } = await accepted();
    const editId = await writeEdit(order, 8, { cost: 150 });
    await handle.executeUpdate(editOrderUpdate, {
      args: [editInput(editId, { approvalLevels: 1, approvers: APPROVERS })],
    });
    const cancelled = await handle.executeUpdate(cancelOrderUpdate, {
      args: [{ by: 'logistic', reason: 'customer withdrew' }],
    });
    expect(cancelled.status).toBe('CANCELLED');
    expect(await stateOf(order)).toMatchObject({ status: 'CANCELLED', lines: [{ qty: 4 }], sapOs: 10 });
    expect(await editStatus(editId)).toMatchObject({ status: 'CANCELLED' });
    expect(await approvalsOf(order)).toEqual([{ status: 'CANCELLED', current_level: 1, max_level: 1 }]);
    await handle.result();
    expect(await counterDrift(db)).toEqual([]);
  });

  test('given an order waiting for approval of its edit whose run died, when the sweep starts it again, then the new run knows the edit and its approval applies it', async () => {
    const { order, handle } = await accepted();
    const editId = await writeEdit(order, 7, { cost: 150 });
    await handle.executeUpdate(editOrderUpdate, {
      args: [editInput(editId, { approvalLevels: 1, approvers: APPROVERS })],
    });
    await handle.terminate('the run died');
    const row = (await db('orders').where('id', order.orderId).first()) as Parameters<
      typeof readOrderResume
    >[1];
    const resume = await readOrderResume(db, row);
    expect(resume).toMatchObject({
      status: 'WAITING FOR ORDER APPROVAL',
      edit: { id: editId, before: 'ACCEPTED', beforeDispatch: 'ACCEPTED', transporterChanged: false },
      approval: { level: 1, levels: 1, approvers: APPROVERS },
    });
    const again = await env.client.workflow.start(orderWorkflow, {
      taskQueue,
      workflowId: order.workflowId,
      args: [
        {
          orderNo: order.orderNo,
          orderId: order.orderId,
          approvalLevels: 0,
          autoRejectMs: HOUR,
          transporterCode: 'TRP001',
          resume,
        },
      ],
    });
    const approved = await again.executeUpdate(decideApprovalUpdate, {
      args: [{ level: 1, approve: true, by: 'supervisor' }],
    });
    expect(approved.status).toBe('ACCEPTED');
    expect(await stateOf(order)).toMatchObject({ lines: [{ qty: 7, os: 7 }], sapOs: 3 });
    expect(await editStatus(editId)).toMatchObject({ status: 'APPLIED' });
  });

  test("given a rejected order, when an edit is sent, then the validator refuses it; an edit that is not the order's own is refused by the activity; neither is written", async () => {
    const order = await makeOrder();
    const handle = await start(order);
    await handle.executeUpdate(transporterRejectUpdate, {
      args: [{ by: 'transporter', transporterCode: 'TRP001', remark: 'no trucks' }],
    });
    const editId = await writeEdit(order, 5);
    expect(await refusal(handle.executeUpdate(editOrderUpdate, { args: [editInput(editId)] }))).toBe(
      'NOT_ALLOWED',
    );
    expect(await editStatus(editId)).toMatchObject({ status: 'REQUESTED' });

    const other = await makeOrder();
    const otherHandle = await start(other);
    expect(await refusal(otherHandle.executeUpdate(editOrderUpdate, { args: [editInput(editId)] }))).toBe(
      'INVALID_INPUT',
    );
    expect(
      await refusal(otherHandle.executeUpdate(editOrderUpdate, { args: [editInput(editId, { editId: 0 })] })),
    ).toBe('INVALID_INPUT');
    expect(await editStatus(editId)).toMatchObject({ status: 'REQUESTED' });
    expect(await stateOf(other)).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      lines: [{ qty: 4, os: 4 }],
      sapOs: 6,
    });
  });
});

describe('an Update nobody answers in time', () => {
  test('given an order whose workflow has no worker to run it, when an action is sent, then the answer is WORKFLOW_TIMEOUT (504: it may still be applied, look again), not "unavailable"', async () => {
    const order = await makeOrder();
    const orders = createOrderWorkflows(env.client, {
      taskQueue: `nobody-${randomUUID()}`,
      updateTimeoutMs: 1_500,
    });
    await orders.start({
      orderNo: order.orderNo,
      orderId: order.orderId,
      approvalLevels: 0,
      autoRejectMs: HOUR,
      transporterCode: 'TRP001',
    });
    const outcome = await orders.accept(order.orderNo, { by: 'transporter', transporterCode: 'TRP001' });
    // With the failure's text, so that a different answer says what it was.
    expect(outcome.ok ? 'answered' : `${outcome.code}: ${outcome.detail}`).toMatch(/^WORKFLOW_TIMEOUT: /);
    const error = updateFailure('WORKFLOW_TIMEOUT');
    expect([error.status, error.messageCode]).toEqual([504, 'WORKFLOW_TIMEOUT']);
    expect(translate('en', error.messageKey)).toMatch(/may still be made/);
    expect(translate('id', error.messageKey)).toMatch(/mungkin tetap diproses/);
    await env.client.workflow.getHandle(order.workflowId).terminate('test over');
  });
});
