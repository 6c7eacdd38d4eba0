// The scheduled ERP pull end to end on a real Temporal dev server and a real (in-memory) PostgreSQL: the workflow
// reads the mark, pages through a fake adapter (two pages), imports each page, leaves out a document naming
// unknown master data, and moves the mark; a second run re-reads the overlap and writes nothing; a changed
// document moves the mark again. The `erp-pull` schedule follows the SAP_SYNC_SETTING lookup.
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Db } from '../../db/connection';
import { createTestDb, type TestDb } from '../support/db';
import { seedLookups } from '../../db/seeds/lookups';
import type { ErpAdapter, ErpChangedPage, ErpDocument } from '../../api/erp/types';
import { ERP_PULL_OVERLAP_MS } from '../../workflows/erp/activities';
import { erpPullMarkKey, ERP_PULL_LOOKUP, readErpPullInterval } from '../../workflows/erp/settings';
import { ensureSchedules, ERP_PULL_OFF_NOTE, ERP_PULL_SCHEDULE_ID } from '../../workflows/schedules';
import { createWorker } from '../../workflows/worker';
import { erpPullWorkflow } from '../../workflows/workflows';
import { erpDocument, seedErpMasterData } from '../support/erp';
import { startTestTemporal } from '../support/temporal';

jest.setTimeout(120_000);

const MINUTE = 60_000;

/** An ERP whose documents are changed at given times, served oldest first, `pageSize` a page. */
class FakeErp implements ErpAdapter {
  readonly name = 'sandbox' as const;
  readonly calls: { since: string; cursor: string | null }[] = [];
  documents: ErpDocument[] = [];

  constructor(private readonly pageSize: number) {}

  changedSince(since: Date, cursor: string | null): Promise<ErpChangedPage> {
    this.calls.push({ since: since.toISOString(), cursor });
    const changed = this.documents
      .filter((d) => Date.parse(d.Changed_At) >= since.getTime())
      .sort((a, b) => Date.parse(a.Changed_At) - Date.parse(b.Changed_At));
    const offset = cursor ? Number(cursor) : 0;
    const next = offset + this.pageSize < changed.length ? String(offset + this.pageSize) : null;
    return Promise.resolve({ documents: changed.slice(offset, offset + this.pageSize), next });
  }

  filterDocuments(): Promise<ErpDocument[]> {
    return Promise.reject(new Error('not used'));
  }
  readDocument(): Promise<ErpDocument | null> {
    return Promise.reject(new Error('not used'));
  }
  syncDeliveryOrder(): never {
    throw new Error('not used');
  }
}

