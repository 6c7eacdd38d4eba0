// Benchmark (DESIGN.md §6, issue #4): SAP orders at 1,000,000 lines.
//
//   ERP import: 100,000 SAP document lines upserted idempotently in ≤ 10 s; a re-import writes nothing.
//   List: a page of any tab, any sort on an indexed column, p99 ≤ 25 ms at 8 concurrent clients; contains
//   filters p99 ≤ 100 ms (the budget of five); tab counts (master_list) p99 ≤ 5 ms.
//
// A database of its own — `tms_bench` on the PostgreSQL of BENCH_DATABASE_URL / DATABASE_URL, dropped first and
// at the end, never `test`; without either, on an embedded cluster in a temporary folder — is migrated and seeded with the
// reference and master demo data. The sandbox generator (api/erp/sandbox/generator.ts) then draws one
// deterministic stream of documents: the first LINES lines are bulk-loaded through importErpDocuments in chunks
// of BULK_CHUNK documents (the one import every ERP path uses, triggers included; not a measured target, its
// time is printed), the next PUSH_LINES lines are the push measurement. After the load, and again after the push,
// the counter deltas are folded and the tables vacuumed and checkpointed, as the schedule, autovacuum and the
// checkpointer would have done by then on a running server. The app then listens on a real port, in an API
// process of its own started after the load (as deployed: the load is not in its heap), and:
//   (a) the push documents go to POST /api/erp/sap_orders, 5,000 per call, one call after another as SAP sends
//       them (bodies serialised before the clock starts), timed from the first request to the last answer;
//   (b) the same calls again: wall time, every answer's `written` = 0, and the rows unchanged (counts, the
//       newest row version, and an md5 over every column and row version of the pushed documents);
//   (c) CLIENTS keep-alive clients on a worker thread send one list request over and over for DURATION_S each,
//       after WARMUP_S at the same concurrency that is not measured:
//       tab ALL in the default order, tab OUTSTANDING sorted by Document_Date desc, five contains filters (once
//       matching a few thousand orders, once tens of thousands), and GET /api/saporder/master_list (the tab
//       counts). No transport order exists, so every order is in OUTSTANDING: that tab's worst case.
//
//   npm run bench:sap-orders                       an embedded cluster (no DATABASE_URL)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sap-orders
//   LINES=1000000 PUSH_LINES=100000 DURATION_S=15 WARMUP_S=3 CLIENTS=8 BULK_CHUNK=20000 KEEP_DB=1 (keep it for EXPLAIN)
//   REUSE_DB=1: the database a KEEP_DB=1 run kept, migrated, and only the list measurements (c) (DATABASE_URL)
//   ONLY=master_list: only the list scenarios whose name contains it
import os from 'node:os';
import { importErpDocuments } from '../../api/erp/import';
import { iterateErpDocuments } from '../../api/erp/sandbox/generator';
import type { ErpDocument } from '../../api/erp/types';
import { ERP_PUSH_LIMITS } from '../../api/erp/routes';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { foldCounterDeltas } from '../../db/counters';
import { migrateLatest } from '../../db/migrate';
import { DEMO_ERP_API_KEY, DEMO_PASSWORD, seedDemo } from '../../db/seeds/demo';
import type { Db } from '../../db/connection';
import {
  createBenchDb,
  loadAverage,
  runClients,
  startServerProcess,
  summarise,
  type BenchServer,
  type LatencySummary,
} from './support';

const LINES = Number(process.env.LINES ?? 1_000_000);
const PUSH_LINES = Number(process.env.PUSH_LINES ?? 100_000);
const DURATION_S = Number(process.env.DURATION_S ?? 15);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const BULK_CHUNK = Number(process.env.BULK_CHUNK ?? 20_000);
const PUSH_DOCUMENTS = ERP_PUSH_LIMITS.documents;
const REUSE_DB = process.env.REUSE_DB === '1';
/** Only the list scenarios whose name contains this (e.g. ONLY=master_list). */
const ONLY = process.env.ONLY;
const KEEP_DB = process.env.KEEP_DB === '1' || REUSE_DB;
const DB_NAME = 'tms_bench';

const BUDGET = { importS: 10, pageP99: 25, containsP99: 100, tabCountsP99: 5 };
/** The generator makes 2.05 lines per document on average; a little more is drawn than needed. */
const LINES_PER_DOCUMENT = 2.05;

