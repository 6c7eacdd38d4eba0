// An Update whose change was written but that Temporal lost (order.workflow.ts header): Temporal holds an Update in
// memory until the workflow task that accepts it completes, and the order workflow writes the change inside that
// task. Here the worker dies (SIGKILL) right after it committed a transporter's accept, before its task completed,
// and the Temporal server restarts on its data file before a worker runs again: the accept is gone from Temporal
// and stays in PostgreSQL, where the transporter (told "may still be made, look again") sees the order ACCEPTED.
// The workflow must take that state at its next write rather than write over it: a reject sent later is refused as
// already answered, and the deadline that passes does not auto-reject the ACCEPTED order.
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createOrderWorkflows } from '../../api/orders/workflows';
import { freePort } from '../../workflows/devserver/ports';
import { startDevServer, type DevServer } from '../../workflows/devserver/devserver';
import { orderStateQuery, orderWorkflowId, type OrderState } from '../../workflows/orders/messages';
import { eventually } from '../support/approvals';
import { ChaosWorker, writeWorkflowBundle } from '../support/chaos';
import { createTestDb, type TestDb } from '../support/db';
import { insertHeldOrder } from '../support/held-order';
import { recordOrderHistory, removeDir, requireTemporalCli, tmpDataDir } from '../support/temporal';

jest.setTimeout(180_000);

const HOUR = 3_600_000;
const taskQueue = `durability-${randomUUID()}`;

let testDb: TestDb;
let dataDir: string;
let bundleDir: string;
let bundlePath: string;
let server: DevServer | undefined;
let serverOptions: Parameters<typeof startDevServer>[0];
let connection: Connection | undefined;
const workers: ChaosWorker[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
  await testDb.db('transporters').insert({ transporter_code: 'TRP001', transporter_name: 'PT Angkut Satu' });
  dataDir = tmpDataDir();
  bundleDir = tmpDataDir('tms-durability-');
  bundlePath = await writeWorkflowBundle(bundleDir);
  serverOptions = {
    cliPath: requireTemporalCli(),
    dataDir,
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
  };
  server = await startDevServer(serverOptions);
});

afterAll(async () => {
  for (const worker of workers) await worker.close();
  await connection?.close();
  await server?.stop();
  await testDb?.destroy();
  if (dataDir) removeDir(dataDir);
  if (bundleDir) removeDir(bundleDir);
});

function worker(env: Record<string, string> = {}): ChaosWorker {
  const made = new ChaosWorker({
    databaseUrl: testDb.url,
    temporalAddress: server!.address,
    taskQueue,
    bundlePath,
    env,
  });
  workers.push(made);
  return made;
}

async function client(): Promise<Client> {
  await connection?.close();
  connection = await Connection.connect({ address: server!.address });
  return new Client({ connection });
}

const keys = async (orderId: number) =>
  (await testDb
    .db('order_histories')
    .where('order_id', orderId)
    .orderBy('id')
    .pluck('idempotency_key')) as string[];

const orderRow = (orderId: number) =>
  testDb.db('orders').where('id', orderId).first('status', 'dispatch_status') as Promise<{
    status: string;
    dispatch_status: string | null;
  }>;

/** An order assigned to TRP001 and its running workflow, its first change written. */
async function assigned(client: Client, autoRejectMs: number) {
  const { orderId, orderNo } = await insertHeldOrder(testDb.db, 'ORD', {
    status: 'ASSIGNED TO TRANSPORTER',
    transporter_code: 'TRP001',
    transporter_name: 'PT Angkut Satu',
  });
  const orders = createOrderWorkflows(client, { taskQueue, updateTimeoutMs: 5_000 });
  await orders.start({ orderNo, orderId, approvalLevels: 0, autoRejectMs, transporterCode: 'TRP001' });
  await eventually(async () => (await keys(orderId)).length === 1);
  return { orderId, orderNo };
}

/**
 * The transporter accepts on a worker that dies the moment the accept is committed; then Temporal restarts, and
 * forgets the Update (before another worker could take it and record it).
 */
