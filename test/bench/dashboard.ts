// Benchmark (DESIGN.md §6): dashboard counts at 1,000,000 orders, p99 ≤ 5 ms and exact.
//
// A throwaway database on the PostgreSQL of BENCH_DATABASE_URL / DATABASE_URL (default: the local server) gets
// ORDERS orders and a tenth as many shipments through the real triggers, then the counter deltas are folded as
// the schedule does. 8 keep-alive HTTP clients then read GET /api/dashboard/status_count through the real Koa
// app while a writer keeps changing order statuses (deltas pile up between folds, as in production) and a
// fold runs every FOLD_EVERY_MS. Prints latency percentiles and whether the answer equals count(*).
//
//   npm run bench:dashboard            ORDERS=1000000 DURATION_S=20 by default
import '../../api/runtime';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../../api/app';
import { buildDeps } from '../../api/bootstrap';
import { startChangeFeed } from '../../api/services/change-feed';
import { loadConfig } from '../../api/config';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { seedDemo, DEMO_PASSWORD } from '../../db/seeds/demo';
import { createTestDb } from '../support/db';
import { foldCounterDeltas } from '../../db/counters';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const FOLD_EVERY_MS = Number(process.env.FOLD_EVERY_MS ?? 5_000);
const WRITES_PER_S = Number(process.env.WRITES_PER_S ?? 200);
const BUDGET_P99_MS = 5;

const STATUSES = [
  'UNASSIGNED TRANSPORTER',
  'OUTSTANDING',
  'APPROVED',
  'REJECTED',
  'ASSIGNED TO TRANSPORTER',
  'ASSIGNED TO DRIVER',
  'IN PROGRESS',
  'COMPLETED',
  'WAITING FOR APPROVAL',
  'CANCELLED',
];