describe('scheduled ERP pull', () => {
  let env: TestWorkflowEnvironment;
  let testDb: TestDb;
  let db: Db;
  const namespace = 'default';

  beforeAll(async () => {
    env = await startTestTemporal();
    testDb = await createTestDb();
    db = testDb.db;
    await seedErpMasterData(db);
    await seedLookups(db);
  });

  afterAll(async () => {
    await env?.teardown();
    await testDb?.destroy();
  });

  async function pull(erp: FakeErp) {
    const taskQueue = `erp-pull-${randomUUID()}`;
    const worker = await createWorker({ connection: env.nativeConnection, namespace, taskQueue, db, erp });
    return worker.runUntil(
      env.client.workflow.execute(erpPullWorkflow, {
        taskQueue,
        workflowId: `erp-pull-test-${randomUUID()}`,
        args: [{ initialLookbackDays: 7 }],
      }),
    );
  }

  async function dump(): Promise<unknown[]> {
    const rows = await db.raw<{ rows: unknown[] }>(
      `select 'h' as kind, xmin::text as row_version, id, document_no as key from sap_orders
       union all select 'l', xmin::text, id, item_no from sap_order_details order by 1, 3`,
    );
    return rows.rows;
  }

  async function mark(): Promise<{ highWater: string; lastDocuments: number } | undefined> {
    const row = await db('app_settings')
      .where({ key: erpPullMarkKey('sandbox') })
      .first('value');
    return row ? JSON.parse(row.value) : undefined;
  }

  test('given an ERP with five changed documents on two pages, one naming an unknown company, when the pull runs twice, then the valid four are imported once, the mark moves to the newest change and the second run writes nothing', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();
    const erp = new FakeErp(3);
    erp.documents = [
      erpDocument('8100000001', { changedAt: at(50) }),
      erpDocument('8100000002', { changedAt: at(40) }),
      erpDocument('8100000003', { changedAt: at(30), header: { Company_Code: '9999' } }),
      erpDocument('8100000004', { changedAt: at(20) }),
      erpDocument('8100000005', { changedAt: at(5), lines: 3 }),
    ];

    const first = await pull(erp);

    expect(first).toMatchObject({
      adapter: 'sandbox',
      pages: 2,
      documents: 5,
      inserted: 4,
      updated: 0,
      unchanged: 0,
      rejected: 1,
      rejectedDocuments: ['8100000003'],
      highWater: at(5),
    });
    expect(erp.calls.map((c) => c.cursor)).toEqual([null, '3']);
    // No mark yet: the first pull looks back initialLookbackDays.
    expect(Date.parse(erp.calls[0]!.since)).toBeLessThanOrEqual(now - 7 * 24 * 60 * MINUTE + 60_000);
    const stored = await db('sap_orders')
      .orderBy('document_no')
      .select('document_no', 'source', 'created_by');
    expect(stored).toEqual(
      ['8100000001', '8100000002', '8100000004', '8100000005'].map((document_no) => ({
        document_no,
        source: 'sandbox',
        created_by: 'system',
      })),
    );
    expect(Number((await db('sap_order_details').count<{ n: string }[]>('* as n'))[0]!.n)).toBe(
      2 + 2 + 2 + 3,
    );
    expect(await mark()).toMatchObject({ highWater: at(5), lastDocuments: 5 });

    const before = await dump();
    erp.calls.length = 0;
    const second = await pull(erp);

    // The overlap before the mark is read again; what it holds is unchanged.
    expect(erp.calls).toEqual([
      { since: new Date(now - 5 * MINUTE - ERP_PULL_OVERLAP_MS).toISOString(), cursor: null },
    ]);
    expect(second).toMatchObject({
      pages: 1,
      documents: 1,
      inserted: 0,
      updated: 0,
      unchanged: 1,
      highWater: at(5),
    });
    expect(await dump()).toEqual(before);
    expect(await mark()).toMatchObject({ highWater: at(5) });

    // SAP changes a document: the next pull updates it and the mark follows.
    erp.documents[1] = erpDocument('8100000002', { changedAt: at(1), qty: () => 7 });
    const third = await pull(erp);
    expect(third).toMatchObject({ inserted: 0, updated: 1, highWater: at(1) });
    const lines = await db('sap_order_details as l')
      .join('sap_orders as s', 's.id', 'l.sap_order_id')
      .where('s.document_no', '8100000002')
      .select('l.qty');
    expect(lines.map((l: { qty: unknown }) => Number(l.qty))).toEqual([7, 7]);
    expect(await mark()).toMatchObject({ highWater: at(1) });
  });

  test('given a pull longer than one run allows, when it runs, then it continues as new runs with its cursor and reports the totals of all pages', async () => {
    const erp = new FakeErp(2);
    const soon = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    erp.documents = Array.from({ length: 5 }, (_, i) =>
      erpDocument(`8200000${i + 1}`, { changedAt: soon(i + 1), lines: 1 }),
    );

    const taskQueue = `erp-pull-${randomUUID()}`;
    const worker = await createWorker({ connection: env.nativeConnection, namespace, taskQueue, db, erp });
    const handle = await env.client.workflow.start(erpPullWorkflow, {
      taskQueue,
      workflowId: `erp-pull-test-${randomUUID()}`,
      args: [{ initialLookbackDays: 7, pagesPerRun: 1 }],
    });
    const result = await worker.runUntil(handle.result());

    const firstRun = await env.client.workflow
      .getHandle(handle.workflowId, handle.firstExecutionRunId)
      .describe();
    expect(firstRun.status.name).toBe('CONTINUED_AS_NEW');

    expect(result).toMatchObject({ pages: 3, documents: 5, inserted: 5, updated: 0, rejected: 0 });
    expect(result.highWater).toBe(erp.documents[4]!.Changed_At);
    expect(erp.calls.map((c) => c.cursor)).toEqual([null, '2', '4']);
    const stored = await db('sap_orders')
      .where('document_no', 'like', '8200000%')
      .count<{ n: string }[]>('* as n');
    expect(Number(stored[0]!.n)).toBe(5);
    expect(await mark()).toMatchObject({ highWater: erp.documents[4]!.Changed_At, lastDocuments: 5 });
  });

  test('given the SAP_SYNC_SETTING lookup, when workers start with it set, switched off and set again, then the erp-pull schedule runs at its interval, is paused with a note, and runs again', async () => {
    expect(await readErpPullInterval(db)).toBe(15);
    const settings = { taskQueue: 'tms-erp-schedule-test', inactivityDays: 90 };

    await ensureSchedules(env.client, { ...settings, erpPullEveryMinutes: await readErpPullInterval(db) });
    const handle = env.client.schedule.getHandle(ERP_PULL_SCHEDULE_ID);
    let described = await handle.describe();
    expect(described.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'erpPullWorkflow',
      workflowId: ERP_PULL_SCHEDULE_ID,
      taskQueue: settings.taskQueue,
    });
    expect(described.spec.intervals?.[0]?.every).toBe(15 * MINUTE);
    expect(described.policies.overlap).toBe('SKIP');
    expect(described.state.paused).toBe(false);

    const lookup = db('lookups').where({
      lookup_group: ERP_PULL_LOOKUP.group,
      lookup_code: ERP_PULL_LOOKUP.code,
    });
    await lookup.clone().update({ is_active: false });
    expect(await readErpPullInterval(db)).toBeNull();
    await ensureSchedules(env.client, { ...settings, erpPullEveryMinutes: await readErpPullInterval(db) });
    described = await handle.describe();
    expect([described.state.paused, described.state.note]).toEqual([true, ERP_PULL_OFF_NOTE]);

    await lookup.clone().update({ is_active: true, lookup_info1: '20' });
    await ensureSchedules(env.client, { ...settings, erpPullEveryMinutes: await readErpPullInterval(db) });
    described = await handle.describe();
    expect(described.state.paused).toBe(false);
    expect(described.spec.intervals?.[0]?.every).toBe(20 * MINUTE);
    await handle.delete();
  });
});
