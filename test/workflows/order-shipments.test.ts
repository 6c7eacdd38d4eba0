// The order's shipments (DESIGN §4 "Shipments": the order derives, it does not count) on a real Temporal dev server
// and a real PostgreSQL: shipmentProgressSignal reports are applied through the order's serialised apply, an older
// or repeated seq per shipment is dropped, and the status written follows deriveOrderStatus. And continue-as-new:
// with the dev server told to suggest it after a few dozen events, a run with a long history continues as new once
// its Updates have answered, and the new run goes on from the state it carried (status, change numbers, the
// latest seq of each shipment). With RECORD_ORDER_REPLAY=1 both paths are written to test/replay/orders/.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import type { Db } from '../../db/connection';
import {
  changeStuffingDateUpdate,
  orderStateQuery,
  orderWorkflowId,
  shipmentProgressSignal,
  transporterAcceptUpdate,
  type ShipmentProgressInput,
} from '../../workflows/orders/messages';
import { customSearchAttributes } from '../../workflows/search-attributes';
import { createWorker } from '../../workflows/worker';
import { orderWorkflow } from '../../workflows/workflows';
import { eventually } from '../support/approvals';
import { createTestDb, type TestDb } from '../support/db';
import { insertHeldOrder } from '../support/held-order';
import { ORDER_REPLAY_DIR, quietTemporalRuntime, requireTemporalCli } from '../support/temporal';

jest.setTimeout(180_000);

const HOUR = 3_600_000;
/** Events after which the dev server suggests continue-as-new (its default is 4 096). */
const SUGGEST_AFTER_EVENTS = 40;

let env: TestWorkflowEnvironment;
let testDb: TestDb;
let db: Db;
let worker: Worker;
let running: Promise<void>;
const taskQueue = `order-shipments-${randomUUID()}`;

beforeAll(async () => {
  quietTemporalRuntime();
  env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: requireTemporalCli() },
      ip: '127.0.0.1',
      ui: false,
      searchAttributes: [...customSearchAttributes],
      extraArgs: [
        '--dynamic-config-value',
        `limit.historyCount.suggestContinueAsNew=${SUGGEST_AFTER_EVENTS}`,
      ],
    },
  });
  testDb = await createTestDb();
  db = testDb.db;
  await db('transporters').insert({ transporter_code: 'TRP001', transporter_name: 'PT Angkut Satu' });
  worker = await createWorker({ connection: env.nativeConnection, namespace: 'default', taskQueue, db });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await testDb?.destroy();
});

/** An order ASSIGNED TO TRANSPORTER with its run started and accepted by TRP001. */
async function acceptedOrder() {
  const { orderId, orderNo } = await insertHeldOrder(db, 'SHP', {
    status: 'ASSIGNED TO TRANSPORTER',
    transporter_code: 'TRP001',
    transporter_name: 'PT Angkut Satu',
  });
  const workflowId = orderWorkflowId(orderNo);
  await env.client.workflow.start(orderWorkflow, {
    taskQueue,
    workflowId,
    args: [
      {
        orderNo,
        orderId,
        approvalLevels: 0,
        autoRejectMs: HOUR,
        transporterCode: 'TRP001',
        assignedBy: 'logistic',
      },
    ],
  });
  // Always the latest run of the order (continue-as-new starts another).
  const handle = env.client.workflow.getHandle(workflowId);
  await eventually(async () => (await handle.query(orderStateQuery)).status !== null);
  await handle.executeUpdate(transporterAcceptUpdate, { args: [{ by: 'trp', transporterCode: 'TRP001' }] });
  return { orderId, orderNo, workflowId, handle };
}

const report = (shipmentNo: string, seq: number, status: string, progress: string | null = null) =>
  ({ shipmentNo, seq, status, progress, lines: [] }) satisfies ShipmentProgressInput;

const statusOf = async (orderId: number) =>
  ((await db('orders').where('id', orderId).first('status')) as { status: string }).status;

const historyOf = (orderId: number) =>
  db('order_histories')
    .where('order_id', orderId)
    .orderBy('id')
    .select('status_from', 'status_to', 'remark', 'created_by', 'idempotency_key');

/** With RECORD_ORDER_REPLAY=1, writes one run's history to test/replay/orders/<name>.json. */
function record(workflowId: string, runId: string, name: string): void {
  if (process.env.RECORD_ORDER_REPLAY !== '1') return;
  const json = execFileSync(
    requireTemporalCli(),
    [
      'workflow',
      'show',
      '--workflow-id',
      workflowId,
      '--run-id',
      runId,
      '--output',
      'json',
      '--address',
      env.address,
    ],
    { encoding: 'utf8' },
  );
  fs.writeFileSync(path.join(ORDER_REPLAY_DIR, `${name}.json`), json);
}