/** CLIENTS closed-loop keep-alive clients on a worker thread for DURATION_S; returns every latency in ms. */
function runClients(port: number, token: string): Promise<{ latencies: number[]; failures: number }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const { port, token, clients, durationMs } = workerData;
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    const latencies = [];
    let failures = 0;
    const get = () => new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port, path: '/api/dashboard/status_count', agent,
        headers: { authorization: token } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode !== 200) failures++;
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
    const deadline = Date.now() + durationMs;
    Promise.all(Array.from({ length: clients }, async () => { while (Date.now() < deadline) await get(); }))
      .then(() => { agent.destroy(); parentPort.postMessage({ latencies, failures }); });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { port, token, clients: CLIENTS, durationMs: DURATION_S * 1000 },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  process.env.DATABASE_URL =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // The API's default pool (DATABASE_POOL_MAX 10): 8 readers, the writer and the fold.
  const testDb = await createTestDb({ poolMax: 10 });
  const db = testDb.db;
  try {
    const t0 = Date.now();
    const statusArray = `array[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
    // Batches keep each transaction (and its delta rows) moderate.
    const batch = 200_000;
    for (let from = 1; from <= ORDERS; from += batch) {
      const to = Math.min(ORDERS, from + batch - 1);
      await db.raw(`
        insert into orders (order_no, status, completed_date)
        select 'BENCH-' || g, s, case when s = 'COMPLETED' then now() - (g % 10) * interval '1 day' end
          from generate_series(${from}, ${to}) g, lateral (select (${statusArray})[1 + g % ${STATUSES.length}] as s) x`);
      await foldCounterDeltas(db);
    }
    await db.raw(`
      insert into shipments (shipment_no, status, progress_status)
      select 'BENCH-S-' || g, (array['NEW','IN PROGRESS','COMPLETED'])[1 + g % 3],
             case when g % 3 = 1 then (array['APPOINTMENT CREATED','REGISTRATION IN','REGISTRATION OUT'])[1 + g % 7 % 3] end
        from generate_series(1, ${Math.round(ORDERS / 10)}) g`);
    await foldCounterDeltas(db);
    await db.raw('analyze');
    console.log(
      `loaded ${ORDERS} orders and ${Math.round(ORDERS / 10)} shipments in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }) };
    // As api/main.ts wires it: sessions and counters cached until a change notification.
    const changes = await startChangeFeed(db, pino({ level: 'silent' }));
    const deps = await buildDeps(config, db, { logger: pino({ level: 'silent' }), changes });
    await seedDemo(db, { hashPassword, hashApiKey });
    const handler = createApp(deps, { consoleDir: '/nonexistent' }).callback();
    const server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

    const request = (method: string, path: string, body?: unknown, token?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent,
            headers: {
              ...(payload
                ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
                : {}),
              ...(token ? { authorization: token } : {}),
            },
          },
          (res) => {
            let data = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (data += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    const loginRes = await request('POST', '/api/auth/login', { Username: 'admin', Password: DEMO_PASSWORD });
    const token = (JSON.parse(loginRes.body) as { data: { token: string } }).data.token;

    // Warm-up: connections, plans, JIT.
    for (let i = 0; i < 200; i++) await request('GET', '/api/dashboard/status_count', undefined, token);

    let running = true;
    let writes = 0;
    let folds = 0;
    const writer = (async () => {
      const interval = 1000 / WRITES_PER_S;
      while (running) {
        const started = Date.now();
        const id = 1 + Math.floor(Math.random() * ORDERS);
        const status = STATUSES[Math.floor(Math.random() * STATUSES.length)]!;
        await db('orders')
          .where({ order_no: `BENCH-${id}` })
          .update({ status, completed_date: status === 'COMPLETED' ? new Date() : null });
        writes++;
        const wait = interval - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    })();
    const folder = (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, FOLD_EVERY_MS));
        if (!running) break;
        await foldCounterDeltas(db);
        folds++;
      }
    })();

    // The clients run on their own thread, as real clients are other processes: the server's event loop
    // serves requests only.
    const { latencies, failures } = await runClients(port, token);
    running = false;
    await Promise.all([writer, folder]);

    // Exactness: the figures against count(*) over the tables, with deltas left unfolded on purpose.
    const pending = await db('status_counter_deltas').count<{ n: string }[]>('* as n');
    const answer = JSON.parse(
      (await request('GET', '/api/dashboard/status_count', undefined, token)).body,
    ) as {
      data: Record<string, number>;
    };
    const [truth] = (
      await db.raw<{ rows: Record<string, number>[] }>(`
        select (select count(*) from orders)::int as order_total,
               (select count(*) from orders where status = 'COMPLETED')::int as order_completed,
               (select count(*) from orders where status = 'CANCELLED')::int as order_cancelled,
               (select count(*) from orders where status = 'ASSIGNED TO TRANSPORTER')::int as order_assigned,
               (select count(*) from shipments where status <> 'CANCELLED')::int as shipment_total`)
    ).rows;
    const exact = Object.entries(truth!).every(([key, value]) => answer.data[key] === value);

    latencies.sort((a, b) => a - b);
    const p = (q: number) => percentile(latencies, q).toFixed(2);
    console.log(
      JSON.stringify(
        {
          benchmark: 'dashboard/status_count',
          orders: ORDERS,
          clients: CLIENTS,
          duration_s: DURATION_S,
          requests: latencies.length,
          throughput_rps: Math.round(latencies.length / DURATION_S),
          failures,
          p50_ms: p(50),
          p95_ms: p(95),
          p99_ms: p(99),
          max_ms: latencies[latencies.length - 1]!.toFixed(2),
          concurrent_writes: writes,
          folds,
          unfolded_deltas_at_check: Number(pending[0]!.n),
          exact,
          budget_p99_ms: BUDGET_P99_MS,
          within_budget: Number(p(99)) <= BUDGET_P99_MS,
        },
        null,
        2,
      ),
    );
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
    await changes.close();
    if (!exact || failures > 0) process.exitCode = 1;
  } finally {
    await testDb.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