const log = (text: string) => console.log(`[load ${loadAverage()}] ${text}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

interface PushAnswer {
  success: boolean;
  message?: string;
  data?: { documents: number; inserted: number; updated: number; unchanged: number; written: number };
}

/** What the pushed documents look like in the database: equal fingerprints mean nothing was written. */
async function fingerprint(db: Db, numbers: string[]) {
  const [row] = (
    await db.raw<{ rows: Record<string, string | number>[] }>(
      `with pushed as (select s.*, s.xmin::text as v from sap_orders s where s.document_no = any(?))
       select (select count(*)::int from sap_orders) as orders,
              (select count(*)::int from sap_order_details) as lines,
              (select max(xmin::text::bigint)::text from sap_orders) as orders_max_xmin,
              (select max(xmin::text::bigint)::text from sap_order_details) as lines_max_xmin,
              (select md5(string_agg(p.v || ':' || p::text, ',' order by p.id)) from pushed p) as orders_md5,
              (select md5(string_agg(l.xmin::text || ':' || l::text, ',' order by l.id))
                 from sap_order_details l where l.sap_order_id in (select id from pushed)) as lines_md5`,
      [numbers],
    )
  ).rows;
  return row!;
}

/**
 * Writes out what the setup left in memory (CHECKPOINT), so that a measurement is not taken while PostgreSQL's
 * checkpointer is still writing a million rows loaded a minute earlier: a running server has long written what
 * it loaded. Needs a superuser or pg_checkpoint; without, the measurement goes on and says so.
 */
async function checkpoint(db: Db): Promise<void> {
  await db
    .raw('checkpoint')
    .catch((err: Error) => log(`checkpoint not allowed (${err.message}); measuring anyway`));
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const started = Date.now();
  log(`start: ${os.cpus().length} cores, node ${process.version}`);
  const bench = await createBenchDb(url, DB_NAME, { poolMax: 10, reuse: REUSE_DB });
  log(`database: ${bench.kind} ${bench.where}`);
  const { db } = bench;
  try {
    // The API, once the data is loaded, in a process of its own as deployed (support.ts startServerProcess),
    // wired as api/main.ts wires it: sessions, counts, lookups and permissions cached until a change notification.
    const startApi = (): Promise<BenchServer> =>
      startServerProcess(bench.url, { embedded: bench.kind === 'embedded' });
    let server: BenchServer | undefined;
    let loaded: Record<string, unknown> | undefined;
    if (!REUSE_DB) {
      let t = Date.now();
      await seedDemo(db, { hashPassword, hashApiKey });
      log(`seeded reference and master demo data in ${seconds(Date.now() - t)} s`);

      // One deterministic stream: the bulk part, then the push part.
      const count = Math.ceil(((LINES + PUSH_LINES) / LINES_PER_DOCUMENT) * 1.02);
      const documents = iterateErpDocuments({ count });
      t = Date.now();
      let bulkLines = 0;
      let bulkDocuments = 0;
      let chunk: ErpDocument[] = [];
      let next: IteratorResult<ErpDocument> = documents.next();
      const flush = async () => {
        if (!chunk.length) return;
        await importErpDocuments(db, chunk, { source: 'sandbox', user: 'bench' });
        chunk = [];
      };
      let reported = 0;
      for (; !next.done && bulkLines < LINES; next = documents.next()) {
        chunk.push(next.value);
        bulkLines += next.value.Details.length;
        bulkDocuments++;
        if (chunk.length < BULK_CHUNK) continue;
        await flush();
        if (bulkLines - reported >= 200_000) {
          reported = bulkLines;
          log(`  bulk load: ${bulkLines} lines after ${seconds(Date.now() - t)} s`);
        }
      }
      await flush();
      const loadMs = Date.now() - t;
      t = Date.now();
      // What the schedule (counter fold) and autovacuum would have done by the time people read the list.
      await foldCounterDeltas(db);
      await db.raw('vacuum (analyze) sap_orders, sap_order_details');
      await checkpoint(db);
      log(
        `bulk load (importErpDocuments, ${BULK_CHUNK} documents per call): ${bulkDocuments} documents, ` +
          `${bulkLines} lines in ${seconds(loadMs)} s (${Math.round(bulkLines / (loadMs / 1000))} lines/s); ` +
          `fold + vacuum analyze + checkpoint ${seconds(Date.now() - t)} s`,
      );

      server = await startApi();
      const api = server;
      const push: ErpDocument[] = [];
      let pushLines = 0;
      for (; !next.done && pushLines < PUSH_LINES; next = documents.next()) {
        push.push(next.value);
        pushLines += next.value.Details.length;
      }
      if (pushLines < PUSH_LINES) throw new Error(`bench: the generator ran out at ${pushLines} push lines`);
      const bodies: string[] = [];
      for (let i = 0; i < push.length; i += PUSH_DOCUMENTS) {
        bodies.push(JSON.stringify({ documents: push.slice(i, i + PUSH_DOCUMENTS) }));
      }
      const numbers = push.map((d) => d.Document_No);

      const key = { 'x-api-key': DEMO_ERP_API_KEY };
      const sendAll = async () => {
        const answers: PushAnswer[] = [];
        const begun = Date.now();
        for (const body of bodies) {
          const res = await api.request('POST', '/api/erp/sap_orders', body, key);
          const answer = JSON.parse(res.body) as PushAnswer;
          if (res.status !== 200) throw new Error(`push answered ${res.status}: ${answer.message}`);
          answers.push(answer);
        }
        const ms = Date.now() - begun;
        const sum = (k: 'inserted' | 'updated' | 'unchanged' | 'written') =>
          answers.reduce((n, a) => n + (a.data?.[k] ?? 0), 0);
        return {
          ms,
          written: answers.map((a) => a.data?.written ?? 0),
          inserted: sum('inserted'),
          updated: sum('updated'),
          unchanged: sum('unchanged'),
          total: sum('written'),
        };
      };

      // (a) New documents through the push API.
      const mb = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0) / 1024 / 1024;
      const first = await sendAll();
      const importOk = first.ms / 1000 <= BUDGET.importS && first.inserted === push.length;
      log(
        `(a) push import: ${push.length} documents, ${pushLines} lines in ${bodies.length} calls ` +
          `(${mb.toFixed(1)} MB of JSON): ${seconds(first.ms)} s (budget ${BUDGET.importS} s) ` +
          `${verdict(importOk)}; written per call [${first.written.join(', ')}] = ${first.total} ` +
          `(inserted ${first.inserted}, updated ${first.updated}, unchanged ${first.unchanged})`,
      );

      // (b) The same calls again: nothing may be written.
      const before = await fingerprint(db, numbers);
      const again = await sendAll();
      const after = await fingerprint(db, numbers);
      const same = JSON.stringify(before) === JSON.stringify(after);
      const idempotent = same && again.total === 0 && again.unchanged === push.length;
      log(
        `(b) same push again: ${seconds(again.ms)} s; written per call [${again.written.join(', ')}] = ` +
          `${again.total}, unchanged ${again.unchanged}; rows before ${JSON.stringify(before)}; ` +
          `after ${same ? 'identical' : JSON.stringify(after)} ${verdict(idempotent)}`,
      );
      if (!idempotent) process.exitCode = 1;

      // Deltas of the push folded, as the schedule does every few seconds; then what autovacuum does within a
      // minute of an import this size: statistics, the visibility map, and the GIN indexes' pending lists (new
      // entries wait there, read in full by every search, until a vacuum merges them).
      await foldCounterDeltas(db);
      await db.raw('vacuum (analyze) sap_orders, sap_order_details');
      await checkpoint(db);
      loaded = {
        bulk: { documents: bulkDocuments, lines: bulkLines, seconds: Number(seconds(loadMs)) },
        push: {
          documents: push.length,
          lines: pushLines,
          calls: bodies.length,
          seconds: Number(seconds(first.ms)),
          written: first.total,
          within_budget: importOk,
        },
        repush: { seconds: Number(seconds(again.ms)), written: again.total, rows_unchanged: same },
      };
    } else {
      await migrateLatest(db);
      log('REUSE_DB=1: the kept database as it is (migrated); no load, no push');
    }

    // (c) The list at CLIENTS concurrent clients.
    server ??= await startApi();
    const login = await server.request('POST', '/api/auth/login', {
      Username: 'admin',
      Password: DEMO_PASSWORD,
    });
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    const contains = (field: string, value: string) => ({ field, value, matchMode: 'contains' });
    const FIVE_FILTERS = (documentNo: string) => [
      contains('Company_Code', '1000'),
      contains('Plant', '1101'),
      contains('Customer_Vendor_Code', 'cus001'),
      contains('Incoterm', 'frc'),
      contains('Document_No', documentNo),
    ];
    const describe = (filters: { field: string; value: string }[]) =>
      filters.map((f) => `${f.field} ${f.value}`).join(', ');
    const scenarios: {
      name: string;
      method: 'GET' | 'POST';
      path: string;
      body?: unknown;
      budget: number;
    }[] = [
      {
        name: 'list tab ALL, default order',
        method: 'POST',
        path: '/api/saporder/list',
        body: { start: 0, rows: 15, tab_status: 'ALL', sorts: [], filters: [] },
        budget: BUDGET.pageP99,
      },
      {
        name: 'list tab OUTSTANDING, Document_Date desc',
        method: 'POST',
        path: '/api/saporder/list',
        body: {
          start: 0,
          rows: 15,
          tab_status: 'OUTSTANDING',
          sorts: [{ field: 'Document_Date', order: 'desc' }],
          filters: [],
        },
        budget: BUDGET.pageP99,
      },
      {
        // DESIGN §6's five contains filters, as a planner types them: a company, a plant, a customer, an incoterm
        // and the start of a document number (some thousands of documents from early in the year, so the
        // newest-first page is not among the first rows read).
        name: `list tab ALL, 5 contains filters (${describe(FIVE_FILTERS('008001'))})`,
        method: 'POST',
        path: '/api/saporder/list',
        body: { start: 0, rows: 15, tab_status: 'ALL', sorts: [], filters: FIVE_FILTERS('008001') },
        budget: BUDGET.containsP99,
      },
      {
        // The same with a vaguer number: tens of thousands of matches to count.
        name: `list tab ALL, 5 broad contains filters (${describe(FIVE_FILTERS('00800'))})`,
        method: 'POST',
        path: '/api/saporder/list',
        body: { start: 0, rows: 15, tab_status: 'ALL', sorts: [], filters: FIVE_FILTERS('00800') },
        budget: BUDGET.containsP99,
      },
      {
        name: 'master_list (tab counts)',
        method: 'GET',
        path: '/api/saporder/master_list',
        budget: BUDGET.tabCountsP99,
      },
    ];
    const results: (LatencySummary & { name: string; budget_p99_ms: number; total?: number })[] = [];
    for (const s of scenarios.filter((s) => !ONLY || s.name.includes(ONLY))) {
      // What one request answers (and warm-up: connections, plans, caches).
      const probeStarted = Date.now();
      const probe = await server
        .request(s.method, s.path, s.body, { authorization: token })
        .catch((err: unknown) => {
          throw new Error(`${s.name}: first request failed after ${Date.now() - probeStarted} ms`, {
            cause: err,
          });
        });
      if (probe.status !== 200) throw new Error(`${s.name}: ${probe.status} ${probe.body.slice(0, 300)}`);
      const answer = JSON.parse(probe.body) as { data: unknown[]; totalRecords?: number };
      const load = {
        port: server.port,
        token,
        clients: CLIENTS,
        method: s.method,
        path: s.path,
        body: s.body,
      };
      // Warm-up at the same concurrency, not measured: a running server has its pool's connections open, each with
      // its prepared statements, catalog caches and plans, and its code compiled; a cold one spends the first
      // seconds on that.
      await runClients({ ...load, durationMs: WARMUP_S * 1000 });
      const summary = summarise(await runClients({ ...load, durationMs: DURATION_S * 1000 }));
      const total = answer.totalRecords;
      results.push({ name: s.name, ...summary, budget_p99_ms: s.budget, total });
      log(
        `(c) ${s.name}${total === undefined ? '' : ` [${total} rows match, page of ${answer.data.length}]`}: ` +
          `${CLIENTS} clients ${DURATION_S} s, ${summary.requests} requests, ${summary.throughput_rps} req/s, ` +
          `p50 ${summary.p50_ms} ms, p95 ${summary.p95_ms} ms, p99 ${summary.p99_ms} ms, max ${summary.max_ms} ms, ` +
          `failures ${summary.failures} (budget p99 ${s.budget} ms) ${verdict(summary.p99_ms <= s.budget && summary.failures === 0)}`,
      );
      if (summary.failures) process.exitCode = 1;
    }

    // The tab counts must also be exact: the master list's against count(*) over sap_orders.
    const master = JSON.parse(
      (await server.request('GET', '/api/saporder/master_list', undefined, { authorization: token })).body,
    ) as { data: { tab_status: { code: string; count: number }[] } };
    const counted = (
      await db.raw<{ rows: { tab: string; n: number }[] }>(
        'select tab_status as tab, count(*)::int as n from sap_orders group by tab_status',
      )
    ).rows;
    const truth = (tab: string) =>
      counted.filter((c) => tab === 'ALL' || c.tab === tab).reduce((n, c) => n + c.n, 0);
    const tabs = master.data.tab_status.map((t) => `${t.code} ${t.count}/${truth(t.code)}`);
    const exact = master.data.tab_status.every((t) => t.count === truth(t.code));
    log(`(c) master_list tab counts against count(*): ${tabs.join(', ')} ${verdict(exact)}`);
    if (!exact) process.exitCode = 1;
    await server.close();

    console.log(
      JSON.stringify(
        {
          benchmark: 'sap-orders',
          database: bench.kind,
          ...loaded,
          list: results.map((r) => ({ ...r, within_budget: r.p99_ms <= r.budget_p99_ms })),
          tab_counts_exact: exact,
        },
        null,
        2,
      ),
    );
  } finally {
    await bench.destroy({ keep: KEEP_DB });
    log(`end after ${seconds(Date.now() - started)} s${KEEP_DB ? ` (kept ${bench.where})` : ''}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
