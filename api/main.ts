// `npm start`: the whole product in one process tree.
//   DATABASE_URL unset   -> a PostgreSQL cluster of its own (DATA_DIR/postgres, 127.0.0.1:EMBEDDED_POSTGRES_PORT),
//                           restarted whenever it dies (db/embedded-postgres.ts)
//   TEMPORAL_ADDRESS unset -> a Temporal dev server (SQLite under DATA_DIR/temporal, UI on TEMPORAL_UI_PORT)
// then migrations, reference and demo data (idempotent), the Temporal worker, the API and the built console
// on one port. `npm run api` (--api-only) is the production API process: no worker, no dev server.
// Ctrl-C (SIGINT) or SIGTERM stops every part, the dev server included, and the data stays for next time.
import './runtime';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { demoSeedWanted, loadConfig } from './config';
import { ensureConsoleBuilt } from './console-build';
import { buildDeps } from './bootstrap';
import { startChangeFeed } from './services/change-feed';
import { createApp } from './app';
import { createDb } from '../db/connection';
import { BULK_THREADS, startBulkThreads } from './bulk/threads';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateLatest } from '../db/migrate';
import { seedDemo, seedReference } from '../db/seeds/demo';
import { seedLivingDemo } from './seeds/living-demo';
import { seedErpSandbox } from './erp/sandbox/generator';
import { ensureFirstAdmin, FIRST_ADMIN_USERNAME } from '../db/seeds/first-admin';
import { hashApiKey } from './services/api-keys';
import { hashPassword } from './services/passwords';
import { ensureTemporalCli } from '../workflows/devserver/cli';
import { startDevServer, type DevServer } from '../workflows/devserver/devserver';
import { connectTemporal, getTemporalHealth, getWorkerHealth } from '../workflows/client';
import { ensureSearchAttributes } from '../workflows/search-attributes';
import { ensureSchedules } from '../workflows/schedules';
import { createWorker } from '../workflows/worker';
import { readErpPullInterval } from '../workflows/erp/settings';
import { createErpAdapter, erpPullPort } from './erp';
import type { AppDeps } from './deps';
import { createApprovalWorkflows, createSapApprovalStarter } from './approvals/workflows';
import { createOrderWorkflows } from './orders/workflows';

const apiOnly = process.argv.includes('--api-only');

