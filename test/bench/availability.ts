// Benchmark (DESIGN.md §6 "Availability"): while one user imports the largest allowed master-data file and SAP
// pushes the largest allowed batch, other users' p99 stays within 3× of their p99 with no load.
//
// A database of its own — `tms_availability` on the PostgreSQL of BENCH_DATABASE_URL / DATABASE_URL, dropped
// first and at the end; without either, on an embedded cluster started as `npm start` starts its own — holds the
// demo data (master data included) and one batch of SAP orders, so the list has rows. The API runs in a process
// of its own (support.ts startServerProcess), wired as api/main.ts wires it. A third user (logistic) calls
// GET /api/util/version and POST /api/saporder/list, each in a closed loop of CLIENTS clients on a worker thread:
//   (a) for DURATION_S with nothing else running: the baseline, measured in the same run;
//   (b) for DURATION_S again while, over and over until the window closes, the `transporter` account imports
//       a CSV of MAX_FILE_ROWS (20,000) drivers through POST /api/driver/import (the first time each row is
//       created, after that updated), and SAP pushes ERP_PUSH_LIMITS.documents (5,000) new documents per call
//       through POST /api/erp/sap_orders, one call after another.
// Bodies are serialised before the clocks start. It prints p50/p99 of both calls in (a) and (b), the ratio of
// the p99s against the budget, how many imports and pushes ran and how long each took, how late the API
// process's event loop ran (a request waits behind whatever holds it), and the machine's load averages: the
// machine is shared, so read the figures with them.
//
//   npm run bench:availability                       an embedded cluster (no DATABASE_URL)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:availability
//   DURATION_S=30 CLIENTS=1
import os from 'node:os';
import { importErpDocuments } from '../../api/erp/import';
import { iterateErpDocuments } from '../../api/erp/sandbox/generator';
import type { ErpDocument } from '../../api/erp/types';
import { MAX_FILE_ROWS } from '../../api/resources/transfer';
import { ERP_PUSH_LIMITS } from '../../api/erp/routes';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { foldCounterDeltas } from '../../db/counters';
import { DEMO_ERP_API_KEY, DEMO_PASSWORD, seedDemo } from '../../db/seeds/demo';
import {
  createBenchDb,
  loadAverage,
  runClients,
  startServerProcess,
  summarise,
  type BenchServerProcess,
  type EventLoopDelay,
  type LatencySummary,
} from './support';

const DURATION_S = Number(process.env.DURATION_S ?? 30);
const CLIENTS = Number(process.env.CLIENTS ?? 1);
const BUDGET_RATIO = 3;
const PUSH_DOCUMENTS = ERP_PUSH_LIMITS.documents;
/** Batches drawn for the load: more than a window of DURATION_S can push (one takes 1.5 s or more). */
const PUSH_BATCHES = Number(process.env.PUSH_BATCHES ?? Math.ceil(DURATION_S / 1.5) + 4);
const DB_NAME = 'tms_availability';

