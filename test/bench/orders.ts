// Benchmark (issue 16 "Performance", DESIGN.md §6): the order's life through its workflow, driven as users
// drive it, through the real API.
//
//   1. Lifecycles: assign -> one approval level -> accept, sustained for DURATION_S: >= 20 complete
//      lifecycles/s.
//   2. Accept (a Workflow Update) round trip: p99 <= 50 ms at 10 orders per second.
//   3. Auto-reject: ORDERS (1,000) orders with deadlines spread over SPREAD_S (60 s): every one fires, p99
//      lateness <= 1 s.
//   Against Temporal's own floor on the same dev server in the same run (DESIGN §6 "Workflows"): lifecycles
//   >= 0.7× the floor's rate at the same concurrency; the accept's p99 <= 1.5× the floor's Update p99 at the
//   same rate.
//
// Everything runs as `npm start` runs it on a plain machine, each part a process of its own: a database of
// its own (`tms_orders` on the PostgreSQL of BENCH_DATABASE_URL / DATABASE_URL, dropped first and at the end;
// without either, the embedded default: a cluster in a temporary folder), a Temporal dev server started here
// with the `temporal` CLI and its SQLite file in a temporary folder, the product's worker
// (api/worker-main.ts) and the API wired to that Temporal (orders-api-process.ts). The database holds the
// demo data, master data included, with two changes that make the measured path the one the budget names: the
// transporter quotas are switched off (so assigning thousands of orders to one carrier does not add EXCEED to
// the criteria) and the company-1000 SO freight matrices keep their level 1 only (logistic and supervisor;
// level 2 was the administrator), so an assignment that needs approval needs one level. SAP orders (two
// lines, 25 and 26 TON of CPO) on the priced lane PKS-SEI-ROKAN -> CUS-MNS-DUMAI are loaded through the ERP
// import (api/erp/import.ts), one per order made.
//
// (1) LIFECYCLE_CLIENTS users in a closed loop, each: `logistic` saves POST /api/saporder/assign_transporter
//     of one SAP order to TRP001 at a freight cost above the suggested one with a reason (HIGHER: one level);
//     the ORDER approval row the workflow opens is looked up in the approvals table (what the supervisor's
//     Approval screen lists); `supervisor` approves it with POST /api/approval/approve; `transporter`
//     (TRP001) accepts with POST /api/order/transporter_action. WARMUP lifecycles first, not counted; then
//     the baseline, BASELINE_LIFECYCLES of one user alone. A lifecycle counts when its accept answered inside
//     the window; its steps' p50/p99 are printed beside the baseline's. To say why the figure is what it is:
//     the CPU each part used per lifecycle (API, worker, Temporal, PostgreSQL, from /proc), hence the most
//     lifecycles per second the machine's cores could give the product, and what the database sessions waited
//     for (pg_stat_activity every 100 ms, with the statement of the session holding a lock that others wait
//     for).
// (2) ACCEPT_RATE (10) orders per second, open loop, for DURATION_S: each an accept of a fresh order ASSIGNED
//     TO TRANSPORTER, timed from request to answer. The orders are made beforehand: TRP001 at the suggested
//     carrier's price, which needs no approval (approved first if it ever does). Between the accepts, at the
//     same rate, the baseline in the same run: the same route on an order already accepted (the route's whole
//     cost, refused by the row's flags, without the Update) and GET /api/util/version.
// (3) The API is restarted with AUTO_REJECT_HOUR_MS such that the lane's AutoRejectSetting gives orders
//     DELAY_S to answer; ORDERS orders are assigned to the cheapest carrier (no approval) at an even pace
//     over SPREAD_S (LIFECYCLE_CLIENTS users at most at once), so their deadlines are spread over SPREAD_S;
//     nobody answers. Lateness = when the order became REJECTED / AUTO REJECTED (its auto-reject history
//     row's created_date) minus its Auto_Reject_Date, which the workflow set as its assign change's time plus
//     autoRejectMs (the orders row's column is cleared once the order is rejected, so it is recomputed from
//     the history row and the order's workflow_input). The baseline:
//     QUIET_AUTO_REJECTS orders assigned one after another, firing with nothing else running. The assignments
//     keep coming while the first deadlines fire, as they would on a working day; when the API cannot assign
//     at the pace asked, the deadlines spread over longer, and the time they took is printed.
//
// The floor (orders-floor.ts, floor.workflow.ts, floor-worker.ts): what Temporal and the SDK alone cost for
// the lifecycle of (1), on the same dev server. A trivial workflow on a task queue of its own (bench-floor),
// served by a worker process started here like the product's, begun as the order's is begun by the assignment
// (a start; FLOOR_ASSIGN=update-with-start for an assignment made as an Update) and sent the two Updates a
// lifecycle sends (approve, accept); each change runs one no-op local activity, as each of the order's
// changes is written by one local activity. Its client is a Temporal client in the benchmark process, calling
// as the API's order routes do. Before (1): FLOOR_WARMUP lifecycles, then LIFECYCLE_CLIENTS users in a closed
// loop for FLOOR_DURATION_S; its steps' p50/p99 are printed beside ours, with its CPU per lifecycle (floor
// worker, dev server, client). After (2): ACCEPT_RATE accept Updates per second, open loop, for
// FLOOR_DURATION_S, each on a floor lifecycle approved beforehand. (1) and (2) then print ours beside the
// floor's and the ratio, as the summary does after the budgets (a row each for the two ratio budgets):
//   lifecycles/s 4.2 (floor 19.6, ratio 0.21)
//   update p99 1046.42 ms (floor 410.44 ms, ratio 2.55)
// The floor's worker is stopped before (3).
//
// The machine is shared: the 1/5/15-minute load averages are printed beside every figure.
//
//   npm run bench:orders                                 the embedded default (no DATABASE_URL)
//   DURATION_S=20 ORDERS=200 npm run bench:orders        a quick run (about 4 minutes on a busy 2 cores)
//   LIFECYCLE_CLIENTS=16 WARMUP=20 BASELINE_LIFECYCLES=10 LIFECYCLE_DOCS=<DURATION_S × 40> ACCEPT_RATE=10
//   SPREAD_S=<DURATION_S> DELAY_S=10 QUIET_AUTO_REJECTS=10 GRACE_S=30
//   FLOOR_DURATION_S=<DURATION_S, at most 30> FLOOR_WARMUP=<WARMUP> FLOOR_ASSIGN=start|update-with-start
//   PHASES=floor,lifecycles,accept,auto-reject (a subset runs only those; the floor goes with (1) and (2))
import os from 'node:os';
import { autoRejectHours } from '../../api/orders/assign';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { foldCounterDeltas } from '../../db/counters';
import { DEMO_PASSWORD, seedDemo } from '../../db/seeds/demo';
import type { Db } from '../../db/connection';
import { assignBody } from '../support/order-assign';
import {
  apiClient,
  closedLoop,
  cpuMeter,
  latencies,
  lockSampler,
  loadLaneSapOrders,
  openLoop,
  sleep,
  startApiProcess,
  startBenchTemporal,
  startWorkerProcess,
  type ApiClient,
  type BenchApi,
  type BenchChild,
  type BenchTemporal,
  type CpuReading,
  type LaneSapOrder,
  type Percentiles,
} from './orders-support';
import {
  connectFloor,
  FLOOR_TASK_QUEUE,
  floorLifecycle,
  prepareFloorAccepts,
  startFloorWorker,
  type FloorClient,
} from './orders-floor';
import { createBenchDb, loadAverage } from './support';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DURATION_S = num('DURATION_S', 60);
const LIFECYCLE_CLIENTS = num('LIFECYCLE_CLIENTS', 16);
const WARMUP = num('WARMUP', 20);
/** Lifecycles of one user alone: the baseline of the lifecycle figures. */
const BASELINE_LIFECYCLES = num('BASELINE_LIFECYCLES', 10);
/** SAP orders loaded for the lifecycle window: more than the budget's rate can use. */
const LIFECYCLE_DOCS = num('LIFECYCLE_DOCS', DURATION_S * 40);
const ACCEPT_RATE = num('ACCEPT_RATE', 10);
const ORDERS = num('ORDERS', 1000);
const SPREAD_S = num('SPREAD_S', DURATION_S);
const DELAY_S = num('DELAY_S', 10);
const GRACE_S = num('GRACE_S', 30);
/** Orders that auto-reject with nothing else running: the baseline of the lateness. */
const QUIET_AUTO_REJECTS = num('QUIET_AUTO_REJECTS', 10);
/** Temporal's floor (orders-floor.ts): its lifecycle window and accept run, in seconds, and its warm-up. */
const FLOOR_DURATION_S = num('FLOOR_DURATION_S', Math.min(DURATION_S, 30));
const FLOOR_WARMUP = num('FLOOR_WARMUP', WARMUP);
/**
 * How the floor's lifecycle begins: `start`, as the API's assignment starts the order's workflow today
 * (api/orders/workflows.ts), or `update-with-start`, for an assignment made as an Update of the workflow it starts.
 */
