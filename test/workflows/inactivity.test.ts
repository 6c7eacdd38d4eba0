// The inactivity sweep end to end (schedule -> workflow -> activity -> database) on a real dev server and a
// real (in-memory) PostgreSQL, plus the operational pieces it depends on: schedules, search attributes and
// the embedded dev server's persistence; and the other scheduled maintenance, the dashboard counter fold.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Db } from '../../db/connection';
import { createTestDb, type TestDb } from '../support/db';
import { startDevServer } from '../../workflows/devserver/devserver';
import { freePort } from '../../workflows/devserver/ports';
import { getTemporalHealth, getWorkerHealth } from '../../workflows/client';
import {
  COUNTER_FOLD_SCHEDULE_ID,
  ensureSchedules,
  USER_INACTIVITY_SCHEDULE_ID,
} from '../../workflows/schedules';
import { customSearchAttributes, ensureSearchAttributes } from '../../workflows/search-attributes';
import { createWorker } from '../../workflows/worker';
import { deactivateInactiveUsersWorkflow, foldCounterDeltasWorkflow } from '../../workflows/workflows';
import { removeDir, requireTemporalCli, startTestTemporal, tmpDataDir } from '../support/temporal';

jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('user inactivity on a real Temporal dev server', () => {
  let env: TestWorkflowEnvironment;
  let testDb: TestDb;
  let db: Db;
  const namespace = 'default';

  beforeAll(async () => {
    // Started without the custom search attributes so the search-attribute test below proves that
    // ensureSearchAttributes registers them on a namespace that lacks them (as on a new cluster).
    env = await startTestTemporal({ registerSearchAttributes: false });
    testDb = await createTestDb();
    db = testDb.db;
  });

  afterAll(async () => {
    await env?.teardown();
    await testDb?.destroy();
  });

  async function insertUser(username: string, fields: Record<string, unknown>): Promise<number> {
    const [row] = await db('users')
      .insert({ username, full_name: username, ...fields })
      .returning<{ id: number }[]>('id');
    return row!.id;
  }

  async function insertToken(userId: number): Promise<string> {
    const id = randomUUID();
    await db('auth_tokens').insert({ id, user_id: userId, expires_date: new Date(Date.now() + DAY_MS) });
    return id;
  }

  async function runSweep(taskQueue: string): Promise<{ deactivated: string[] }> {
    const worker = await createWorker({ connection: env.nativeConnection, namespace, taskQueue, db });
    return worker.runUntil(
      env.client.workflow.execute(deactivateInactiveUsersWorkflow, {
        taskQueue,
        workflowId: `user-inactivity-test-${randomUUID()}`,
        args: [{ inactivityDays: 90 }],
      }),
    );
  }

  test('given stale, recent, never-logged-in and already inactive users, when the sweep runs twice, then only the stale active users are deactivated and their tokens revoked, once', async () => {
    const staleId = await insertUser('stale', { last_login_date: daysAgo(100), created_date: daysAgo(400) });
    const recentId = await insertUser('recent', { last_login_date: daysAgo(10), created_date: daysAgo(400) });
    const neverId = await insertUser('never', { last_login_date: null, created_date: daysAgo(200) });
    const alreadyId = await insertUser('already', {
      last_login_date: daysAgo(300),
      created_date: daysAgo(400),
      is_active: false,
      inactive_reason: 'ADMIN',
      inactive_date: daysAgo(50),
    });
    const tokenUserId = await insertUser('tokened', {
      last_login_date: daysAgo(120),
      created_date: daysAgo(400),
    });
    const staleToken = await insertToken(tokenUserId);
    const revokedBefore = await insertToken(tokenUserId);
    await db('auth_tokens')
      .where({ id: revokedBefore })
      .update({ revoked_date: daysAgo(130), revoked_reason: 'LOGOUT' });
    const recentToken = await insertToken(recentId);

    const first = await runSweep('inactivity-test-1');

    expect(first.deactivated).toEqual(['never', 'stale', 'tokened']);
    const users: { id: number; inactive_date: unknown }[] = await db('users').select(
      'id',
      'is_active',
      'inactive_reason',
      'inactive_date',
      'edited_by',
    );
    const byId = new Map(users.map((u) => [u.id, u]));
    for (const id of [staleId, neverId, tokenUserId]) {
      expect(byId.get(id)).toMatchObject({
        is_active: false,
        inactive_reason: 'INACTIVITY',
        edited_by: 'system',
      });
      expect(byId.get(id)?.inactive_date).toBeInstanceOf(Date);
    }
    expect(byId.get(recentId)).toMatchObject({ is_active: true, inactive_reason: null });
    expect(byId.get(alreadyId)).toMatchObject({ is_active: false, inactive_reason: 'ADMIN' });

    const tokens: { id: string; revoked_date: unknown }[] = await db('auth_tokens').select(
      'id',
      'revoked_date',
      'revoked_reason',
    );
    const tokenById = new Map(tokens.map((t) => [t.id, t]));
    expect(tokenById.get(staleToken)).toMatchObject({ revoked_reason: 'DEACTIVATED' });
    expect(tokenById.get(staleToken)?.revoked_date).toBeInstanceOf(Date);
    expect(tokenById.get(revokedBefore)).toMatchObject({ revoked_reason: 'LOGOUT' });
    expect(tokenById.get(recentToken)).toMatchObject({ revoked_date: null, revoked_reason: null });

    const snapshotUsers = await db('users').orderBy('id');
    const snapshotTokens = await db('auth_tokens').orderBy('id');
    const second = await runSweep('inactivity-test-2');

    expect(second.deactivated).toEqual([]);
    expect(await db('users').orderBy('id')).toEqual(snapshotUsers);
    expect(await db('auth_tokens').orderBy('id')).toEqual(snapshotTokens);
  });

  test('given a running worker, when its health is asked, then it is alive; given no worker on a queue, then it is not', async () => {
    const taskQueue = 'inactivity-health';
    const worker = await createWorker({ connection: env.nativeConnection, namespace, taskQueue, db });
    await worker.runUntil(async () => {
      // The server records a poller once the worker's first long poll arrives.
      const deadline = Date.now() + 10_000;
      let health = await getWorkerHealth(env.client, namespace, taskQueue);
      while (!health.ok && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        health = await getWorkerHealth(env.client, namespace, taskQueue);
      }
      expect(health).toMatchObject({ ok: true });
      expect(health.pollers).toBeGreaterThan(0);
      expect(typeof health.lastAccess).toBe('string');
    });
    expect(await getWorkerHealth(env.connection, namespace, 'nobody-polls-here')).toMatchObject({
      ok: false,
      pollers: 0,
    });
    expect(await getTemporalHealth(env.connection)).toEqual({ ok: true });
  });

  test('given a new namespace state, when ensureSchedules runs twice, then the user-inactivity schedule starts the sweep daily at 01:00 Jakarta time with overlap SKIP', async () => {
    const settings = { taskQueue: 'tms', inactivityDays: 90 };
    await ensureSchedules(env.client, settings);
    await ensureSchedules(env.client, { ...settings, inactivityDays: 60 });

    const description = await env.client.schedule.getHandle(USER_INACTIVITY_SCHEDULE_ID).describe();
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'deactivateInactiveUsersWorkflow',
      workflowId: USER_INACTIVITY_SCHEDULE_ID,
      taskQueue: 'tms',
      args: [{ inactivityDays: 60 }],
    });
    expect(description.spec.timezone).toBe('Asia/Jakarta');
    expect(description.spec.calendars).toHaveLength(1);
    expect(description.spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 1, end: 1, step: 1 }],
      minute: [{ start: 0, end: 0, step: 1 }],
    });
    expect(description.policies.overlap).toBe('SKIP');

    const fold = await env.client.schedule.getHandle(COUNTER_FOLD_SCHEDULE_ID).describe();
    expect(fold.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'foldCounterDeltasWorkflow',
      workflowId: COUNTER_FOLD_SCHEDULE_ID,
      taskQueue: 'tms',
    });
    expect(fold.spec.intervals).toHaveLength(1);
    expect(fold.spec.intervals?.[0]?.every).toBe(5 * 60_000);
    expect(fold.policies.overlap).toBe('SKIP');
  });

  test('given orders whose status changes left counter deltas, when the fold workflow runs, then the deltas move into the totals and the totals equal count(*)', async () => {
    await db('orders').insert([
      { order_no: 'FOLD-1', status: 'OUTSTANDING' },
      { order_no: 'FOLD-2', status: 'OUTSTANDING' },
      { order_no: 'FOLD-3', status: 'APPROVED' },
    ]);
    await db('orders')
      .where({ order_no: 'FOLD-2' })
      .update({ status: 'COMPLETED', completed_date: new Date() });
    const pending = await db('status_counter_deltas').count<{ n: string }[]>('* as n');
    expect(Number(pending[0]!.n)).toBeGreaterThanOrEqual(5);

    const taskQueue = 'fold-test';
    const worker = await createWorker({ connection: env.nativeConnection, namespace, taskQueue, db });
    const result = await worker.runUntil(
      env.client.workflow.execute(foldCounterDeltasWorkflow, {
        taskQueue,
        workflowId: `fold-test-${randomUUID()}`,
      }),
    );
    expect(result.moved).toBe(Number(pending[0]!.n) + 1); // + 1 daily completion delta
    expect(await db('status_counter_deltas').first()).toBeUndefined();
    const totals = await db('status_counters')
      .where({ entity: 'ORDER' })
      .orderBy('status')
      .select('status', 'total');
    expect(
      totals.map((r: { status: string; total: string | number }) => [r.status, Number(r.total)]),
    ).toEqual(
      expect.arrayContaining([
        ['APPROVED', 1],
        ['COMPLETED', 1],
        ['OUTSTANDING', 1],
      ]),
    );
  });

  test('given a namespace without the custom search attributes, when ensureSearchAttributes runs twice, then all five are listed as Keyword and the second run adds nothing', async () => {
    const added = await ensureSearchAttributes(env.connection, namespace);
    expect(added.sort()).toEqual(['OrderNo', 'SapNo', 'ShipmentNo', 'Status', 'TransporterCode']);
    expect(await ensureSearchAttributes(env.connection, namespace)).toEqual([]);

    const listed = await env.connection.operatorService.listSearchAttributes({ namespace });
    for (const key of customSearchAttributes) {
      // 2 = INDEXED_VALUE_TYPE_KEYWORD
      expect(listed.customAttributes?.[key.name]).toBe(2);
    }
  });
});

