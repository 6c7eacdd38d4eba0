// The sweep of SAP order approval workflows (workflows/approvals/sweep.ts on the kit's sweep, workflows/kit/sweep.ts,
// the `sap-approval-sweep` schedule) on a real Temporal dev server and a real PostgreSQL with the master demo data
// (company 1000's SAP_ORDER matrix: logistic or supervisor on level 1, admin on level 2; the orders are typed by
// logistic, who never approves their own). An approval whose workflow never started, or whose run was killed the
// way an operator or a crash would (terminate), must be taken up by the sweep from its rows, without asking a level
// twice, and decided to the end through the API's client side.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import {
  createApprovalWorkflows,
  createSapApprovalStarter,
  type ApprovalWorkflows,
} from '../../api/approvals/workflows';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import type { Db } from '../../db/connection';
import { seedDemo } from '../../db/seeds/demo';
import { approvalStateQuery } from '../../workflows/approvals/messages';
import { ensureSchedules, SAP_APPROVAL_SWEEP_SCHEDULE_ID } from '../../workflows/schedules';
import { SapNo, Status } from '../../workflows/search-attributes';
import { createEntitySweepActivities } from '../../workflows/sweeps';
import { createWorker } from '../../workflows/worker';
import { createWaitingSapOrder, eventually, type WaitingOrder } from '../support/approvals';
import { createTestDb, type TestDb } from '../support/db';
import { requireTemporalCli, startTestTemporal } from '../support/temporal';

jest.setTimeout(180_000);

let env: TestWorkflowEnvironment;
let testDb: TestDb;
let db: Db;
let worker: Worker;
let running: Promise<void>;
let approvals: ApprovalWorkflows;
const taskQueue = `sap-approval-sweep-${randomUUID()}`;

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
  worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    db,
    client: env.client,
  });
  running = worker.run();
  approvals = createApprovalWorkflows(env.client, { taskQueue, updateTimeoutMs: 10_000 });
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await testDb?.destroy();
});

const sweep = () =>
  createEntitySweepActivities({ db, client: env.client }).sweepEntityWorkflows({
    entity: 'sap-approval',
    taskQueue,
  });

const keyOf = (order: WaitingOrder) => String(order.sapOrderId);

/** The approval's state once its run has resolved who approves. */
const resolved = (order: WaitingOrder) =>
  eventually(async () => {
    const state = await env.client.workflow
      .getHandle(order.workflowId)
      .query(approvalStateQuery)
      .catch(() => null);
    return state && state.status !== 'RESOLVING' ? state : null;
  });

const approvers = (order: WaitingOrder) =>
  db('approval_approvers')
    .where({ approval_id: order.approvalId })
    .orderBy('level')
    .select('username', 'level');

const logsOf = (order: WaitingOrder) =>
  db('approval_logs')
    .where({ approval_id: order.approvalId })
    .orderBy('id')
    .select('level', 'username', 'action');

/** Kills the approval's current run as a crash or an operator would, and waits until Temporal says it is closed. */
async function kill(order: WaitingOrder) {
  const handle = env.client.workflow.getHandle(order.workflowId);
  await handle.terminate('test: the run dies');
  await eventually(async () => (await handle.describe()).status.name === 'TERMINATED');
}

describe('the SAP order approval sweep', () => {
  test('given a waiting SAP order approval whose workflow never started, when the sweep runs, then its workflow is started from the rows, with its search attributes, asks level 1 of the matrix, and a second sweep starts nothing', async () => {
    const order = await createWaitingSapOrder(db, { company: '1000' });
    expect(order.workflowStarted).toBe(false);
    await expect(env.client.workflow.getHandle(order.workflowId).describe()).rejects.toThrow();

    expect((await sweep()).started).toContain(keyOf(order));
    expect(await resolved(order)).toMatchObject({
      status: 'WAITING FOR APPROVAL',
      currentLevel: 1,
      maxLevel: 2,
      awaiting: ['supervisor'],
    });
    expect(await approvers(order)).toEqual([
      { username: 'supervisor', level: 1 },
      { username: 'admin', level: 2 },
    ]);
    const described = await env.client.workflow.getHandle(order.workflowId).describe();
    expect(described.typedSearchAttributes.get(SapNo)).toBe(order.documentNo);
    expect(described.typedSearchAttributes.get(Status)).toBe('WAITING FOR APPROVAL');

    const again = await sweep();
    expect(again.started).not.toContain(keyOf(order));
    expect(again.resumed).not.toContain(keyOf(order));
  });

  test('given a run terminated after level 1 approved, when the sweep runs, then a new run asks level 2 of the same approval (level 1 is not asked again), admin approves it to APPROVED, and a decided approval is not started again', async () => {
    const order = await createWaitingSapOrder(db, {
      company: '1000',
      startWorkflow: createSapApprovalStarter(env.client, taskQueue),
    });
    await resolved(order);
    expect(await approvals.decide(order.workflowId, 'approve', { username: 'supervisor' })).toMatchObject({
      ok: true,
      result: { status: 'WAITING FOR APPROVAL', currentLevel: 2 },
    });
    await kill(order);
    expect(await approvals.decide(order.workflowId, 'approve', { username: 'admin' })).toMatchObject({
      ok: false,
    });

    // Visibility of a closed run is eventually consistent: sweep until it is seen.
    await eventually(async () => (await sweep()).resumed.includes(keyOf(order)), 30_000);
    const handle = env.client.workflow.getHandle(order.workflowId);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    expect(await resolved(order)).toMatchObject({ currentLevel: 2, maxLevel: 2, awaiting: ['admin'] });
    expect(await approvals.decide(order.workflowId, 'approve', { username: 'supervisor' })).toEqual({
      ok: false,
      code: 'NOT_AN_APPROVER',
    });

    expect(await approvals.decide(order.workflowId, 'approve', { username: 'admin' })).toMatchObject({
      ok: true,
      result: { status: 'APPROVED', level: 2 },
    });
    expect(await logsOf(order)).toEqual([
      { level: 1, username: 'supervisor', action: 'APPROVED' },
      { level: 2, username: 'admin', action: 'APPROVED' },
    ]);
    expect(await db('sap_orders').where({ id: order.sapOrderId }).first('status')).toEqual({
      status: 'APPROVED',
    });
    await eventually(async () => (await handle.describe()).status.name === 'COMPLETED');
    recordApprovalHistory(order.workflowId, 'sweep-restart');
    const after = await sweep();
    expect(after.resumed).not.toContain(keyOf(order));
    expect(after.started).not.toContain(keyOf(order));
  });

  test('given the product schedules, when the sap-approval-sweep schedule is triggered, then it runs every minute without overlap and its run starts an approval whose workflow never started', async () => {
    await ensureSchedules(env.client, { taskQueue, inactivityDays: 90 });
    const schedule = env.client.schedule.getHandle(SAP_APPROVAL_SWEEP_SCHEDULE_ID);
    const described = await schedule.describe();
    expect(described.spec.intervals).toEqual([expect.objectContaining({ every: 60_000 })]);
    expect(described.policies.overlap).toBe('SKIP');

    const order = await createWaitingSapOrder(db, { company: '1000' });
    await schedule.trigger();
    expect(await eventually(async () => (await approvers(order)).length > 0, 30_000)).toBe(true);
    expect((await resolved(order)).awaiting).toEqual(['supervisor']);
  });
});