// Everything started so far, stopped in reverse order on a signal or when start-up fails half-way, so no
// dev server is left running without its parent.
const stops: (() => Promise<unknown>)[] = [];
let stopping = false;
async function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.error(`stopping (${reason})`);
  for (const stop of stops.reverse()) {
    await stop().catch((err: unknown) => console.error('error while stopping:', err));
  }
  process.exit(exitCode);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    // Pushed first, so stopped last: the worker and the API finish with the database before it goes.
    const cluster = await startEmbeddedPostgres({
      dir: path.join(config.DATA_DIR, 'postgres'),
      port: config.EMBEDDED_POSTGRES_PORT,
      database: 'tms',
      logger: log,
    });
    stops.push(() => cluster.stop());
    databaseUrl = cluster.url();
    if (fs.existsSync(path.join(config.DATA_DIR, 'pgdata'))) {
      log.warn(
        { folder: path.join(config.DATA_DIR, 'pgdata') },
        'this folder holds the data of the former in-process database, which is not carried over; delete it',
      );
    }
  }
  const db = createDb({
    databaseUrl,
    poolMax: config.DATABASE_POOL_MAX,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    logger: log,
  });
  stops.push(() => db.destroy());
  const applied = await migrateLatest(db);
  // File imports and ERP pushes run on threads of their own (api/bulk); closed before the pool and the cluster.
  const bulk = startBulkThreads({
    ...BULK_THREADS,
    databaseUrl,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    // The embedded cluster's server processes are this machine's and ours: the bulk ones yield the CPU too.
    backendNice: config.DATABASE_URL ? undefined : BULK_THREADS.nice,
    logger: log,
  });
  stops.push(() => bulk.close());
  log.info(
    {
      database: config.DATABASE_URL
        ? 'postgresql'
        : `embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_POSTGRES_PORT}`,
      applied,
    },
    'database ready',
  );
  if (demoSeedWanted(config)) {
    await seedDemo(db, { hashPassword, hashApiKey });
    if (config.ERP_ADAPTER === 'sandbox') {
      const sandbox = await seedErpSandbox(db);
      log.info(sandbox, 'ERP sandbox ready');
    }
  } else {
    const groups = await seedReference(db);
    const admin = await ensureFirstAdmin(db, hashPassword, groups, config.ADMIN_INITIAL_PASSWORD);
    if (admin.generatedPassword) {
      log.warn(
        { username: FIRST_ADMIN_USERNAME, password: admin.generatedPassword },
        'first administrator created; log in with this password once and choose your own (it is not shown again)',
      );
    } else if (admin.created) {
      log.info({ username: FIRST_ADMIN_USERNAME }, 'first administrator created with ADMIN_INITIAL_PASSWORD');
    }
  }

  let temporalAddress = config.TEMPORAL_ADDRESS;
  let uiUrl: string | undefined;
  if (!temporalAddress && !apiOnly) {
    const cliPath = await ensureTemporalCli(config);
    const dev: DevServer = await startDevServer({
      cliPath,
      dataDir: path.join(config.DATA_DIR, 'temporal'),
      port: config.TEMPORAL_PORT,
      uiPort: config.TEMPORAL_UI_PORT,
      namespace: config.TEMPORAL_NAMESPACE,
    });
    stops.push(() => dev.stop());
    temporalAddress = dev.address;
    uiUrl = dev.uiUrl;
  }

  // One ERP adapter for the worker's activities and the API's SAP order screens.
  const erp = createErpAdapter(config, { db, logger: log });
  let temporalHealth;
  // The approval and order workflows' client side (api/approvals/workflows.ts, api/orders/workflows.ts), when
  // there is a Temporal to talk to.
  let approvalWiring: Pick<AppDeps, 'startSapApprovalWorkflow' | 'approvalWorkflows' | 'orderWorkflows'> = {};
  if (temporalAddress) {
    const { connection, client } = await connectTemporal({
      address: temporalAddress,
      namespace: config.TEMPORAL_NAMESPACE,
    });
    stops.push(() => connection.close());
    await ensureSearchAttributes(connection, config.TEMPORAL_NAMESPACE);
    await ensureSchedules(client, {
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      inactivityDays: config.INACTIVITY_DAYS,
      erpPullEveryMinutes: await readErpPullInterval(db),
    });
    approvalWiring = {
      startSapApprovalWorkflow: createSapApprovalStarter(client, config.TEMPORAL_TASK_QUEUE),
      approvalWorkflows: createApprovalWorkflows(client, { taskQueue: config.TEMPORAL_TASK_QUEUE }),
      orderWorkflows: createOrderWorkflows(client, { taskQueue: config.TEMPORAL_TASK_QUEUE }),
    };
    temporalHealth = {
      temporal: () => getTemporalHealth(client),
      worker: () => getWorkerHealth(client, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE),
    };
    if (!apiOnly) {
      const workerConnection = await NativeConnection.connect({ address: temporalAddress });
      const worker: Worker = await createWorker({
        connection: workerConnection,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        db,
        erp: erpPullPort(erp),
        client,
      });
      const running = worker.run();
      running.catch((err: unknown) => {
        log.fatal({ err }, 'worker stopped');
        void shutdown('worker failure', 1);
      });
      stops.push(async () => {
        // The SDK's runtime already begins draining the worker on SIGINT/SIGTERM.
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await running.catch(() => undefined);
        await workerConnection.close();
      });
    }
  }

  if (!apiOnly) await ensureConsoleBuilt((m) => log.info(m));
  // Lets the per-request session check and the counts answer from memory until the database says otherwise.
  const changes = await startChangeFeed(db, log);
  stops.push(() => changes.close());
  const deps: AppDeps = {
    ...(await buildDeps(config, db, { logger: log, temporal: temporalHealth, changes, bulk })),
    erp,
    ...approvalWiring,
  };
  const handler = createApp(deps).callback();
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  stops.push(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const base = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
  log.info(
    {
      console: `${base}/`,
      api: `${base}/api`,
      health: `${base}/api/health`,
      temporalUi: uiUrl,
      temporal: temporalAddress,
    },
    'TMS is running (Ctrl-C to stop)',
  );
  // The embedded default's first start gives the demo company a few weeks of work (api/seeds/living-demo.ts),
  // through this API and its workflows, while the console is already up.
  if (!config.DATABASE_URL && demoSeedWanted(config) && approvalWiring.orderWorkflows && !apiOnly) {
    log.info({}, 'preparing the demo company (SAP orders, orders, approvals) on this first start');
    void seedLivingDemo(db, `http://127.0.0.1:${port}`, { log })
      .then((made) => {
        if (!made.skipped) log.info(made, 'demo company ready');
      })
      .catch((err: unknown) => log.warn({ err }, 'the demo company could not be prepared in full'));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  void shutdown('start-up failed', 1);
});