describe('orderWorkflow: shipment progress', () => {
  test('given an accepted order, when its shipments report (created, registered in, a stale report, completed), then the order is ASSIGNED TO DRIVER, IN PROGRESS, then COMPLETED, each written once by system, and the stale report changes nothing', async () => {
    const { orderId, workflowId, handle } = await acceptedOrder();

    await handle.signal(shipmentProgressSignal, report('SHP-1', 1, 'NEW'));
    await eventually(async () => (await statusOf(orderId)) === 'ASSIGNED TO DRIVER');
    await handle.signal(shipmentProgressSignal, report('SHP-1', 2, 'IN PROGRESS', 'REGISTRATION IN'));
    await eventually(async () => (await statusOf(orderId)) === 'IN PROGRESS');
    // Older than what the order holds: applied, it would take the order back to ASSIGNED TO DRIVER.
    await handle.signal(shipmentProgressSignal, report('SHP-1', 1, 'NEW'));
    await handle.signal(shipmentProgressSignal, report('SHP-1', 2, 'NEW'));
    await handle.signal(shipmentProgressSignal, report('SHP-1', 3, 'COMPLETED'));
    await eventually(async () => (await statusOf(orderId)) === 'COMPLETED');

    expect(await historyOf(orderId)).toEqual([
      expect.objectContaining({
        status_to: 'ASSIGNED TO TRANSPORTER',
        idempotency_key: `${workflowId}/assign/1`,
      }),
      expect.objectContaining({ status_to: 'ACCEPTED', idempotency_key: `${workflowId}/accept/2` }),
      {
        status_from: 'ACCEPTED',
        status_to: 'ASSIGNED TO DRIVER',
        remark: 'Shipment SHP-1: NEW',
        created_by: 'system',
        idempotency_key: `${workflowId}/shipment-progress/3`,
      },
      expect.objectContaining({
        status_from: 'ASSIGNED TO DRIVER',
        status_to: 'IN PROGRESS',
        idempotency_key: `${workflowId}/shipment-progress/4`,
      }),
      expect.objectContaining({
        status_from: 'IN PROGRESS',
        status_to: 'COMPLETED',
        idempotency_key: `${workflowId}/shipment-progress/5`,
      }),
    ]);
    expect(await handle.query(orderStateQuery)).toMatchObject({
      status: 'COMPLETED',
      dispatchStatus: 'ACCEPTED',
    });
    record(workflowId, (await handle.describe()).runId, 'shipment-progress');
  });
});

describe('orderWorkflow: continue-as-new', () => {
  test('given a run whose history grows past what the server suggests, when Updates keep coming, then it continues as new after they answered, and the new run carries the status, the change numbers and each shipment latest seq', async () => {
    const { orderId, workflowId, handle } = await acceptedOrder();
    const firstRun = (await handle.describe()).runId;
    await handle.signal(shipmentProgressSignal, report('SHP-9', 5, 'NEW'));
    await eventually(async () => (await statusOf(orderId)) === 'ASSIGNED TO DRIVER');

    // Each stuffing-date change adds a handful of events; the run continues as new once the server suggests it.
    let sequence = 3;
    for (let day = 1; day <= 20; day++) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      const result = await handle.executeUpdate(changeStuffingDateUpdate, {
        args: [{ by: 'logistic', from: date, to: date }],
      });
      // Every Update answered, with the next change number, whichever run took it.
      expect(result).toMatchObject({ status: 'ASSIGNED TO DRIVER', sequence: ++sequence });
      if ((await handle.describe()).runId !== firstRun) break;
    }
    const description = await env.client.workflow.getHandle(workflowId, firstRun).describe();
    expect(description.status.name).toBe('CONTINUED_AS_NEW');
    const secondRun = (await handle.describe()).runId;
    expect(secondRun).not.toBe(firstRun);

    // The new run knows SHP-9 reported seq 5: seq 4 (which would complete the order) is dropped.
    await handle.signal(shipmentProgressSignal, report('SHP-9', 4, 'COMPLETED'));
    const after = await handle.executeUpdate(changeStuffingDateUpdate, {
      args: [{ by: 'logistic', from: '2026-12-30', to: '2026-12-31' }],
    });
    expect(after).toMatchObject({ status: 'ASSIGNED TO DRIVER', sequence: sequence + 1 });
    await handle.signal(shipmentProgressSignal, report('SHP-9', 6, 'COMPLETED'));
    await eventually(async () => (await statusOf(orderId)) === 'COMPLETED');

    const keys = ((await historyOf(orderId)) as { idempotency_key: string }[]).map((h) => h.idempotency_key);
    // One history row per change, numbered without a gap or a repeat across the runs.
    expect(keys.map((k) => Number(k.split('/').pop()))).toEqual(keys.map((_k, i) => i + 1));
    record(workflowId, firstRun, 'continue-as-new');
  });
});