const FLOOR_ASSIGN = process.env.FLOOR_ASSIGN ?? 'start';
const FLOOR_SHAPE = `${FLOOR_ASSIGN === 'start' ? 'a start' : 'an update-with-start'} and 2 Updates`;
const PHASES = new Set(
  (process.env.PHASES ?? 'floor,lifecycles,accept,auto-reject').split(',').map((p) => p.trim()),
);
const DB_NAME = 'tms_orders';

const BUDGET = { lifecyclesPerS: 20, acceptP99Ms: 50, lateP99Ms: 1000 };
/** DESIGN §6: the product's share, as ratios to Temporal's floor at the same concurrency or rate. */
const FLOOR_BUDGET = { lifecyclesRatio: 0.7, updateP99Ratio: 1.5 };
const WAITING_APPROVAL = 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL';
const ASSIGNED = 'ASSIGNED TO TRANSPORTER';

const log = (text: string) => console.log(`[load ${loadAverage()}] ${text}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const round = (n: number) => Math.round(n * 100) / 100;
const brief = (s: Percentiles) => `p50 ${s.p50_ms} / p99 ${s.p99_ms} / max ${s.max_ms} ms (n ${s.n})`;

/** What the API answers, as far as the benchmark reads it. */
interface Envelope {
  success?: boolean;
  message?: string;
  message_code?: string;
  data?: unknown;
}
const envelope = (body: unknown): Envelope => (typeof body === 'object' && body ? (body as Envelope) : {});
const describe = (status: number, body: unknown) => `${status} ${JSON.stringify(body).slice(0, 300)}`;

class StepFailure extends Error {
  constructor(
    readonly step: string,
    detail: string,
  ) {
    super(`${step}: ${detail}`);
  }
}

/** The benchmark's users, signed in. */
interface Users {
  logistic: string;
  supervisor: string;
  transporter: string;
}

async function login(client: ApiClient, username: string): Promise<string> {
  const res = await client.post('/auth/login', null, { Username: username, Password: DEMO_PASSWORD });
  const token = (envelope(res.body).data as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`login of ${username} failed: ${describe(res.status, res.body)}`);
  return token;
}

/** The bench's own changes to the demo data (see the header). */
async function tuneDemoData(db: Db): Promise<void> {
  await db('transporter_quotas').update({ is_active: false });
  await db('approval_matrix_approvers')
    .where('level', '>', 1)
    .whereIn(
      'approval_matrix_id',
      db('approval_matrices')
        .where({ company_code: '1000', order_type: 'SO' })
        .whereNot('info1', 'SAP_ORDER')
        .select('id'),
    )
    .delete();
}

type Entry = Record<string, unknown>;

/** Assign-panel bodies, one SAP order each, from one template (test/support/order-assign.ts assignBody). */
async function bodyMaker(db: Db, first: LaneSapOrder) {
  const template = await assignBody(db, [
    { id: first.id, documentNo: first.documentNo, lines: first.lines.map((l) => ({ ...l, Qty: l.os_qty })) },
  ]);
  return (so: LaneSapOrder, entry: Entry): Record<string, unknown> => ({
    ...template,
    id: [so.id],
    transporters: [entry],
    details: so.lines.map((l) => ({ Id: l.Id, Item_No: l.Item_No, Qty: l.os_qty, include_merge: true })),
  });
}
type BodyOf = Awaited<ReturnType<typeof bodyMaker>>;

interface Approver {
  Username: string;
  Level: number;
}
interface TransporterData {
  transporter_code: string;
  freight_cost: number;
  freight_suggested: number;
  freight_criteria: string;
}

async function checkApproval(client: ApiClient, token: string, body: unknown) {
  const res = await client.post('/util/check_approval', token, body);
  const data = envelope(res.body).data as
    { approval_list?: Approver[]; transporter_data?: TransporterData[] } | undefined;
  if (res.status !== 200 || !data?.approval_list || !data.transporter_data?.[0])
    throw new Error(`check_approval: ${describe(res.status, res.body)}`);
  return { approvers: data.approval_list, transporter: data.transporter_data[0] };
}

/** The three transporter entries the benchmark assigns with, each checked by the API's Check Approval. */
async function chooseEntries(client: ApiClient, users: Users, db: Db, so: LaneSapOrder, bodyOf: BodyOf) {
  const template = bodyOf(so, { transporter_code: 'TRP001' });
  const freight = await client.post('/list/transporter_freight', users.logistic, {
    loading: template.loading_destination_from_id,
    destination: template.loading_destination_to_id,
    charge_oa_company: template.charge_oa_company,
    freight_date: template.freight_date,
    trip_type: template.trip_type,
    shipment_type: template.shipment_type,
    warehouse_code: template.warehouse_code,
    materials: so.lines.map((l) => ({ Id: l.Id, Qty: l.os_qty })),
    container: 1,
  });
  const options = envelope(freight.body).data as { transporter_code: string }[] | undefined;
  if (freight.status !== 200 || !options?.length)
    throw new Error(`transporter_freight: ${describe(freight.status, freight.body)}`);
  const cheapest = options[0]!.transporter_code;
  if (!options.some((o) => o.transporter_code === 'TRP001'))
    throw new Error('TRP001 has no rate on the lane');

  // The accept measurement's orders: TRP001 at the suggested carrier's price (a rate agreed down to the
  // cheapest needs no approval), so they are ASSIGNED at once; if it still needs approval, approved first
  // with a reason.
  const asIs = await checkApproval(client, users.logistic, bodyOf(so, { transporter_code: 'TRP001' }));
  const matched = { transporter_code: 'TRP001', freight_cost: asIs.transporter.freight_suggested };
  const atSuggested = await checkApproval(client, users.logistic, bodyOf(so, matched));
  const plain = atSuggested.approvers.length ? { ...matched, assign_reason: 'CUSTOMER_REQUEST' } : matched;
  // TRP001 dearer than the suggested carrier, with a reason: the lifecycle's orders, one level.
  const raised = {
    transporter_code: 'TRP001',
    freight_cost: round(Math.max(asIs.transporter.freight_cost, asIs.transporter.freight_suggested) * 1.1),
    assign_reason: 'CUSTOMER_REQUEST',
  };
  const lifecycle = await checkApproval(client, users.logistic, bodyOf(so, raised));
  const levels = new Set(lifecycle.approvers.map((a) => a.Level));
  if (levels.size !== 1 || !lifecycle.approvers.some((a) => a.Username === 'supervisor'))
    throw new Error(
      `the lifecycle's assignment should ask one level of supervisor: ${JSON.stringify(lifecycle)}`,
    );
  // The cheapest carrier at its own price: the auto-reject orders, no approval.
  const free = { transporter_code: cheapest };
  const none = await checkApproval(client, users.logistic, bodyOf(so, free));
  if (none.approvers.length)
    throw new Error(`the cheapest carrier should need no approval: ${JSON.stringify(none)}`);
  const hours = await autoRejectHours(db, '1000', 'SO', cheapest);
  const approvers = lifecycle.approvers.map((a) => `${a.Username}@${a.Level}`).join(' ');
  const acceptApproval = atSuggested.approvers.length ? 'approved first' : 'no approval';
  log(
    `entries: lifecycle TRP001 at ${raised.freight_cost} (suggested ` +
      `${lifecycle.transporter.freight_suggested}, ${lifecycle.transporter.freight_criteria}, approvers ` +
      `${approvers}); accept orders TRP001 at ${matched.freight_cost} ` +
      `(${atSuggested.transporter.freight_criteria}, ${acceptApproval}); auto-reject orders ${cheapest} ` +
      `(${none.transporter.freight_criteria}), AutoRejectSetting ${hours} h`,
  );
  return { raised, plain, acceptNeedsApproval: atSuggested.approvers.length > 0, free, hours };
}

