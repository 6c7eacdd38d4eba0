// What the benchmarks under test/bench share: a database of their own, the real Koa app on a real port, and
// closed-loop HTTP clients on a worker thread (real clients are other processes, so the server's event loop
// serves requests only and the clients' JSON work is not timed on it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import pino from 'pino';
import { createApp } from '../../api/app';
import type { AppDeps } from '../../api/deps';
import { createDb, type Db } from '../../db/connection';
import { startEmbeddedPostgres } from '../../db/embedded-postgres';
import { migrateLatest } from '../../db/migrate';
import { freePort } from '../../workflows/devserver/ports';

export interface BenchDb {
  db: Db;
  /** On the PostgreSQL server of the URL given, or on an embedded cluster started for the benchmark. */
  kind: 'postgres' | 'embedded';
  /** The database's URL, credentials included. */
  url: string;
  /** Where it lives: the database URL without credentials. */
  where: string;
  destroy(options?: { keep?: boolean }): Promise<void>;
}

/**
 * A fresh, migrated database for one benchmark, named `name` (dropped first when a previous run left it, and
 * dropped again at the end): on the PostgreSQL server of `url`, else on an embedded cluster started in a
 * temporary folder as `npm start` starts its own (same binaries and settings), stopped and removed at the end.
 * The benchmark's own connections have no statement timeout: they bulk-load millions of rows.
 */
