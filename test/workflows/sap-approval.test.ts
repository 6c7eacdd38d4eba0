// The SAP order approval workflow on a real Temporal dev server and a real (in-memory) PostgreSQL with the master
// demo data (SAP_ORDER matrices: company 1000 'logistic' or 'supervisor', then 'admin'; company 2000 'logistic',
// 'supervisor' or 'newstaff' on one level). The orders are typed by 'logistic', who never approves their own
// request (issue 16): the other approvers of a level decide it, the administrators when nobody else is on it.
// Decisions go through the API's client side (api/approvals/workflows.ts), so the Update validators' refusals are
// seen the way the API sees them.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Db } from '../../db/connection';
import { createTestDb, type TestDb } from '../support/db';
import { seedDemo } from '../../db/seeds/demo';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import {
  createApprovalWorkflows,
  createSapApprovalStarter,
  type ApprovalWorkflows,
} from '../../api/approvals/workflows';
import { sapApprovalWorkflowId } from '../../api/sap-orders/approval';
import { createActivities } from '../../workflows/activities';
import { createApprovalActivities } from '../../workflows/approvals/activities';
import { approvalStateQuery } from '../../workflows/approvals/messages';
import { Status } from '../../workflows/search-attributes';
import { createWorker, workflowBundleOptions } from '../../workflows/worker';
import { sapOrderApprovalWorkflow } from '../../workflows/workflows';
import { createWaitingSapOrder, eventually, type WaitingOrder } from '../support/approvals';
import { requireTemporalCli, startTestTemporal } from '../support/temporal';

jest.setTimeout(120_000);

let env: TestWorkflowEnvironment;
let testDb: TestDb;
let db: Db;
let worker: Worker;
let running: Promise<void>;
let approvals: ApprovalWorkflows;
const taskQueue = `sap-approval-${randomUUID()}`;

/**
 * With RECORD_APPROVAL_REPLAY=1, writes the workflow's latest run to test/replay/approvals/<name>.json as
 * `temporal workflow show --output json` does (test/replay/approvals/README.md); otherwise does nothing.
 */
function recordApprovalHistory(workflowId: string, name: string): void {
  if (process.env.RECORD_APPROVAL_REPLAY !== '1') return;
  const dir = path.join(__dirname, '../replay/approvals');
  fs.mkdirSync(dir, { recursive: true });
  const json = execFileSync(
    requireTemporalCli(),
    ['workflow', 'show', '--workflow-id', workflowId, '--output', 'json', '--address', env.address],
    { encoding: 'utf8' },
  );
  fs.writeFileSync(path.join(dir, `${name}.json`), json);
}

beforeAll(async () => {
  env = await startTestTemporal();
  testDb = await createTestDb();
  db = testDb.db;
  await seedDemo(db, { hashPassword, hashApiKey }, { masterData: true });
  worker = await createWorker({ connection: env.nativeConnection, namespace: 'default', taskQueue, db });
  running = worker.run();
  approvals = createApprovalWorkflows(env.client, { taskQueue });
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await testDb?.destroy();
});

/** A waiting SAP order whose workflow has been started and has its approvers. */
async function waitingOrder(company: string, orderType = 'PO'): Promise<WaitingOrder> {
  const order = await createWaitingSapOrder(db, {
    company,
    orderType,
    startWorkflow: createSapApprovalStarter(env.client, taskQueue),
  });
  await eventually(async () => {
    const state = await env.client.workflow.getHandle(order.workflowId).query(approvalStateQuery);
    return state.status !== 'RESOLVING';
  });
  return order;
}

const logsOf = (order: WaitingOrder) =>
  db('approval_logs')
    .where({ approval_id: order.approvalId })
    .orderBy('id')
    .select('level', 'username', 'action', 'remark', 'transaction_type', 'document_no');

const approvalRow = (order: WaitingOrder) =>
  db('approvals')
    .where({ id: order.approvalId })
    .first('status', 'current_level', 'max_level', 'decided_date');

const sapOrderRow = (order: WaitingOrder) =>
  db('sap_orders').where({ id: order.sapOrderId }).first('status', 'approval_status', 'edited_by');