/** Hands out SAP orders to the users, each once. */
class Pool {
  private next = 0;
  constructor(private readonly orders: LaneSapOrder[]) {}
  take(): LaneSapOrder | undefined {
    return this.orders[this.next++];
  }
  get left(): number {
    return this.orders.length - this.next;
  }
}

interface SavedOrder {
  Id: number;
  Order_No: string;
  Status: string;
}

/** The steps every user action of the benchmark goes through. */
function actions(client: ApiClient, users: Users, db: Db) {
  const assign = async (body: unknown): Promise<SavedOrder & { ms: number }> => {
    const res = await client.post('/saporder/assign_transporter', users.logistic, body);
    const order = (envelope(res.body).data as { orders?: SavedOrder[] } | undefined)?.orders?.[0];
    if (res.status !== 200 || !order) throw new StepFailure('assign', describe(res.status, res.body));
    return { ...order, ms: res.ms };
  };
  /**
   * The ORDER approval the workflow opens once it has written the assignment, as the supervisor's screen
   * would find it. One query every 10 ms looks for every order awaited at the time, so the benchmark's own
   * polling stays a small part of the database's work whatever the number of users.
   */
  const waiting = new Map<string, { resolve: (id: number) => void; reject: (err: Error) => void }>();
  let polling = false;
  const poll = async () => {
    polling = true;
    try {
      while (waiting.size) {
        const rows = (await db('approvals')
          .where({ transaction_type: 'ORDER', status: 'WAITING FOR APPROVAL' })
          .whereIn('document_no', [...waiting.keys()])
          .select('id', 'document_no')) as { id: number; document_no: string }[];
        for (const r of rows) {
          waiting.get(r.document_no)?.resolve(r.id);
          waiting.delete(r.document_no);
        }
        await sleep(10);
      }
    } catch (err) {
      for (const w of waiting.values()) w.reject(new StepFailure('approval row', String(err)));
      waiting.clear();
    } finally {
      polling = false;
    }
  };
  const approvalOf = async (order: SavedOrder): Promise<{ id: number; ms: number }> => {
    const started = performance.now();
    const id = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(order.Order_No);
        reject(new StepFailure('approval row', `no ORDER approval for ${order.Order_No} after 30 s`));
      }, 30_000);
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          fn(value);
        };
      waiting.set(order.Order_No, { resolve: settle(resolve), reject: settle(reject) });
      if (!polling) void poll();
    });
    return { id, ms: performance.now() - started };
  };
  const approve = async (approvalId: number): Promise<number> => {
    const res = await client.post('/approval/approve', users.supervisor, { ids: [approvalId] });
    const result = (
      envelope(res.body).data as { results?: { success: boolean; Status: string }[] } | undefined
    )?.results?.[0];
    if (res.status !== 200 || !result?.success || result.Status !== 'APPROVED')
      throw new StepFailure('approve', describe(res.status, res.body));
    return res.ms;
  };
  const acceptItem = (order: { Id: number; Order_No: string }) => [
    { id: order.Id, status: 'ACCEPTED', reason: null, ref_no: order.Order_No },
  ];
  const accept = async (order: { Id: number; Order_No: string }): Promise<number> => {
    const res = await client.post('/order/transporter_action', users.transporter, acceptItem(order));
    const result = (envelope(res.body).data as { data?: { success: boolean }[] } | undefined)?.data?.[0];
    if (res.status !== 200 || !result?.success)
      throw new StepFailure('accept', describe(res.status, res.body));
    return res.ms;
  };
  return { assign, approvalOf, approve, accept, acceptItem };
}
type Actions = ReturnType<typeof actions>;