async function acceptLost(orderNo: string, orderId: number) {
  const dying = worker({ CHAOS_DIE_AFTER_WRITE: `${orderNo}:accept` });
  await dying.start();
  const orders = createOrderWorkflows(await client(), { taskQueue, updateTimeoutMs: 5_000 });
  const answer = await orders.accept(orderNo, { by: 'transporter', transporterCode: 'TRP001' });
  await dying.whenExited();
  // It died by its own hand once the accept was committed; the transporter was told to look again.
  expect(dying.stats.unexpectedExits.map((e) => e.signal)).toEqual(['SIGKILL']);
  expect(answer).toMatchObject({ ok: false, code: 'WORKFLOW_TIMEOUT' });
  expect(await orderRow(orderId)).toEqual({ status: 'ACCEPTED', dispatch_status: 'ACCEPTED' });
  await server!.stop();
  server = await startDevServer(serverOptions);
}

test("given two accepts committed by workers killed before their workflow tasks completed and lost by a Temporal restart, when the transporter then rejects one and the other's deadline passes, then the reject is refused as already answered, nothing is auto-rejected, and both workflows hold the ACCEPTED their rows show, each change written once", async () => {
  const starter = worker();
  await starter.start();
  // First: a deadline well past the test; second: one that passes soon after the restarts.
  const first = await assigned(await client(), HOUR);
  const second = await assigned(await client(), 45_000);
  const secondDeadline = Date.now() + 45_000;
  await starter.close();

  await acceptLost(first.orderNo, first.orderId);
  await acceptLost(second.orderNo, second.orderId);

  const temporal = await client();
  const healthy = worker();
  await healthy.start();
  const stateOf = (orderNo: string) =>
    temporal.workflow.getHandle(orderWorkflowId(orderNo)).query(orderStateQuery);
  // Temporal forgot both accepts: the workflows still wait for the transporter.
  for (const order of [first, second]) {
    expect(await eventually(() => stateOf(order.orderNo).catch(() => null), 30_000)).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatchStatus: 'WAITING',
    });
  }

  const orders = createOrderWorkflows(temporal, { taskQueue, updateTimeoutMs: 15_000 });
  const reject = await orders.reject(first.orderNo, {
    by: 'transporter',
    transporterCode: 'TRP001',
    remark: 'no trucks',
  });
  expect(reject).toMatchObject({ ok: false, code: 'ALREADY_DECIDED' });

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, secondDeadline - Date.now())));
  let secondState: OrderState | undefined;
  await eventually(async () => {
    secondState = await stateOf(second.orderNo);
    return secondState.status === 'ACCEPTED';
  }, 20_000).catch(() => undefined);

  expect({
    first: await stateOf(first.orderNo),
    second: secondState,
    firstRow: await orderRow(first.orderId),
    secondRow: await orderRow(second.orderId),
    firstKeys: await keys(first.orderId),
    secondKeys: await keys(second.orderId),
    healthyExits: healthy.stats.unexpectedExits,
  }).toEqual({
    first: { status: 'ACCEPTED', dispatchStatus: 'ACCEPTED', awaiting: null },
    second: { status: 'ACCEPTED', dispatchStatus: 'ACCEPTED', awaiting: null },
    firstRow: { status: 'ACCEPTED', dispatch_status: 'ACCEPTED' },
    secondRow: { status: 'ACCEPTED', dispatch_status: 'ACCEPTED' },
    firstKeys: [`${orderWorkflowId(first.orderNo)}/assign/1`, `${orderWorkflowId(first.orderNo)}/accept/2`],
    secondKeys: [
      `${orderWorkflowId(second.orderNo)}/assign/1`,
      `${orderWorkflowId(second.orderNo)}/accept/2`,
    ],
    healthyExits: [],
  });
  recordOrderHistory(server!.address, orderWorkflowId(first.orderNo), 'lost-accept-reject-refused');
  recordOrderHistory(server!.address, orderWorkflowId(second.orderNo), 'lost-accept-deadline');
});