describe('sapOrderApprovalWorkflow', () => {
  test('given a company 1000 order typed by logistic (logistic or supervisor on level 1, admin on level 2), when the level-2 approver decides first, logistic decides their own request, a level-1 approver rejects without remark, then supervisor and admin approve, then the early, own and remark-less decisions are refused with nothing written, and APPROVED reaches the order, the approval and the log before each Update returns', async () => {
    const order = await waitingOrder('1000');
    const handle = env.client.workflow.getHandle(order.workflowId);
    expect(order.workflowId).toBe(sapApprovalWorkflowId(order.sapOrderId));
    expect(await handle.query(approvalStateQuery)).toMatchObject({
      status: 'WAITING FOR APPROVAL',
      currentLevel: 1,
      maxLevel: 2,
      approvers: [
        { username: 'supervisor', level: 1 },
        { username: 'admin', level: 2 },
      ],
      awaiting: ['supervisor'],
    });
    expect(
      await db('approval_approvers')
        .where({ approval_id: order.approvalId })
        .orderBy('level')
        .select('username', 'level'),
    ).toEqual([
      { username: 'supervisor', level: 1 },
      { username: 'admin', level: 2 },
    ]);

    for (const username of ['admin', 'logistic']) {
      expect(await approvals.decide(order.workflowId, 'approve', { username })).toEqual({
        ok: false,
        code: 'NOT_AN_APPROVER',
      });
    }
    expect(
      await approvals.decide(order.workflowId, 'reject', { username: 'supervisor', remark: '   ' }),
    ).toEqual({ ok: false, code: 'REMARK_REQUIRED' });
    expect(await logsOf(order)).toEqual([]);
    expect(await approvalRow(order)).toMatchObject({ status: 'WAITING FOR APPROVAL', current_level: 1 });

    const first = await approvals.decide(order.workflowId, 'approve', { username: 'Supervisor' });
    expect(first).toEqual({
      ok: true,
      result: { status: 'WAITING FOR APPROVAL', level: 1, currentLevel: 2, maxLevel: 2 },
    });
    // Written before the Update answered.
    expect(await approvalRow(order)).toMatchObject({ status: 'WAITING FOR APPROVAL', current_level: 2 });
    expect(await sapOrderRow(order)).toMatchObject({
      status: 'WAITING FOR APPROVAL',
      approval_status: 'WAITING FOR APPROVAL',
    });
    expect(await approvals.decide(order.workflowId, 'approve', { username: 'logistic' })).toEqual({
      ok: false,
      code: 'NOT_AN_APPROVER',
    });

    const second = await approvals.decide(order.workflowId, 'approve', {
      username: 'admin',
      remark: 'Stok cukup',
    });
    expect(second).toEqual({
      ok: true,
      result: { status: 'APPROVED', level: 2, currentLevel: 2, maxLevel: 2 },
    });
    expect(await sapOrderRow(order)).toEqual({
      status: 'APPROVED',
      approval_status: 'APPROVED',
      edited_by: 'admin',
    });
    const approval = await approvalRow(order);
    expect(approval).toMatchObject({ status: 'APPROVED', current_level: 2, max_level: 2 });
    expect(approval.decided_date).toBeInstanceOf(Date);
    expect(await logsOf(order)).toEqual([
      {
        level: 1,
        username: 'supervisor',
        action: 'APPROVED',
        remark: null,
        transaction_type: 'SAP_ORDER',
        document_no: order.documentNo,
      },
      {
        level: 2,
        username: 'admin',
        action: 'APPROVED',
        remark: 'Stok cukup',
        transaction_type: 'SAP_ORDER',
        document_no: order.documentNo,
      },
    ]);
    expect(await handle.result()).toEqual({
      status: 'APPROVED',
      maxLevel: 2,
      decisions: [
        { level: 1, username: 'supervisor', action: 'APPROVED' },
        { level: 2, username: 'admin', action: 'APPROVED' },
      ],
    });
    const described = await handle.describe();
    expect(described.typedSearchAttributes.get(Status)).toBe('APPROVED');
    recordApprovalHistory(order.workflowId, 'approved-all-levels');

    // The run is over: a late decision does not reach it and changes nothing.
    const late = await approvals.decide(order.workflowId, 'reject', { username: 'admin', remark: 'late' });
    expect(late.ok).toBe(false);
    expect(await logsOf(order)).toHaveLength(2);
  });

  test('given a company 2000 order typed by logistic (logistic, supervisor or newstaff on one level), when newstaff rejects with a remark, then the approval and the order are REJECTED with the remark logged, and the other approver can no longer decide', async () => {
    const order = await waitingOrder('2000', 'SO');
    expect(await env.client.workflow.getHandle(order.workflowId).query(approvalStateQuery)).toMatchObject({
      maxLevel: 1,
      awaiting: ['newstaff', 'supervisor'],
    });

    const rejected = await approvals.decide(order.workflowId, 'reject', {
      username: 'newstaff',
      remark: 'Customer belum bayar',
    });
    expect(rejected).toEqual({
      ok: true,
      result: { status: 'REJECTED', level: 1, currentLevel: 1, maxLevel: 1 },
    });
    expect(await sapOrderRow(order)).toMatchObject({ status: 'REJECTED', approval_status: 'REJECTED' });
    expect(await approvalRow(order)).toMatchObject({ status: 'REJECTED' });
    expect(await logsOf(order)).toEqual([
      expect.objectContaining({
        level: 1,
        username: 'newstaff',
        action: 'REJECTED',
        remark: 'Customer belum bayar',
      }),
    ]);
    expect((await env.client.workflow.getHandle(order.workflowId).result()).status).toBe('REJECTED');
    recordApprovalHistory(order.workflowId, 'rejected-level-1');
    const late = await approvals.decide(order.workflowId, 'approve', { username: 'supervisor' });
    expect(late.ok).toBe(false);
    expect(await logsOf(order)).toHaveLength(1);
    expect(await sapOrderRow(order)).toMatchObject({ status: 'REJECTED' });
  });

  test('given two approvers of the same level deciding at the same moment, when both Updates are sent together, then exactly one decides, the other is refused as finished, and one decision is logged', async () => {
    const order = await waitingOrder('2000', 'SO');
    const outcomes = await Promise.all([
      approvals.decide(order.workflowId, 'approve', { username: 'supervisor' }),
      approvals.decide(order.workflowId, 'approve', { username: 'newstaff' }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, code: 'APPROVAL_FINISHED' }]);
    expect(await logsOf(order)).toHaveLength(1);
    expect(await sapOrderRow(order)).toMatchObject({ status: 'APPROVED' });
  });

  test('given no active SAP_ORDER matrix for the company and order type, when the approval starts, then the active administrators approve on level 1 alone', async () => {
    await db('approval_matrices')
      .where({ company_code: '3000', order_type: 'DO', info1: 'SAP_ORDER' })
      .update({ is_active: false });
    const order = await waitingOrder('3000', 'DO');
    expect(await env.client.workflow.getHandle(order.workflowId).query(approvalStateQuery)).toMatchObject({
      maxLevel: 1,
      approvers: [{ username: 'admin', level: 1 }],
      awaiting: ['admin'],
    });
    expect(await approvals.decide(order.workflowId, 'approve', { username: 'logistic' })).toEqual({
      ok: false,
      code: 'NOT_AN_APPROVER',
    });
    const approved = await approvals.decide(order.workflowId, 'approve', { username: 'admin' });
    expect(approved).toMatchObject({ ok: true, result: { status: 'APPROVED', level: 1 } });
    expect(await sapOrderRow(order)).toMatchObject({ status: 'APPROVED' });
  });

  test('given the supervisor inactive, so that logistic alone holds level 1 of company 1000, when logistic types an order, then the active administrators decide level 1 in their place and logistic is refused', async () => {
    await db('users').where({ username: 'supervisor' }).update({ is_active: false });
    try {
      const order = await waitingOrder('1000');
      expect(await env.client.workflow.getHandle(order.workflowId).query(approvalStateQuery)).toMatchObject({
        maxLevel: 2,
        approvers: [
          { username: 'admin', level: 1 },
          { username: 'admin', level: 2 },
        ],
        awaiting: ['admin'],
      });
      expect(await approvals.decide(order.workflowId, 'approve', { username: 'logistic' })).toEqual({
        ok: false,
        code: 'NOT_AN_APPROVER',
      });
      expect(await approvals.decide(order.workflowId, 'approve', { username: 'admin' })).toMatchObject({
        ok: true,
        result: { status: 'WAITING FOR APPROVAL', currentLevel: 2 },
      });
    } finally {
      await db('users').where({ username: 'supervisor' }).update({ is_active: true });
    }
  });

  test('given a waiting order, when it is withdrawn (cancel signal), then the approval is CANCELLED, the order keeps its status with approval_status CANCELLED, and decisions are refused', async () => {
    const order = await waitingOrder('1000');
    await approvals.cancel(order.workflowId, { by: 'logistic', reason: 'deleted' });
    const handle = env.client.workflow.getHandle(order.workflowId);
    expect(await handle.result()).toEqual({ status: 'CANCELLED', maxLevel: 2, decisions: [] });
    recordApprovalHistory(order.workflowId, 'cancelled-while-waiting');
    expect(await approvalRow(order)).toMatchObject({ status: 'CANCELLED' });
    expect(await sapOrderRow(order)).toMatchObject({
      status: 'WAITING FOR APPROVAL',
      approval_status: 'CANCELLED',
    });
    const after = await approvals.decide(order.workflowId, 'approve', { username: 'logistic' });
    expect(after.ok).toBe(false);
    expect(await logsOf(order)).toEqual([]);
    // Withdrawing a finished approval is not an error.
    await expect(approvals.cancel(order.workflowId, { by: 'logistic' })).resolves.toBeUndefined();
  });

  test('given an approval whose order was never committed, when its workflow finds no approvals row after the grace, then it ends CANCELLED without writing', async () => {
    const handle = await env.client.workflow.start(sapOrderApprovalWorkflow, {
      taskQueue,
      workflowId: `sap-approval:test-${randomUUID()}`,
      args: [
        {
          approvalId: 987_654,
          sapOrderId: 987_654,
          documentNo: 'MSO-GONE',
          companyCode: '1000',
          orderType: 'PO',
          requestedBy: 'logistic',
          visibilityGraceMs: 0,
        },
      ],
    });
    expect(await handle.result()).toEqual({ status: 'CANCELLED', maxLevel: 1, decisions: [] });
    recordApprovalHistory(handle.workflowId, 'never-committed');
    expect(await db('approval_logs').where({ document_no: 'MSO-GONE' })).toEqual([]);
  });
});