interface Lifecycle {
  order: SavedOrder;
  assign: number;
  approvalRow: number;
  approve: number;
  accept: number;
  total: number;
  /** performance.now() when the accept answered. */
  doneAt: number;
}

async function lifecycle(act: Actions, so: LaneSapOrder, body: unknown): Promise<Lifecycle> {
  const started = performance.now();
  const order = await act.assign(body);
  if (order.Status !== WAITING_APPROVAL)
    throw new StepFailure('assign', `${order.Order_No} is ${order.Status}, not waiting for approval`);
  const approval = await act.approvalOf(order);
  const approve = await act.approve(approval.id);
  const accept = await act.accept(order);
  const doneAt = performance.now();
  return {
    order,
    assign: order.ms,
    approvalRow: approval.ms,
    approve,
    accept,
    total: doneAt - started,
    doneAt,
  };
}

interface Row {
  budget: string;
  figure: string;
  baseline: string;
  pass: boolean;
}

type Step = 'assign' | 'approvalRow' | 'approve' | 'accept' | 'total';
const STEPS: Step[] = ['assign', 'approvalRow', 'approve', 'accept', 'total'];
const stepsOf = (done: Lifecycle[]) =>
  Object.fromEntries(STEPS.map((k) => [k, latencies(done.map((l) => l[k]))])) as Record<Step, Percentiles>;

async function phaseLifecycles(
  act: Actions,
  pool: Pool,
  body: (so: LaneSapOrder) => unknown,
  api: BenchApi,
  meter: () => CpuReading,
  db: Db,
  floor: FloorSteps | undefined,
) {
  const run = (so: LaneSapOrder) => lifecycle(act, so, body(so));
  const take = () => pool.take();
  const warm = await closedLoop(LIFECYCLE_CLIENTS, take, run, (n) => n >= WARMUP);
  log(`(1) warm-up: ${warm.done.length} lifecycles, ${warm.failures.length} failed`);
  if (warm.failures.length) log(`    failures: ${warm.failures.slice(0, 3).join(' | ')}`);

  // The baseline: lifecycles of one user alone, nothing else running.
  meter();
  const alone = await closedLoop(1, take, run, (n) => n >= BASELINE_LIFECYCLES);
  const aloneCpu = meter();
  const aloneSteps = stepsOf(alone.done);
  const aloneRate = round(alone.done.length / Math.max(0.001, aloneCpu.wall));
  log(
    `(1) baseline, one user alone: ${alone.done.length} lifecycles, ${aloneRate}/s, ` +
      `total ${brief(aloneSteps.total)}`,
  );

  await api.eventLoopDelay();
  const windowMs = DURATION_S * 1000;
  const loadAtStart = loadAverage();
  const locks = lockSampler(db);
  meter();
  const begun = performance.now();
  const loop = await closedLoop(LIFECYCLE_CLIENTS, take, run, () => performance.now() - begun >= windowMs);
  const cpu = meter();
  const waits = await locks();
  const eventLoop = await api.eventLoopDelay();
  const inWindow = loop.done.filter((l) => l.doneAt - begun <= windowMs);
  const perSecond = round(inWindow.length / DURATION_S);
  const steps = stepsOf(loop.done);
  log(
    `(1) lifecycles: ${inWindow.length} complete in ${DURATION_S} s = ${perSecond}/s ` +
      `at ${LIFECYCLE_CLIENTS} users ` +
      `(${loop.done.length - inWindow.length} finished after the window, ${loop.failures.length} failed` +
      `${loop.ranOut ? ', RAN OUT of SAP orders: raise LIFECYCLE_DOCS' : ''})`,
  );
  for (const k of STEPS) {
    const f = k === 'approvalRow' ? undefined : floor?.[k];
    log(
      `    ${k.padEnd(12)} ${brief(steps[k])}   ` +
        `alone: p50 ${aloneSteps[k].p50_ms} / p99 ${aloneSteps[k].p99_ms} ms` +
        (f ? `   floor: p50 ${f.p50_ms} / p99 ${f.p99_ms} ms` : ''),
    );
  }
  if (loop.failures.length) log(`    failures: ${loop.failures.slice(0, 5).join(' | ')}`);
  // What one lifecycle costs in CPU, part by part: with C cores to itself, the product does at most C / that.
  const lifecycles = Math.max(1, loop.done.length);
  const perLifecycle = Object.fromEntries(
    (['api', 'worker', 'temporal', 'postgres', 'bench'] as const).map((k) => [
      k,
      round((cpu[k] * 1000) / lifecycles),
    ]),
  );
  const productMs =
    perLifecycle.api! + perLifecycle.worker! + perLifecycle.temporal! + (perLifecycle.postgres || 0);
  const ceiling = round((os.cpus().length * 1000) / productMs);
  log(
    `    CPU ms per lifecycle: ${Object.entries(perLifecycle)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}; product ${round(productMs)} ms -> at most ${ceiling}/s on ${os.cpus().length} cores of its own`,
  );
  log(`    database sessions (average active, by wait): ${JSON.stringify(waits.sessions)}`);
  log(`    sessions holding the locks waited for (average waiters): ${JSON.stringify(waits.lock_holders)}`);
  log(`    API event-loop delay p99 ${eventLoop.p99_ms} ms, max ${eventLoop.max_ms} ms`);
  const pass = perSecond >= BUDGET.lifecyclesPerS && loop.failures.length === 0 && !loop.ranOut;
  return {
    perSecond,
    accepted: [...warm.done, ...alone.done, ...loop.done].map((l) => l.order),
    row: {
      budget: `lifecycles >= ${BUDGET.lifecyclesPerS}/s over ${DURATION_S} s`,
      figure:
        `${perSecond}/s at ${LIFECYCLE_CLIENTS} users (${loop.failures.length} failed), ` +
        `total p50 ${steps.total.p50_ms} ms`,
      baseline:
        `one user alone ${aloneRate}/s, total p50 ${aloneSteps.total.p50_ms} ms ` +
        `(×${round(steps.total.p50_ms / aloneSteps.total.p50_ms)}); CPU ceiling ${ceiling}/s`,
      pass,
    } satisfies Row,
    detail: {
      users: LIFECYCLE_CLIENTS,
      complete_in_window: inWindow.length,
      per_second: perSecond,
      failures: loop.failures.length,
      first_failures: loop.failures.slice(0, 5),
      ran_out: loop.ranOut,
      steps,
      baseline_one_user: { lifecycles: alone.done.length, per_second: aloneRate, steps: aloneSteps },
      cpu_seconds_in_window: cpu,
      cpu_ms_per_lifecycle: perLifecycle,
      cpu_ceiling_per_second: ceiling,
      database_waits: waits,
      api_event_loop_delay: eventLoop,
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
    },
  };
}

