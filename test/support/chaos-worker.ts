// The worker process the chaos test (test/workflows/order-chaos.test.ts) kills with SIGKILL and starts again: the
// production worker (api/worker-main.ts) as it runs in a deployment — its configuration from the environment, its
// own PostgreSQL pool, a Temporal client for the order sweep, the product's schedules registered at start — with one
// difference: the workflow bundle is the one the test built once (CHAOS_WORKFLOW_BUNDLE, a file of
// bundleWorkflowCode's output) instead of being bundled at every start, which takes seconds on a busy two-core
// machine and would leave the worker down most of the test. The ERP pull schedule is left alone: the test has no
// ERP, and a pull's imports would only load the machine.
// Prints CHAOS_READY_MARKER on stdout once it polls, so the test kills a worker that is really working.
// With CHAOS_DIE_AFTER_WRITE=<Order_No>:<change kind> it kills itself (SIGKILL) the moment writeOrderChange has
// committed that change of that order, before the workflow task that ran it can complete: the worst moment to die.
import '../../api/runtime';
import fs from 'node:fs';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { loadConfig } from '../../api/config';
import { createDb } from '../../db/connection';
import { createActivities, type Activities } from '../../workflows/activities';
import { connectTemporal } from '../../workflows/client';
import { ensureSchedules } from '../../workflows/schedules';
import { ensureSearchAttributes } from '../../workflows/search-attributes';
import { createWorker } from '../../workflows/worker';

/** The activities, with writeOrderChange ending the process once it has written `<Order_No>:<kind>`. */
function dyingAfterWrite(activities: Activities, target: string | undefined): Activities {
  if (!target) return activities;
  const [orderNo, kind] = target.split(':');
  const write = activities.writeOrderChange;
  return {
    ...activities,
    async writeOrderChange(change) {
      const outcome = await write(change);
      if (change.orderNo === orderNo && change.kind === kind) process.kill(process.pid, 'SIGKILL');
      return outcome;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  // The SDK's INFO lines (state changes at every start) would flood the test's output; warnings still show.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const bundlePath = process.env.CHAOS_WORKFLOW_BUNDLE;
  if (!config.DATABASE_URL || !config.TEMPORAL_ADDRESS || !bundlePath) {
    throw new Error('DATABASE_URL, TEMPORAL_ADDRESS and CHAOS_WORKFLOW_BUNDLE are required');
  }
  const address = config.TEMPORAL_ADDRESS;
  const namespace = config.TEMPORAL_NAMESPACE;
  const taskQueue = config.TEMPORAL_TASK_QUEUE;
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  const { connection, client } = await connectTemporal({ address, namespace });
  await ensureSearchAttributes(connection, namespace);
  await ensureSchedules(client, { taskQueue, inactivityDays: config.INACTIVITY_DAYS });
  const nativeConnection = await NativeConnection.connect({ address });
  const activities = dyingAfterWrite(createActivities({ db, client }), process.env.CHAOS_DIE_AFTER_WRITE);
  const worker = await createWorker({
    connection: nativeConnection,
    namespace,
    taskQueue,
    db,
    client,
    workflowBundle: { code: fs.readFileSync(bundlePath, 'utf8') },
    activities,
  });
  const running = worker.run();
  process.stdout.write(`${process.env.CHAOS_READY_MARKER ?? 'ready'}\n`);
  await running;
}

main().catch((err: unknown) => {
  process.stderr.write(`chaos worker: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