describe('approval activities are safe to repeat', () => {
  test('given a decision and the approvers already written, when the activities run again with the same input, then nothing more is written and the same answer comes back', async () => {
    const activities = createApprovalActivities({ db });
    const order = await createWaitingSapOrder(db, { company: '1000' });
    const input = {
      approvalId: order.approvalId,
      sapOrderId: order.sapOrderId,
      startedAt: new Date().toISOString(),
    };
    const resolved = await activities.resolveSapApprovers(input);
    expect(resolved).toMatchObject({ found: true, source: 'matrix', maxLevel: 2 });
    expect(resolved.matrixCode).toMatch(/^APV-1000-/);
    const again = await activities.resolveSapApprovers(input);
    expect(again).toMatchObject({
      found: true,
      source: 'stored',
      approvers: resolved.approvers,
      maxLevel: 2,
    });
    expect(await db('approval_approvers').where({ approval_id: order.approvalId })).toHaveLength(2);

    const decision = {
      approvalId: order.approvalId,
      sapOrderId: order.sapOrderId,
      documentNo: order.documentNo,
      level: 1,
      username: 'logistic',
      action: 'APPROVED' as const,
      remark: null,
      final: null,
      nextLevel: 2,
      at: new Date().toISOString(),
    };
    expect(await activities.recordSapApprovalDecision(decision)).toEqual({
      found: true,
      status: 'WAITING FOR APPROVAL',
      currentLevel: 2,
      repeated: false,
    });
    expect(await activities.recordSapApprovalDecision(decision)).toEqual({
      found: true,
      status: 'WAITING FOR APPROVAL',
      currentLevel: 2,
      repeated: true,
    });
    expect(await db('approval_logs').where({ approval_id: order.approvalId })).toHaveLength(1);
    expect(await approvalRow(order)).toMatchObject({ current_level: 2 });
  });

  test('given a worker whose decision activity commits but loses its answer once, when the approver approves, then Temporal retries it, the retry writes nothing more, and the Update answers APPROVED', async () => {
    const lossyQueue = `sap-approval-lossy-${randomUUID()}`;
    const real = createActivities({ db });
    let attempts = 0;
    const lossy = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue: lossyQueue,
      workflowsPath: workflowBundleOptions.workflowsPath,
      activities: {
        ...real,
        recordSapApprovalDecision: async (input: Parameters<typeof real.recordSapApprovalDecision>[0]) => {
          const answer = await real.recordSapApprovalDecision(input);
          if (++attempts === 1) throw new Error('connection reset after commit');
          return answer;
        },
      },
    });
    await lossy.runUntil(async () => {
      const order = await createWaitingSapOrder(db, {
        company: '2000',
        orderType: 'SO',
        startWorkflow: createSapApprovalStarter(env.client, lossyQueue),
      });
      const lossyApprovals = createApprovalWorkflows(env.client, { taskQueue: lossyQueue });
      await eventually(async () => {
        const state = await env.client.workflow.getHandle(order.workflowId).query(approvalStateQuery);
        return state.status !== 'RESOLVING';
      });
      const outcome = await lossyApprovals.decide(order.workflowId, 'approve', { username: 'newstaff' });
      expect(outcome).toMatchObject({ ok: true, result: { status: 'APPROVED' } });
      expect(attempts).toBe(2);
      expect(await logsOf(order)).toHaveLength(1);
      expect(await sapOrderRow(order)).toMatchObject({ status: 'APPROVED' });
    });
  });
});