type FloorStep = 'assign' | 'approve' | 'accept' | 'total';
const FLOOR_STEPS: FloorStep[] = ['assign', 'approve', 'accept', 'total'];
type FloorSteps = Record<FloorStep, Percentiles>;

/**
 * (1) on Temporal's floor: LIFECYCLE_CLIENTS users in a closed loop, each running the floor's lifecycle (assign with
 * one approval level, approve, accept) as the product's users run theirs, FLOOR_WARMUP first, then FLOOR_DURATION_S.
 */
async function phaseFloorLifecycles(floor: FloorClient, meter: () => CpuReading) {
  let made = 0;
  const take = () => `floor-lifecycle-${++made}`;
  const run = (id: string) => floorLifecycle(floor, id);
  const warm = await closedLoop(LIFECYCLE_CLIENTS, take, run, (n) => n >= FLOOR_WARMUP);
  const windowMs = FLOOR_DURATION_S * 1000;
  const loadAtStart = loadAverage();
  meter();
  const begun = performance.now();
  const loop = await closedLoop(LIFECYCLE_CLIENTS, take, run, () => performance.now() - begun >= windowMs);
  const cpu = meter();
  const inWindow = loop.done.filter((l) => l.doneAt - begun <= windowMs);
  const perSecond = round(inWindow.length / FLOOR_DURATION_S);
  const steps = Object.fromEntries(
    FLOOR_STEPS.map((k) => [k, latencies(loop.done.map((l) => l[k]))]),
  ) as FloorSteps;
  log(
    `(1) floor (${FLOOR_SHAPE}, a no-op local activity each): ${inWindow.length} complete in ` +
      `${FLOOR_DURATION_S} s = ${perSecond}/s at ${LIFECYCLE_CLIENTS} users ` +
      `(${warm.done.length} warm-up, ${loop.done.length - inWindow.length} finished after the window, ` +
      `${warm.failures.length + loop.failures.length} failed)`,
  );
  for (const k of FLOOR_STEPS) log(`    ${k.padEnd(12)} ${brief(steps[k])}`);
  const failures = [...warm.failures, ...loop.failures];
  if (failures.length) log(`    failures: ${failures.slice(0, 5).join(' | ')}`);
  // What Temporal and the SDK cost per lifecycle, with nothing of the product: the floor's worker, the dev
  // server and the client (the benchmark process).
  const lifecycles = Math.max(1, loop.done.length);
  const perLifecycle = {
    worker: round((cpu.worker * 1000) / lifecycles),
    temporal: round((cpu.temporal * 1000) / lifecycles),
    client: round((cpu.bench * 1000) / lifecycles),
  };
  const temporalMs = perLifecycle.worker + perLifecycle.temporal + perLifecycle.client;
  log(
    `    CPU ms per lifecycle: floor worker ${perLifecycle.worker}, temporal ${perLifecycle.temporal}, ` +
      `client ${perLifecycle.client}; Temporal + SDK ${round(temporalMs)} ms`,
  );
  return {
    perSecond,
    steps,
    detail: {
      assign: FLOOR_ASSIGN,
      users: LIFECYCLE_CLIENTS,
      duration_s: FLOOR_DURATION_S,
      warm_up: warm.done.length,
      complete_in_window: inWindow.length,
      per_second: perSecond,
      failures: failures.length,
      first_failures: failures.slice(0, 5),
      steps,
      cpu_seconds_in_window: {
        worker: cpu.worker,
        temporal: cpu.temporal,
        client: cpu.bench,
        wall: cpu.wall,
      },
      cpu_ms_per_lifecycle: perLifecycle,
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
    },
  };
}

/**
 * (2) on Temporal's floor: ACCEPT_RATE accept Updates per second, open loop, for FLOOR_DURATION_S, each on a floor
 * lifecycle waiting for the answer (prepared beforehand, 8 at a time, as the accept measurement's orders are).
 */
async function phaseFloorAccept(floor: FloorClient) {
  const count = ACCEPT_RATE * FLOOR_DURATION_S;
  const t = performance.now();
  const ids = Array.from({ length: count }, (_, i) => `floor-accept-${i + 1}`);
  const prepared = await prepareFloorAccepts(floor, ids, 8);
  if (prepared.failures.length)
    throw new Error(
      `bench: preparing the floor's accepts failed: ${prepared.failures.slice(0, 3).join(' | ')}`,
    );
  const ready = prepared.ready;
  log(
    `(2) floor: ${ready.length} lifecycles waiting for the answer ready in ${seconds(performance.now() - t)} s`,
  );
  const loadAtStart = loadAverage();
  const times: number[] = [];
  const failures: string[] = [];
  const elapsed = await openLoop(ACCEPT_RATE, (ready.length * 1000) / ACCEPT_RATE, async (i) => {
    try {
      times.push(await floor.accept(ready[i]!));
    } catch (err) {
      failures.push(err instanceof Error ? err.message : String(err));
    }
  });
  const accept = latencies(times);
  log(
    `(2) floor accept (Update) at ${ACCEPT_RATE}/s for ${seconds(elapsed)} s: ${brief(accept)}, ` +
      `${failures.length} failed`,
  );
  if (failures.length) log(`    failures: ${failures.slice(0, 5).join(' | ')}`);
  return {
    accept,
    detail: {
      rate: ACCEPT_RATE,
      accept,
      failures: failures.slice(0, 5),
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
    },
  };
}