const log = (text: string) => console.log(`[load ${loadAverage()}] ${text}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The transporter's drivers file: MAX_FILE_ROWS rows, as a person fills the template. */
function driversCsv(): string {
  const lines = [
    'Driver_Code,Driver_Name,Transporter_Code,License_No,License_Type,License_Expiry_Date,Phone',
  ];
  for (let i = 1; i <= MAX_FILE_ROWS; i++) {
    const n = String(i).padStart(5, '0');
    lines.push(`BD${n},Driver ${n},TRP001,SIM-${n},B2_UMUM,31/12/2030,0812${n}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface Loop {
  /** Duration of each completed call, ms. */
  done: number[];
  failures: string[];
  /** Why the loop ended before the window closed. */
  ended?: string;
}

/**
 * Sends `send()` again and again until `until()` says stop; the call under way when it does is finished. `send`
 * answers a failure, or `{ end }` when it has nothing more to send.
 */
async function repeat(
  until: () => boolean,
  send: (round: number) => Promise<{ failure?: string; end?: string }>,
): Promise<Loop> {
  const loop: Loop = { done: [], failures: [] };
  for (let round = 0; !until(); round++) {
    const begun = Date.now();
    const { failure, end } = await send(round);
    if (end) {
      loop.ended = end;
      break;
    }
    if (failure) loop.failures.push(failure);
    else loop.done.push(Date.now() - begun);
    // A call that fails at once would otherwise spin here without letting the window's timers run.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return loop;
}

const describeLoop = (loop: Loop) =>
  `${loop.done.length} done [${loop.done.map((ms) => seconds(ms)).join(', ')}] s` +
  (loop.failures.length ? `, ${loop.failures.length} failed: ${loop.failures.slice(0, 3).join('; ')}` : '') +
  (loop.ended ? `; ended early: ${loop.ended}` : '');

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const started = Date.now();
  log(`start: ${os.cpus().length} cores, node ${process.version}`);
  const bench = await createBenchDb(url, DB_NAME, { poolMax: 10 });
  log(`database: ${bench.kind} ${bench.where}`);
  let server: BenchServerProcess | undefined;
  try {
    await seedDemo(bench.db, { hashPassword, hashApiKey });
    // One batch before the measurements, so the list has orders to show; the load's batches come after it.
    const documents = iterateErpDocuments({ count: PUSH_DOCUMENTS * (PUSH_BATCHES + 1) });
    const batch = () => {
      const docs: ErpDocument[] = [];
      for (let next = documents.next(); !next.done; next = documents.next()) {
        docs.push(next.value);
        if (docs.length === PUSH_DOCUMENTS) break;
      }
      return docs;
    };
    await importErpDocuments(bench.db, batch(), { source: 'sandbox', user: 'bench' });
    await foldCounterDeltas(bench.db);
    await bench.db.raw('vacuum (analyze)');
    const pushes = Array.from({ length: PUSH_BATCHES }, () => JSON.stringify({ documents: batch() }));
    const csv = JSON.stringify({
      file_name: 'drivers.csv',
      content_base64: Buffer.from(driversCsv()).toString('base64'),
    });
    log(
      `seeded; bodies ready: drivers.csv ${MAX_FILE_ROWS} rows (${(csv.length / 1e6).toFixed(1)} MB as sent), ` +
        `${PUSH_BATCHES} pushes of ${PUSH_DOCUMENTS} documents (${(pushes[0]!.length / 1e6).toFixed(1)} MB each)`,
    );

    server = await startServerProcess(bench.url, { embedded: bench.kind === 'embedded' });
    const api = server;
    const login = async (username: string) => {
      const res = await api.request('POST', '/api/auth/login', {
        Username: username,
        Password: DEMO_PASSWORD,
      });
      const body = JSON.parse(res.body) as { data?: { token?: string } };
      if (!body.data?.token) throw new Error(`login of ${username} failed: ${res.body.slice(0, 200)}`);
      return body.data.token;
    };
    const reader = await login('logistic');
    const importer = await login('transporter');

    const measure = async (): Promise<{
      version: LatencySummary;
      list: LatencySummary;
      eventLoop: EventLoopDelay;
    }> => {
      await api.eventLoopDelay();
      const [version, list] = await Promise.all([
        runClients({
          port: api.port,
          token: reader,
          clients: CLIENTS,
          durationMs: DURATION_S * 1000,
          method: 'GET',
          path: '/api/util/version',
        }),
        runClients({
          port: api.port,
          token: reader,
          clients: CLIENTS,
          durationMs: DURATION_S * 1000,
          method: 'POST',
          path: '/api/saporder/list',
          body: { start: 0, rows: 15, sorts: [], filters: [], tab_status: 'ALL' },
        }),
      ]);
      return { version: summarise(version), list: summarise(list), eventLoop: await api.eventLoopDelay() };
    };

    // (a) No load.
    await measure(); // warm-up, not counted: the API process's first calls compile its code
    const baseline = await measure();
    log(`(a) no load: ${JSON.stringify(baseline)}`);

    // (b) The same calls while the import and the pushes run.
    let closed = false;
    const loadAtStart = loadAverage();
    const imports = repeat(
      () => closed,
      async () => {
        const res = await api.request('POST', '/api/driver/import', csv, { authorization: importer });
        return res.status === 200 ? {} : { failure: `${res.status} ${res.body.slice(0, 200)}` };
      },
    );
    const pushing = repeat(
      () => closed,
      async (round) => {
        const body = pushes[round];
        if (!body) return { end: `all ${PUSH_BATCHES} batches pushed (raise PUSH_BATCHES)` };
        const res = await api.request('POST', '/api/erp/sap_orders', body, { 'x-api-key': DEMO_ERP_API_KEY });
        return res.status === 200 ? {} : { failure: `${res.status} ${res.body.slice(0, 200)}` };
      },
    );
    const loaded = await measure();
    closed = true;
    const [importLoop, pushLoop] = await Promise.all([imports, pushing]);
    log(`(b) under load: ${JSON.stringify(loaded)}`);
    log(`    imports of ${MAX_FILE_ROWS} drivers: ${describeLoop(importLoop)}`);
    log(`    pushes of ${PUSH_DOCUMENTS} documents: ${describeLoop(pushLoop)}`);

    const rows = (['version', 'list'] as const).map((call) => {
      const ratio = loaded[call].p99_ms / baseline[call].p99_ms;
      return {
        call: call === 'version' ? 'GET /api/util/version' : 'POST /api/saporder/list',
        p50_no_load_ms: baseline[call].p50_ms,
        p99_no_load_ms: baseline[call].p99_ms,
        p50_load_ms: loaded[call].p50_ms,
        p99_load_ms: loaded[call].p99_ms,
        max_load_ms: loaded[call].max_ms,
        requests_load: loaded[call].requests,
        failures_load: loaded[call].failures,
        p99_ratio: Math.round(ratio * 100) / 100,
        within_budget: ratio <= BUDGET_RATIO && loaded[call].failures === 0,
      };
    });
    log(
      `API event-loop delay (how late its timers ran): p99 ${baseline.eventLoop.p99_ms} → ` +
        `${loaded.eventLoop.p99_ms} ms, max ${baseline.eventLoop.max_ms} → ${loaded.eventLoop.max_ms} ms`,
    );
    for (const r of rows) {
      log(
        `${r.call}: p50 ${r.p50_no_load_ms} → ${r.p50_load_ms} ms, p99 ${r.p99_no_load_ms} → ${r.p99_load_ms} ms ` +
          `(×${r.p99_ratio}, budget ×${BUDGET_RATIO}) ${r.within_budget ? 'PASS' : 'FAIL'}`,
      );
    }
    const loadWasThere = importLoop.done.length > 0 && pushLoop.done.length > 0 && !pushLoop.ended;
    if (!loadWasThere)
      log('the load was not the intended one: an import or the pushes did not last the window');
    if (!rows.every((r) => r.within_budget) || !loadWasThere) process.exitCode = 1;
    console.log(
      JSON.stringify(
        {
          benchmark: 'availability',
          database: bench.kind,
          cores: os.cpus().length,
          duration_s: DURATION_S,
          clients_per_call: CLIENTS,
          load_average_at_load_start: loadAtStart,
          load_average_at_end: loadAverage(),
          imports: importLoop,
          pushes: pushLoop,
          api_event_loop_delay: { no_load: baseline.eventLoop, load: loaded.eventLoop },
          results: rows,
        },
        null,
        2,
      ),
    );
  } finally {
    await server?.close();
    await bench.destroy();
    log(`end after ${seconds(Date.now() - started)} s`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