/** Starts a workflow nobody serves: it stays open, so finding it later proves the history itself was kept. */
async function startUnserved(address: string, namespace: string, workflowId: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await new Client({ connection, namespace }).workflow.start('noSuchWorkflow', {
      taskQueue: 'nobody',
      workflowId,
    });
  } finally {
    await connection.close();
  }
}

/** The workflow type of `workflowId` as the server describes it. */
async function workflowTypeOf(address: string, namespace: string, workflowId: string) {
  const connection = await Connection.connect({ address });
  try {
    const described = await connection.workflowService.describeWorkflowExecution({
      namespace,
      execution: { workflowId },
    });
    return described.workflowExecutionInfo?.type?.name;
  } finally {
    await connection.close();
  }
}

describe('embedded dev server', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tmpDataDir();
  });
  afterAll(() => removeDir(dataDir));

  test('given a data directory, when the dev server is stopped and started again on the same file, then its namespace, search attributes and workflows are still there', async () => {
    const cliPath = requireTemporalCli();
    const namespace = 'tms-devserver-test';
    const options = { cliPath, dataDir, port: await freePort(), uiPort: await freePort(), namespace };

    const first = await startDevServer(options);
    const workflowId = `persisted-${randomUUID()}`;
    try {
      const connection = await Connection.connect({ address: first.address });
      try {
        const namespaces = await connection.workflowService.listNamespaces({});
        expect(namespaces.namespaces.map((n) => n.namespaceInfo?.name)).toContain(namespace);
      } finally {
        await connection.close();
      }
      // Not only what the CLI re-creates from its arguments at each start: a history.
      await startUnserved(first.address, namespace, workflowId);

      // A second server on the same port must refuse with a clear message instead of attaching to this one.
      await expect(startDevServer(options)).rejects.toThrow(/already listening/);
    } finally {
      await first.stop();
    }

    const second = await startDevServer(options);
    try {
      const connection = await Connection.connect({ address: second.address });
      try {
        const namespaces = await connection.workflowService.listNamespaces({});
        expect(namespaces.namespaces.map((n) => n.namespaceInfo?.name)).toContain(namespace);
        expect(await ensureSearchAttributes(connection, namespace)).toEqual([]);
      } finally {
        await connection.close();
      }
      expect(await workflowTypeOf(second.address, namespace, workflowId)).toBe('noSuchWorkflow');
    } finally {
      await second.stop();
    }
  });

  test('given a dev server whose process is killed (SIGKILL) right after a workflow started, when it starts again on the same file, then the workflow is there: its SQLite file is in WAL mode and a commit outlives the process', async () => {
    const cliPath = requireTemporalCli();
    const killedDir = tmpDataDir();
    const namespace = 'tms-devserver-kill';
    const options = {
      cliPath,
      dataDir: killedDir,
      port: await freePort(),
      uiPort: await freePort(),
      namespace,
    };
    const workflowId = `killed-${randomUUID()}`;
    try {
      const first = await startDevServer(options);
      try {
        // WAL mode keeps its log beside the database file while the server runs.
        expect(fs.existsSync(`${first.dbFile}-wal`)).toBe(true);
        await startUnserved(first.address, namespace, workflowId);
        process.kill(first.pid!, 'SIGKILL');
      } finally {
        await first.stop();
      }

      const second = await startDevServer(options);
      try {
        expect(await workflowTypeOf(second.address, namespace, workflowId)).toBe('noSuchWorkflow');
      } finally {
        await second.stop();
      }
    } finally {
      removeDir(killedDir);
    }
  });

  test('given a port already served by a dead-end program, when the dev server starts there, then it fails with a clear message', async () => {
    const port = await freePort();
    const unusedDir = tmpDataDir();
    const blocker = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      await expect(
        startDevServer({
          cliPath: requireTemporalCli(),
          dataDir: unusedDir,
          port,
          uiPort: await freePort(),
          namespace: 'default',
        }),
      ).rejects.toThrow(/in use by another program/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      removeDir(unusedDir);
    }
  });
});