/** Orders ASSIGNED TO TRANSPORTER for TRP001 whose workflow has written the assignment, ready to accept. */
async function prepareAssigned(
  act: Actions,
  db: Db,
  pool: Pool,
  count: number,
  body: (so: LaneSapOrder) => unknown,
  needsApproval: boolean,
): Promise<SavedOrder[]> {
  const ready: SavedOrder[] = [];
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (ready.length + failures.length < count) {
        const so = pool.take();
        if (!so) throw new Error('bench: ran out of SAP orders for the accept measurement');
        try {
          const order = await act.assign(body(so));
          if (needsApproval) await act.approve((await act.approvalOf(order)).id);
          ready.push(order);
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  if (failures.length)
    throw new Error(`bench: preparing accepts failed: ${failures.slice(0, 3).join(' | ')}`);
  const ids = ready.map((o) => o.Id);
  for (const started = Date.now(); ; await sleep(200)) {
    const [{ n }] = (await db('orders as o')
      .whereIn('o.id', ids)
      .where({ 'o.status': ASSIGNED, 'o.dispatch_status': 'WAITING' })
      .whereExists(db('order_histories as h').whereRaw('h.order_id = o.id').where('h.status_to', ASSIGNED))
      .count({ n: '*' })) as [{ n: string }];
    if (Number(n) === ids.length) return ready;
    if (Date.now() - started > 60_000)
      throw new Error(`bench: only ${n} of ${ids.length} orders reached ${ASSIGNED} in 60 s`);
  }
}

async function phaseAccept(
  act: Actions,
  client: ApiClient,
  users: Users,
  db: Db,
  pool: Pool,
  accepted: SavedOrder[],
  body: (so: LaneSapOrder) => unknown,
  needsApproval: boolean,
  api: BenchApi,
) {
  const count = ACCEPT_RATE * DURATION_S;
  const t = performance.now();
  const fresh = await prepareAssigned(act, db, pool, count, body, needsApproval);
  // The no-op baseline answers orders already accepted: the lifecycles', or these once accepted (a run
  // without the lifecycle phase accepts a few first).
  let done = accepted;
  if (!done.length) {
    done = fresh.splice(0, Math.min(20, Math.floor(fresh.length / 5)));
    for (const o of done) await act.accept(o);
  }
  log(`(2) ${fresh.length} orders ${ASSIGNED} ready in ${seconds(performance.now() - t)} s`);
  await api.eventLoopDelay();
  const loadAtStart = loadAverage();
  const real: number[] = [];
  const noop: number[] = [];
  const version: number[] = [];
  const failures: string[] = [];
  // One tick per accept; the baseline calls go a third and two thirds of a tick after it.
  const elapsed = await openLoop(ACCEPT_RATE * 3, (fresh.length * 1000) / ACCEPT_RATE, async (i) => {
    const k = Math.floor(i / 3);
    try {
      if (i % 3 === 0) {
        real.push(await act.accept(fresh[k]!));
      } else if (i % 3 === 1) {
        const res = await client.post(
          '/order/transporter_action',
          users.transporter,
          act.acceptItem(done[k % done.length]!),
        );
        if (res.status >= 500) failures.push(`no-op accept: ${describe(res.status, res.body)}`);
        noop.push(res.ms);
      } else {
        const res = await client.get('/util/version', users.transporter);
        if (res.status !== 200) failures.push(`version: ${describe(res.status, res.body)}`);
        version.push(res.ms);
      }
    } catch (err) {
      failures.push(err instanceof Error ? err.message : String(err));
    }
  });
  const eventLoop = await api.eventLoopDelay();
  const accept = latencies(real);
  const noopS = latencies(noop);
  const versionS = latencies(version);
  const ratio = round(accept.p99_ms / noopS.p99_ms);
  log(
    `(2) accept (Update) at ${ACCEPT_RATE}/s for ${seconds(elapsed)} s: ${brief(accept)}, ` +
      `${fresh.length - real.length} failed`,
  );
  log(`    baseline same route, no Update (order already accepted): ${brief(noopS)}; accept p99 ×${ratio}`);
  log(
    `    baseline GET /api/util/version: ${brief(versionS)}; ` +
      `accept p99 ×${round(accept.p99_ms / versionS.p99_ms)}`,
  );
  if (failures.length) log(`    failures: ${failures.slice(0, 5).join(' | ')}`);
  log(`    API event-loop delay p99 ${eventLoop.p99_ms} ms, max ${eventLoop.max_ms} ms`);
  const pass = accept.p99_ms <= BUDGET.acceptP99Ms && failures.length === 0 && real.length === fresh.length;
  return {
    accept,
    row: {
      budget: `accept p99 <= ${BUDGET.acceptP99Ms} ms at ${ACCEPT_RATE}/s`,
      figure: `p50 ${accept.p50_ms} / p99 ${accept.p99_ms} ms (${real.length} of ${fresh.length})`,
      baseline: `no-op p99 ${noopS.p99_ms} ms (×${ratio}), version p99 ${versionS.p99_ms} ms`,
      pass,
    } satisfies Row,
    detail: {
      accept,
      baseline_noop_accept: noopS,
      baseline_version: versionS,
      p99_ratio_to_noop: ratio,
      failures: failures.slice(0, 5),
      api_event_loop_delay: eventLoop,
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
    },
  };
}

interface AutoRejectRound {
  asked: number;
  assigned: number;
  fired: number;
  spread_s: number;
  lateness: Percentiles;
  early: number;
  assign: Percentiles;
  failures: string[];
}

/**
 * `count` orders assigned to the cheapest carrier at an even pace over `spreadMs` (one at a time when
 * `spreadMs` is 0), then waited for until every one auto-rejected or GRACE_S after the last deadline.
 */
async function autoRejectRound(
  act: Actions,
  db: Db,
  pool: Pool,
  body: (so: LaneSapOrder) => unknown,
  count: number,
  spreadMs: number,
): Promise<AutoRejectRound> {
  const made: SavedOrder[] = [];
  const assignMs: number[] = [];
  const failures: string[] = [];
  const assignOne = async () => {
    const so = pool.take();
    if (!so) return void failures.push('ran out of SAP orders');
    try {
      const order = await act.assign(body(so));
      if (order.Status !== ASSIGNED) throw new StepFailure('assign', `${order.Order_No} is ${order.Status}`);
      made.push(order);
      assignMs.push(order.ms);
    } catch (err) {
      failures.push(err instanceof Error ? err.message : String(err));
    }
  };
  const begun = performance.now();
  if (spreadMs > 0) await openLoop((count * 1000) / spreadMs, spreadMs, assignOne, LIFECYCLE_CLIENTS);
  else for (let i = 0; i < count; i++) await assignOne();
  const elapsed = performance.now() - begun;
  const ids = made.map((o) => o.Id);
  const firedCount = async () => {
    const [{ n }] = (await db('orders')
      .whereIn('id', ids)
      .where({ status: 'REJECTED', dispatch_status: 'AUTO REJECTED' })
      .count({ n: '*' })) as [{ n: string }];
    return Number(n);
  };
  const waitUntil = performance.now() + (DELAY_S + GRACE_S) * 1000;
  let fired = 0;
  while ((fired = await firedCount()) < ids.length && performance.now() < waitUntil) await sleep(500);
  const { rows } = (await db.raw(
    `select extract(epoch from (r.created_date - (a.created_date
              + ((o.workflow_input->>'autoRejectMs')::bigint * interval '1 millisecond')))) * 1000 as late_ms
       from orders o
       join order_histories a on a.order_id = o.id and a.idempotency_key like '%/assign/%'
       left join order_histories r on r.order_id = o.id and r.idempotency_key like '%/auto-reject/%'
      where o.id = any(?)`,
    [ids],
  )) as { rows: { late_ms: string | null }[] };
  const late = rows.filter((r) => r.late_ms !== null).map((r) => Number(r.late_ms));
  return {
    asked: count,
    assigned: ids.length,
    fired,
    spread_s: round(elapsed / 1000),
    lateness: latencies(late),
    early: late.filter((ms) => ms < 0).length,
    assign: latencies(assignMs),
    failures: failures.slice(0, 5),
  };
}

async function phaseAutoReject(act: Actions, db: Db, pool: Pool, body: (so: LaneSapOrder) => unknown) {
  // The baseline: a few orders, assigned one after another, firing with nothing else running.
  const quiet = await autoRejectRound(act, db, pool, body, QUIET_AUTO_REJECTS, 0);
  log(
    `(3) baseline, ${quiet.assigned} orders alone: ${quiet.fired} fired, lateness ${brief(quiet.lateness)}` +
      (quiet.failures.length ? `; failures: ${quiet.failures.join(' | ')}` : ''),
  );
  const loadAtStart = loadAverage();
  const r = await autoRejectRound(act, db, pool, body, ORDERS, SPREAD_S * 1000);
  log(
    `(3) ${r.assigned} orders assigned over ${r.spread_s} s ` +
      `(asked: ${SPREAD_S} s; ${ORDERS - r.assigned} failed), ` +
      `assign ${brief(r.assign)}`,
  );
  log(
    `(3) auto-reject: ${r.fired} of ${r.assigned} fired (of ${ORDERS} asked); lateness ${brief(r.lateness)}` +
      (r.early ? `; ${r.early} fired EARLY` : ''),
  );
  if (r.failures.length) log(`    failures: ${r.failures.join(' | ')}`);
  const pass =
    r.assigned === ORDERS && r.fired === ORDERS && r.lateness.p99_ms <= BUDGET.lateP99Ms && r.early === 0;
  return {
    row: {
      budget: `auto-reject: all ${ORDERS} fire, p99 lateness <= ${BUDGET.lateP99Ms} ms`,
      figure:
        `${r.fired}/${ORDERS} fired over ${r.spread_s} s, lateness p50 ${r.lateness.p50_ms} / ` +
        `p99 ${r.lateness.p99_ms} / max ${r.lateness.max_ms} ms`,
      baseline:
        `${quiet.assigned} alone: p99 ${quiet.lateness.p99_ms} ms ` +
        `(×${round(r.lateness.p99_ms / quiet.lateness.p99_ms)})`,
      pass,
    } satisfies Row,
    detail: {
      ...r,
      delay_s: DELAY_S,
      baseline_alone: quiet,
      load_average_at_start: loadAtStart,
      load_average_at_end: loadAverage(),
    },
  };
}

const ratio = (ours: number, floor: number) => round(ours / floor);
const lifecycleLine = (ours: number, floor: number) =>
  `lifecycles/s ${ours} (floor ${floor}, ratio ${ratio(ours, floor)})`;
const updateLine = (ours: number, floor: number) =>
  `update p99 ${ours} ms (floor ${floor} ms, ratio ${ratio(ours, floor)})`;

/** DESIGN §6's budgets against the floor, for what was measured. */
function floorRows(against: { lifecycles?: [number, number]; updateP99?: [number, number] }): Row[] {
  const rows: Row[] = [];
  if (against.lifecycles) {
    const [ours, floor] = against.lifecycles;
    rows.push({
      budget: `lifecycles >= ${FLOOR_BUDGET.lifecyclesRatio}× the floor's at ${LIFECYCLE_CLIENTS} users`,
      figure: `ratio ${ratio(ours, floor)} (${ours}/s)`,
      baseline: `floor ${floor}/s`,
      pass: ratio(ours, floor) >= FLOOR_BUDGET.lifecyclesRatio,
    });
  }
  if (against.updateP99) {
    const [ours, floor] = against.updateP99;
    rows.push({
      budget: `accept p99 <= ${FLOOR_BUDGET.updateP99Ratio}× the floor's Update p99 at ${ACCEPT_RATE}/s`,
      figure: `ratio ${ratio(ours, floor)} (p99 ${ours} ms)`,
      baseline: `floor Update p99 ${floor} ms`,
      pass: ratio(ours, floor) <= FLOOR_BUDGET.updateP99Ratio,
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (FLOOR_ASSIGN !== 'start' && FLOOR_ASSIGN !== 'update-with-start')
    throw new Error(`bench: FLOOR_ASSIGN is start or update-with-start, not ${FLOOR_ASSIGN}`);
  const started = Date.now();
  log(`start: ${os.cpus().length} cores, node ${process.version}, phases ${[...PHASES].join(',')}`);
  const bench = await createBenchDb(url, DB_NAME, { poolMax: 10 });
  log(`database: ${bench.kind} ${bench.where}`);
  const { db } = bench;
  let temporal: BenchTemporal | undefined;
  let worker: BenchChild | undefined;
  let floorWorker: BenchChild | undefined;
  let floor: FloorClient | undefined;
  let api: BenchApi | undefined;
  let client: ApiClient | undefined;
  // Every part is stopped, in reverse order of start, even when an earlier one fails to stop, once.
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      const attempt = async (what: string, fn: () => Promise<unknown>) => {
        try {
          await fn();
        } catch (err) {
          console.error(`bench: stopping ${what} failed:`, err);
        }
      };
      client?.close();
      await attempt('the API', async () => api?.stop());
      await attempt('the floor client', async () => floor?.close());
      await attempt('the floor worker', async () => floorWorker?.stop());
      await attempt('the worker', async () => worker?.stop());
      await attempt('the Temporal dev server', async () => temporal?.stop());
      await attempt('the database', () => bench.destroy());
      log(`end after ${seconds(Date.now() - started)} s`);
    })());
  // Ctrl-C or a kill during a long run still stops the processes and drops the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAll().finally(() => process.exit(130)));
  }
  // A promise nobody awaited that fails would end the process at once, leaving the parts running.
  process.once('unhandledRejection', (err) => {
    console.error('bench: unhandled failure:', err);
    void stopAll().finally(() => process.exit(1));
  });
  try {
    await seedDemo(db, { hashPassword, hashApiKey });
    await tuneDemoData(db);
    const acceptCount = PHASES.has('accept') ? ACCEPT_RATE * DURATION_S + 20 : 0;
    const docs =
      1 +
      (PHASES.has('lifecycles') ? WARMUP + LIFECYCLE_DOCS : 0) +
      acceptCount +
      (PHASES.has('auto-reject') ? ORDERS + QUIET_AUTO_REJECTS : 0);
    let t = Date.now();
    const sapOrders = await loadLaneSapOrders(db, '0077', docs);
    await foldCounterDeltas(db);
    await db.raw('vacuum (analyze)');
    log(`seeded; ${docs} SAP orders loaded through the ERP import in ${seconds(Date.now() - t)} s`);

    t = Date.now();
    temporal = await startBenchTemporal();
    worker = await startWorkerProcess(bench.url, temporal.address);
    const startApi = (autoRejectHourMs?: number) =>
      startApiProcess({
        databaseUrl: bench.url,
        temporalAddress: temporal!.address,
        embedded: bench.kind === 'embedded',
        autoRejectHourMs,
      });
    api = await startApi();
    client = apiClient(api.port);
    const withFloor = PHASES.has('floor') && (PHASES.has('lifecycles') || PHASES.has('accept'));
    if (withFloor) {
      floorWorker = await startFloorWorker(temporal.address);
      floor = await connectFloor(temporal.address, { assignByUpdate: FLOOR_ASSIGN === 'update-with-start' });
    }
    log(
      `Temporal dev server ${temporal.address} (SQLite in ${temporal.dir}), worker pid ${worker.pid}, ` +
        (floorWorker ? `floor worker pid ${floorWorker.pid} (task queue ${FLOOR_TASK_QUEUE}), ` : '') +
        `API pid ${api.pid} on ${api.port}, ready in ${seconds(Date.now() - t)} s`,
    );
    const users: Users = {
      logistic: await login(client, 'logistic'),
      supervisor: await login(client, 'supervisor'),
      transporter: await login(client, 'transporter'),
    };
    const probe = sapOrders[0]!;
    const bodyOf = await bodyMaker(db, probe);
    const entries = await chooseEntries(client, users, db, probe, bodyOf);
    const pool = new Pool(sapOrders.slice(1));

    const rows: Row[] = [];
    const details: Record<string, unknown> = {};
    let accepted: SavedOrder[] = [];
    let act = actions(client, users, db);
    /** Ours against the floor's: the lifecycle rate at the same concurrency, the accept p99 at the same rate. */
    const against: { lifecycles?: [number, number]; updateP99?: [number, number] } = {};
    const floorDetail: Record<string, unknown> = {};
    if (PHASES.has('lifecycles')) {
      let floorRun: Awaited<ReturnType<typeof phaseFloorLifecycles>> | undefined;
      if (floor && floorWorker) {
        const floorMeter = await cpuMeter(
          { api: 0, worker: floorWorker.pid ?? 0, temporal: temporal.pid },
          db,
        );
        floorRun = await phaseFloorLifecycles(floor, floorMeter);
        floorDetail.lifecycles = floorRun.detail;
      }
      const meter = await cpuMeter(
        { api: api.pid ?? 0, worker: worker.pid ?? 0, temporal: temporal.pid },
        db,
      );
      const r = await phaseLifecycles(
        act,
        pool,
        (so) => bodyOf(so, entries.raised),
        api,
        meter,
        db,
        floorRun?.steps,
      );
      rows.push(r.row);
      details.lifecycles = r.detail;
      accepted = r.accepted;
      if (floorRun) {
        against.lifecycles = [r.perSecond, floorRun.perSecond];
        log(`    ${lifecycleLine(r.perSecond, floorRun.perSecond)}`);
      }
    }
    if (PHASES.has('accept')) {
      const r = await phaseAccept(
        act,
        client,
        users,
        db,
        pool,
        accepted,
        (so) => bodyOf(so, entries.plain),
        entries.acceptNeedsApproval,
        api,
      );
      rows.push(r.row);
      details.accept = r.detail;
      if (floor) {
        const f = await phaseFloorAccept(floor);
        floorDetail.accept = f.detail;
        against.updateP99 = [r.accept.p99_ms, f.accept.p99_ms];
        log(`    ${updateLine(r.accept.p99_ms, f.accept.p99_ms)}`);
      }
    }
    // The floor's worker and client are done: nothing of theirs runs beside the auto-reject measurement.
    await floor?.close();
    floor = undefined;
    await floorWorker?.stop();
    floorWorker = undefined;
    if (PHASES.has('auto-reject')) {
      // The lane's AutoRejectSetting hours last DELAY_S together: an API started with that hour.
      const hourMs = Math.max(1, Math.round((DELAY_S * 1000) / entries.hours));
      client.close();
      await api.stop();
      api = await startApi(hourMs);
      client = apiClient(api.port);
      act = actions(client, users, db);
      log(
        `(3) API restarted with AUTO_REJECT_HOUR_MS=${hourMs}: ` +
          `${entries.hours} h = ${seconds(hourMs * entries.hours)} s`,
      );
      const r = await phaseAutoReject(act, db, pool, (so) => bodyOf(so, entries.free));
      rows.push(r.row);
      details.auto_reject = r.detail;
    }

    log('budgets (the machine is shared: read the figures with the load averages):');
    rows.push(...floorRows(against));
    for (const r of rows) log(`  ${verdict(r.pass)}  ${r.budget}: ${r.figure}; baseline: ${r.baseline}`);
    if (against.lifecycles || against.updateP99) {
      log(`against Temporal's floor (${FLOOR_SHAPE}, no-op local activities; same dev server, same run):`);
      if (against.lifecycles) log(`  ${lifecycleLine(...against.lifecycles)}`);
      if (against.updateP99) log(`  ${updateLine(...against.updateP99)}`);
    }
    if (!rows.every((r) => r.pass)) process.exitCode = 1;
    console.log(
      JSON.stringify(
        {
          benchmark: 'orders',
          database: bench.kind,
          cores: os.cpus().length,
          duration_s: DURATION_S,
          load_average_at_end: loadAverage(),
          results: rows,
          ...details,
          ...(Object.keys(floorDetail).length
            ? {
                floor: floorDetail,
                against_floor: {
                  lifecycles_ratio: against.lifecycles ? ratio(...against.lifecycles) : null,
                  update_p99_ratio: against.updateP99 ? ratio(...against.updateP99) : null,
                },
              }
            : {}),
        },
        null,
        2,
      ),
    );
  } finally {
    await stopAll();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