export async function createBenchDb(
  url: string | undefined,
  name: string,
  options: { poolMax?: number; reuse?: boolean } = {},
): Promise<BenchDb> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test')
    throw new Error(`bench: bad database name ${name}`);
  let cluster: { stop(): Promise<void>; dir: string } | undefined;
  if (!url) {
    if (options.reuse)
      throw new Error('bench: reusing a database needs DATABASE_URL (a server that keeps it)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    // Root runs the cluster as the OS user postgres, which must be able to enter the folder.
    fs.chmodSync(dir, 0o755);
    const started = await startEmbeddedPostgres({
      dir,
      port: await freePort(),
      logger: pino({ level: 'warn' }),
    });
    cluster = { stop: () => started.stop(), dir };
    url = started.url('postgres');
  }
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  const exists = (await admin.raw('select 1 from pg_database where datname = ?', [name])).rows.length > 0;
  if (options.reuse && !exists)
    throw new Error(`bench: no database ${name} to reuse; run once with KEEP_DB=1`);
  if (!options.reuse) {
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.raw(`create database ${name}`);
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = createDb({
    databaseUrl: target.toString(),
    poolMax: options.poolMax ?? 10,
    statementTimeoutMs: 0,
  });
  await migrateLatest(db);
  return {
    db,
    kind: cluster ? 'embedded' : 'postgres',
    url: target.toString(),
    where: `${target.host}${target.pathname}`,
    destroy: async ({ keep = false } = {}) => {
      await db.destroy();
      if (!keep || cluster) await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
      if (cluster) {
        await cluster.stop();
        fs.rmSync(cluster.dir, { recursive: true, force: true });
      }
    },
  };
}

export interface HttpAnswer {
  status: number;
  body: string;
}

export interface BenchServer {
  port: number;
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer>;
  close(): Promise<void>;
}

/** The real app on 127.0.0.1 (a free port) and a client for the benchmark's own calls. */
export async function startServer(deps: AppDeps): Promise<BenchServer> {
  const handler = createApp(deps, { consoleDir: '/nonexistent' }).callback();
  const server = http.createServer((req, res) => void handler(req, res));
  // Node cuts requests not answered within its time limits; a benchmark waits for its slowest answers instead.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return benchServer(port, () => new Promise<void>((resolve) => server.close(() => resolve())));
}

/** The app on `port` with a client for a benchmark's own calls; `stop` stops the app. */
function benchServer(port: number, stop: () => Promise<void>): BenchServer {
  // A connection per call: between a benchmark's steps the server closes idle keep-alive sockets (after 5 s), and
  // a call on a socket being closed fails with ECONNRESET.
  const agent = new http.Agent({ keepAlive: false });
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      // A string is sent as it is, so a caller can serialise a big payload before it starts a clock.
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
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
            ...headers,
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
  return {
    port,
    request,
    close: async () => {
      agent.destroy();
      await stop();
    },
  };
}

/** How late the API process's event loop ran its timers (ms): a busy loop delays every request it holds. */
export interface EventLoopDelay {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface BenchServerProcess extends BenchServer {
  /** The API process's event-loop delay since the previous call (or its start). */
  eventLoopDelay(): Promise<EventLoopDelay>;
}

/**
 * The API in a process of its own (api-process.ts) over the PostgreSQL database of `databaseUrl`, as a
 * deployment runs it: what the benchmark itself did before (loading a million lines through the import) is not
 * in the measured process's heap or compiled code, and the benchmark's clients are not timed on its event loop.
 */
/** `embedded`: the database is the benchmark's own embedded cluster (the API renices its bulk connections). */
export async function startServerProcess(
  databaseUrl: string,
  options: { embedded?: boolean } = {},
): Promise<BenchServerProcess> {
  // BENCH_API_NODE_ARGS: Node flags for the API process only (e.g. --cpu-prof), to look into a measurement.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(__dirname, 'api-process.ts')],
    {
      env: {
        ...process.env,
        BENCH_API_DATABASE_URL: databaseUrl,
        BENCH_API_EMBEDDED: String(options.embedded === true),
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const stdout = child.stdout!;
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let listening = false;
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
      // Whatever the process prints once it listens (e.g. --trace-gc) goes to the benchmark's stderr.
      if (listening) return void process.stderr.write(chunk);
      out += chunk;
      const m = /listening (\d+)/.exec(out);
      if (m) {
        listening = true;
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`bench API process exited (${code}) before listening`)));
  });
  const server = benchServer(port, async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  const eventLoopDelay = () =>
    new Promise<EventLoopDelay>((resolve) => {
      child.once('message', (answer) => resolve(answer as EventLoopDelay));
      child.send('event-loop');
    });
  return { ...server, eventLoopDelay };
}

export interface ClientRun {
  /** Every latency in ms. */
  latencies: number[];
  /** Answers other than 200. */
  failures: number;
  durationMs: number;
}

/**
 * `clients` closed-loop keep-alive clients on a worker thread, each sending the same request again and again
 * for `durationMs`.
 */
export function runClients(options: {
  port: number;
  token: string;
  clients: number;
  durationMs: number;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}): Promise<ClientRun> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const { port, token, clients, durationMs, method, path, payload } = workerData;
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    const headers = { authorization: token };
    if (payload !== null) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const latencies = [];
    let failures = 0;
    const send = () => new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode !== 200) failures++;
          resolve();
        });
      });
      req.on('error', reject);
      req.end(payload === null ? undefined : payload);
    });
    const begun = Date.now();
    const deadline = begun + durationMs;
    Promise.all(Array.from({ length: clients }, async () => { while (Date.now() < deadline) await send(); }))
      .then(() => {
        agent.destroy();
        parentPort.postMessage({ latencies, failures, durationMs: Date.now() - begun });
      });
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: {
        port: options.port,
        token: options.token,
        clients: options.clients,
        durationMs: options.durationMs,
        method: options.method,
        path: options.path,
        payload: options.body === undefined ? null : JSON.stringify(options.body),
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export interface LatencySummary {
  requests: number;
  throughput_rps: number;
  failures: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export function summarise(run: ClientRun): LatencySummary {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length,
    throughput_rps: Math.round((sorted.length * 1000) / run.durationMs),
    failures: run.failures,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/** The machine's 1, 5 and 15 minute load averages, as `uptime` prints them: the figures depend on them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
