// What the order benchmark (orders.ts) runs the product with, each part as `npm start` or a deployment runs
// it: a Temporal dev server with its SQLite file in a temporary folder (workflows/devserver), the worker as a
// process of its own (api/worker-main.ts, unchanged), the API in a process of its own wired to that Temporal
// (orders-api-process.ts), a keep-alive HTTP client for the benchmark's users, and the SAP orders it assigns:
// documents on the master demo's priced lane loaded through the ERP import every SAP document goes through.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { importErpDocuments } from '../../api/erp/import';
import type { ErpDocument } from '../../api/erp/types';
import type { Db } from '../../db/connection';
import { findTemporalCli } from '../../workflows/devserver/cli';
import { startDevServer, type DevServer } from '../../workflows/devserver/devserver';
import { freePort } from '../../workflows/devserver/ports';
import { LANE } from '../support/order-assign';
import { sapDocument } from '../support/sap-orders';
import { summarise, type EventLoopDelay, type LatencySummary } from './support';

const projectRoot = path.resolve(__dirname, '..', '..');

/** A child process of the benchmark that must not outlive it, whatever way the benchmark ends. */
function guard(child: ChildProcess): () => void {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  return () => process.off('exit', kill);
}

/** Sends `signal`, and SIGKILL when the process has not ended after `graceMs`. */
async function stopChild(child: ChildProcess, graceMs: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface BenchTemporal {
  address: string;
  pid: number;
  dir: string;
  stop(): Promise<void>;
}

/** `temporal server start-dev` on free ports, its SQLite file in a temporary folder removed at the end. */
export async function startBenchTemporal(): Promise<BenchTemporal> {
  const cliPath = findTemporalCli({ TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH });
  if (!cliPath)
    throw new Error('bench: no Temporal CLI (TEMPORAL_CLI_PATH, PATH, .tools/bin); npm run temporal:install');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-orders-temporal-'));
  let dev: DevServer;
  try {
    dev = await startDevServer({
      cliPath,
      dataDir: dir,
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
    });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    address: dev.address,
    pid: dev.pid ?? 0,
    dir,
    stop: async () => {
      await dev.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchChild {
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * With BENCH_PROFILE_DIR set, the worker and the API write V8 CPU profiles there when they stop (open them in
 * Chrome's DevTools): where a process's share of the CPU per lifecycle goes.
 */
function profileArgs(): string[] {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * The product's worker process (api/worker-main.ts) on the database and Temporal given; answers once it runs
 * (its `Worker running` log line). Its warnings and errors go to the benchmark's stderr.
 */
export async function startWorkerProcess(databaseUrl: string, temporalAddress: string): Promise<BenchChild> {
  const child = spawn(
    process.execPath,
    [...profileArgs(), '--import', 'tsx', path.join(projectRoot, 'api', 'worker-main.ts')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        TEMPORAL_ADDRESS: temporalAddress,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const unguard = guard(child);
  // The SDK's own lines (the bundle's build, state changes) are not JSON: only its warnings and errors show.
  const important = (line: string) => /WARN|ERROR|Error|error/.test(line);
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (important(line)) process.stderr.write(`[worker] ${line}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    let running = false;
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        let entry: { level?: number; msg?: string } = {};
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          if (important(line)) process.stderr.write(`[worker] ${line}\n`);
          continue;
        }
        // pino levels: 40 warn, 50 error, 60 fatal.
        if ((entry.level ?? 0) >= 40) process.stderr.write(`[worker] ${line}\n`);
        if (!running && entry.msg === 'Worker running') {
          running = true;
          resolve();
        }
      }
    });
    child.once('exit', (code) => {
      if (!running) reject(new Error(`the worker process exited (${code}) before it ran`));
      else process.stderr.write(`[worker] exited (${code})\n`);
    });
  });
  return {
    pid: child.pid,
    stop: async () => {
      // The worker drains its running tasks on SIGTERM (api/worker-main.ts).
      await stopChild(child, 20_000);
      unguard();
    },
  };
}

export interface BenchApi extends BenchChild {
  port: number;
  /** The API process's event-loop delay since the previous call (or its start). */
  eventLoopDelay(): Promise<EventLoopDelay>;
}

/** The API (orders-api-process.ts) over `databaseUrl`, its order workflows on `temporalAddress`. */
export async function startApiProcess(options: {
  databaseUrl: string;
  temporalAddress: string;
  embedded: boolean;
  autoRejectHourMs?: number;
}): Promise<BenchApi> {
  const child = spawn(
    process.execPath,
    [...profileArgs(), '--import', 'tsx', path.join(__dirname, 'orders-api-process.ts')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        BENCH_API_DATABASE_URL: options.databaseUrl,
        BENCH_API_TEMPORAL_ADDRESS: options.temporalAddress,
        BENCH_API_EMBEDDED: String(options.embedded),
        ...(options.autoRejectHourMs !== undefined
          ? { BENCH_API_AUTO_REJECT_HOUR_MS: String(options.autoRejectHourMs) }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const unguard = guard(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    let listening = false;
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      if (listening) return void process.stderr.write(chunk);
      out += chunk;
      const m = /listening (\d+)/.exec(out);
      if (m) {
        listening = true;
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before listening`)));
  });
  return {
    pid: child.pid,
    port,
    eventLoopDelay: () =>
      new Promise<EventLoopDelay>((resolve) => {
        child.once('message', (answer) => resolve(answer as EventLoopDelay));
        child.send('event-loop');
      }),
    stop: async () => {
      await stopChild(child, 10_000);
      unguard();
    },
  };
}

export interface Answer {
  status: number;
  /** The parsed body (undefined when it is not JSON). */
  body: unknown;
  ms: number;
}

/**
 * A client as a browser is one: keep-alive connections to the API. Idle connections are closed after 2 s,
 * before the server closes them (5 s), so a call is never sent on a socket the server is closing.
 */
export function apiClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 2_000 });
  const request = (method: string, route: string, token: string | null, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = process.hrtime.bigint();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/api${route}`,
          agent,
          headers: {
            ...(token ? { authorization: token } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (data += chunk));
          res.on('end', () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            let parsed: unknown;
            try {
              parsed = JSON.parse(data);
            } catch {
              parsed = data;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, ms });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    request,
    get: (route: string, token: string | null) => request('GET', route, token),
    post: (route: string, token: string | null, body: unknown) => request('POST', route, token, body),
    close: () => agent.destroy(),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

export interface Percentiles {
  n: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** How many, and p50/p95/p99/max in ms (support.ts summarise's percentiles). */
export function latencies(values: number[]): Percentiles {
  const s: LatencySummary = summarise({ latencies: values, failures: 0, durationMs: 1 });
  return { n: s.requests, p50_ms: s.p50_ms, p95_ms: s.p95_ms, p99_ms: s.p99_ms, max_ms: s.max_ms };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LaneSapOrder {
  id: number;
  documentNo: string;
  lines: { Id: number; Item_No: string; os_qty: number }[];
}

/**
 * `count` approved SOs of company 1000 on the priced lane PKS-SEI-ROKAN -> CUS-MNS-DUMAI (two lines of 25 and
 * 26 TON of FG-CPO each, as test/support/order-assign.ts importAssignable makes one), numbered from `prefix`,
 * loaded through importErpDocuments in chunks, and read back with their lines.
 */
export async function loadLaneSapOrders(db: Db, prefix: string, count: number): Promise<LaneSapOrder[]> {
  const numbers = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);
  const CHUNK = 2_000;
  for (let at = 0; at < numbers.length; at += CHUNK) {
    const docs: ErpDocument[] = numbers.slice(at, at + CHUNK).map((documentNo) =>
      sapDocument(documentNo, {
        lines: 2,
        header: {
          Product_Category: LANE.category,
          Warehouse_Code: 'WH-1101-CPO',
          Shipment_Type: 'INDIVIDUAL_TRUCK',
          Loading: LANE.from,
          Destination: LANE.to,
          Valid_From: '2026-10-01',
          Valid_To: '2026-12-31',
        },
      }),
    );
    await importErpDocuments(db, docs, { source: 'sandbox', user: 'bench' });
  }
  const rows = (await db('sap_orders as s')
    .join('sap_order_details as d', 'd.sap_order_id', 's.id')
    .whereIn('s.document_no', numbers)
    .where('d.mark_deleted', false)
    .orderBy([{ column: 's.id' }, { column: 'd.item_no' }])
    .select('s.id', 's.document_no', 'd.id as line_id', 'd.item_no', 'd.os_qty')) as {
    id: number;
    document_no: string;
    line_id: string;
    item_no: string;
    os_qty: string;
  }[];
  const byId = new Map<number, LaneSapOrder>();
  for (const r of rows) {
    let order = byId.get(r.id);
    if (!order) byId.set(r.id, (order = { id: r.id, documentNo: r.document_no, lines: [] }));
    order.lines.push({ Id: Number(r.line_id), Item_No: r.item_no, os_qty: Number(r.os_qty) });
  }
  const orders = [...byId.values()];
  if (orders.length !== count) throw new Error(`bench: ${orders.length} of ${count} SAP orders loaded`);
  return orders;
}

/** CPU seconds (user + system) a process and its descendants used so far, reaped children included. */
function treeCpuSeconds(root: number): number {
  const TICKS = 100; // USER_HZ on Linux
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[1] ppid; fields[11..14] utime, stime, cutime, cstime
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      if (p === root) return true;
      p = stats.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
  return ticks / TICKS;
}

/**
 * CPU seconds each part of the product used between two readings: the API, the worker, the Temporal dev
 * server, PostgreSQL (the postmaster of the benchmark's connection and its backends, when it runs on this
 * machine) and the benchmark itself. On a shared 2-core machine this says what one lifecycle costs, whatever
 * the others run.
 */
export async function cpuMeter(parts: { api: number; worker: number; temporal: number }, db: Db) {
  let postmaster = 0;
  try {
    const { rows } = (await db.raw('select pg_backend_pid() as pid')) as { rows: { pid: number }[] };
    const stat = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    // A PostgreSQL elsewhere: not measured.
  }
  const read = () => ({
    api: treeCpuSeconds(parts.api),
    worker: treeCpuSeconds(parts.worker),
    temporal: treeCpuSeconds(parts.temporal),
    postgres: postmaster ? treeCpuSeconds(postmaster) : NaN,
    bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    wall: performance.now() / 1000,
  });
  let last = read();
  /** CPU seconds per part since the previous call, and the wall seconds between. */
  return () => {
    const now = read();
    const diff = Object.fromEntries(
      Object.entries(now).map(([k, v]) => [k, Math.round((v - last[k as keyof typeof now]) * 100) / 100]),
    ) as typeof now;
    last = now;
    return diff;
  };
}
export type CpuReading = ReturnType<Awaited<ReturnType<typeof cpuMeter>>>;

/**
 * Samples what the benchmark database's active sessions wait for, every `everyMs`, until stopped: the average
 * number of sessions in each wait (a lock wait means requests queue behind each other's transactions), and
 * for lock waits what the session holding the lock was running last (an idle-in-transaction holder shows the
 * last statement of its transaction: the one that took the lock, or one after it).
 */
export function lockSampler(db: Db, everyMs = 100) {
  const waits = new Map<string, number>();
  const holders = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  let failed: string | undefined;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = (await db.raw(
        `select coalesce(a.wait_event_type, 'CPU') || ':' || coalesce(a.wait_event, '-') as what,
                (select b.state || ': ' || left(regexp_replace(b.query, '\\s+', ' ', 'g'), 90)
                   from pg_stat_activity b where b.pid = (pg_blocking_pids(a.pid))[1] limit 1) as holder
           from pg_stat_activity a
          where a.datname = current_database() and a.state = 'active' and a.pid <> pg_backend_pid()`,
      )) as { rows: { what: string; holder: string | null }[] };
      samples++;
      for (const r of rows) {
        waits.set(r.what, (waits.get(r.what) ?? 0) + 1);
        if (r.holder) holders.set(r.holder, (holders.get(r.holder) ?? 0) + 1);
      }
      await sleep(everyMs);
    }
  })().catch((err: unknown) => {
    // A diagnosis that fails leaves the measurement alone; the report says it is missing.
    failed = err instanceof Error ? err.message : String(err);
  });
  const top = (counts: Map<string, number>, n: number) =>
    Object.fromEntries(
      [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([what, count]) => [what, Math.round((count / Math.max(1, samples)) * 100) / 100]),
    );
  return async () => {
    stopped = true;
    await loop;
    return { sessions: top(waits, 6), lock_holders: top(holders, 4), ...(failed ? { failed } : {}) };
  };
}

export interface LoopRun<T> {
  done: T[];
  failures: string[];
  /** `take` had nothing left before `stop` said so. */
  ranOut: boolean;
}

/**
 * `clients` users each running `run` on what `take` hands out, one after another (closed loop), until
 * `stop(started)` says so or `take` has nothing left. A run that throws counts as a failure and the user goes on.
 */
export async function closedLoop<S, T>(
  clients: number,
  take: () => S | undefined,
  run: (item: S) => Promise<T>,
  stop: (started: number) => boolean,
): Promise<LoopRun<T>> {
  const out: LoopRun<T> = { done: [], failures: [], ranOut: false };
  let started = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stop(started)) {
        const item = take();
        if (item === undefined) {
          out.ranOut = true;
          return;
        }
        started++;
        try {
          out.done.push(await run(item));
        } catch (err) {
          out.failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  return out;
}

/**
 * Calls `send(i)` at `rate` per second for `durationMs` without waiting for the answers (open loop); with
 * `maxInFlight`, a call waits for a free place first, so an API that cannot keep the pace gets a queue of
 * that many users at most and the calls take longer instead of piling up.
 */
export async function openLoop(
  rate: number,
  durationMs: number,
  send: (i: number) => Promise<void>,
  maxInFlight = Infinity,
): Promise<number> {
  const count = Math.floor((rate * durationMs) / 1000);
  const begun = performance.now();
  const pending = new Set<Promise<void>>();
  for (let i = 0; i < count; i++) {
    const wait = begun + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    while (pending.size >= maxInFlight) await Promise.race(pending);
    const call = send(i).finally(() => pending.delete(call));
    pending.add(call);
  }
  await Promise.all(pending);
  return performance.now() - begun;
}
