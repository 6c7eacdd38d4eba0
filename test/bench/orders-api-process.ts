// The API as a process of its own for the order benchmark (orders.ts): like api-process.ts, the app on a real
// port over the database of BENCH_API_DATABASE_URL, wired as api/main.ts wires it, and in addition, as
// main.ts does when there is a Temporal, the order and approval workflows' client side on the Temporal of
// BENCH_API_TEMPORAL_ADDRESS: an assignment starts `order:<Order_No>`, an approval and a transporter's answer
// are Workflow Updates. The worker is another process (api/worker-main.ts), as in production.
// BENCH_API_AUTO_REJECT_HOUR_MS is the API's AUTO_REJECT_HOUR_MS (how long one AutoRejectSetting hour lasts),
// so the auto-reject measurement can shrink the deadlines it gives orders. It prints `listening <port>` once
// it listens and stops on SIGTERM; asked `event-loop` over its IPC channel, it answers how late its event
// loop ran since the previous question.
import '../../api/runtime';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { createApprovalWorkflows, createSapApprovalStarter } from '../../api/approvals/workflows';
import { buildDeps } from '../../api/bootstrap';
import { BULK_THREADS, startBulkThreads } from '../../api/bulk/threads';
import { loadConfig } from '../../api/config';
import type { AppDeps } from '../../api/deps';
import { createErpAdapter } from '../../api/erp';
import { createOrderWorkflows } from '../../api/orders/workflows';
import { startChangeFeed } from '../../api/services/change-feed';
import { createDb } from '../../db/connection';
import { connectTemporal, getTemporalHealth, getWorkerHealth } from '../../workflows/client';
import { startServer } from './support';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`orders-api-process: ${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const url = required('BENCH_API_DATABASE_URL');
  const temporalAddress = required('BENCH_API_TEMPORAL_ADDRESS');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTO_REJECT_HOUR_MS: process.env.BENCH_API_AUTO_REJECT_HOUR_MS,
  });
  const db = createDb({ databaseUrl: url, poolMax: config.DATABASE_POOL_MAX });
  const logger = pino({ level: 'silent' });
  const changes = await startChangeFeed(db, logger);
  const bulk = startBulkThreads({
    ...BULK_THREADS,
    databaseUrl: url,
    backendNice: process.env.BENCH_API_EMBEDDED === 'true' ? BULK_THREADS.nice : undefined,
    logger,
  });
  const { connection, client } = await connectTemporal({
    address: temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
  });
  const deps: AppDeps = {
    ...(await buildDeps(config, db, {
      logger,
      changes,
      bulk,
      temporal: {
        temporal: () => getTemporalHealth(client),
        worker: () => getWorkerHealth(client, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE),
      },
    })),
    erp: createErpAdapter(config, { db, logger }),
    startSapApprovalWorkflow: createSapApprovalStarter(client, config.TEMPORAL_TASK_QUEUE),
    approvalWorkflows: createApprovalWorkflows(client, { taskQueue: config.TEMPORAL_TASK_QUEUE }),
    orderWorkflows: createOrderWorkflows(client, { taskQueue: config.TEMPORAL_TASK_QUEUE }),
  };
  const server = await startServer(deps);
  // The histogram holds the intervals between its timer's runs; less the interval asked for, how late it ran.
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  process.on('message', (question) => {
    if (question !== 'event-loop') return;
    const late = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
    process.send?.({
      p50_ms: late(delay.percentile(50)),
      p99_ms: late(delay.percentile(99)),
      max_ms: late(delay.max),
    });
    delay.reset();
  });
  process.once('SIGTERM', () => {
    void (async () => {
      await server.close();
      await connection.close();
      await bulk.close();
      await changes.close();
      await db.destroy();
      process.exit(0);
    })();
  });
  process.stdout.write(`listening ${server.port}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
