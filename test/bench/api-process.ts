// The API as a process of its own for a benchmark (support.ts startServerProcess): the app on a real port over
// the database of BENCH_API_DATABASE_URL, wired as api/main.ts wires it (sessions, counts, lookups and
// permissions cached behind the change feed, file imports and ERP pushes on bulk threads, whose server processes
// are reniced when BENCH_API_EMBEDDED says the database is the benchmark's own embedded cluster). It prints
// `listening <port>` once it listens and stops on SIGTERM.
// Asked `event-loop` over its IPC channel, it answers how late its event loop ran since the previous question.
import '../../api/runtime';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { buildDeps } from '../../api/bootstrap';
import { BULK_THREADS, startBulkThreads } from '../../api/bulk/threads';
import { loadConfig } from '../../api/config';
import { startChangeFeed } from '../../api/services/change-feed';
import { createDb } from '../../db/connection';
import { startServer } from './support';

async function main(): Promise<void> {
  const url = process.env.BENCH_API_DATABASE_URL;
  if (!url) throw new Error('api-process: BENCH_API_DATABASE_URL is not set');
  const db = createDb({ databaseUrl: url, poolMax: 10 });
  const logger = pino({ level: 'silent' });
  const changes = await startChangeFeed(db, logger);
  const bulk = startBulkThreads({
    ...BULK_THREADS,
    databaseUrl: url,
    backendNice: process.env.BENCH_API_EMBEDDED === 'true' ? BULK_THREADS.nice : undefined,
    logger,
  });
  const deps = await buildDeps({ ...loadConfig({ LOG_LEVEL: 'silent' }) }, db, { logger, changes, bulk });
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
