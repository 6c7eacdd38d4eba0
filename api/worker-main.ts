// Standalone worker process for production (`npm run worker`): PostgreSQL from DATABASE_URL, a Temporal
// cluster from TEMPORAL_ADDRESS. It also registers the search attributes and schedules, which is idempotent,
// so a fresh cluster is usable without a manual setup step whichever process starts first.
// It lives here, with `npm start`'s api/main.ts, because it wires what the worker is given (configuration, the
// database, the ERP adapter); workflows/ only receives them (workflows/worker.ts), and never imports api/.
// The ERP pull's imports run here too: the same V8 settings as the API's (api/runtime.ts), before anything loads.
import './runtime';
import { NativeConnection } from '@temporalio/worker';
import pino from 'pino';
import { loadConfig } from './config';
import { createErpAdapter, erpPullPort } from './erp';
import { createDb } from '../db/connection';
import { readErpPullInterval } from '../workflows/erp/settings';
import { connectTemporal } from '../workflows/client';
import { ensureSchedules } from '../workflows/schedules';
import { ensureSearchAttributes } from '../workflows/search-attributes';
import { createWorker } from '../workflows/worker';

const log = pino({ name: 'worker' });

// In a compose or Kubernetes start the cluster may come up after us; keep trying for a while instead of
// crash-looping.
async function withRetry<T>(what: string, fn: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      log.warn({ err: (err as Error).message, attempt }, `${what} failed; retrying`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000 * attempt, 5_000)));
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  log.level = config.LOG_LEVEL;
  if (!config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is required for a standalone worker. Set DATABASE_URL=postgres://..., or use `npm start`, ' +
        'which runs its own PostgreSQL and the worker inside the API process.',
    );
  }
  const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_PORT}`;
  const namespace = config.TEMPORAL_NAMESPACE;
  const taskQueue = config.TEMPORAL_TASK_QUEUE;

  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    logger: log,
  });
  const { connection, client } = await withRetry(`Connecting to Temporal at ${address}`, () =>
    connectTemporal({ address, namespace }),
  );
  await withRetry('Registering search attributes', () => ensureSearchAttributes(connection, namespace));
  // The pull interval is a Lookup value: a restarted worker brings the schedule to what it says now.
  await ensureSchedules(client, {
    taskQueue,
    inactivityDays: config.INACTIVITY_DAYS,
    erpPullEveryMinutes: await readErpPullInterval(db),
  });

  const nativeConnection = await NativeConnection.connect({ address });
  const erp = createErpAdapter(config, { db, logger: log });
  const worker = await createWorker({
    connection: nativeConnection,
    namespace,
    taskQueue,
    db,
    erp: erpPullPort(erp),
    client,
  });

  // worker.shutdown() lets running activities finish (within the shutdown grace time) and then run() returns.
  // The SDK's runtime listens for the same signals and may have begun the shutdown already, hence the check.
  const shutdown = (signal: string) => {
    log.info({ signal }, 'Shutting down worker');
    if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  log.info({ address, namespace, taskQueue }, 'Worker running');
  try {
    await worker.run();
  } finally {
    await nativeConnection.close();
    await connection.close();
    await db.destroy();
  }
  log.info('Worker stopped');
}

main().catch((err: unknown) => {
  log.fatal({ err }, err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
