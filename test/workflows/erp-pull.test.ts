// The scheduled ERP pull end to end on a real Temporal dev server and a real (in-memory) PostgreSQL: the workflow
// reads the mark, pages through a fake adapter (two pages), imports each page, leaves out a document naming
// unknown master data, and moves the mark; a second run re-reads the overlap and writes nothing; a changed
// document moves the mark again. The `erp-pull` schedule follows the SAP_SYNC_SETTING lookup. Against a fake
// SAP Gateway (msw) with the `sap-odata` adapter: each service keeps its own mark, no mark passes the pull's
// start, and a delivery corrected the same day is pulled again. Histories recorded before marks per stream
// (test/replay/erp/) still replay.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Db } from '../../db/connection';
import { createTestDb, type TestDb } from '../support/db';
import { seedLookups } from '../../db/seeds/lookups';
import { erpPullPort } from '../../api/erp';
import { importErpDocuments } from '../../api/erp/import';
import { createSapODataAdapter } from '../../api/erp/odata/adapter';
import { EMPTY_MASTER_MAP, type ErpMasterMap } from '../../api/erp/odata/master-map';
import { SANDBOX_STREAM } from '../../api/erp/sandbox/adapter';
import type { ErpAdapter, ErpChangedPage, ErpDocument } from '../../api/erp/types';
import { ERP_PULL_ONE_MARK_DOUBT_MS, ERP_PULL_OVERLAP_MS } from '../../workflows/erp/activities';
import {
  erpPullMarkKey,
  erpPullOneMarkKey,
  ERP_PULL_LOOKUP,
  readErpPullInterval,
} from '../../workflows/erp/settings';
import { ensureSchedules, ERP_PULL_OFF_NOTE, ERP_PULL_SCHEDULE_ID } from '../../workflows/schedules';
import { createWorker } from '../../workflows/worker';
import { erpPullWorkflow } from '../../workflows/workflows';
import { ERP_FIXTURE, erpDocument, seedErpMasterData } from '../support/erp';
import { replayFixtures, startTestTemporal } from '../support/temporal';

jest.setTimeout(120_000);

const MINUTE = 60_000;

/** An ERP whose documents are changed at given times, served oldest first, `pageSize` a page. */
class FakeErp implements ErpAdapter {
  readonly name = 'sandbox' as const;
  readonly pullStreams = [SANDBOX_STREAM];
  readonly calls: { since: string; cursor: string | null }[] = [];
  documents: ErpDocument[] = [];

  constructor(private readonly pageSize: number) {}

  changedSince(stream: string, since: Date, cursor: string | null): Promise<ErpChangedPage> {
    expect(stream).toBe(SANDBOX_STREAM);
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
    const worker = await createWorker({
      connection: env.nativeConnection,
      namespace,
      taskQueue,
      db,
      erp: erpPullPort(erp),
    });
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
      .where({ key: erpPullMarkKey('sandbox', SANDBOX_STREAM) })
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
      streams: [{ stream: SANDBOX_STREAM, highWater: at(5), documents: 5 }],
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
      streams: [{ stream: SANDBOX_STREAM, highWater: at(5) }],
    });
    expect(await dump()).toEqual(before);
    expect(await mark()).toMatchObject({ highWater: at(5) });

    // SAP changes a document: the next pull updates it and the mark follows.
    erp.documents[1] = erpDocument('8100000002', { changedAt: at(1), qty: () => 7 });
    const third = await pull(erp);
    expect(third).toMatchObject({ inserted: 0, updated: 1, streams: [{ highWater: at(1) }] });
    const lines = await db('sap_order_details as l')
      .join('sap_orders as s', 's.id', 'l.sap_order_id')
      .where('s.document_no', '8100000002')
      .select('l.qty');
    expect(lines.map((l: { qty: unknown }) => Number(l.qty))).toEqual([7, 7]);
    expect(await mark()).toMatchObject({ highWater: at(1) });
  });

  test('given a pull longer than one run allows and documents stamped in the future, when it runs, then it continues as new runs with its cursor, reports the totals of all pages, and its mark stops at its start', async () => {
    const erp = new FakeErp(2);
    const started = Date.now();
    const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    erp.documents = Array.from({ length: 5 }, (_, i) =>
      erpDocument(`8200000${i + 1}`, { changedAt: soon(i + 1), lines: 1 }),
    );

    const taskQueue = `erp-pull-${randomUUID()}`;
    const worker = await createWorker({
      connection: env.nativeConnection,
      namespace,
      taskQueue,
      db,
      erp: erpPullPort(erp),
    });
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
    expect(erp.calls.map((c) => c.cursor)).toEqual([null, '2', '4']);
    const stored = await db('sap_orders')
      .where('document_no', 'like', '8200000%')
      .count<{ n: string }[]>('* as n');
    expect(Number(stored[0]!.n)).toBe(5);
    // The documents claim to change in the future; the mark stays at the pull's start, so the next pull reads
    // from there and sees whatever changes meanwhile.
    const highWater = Date.parse((await mark())!.highWater);
    expect(highWater).toBeGreaterThanOrEqual(started);
    expect(highWater).toBeLessThan(Date.parse(erp.documents[0]!.Changed_At));
    expect(result.streams[0]!.highWater).toBe((await mark())!.highWater);
    expect(await mark()).toMatchObject({ lastDocuments: 5 });
  });

  test('given only the one mark of pulls before marks per stream, 7 hours ahead of now, when the pull runs, then its stream starts a day before now and gets a mark of its own', async () => {
    await db('app_settings').where('key', 'like', 'ERP_PULL.%').del();
    const now = Date.now();
    const ahead = new Date(now + 7 * 3_600_000).toISOString();
    await db('app_settings').insert({
      key: erpPullOneMarkKey('sandbox'),
      value: JSON.stringify({ highWater: ahead, lastSuccess: ahead, lastDocuments: 1 }),
      created_by: 'system',
    });
    const erp = new FakeErp(10);
    erp.documents = [erpDocument('8300000001', { changedAt: new Date(now - 3 * 3_600_000).toISOString() })];

    const result = await pull(erp);

    const since = Date.parse(erp.calls[0]!.since);
    expect(since).toBeGreaterThanOrEqual(now - ERP_PULL_ONE_MARK_DOUBT_MS);
    expect(since).toBeLessThan(now - ERP_PULL_ONE_MARK_DOUBT_MS + MINUTE);
    expect(result).toMatchObject({ inserted: 1, streams: [{ highWater: erp.documents[0]!.Changed_At }] });
    expect(await mark()).toMatchObject({ highWater: erp.documents[0]!.Changed_At });
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

/**
 * A fake SAP Gateway (msw) for the pull: the three services' collections, each answering what its $filter asks
 * for as SAP would (sales and purchase orders by LastChangeDateTime, deliveries by LastChangeDate or
 * CreationDate, both SAP's local days). Documents are replaced as SAP changes them.
 */
class FakeSap {
  sales: Record<string, unknown>[] = [];
  purchases: Record<string, unknown>[] = [];
  deliveries: Record<string, unknown>[] = [];
  readonly server = setupServer(
    http.get(`${SAP_ROOT}/*`, ({ request }) => {
      const url = new URL(request.url);
      const path = decodeURIComponent(url.pathname);
      const filter = url.searchParams.get('$filter') ?? '';
      const key = /A_PurchaseOrder\('(\w+)'\)$/.exec(path)?.[1];
      const purchase = this.purchases.find((d) => d.PurchaseOrder === key);
      if (purchase) return HttpResponse.json({ d: purchase });
      if (path.endsWith('/A_SalesOrder'))
        return this.answer(this.sales.filter((d) => changedSince(d, filter)));
      if (path.endsWith('/A_PurchaseOrder'))
        return this.answer(this.purchases.filter((d) => changedSince(d, filter)));
      if (path.endsWith('/A_OutbDeliveryHeader'))
        return this.answer(this.deliveries.filter((d) => deliveredSince(d, filter)));
      return HttpResponse.json(
        { error: { code: 'X', message: { value: 'Resource not found' } } },
        { status: 404 },
      );
    }),
  );

  private answer(results: unknown[]) {
    return HttpResponse.json({ d: { results } });
  }
}

const SAP_ROOT = 'https://s4.example.test/sap/opu/odata/sap';
const WIB_MS = 7 * 3_600_000;
const odataDate = (ms: number) => `/Date(${ms})/`;
/** The calendar day (as Edm.DateTime) and time (Edm.Time) a moment has on SAP's clock in Jakarta. */
function sapClock(moment: number): { date: string; time: string; day: number } {
  const local = new Date(moment + WIB_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const [h, m, s] = [local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()];
  return { date: odataDate(day), time: `PT${h}H${m}M${s}S`, day };
}
const filterMoment = (filter: string, field: string) => {
  const m = new RegExp(`${field} ge datetimeoffset'([^']+)'`).exec(filter);
  return m ? Date.parse(m[1]!) : -Infinity;
};
const filterDay = (filter: string, field: string) => {
  const m = new RegExp(`${field} ge datetime'([^']+)'`).exec(filter);
  return m ? Date.parse(`${m[1]!}Z`) : Infinity;
};
const dateValue = (value: unknown) => (typeof value === 'string' ? Number(/\d+/.exec(value)![0]) : null);
function changedSince(doc: Record<string, unknown>, filter: string): boolean {
  return dateValue(doc.LastChangeDateTime)! >= filterMoment(filter, 'LastChangeDateTime');
}
function deliveredSince(doc: Record<string, unknown>, filter: string): boolean {
  const changed = dateValue(doc.LastChangeDate);
  return (
    (changed !== null && changed >= filterDay(filter, 'LastChangeDate')) ||
    dateValue(doc.CreationDate)! >= filterDay(filter, 'CreationDate')
  );
}

function sapSalesOrder(no: string, changedAt: number, quantity: string) {
  return {
    SalesOrder: no,
    SalesOrderType: 'OR',
    SalesOrganization: 'S100',
    DistributionChannel: '10',
    SoldToParty: ERP_FIXTURE.customer,
    CreationDate: sapClock(changedAt - 3_600_000).date,
    SalesOrderDate: sapClock(changedAt - 3_600_000).date,
    CreatedByUser: 'RSIREGAR',
    LastChangeDateTime: `/Date(${changedAt}+0000)/`,
    IncotermsClassification: 'FRC',
    IncotermsLocation1: 'Dumai',
    to_Item: {
      results: [
        {
          SalesOrderItem: '10',
          Material: ERP_FIXTURE.material,
          RequestedQuantity: quantity,
          RequestedQuantityUnit: 'KG',
          ProductionPlant: ERP_FIXTURE.plant,
        },
      ],
    },
  };
}

/** A stock transport order (UB) from plant P100 to plant P200, both served by the TMS. */
function sapStockTransfer(no: string, changedAt: number, quantity: string) {
  return {
    PurchaseOrder: no,
    CompanyCode: ERP_FIXTURE.company,
    PurchaseOrderType: 'UB',
    CreatedByUser: 'PURCH01',
    CreationDate: sapClock(changedAt - 3_600_000).date,
    PurchaseOrderDate: sapClock(changedAt - 3_600_000).date,
    LastChangeDateTime: `/Date(${changedAt}+0000)/`,
    Supplier: '',
    PurchasingOrganization: 'P100',
    SupplyingPlant: ERP_FIXTURE.plant,
    IncotermsClassification: 'FCA',
    IncotermsLocation1: 'Kandis',
    to_PurchaseOrderItem: {
      results: [
        {
          PurchaseOrderItem: '10',
          Plant: ERP_FIXTURE.secondPlant,
          Material: ERP_FIXTURE.material,
          OrderQuantity: quantity,
          PurchaseOrderQuantityUnit: 'KG',
          PurchasingDocumentDeletionCode: '',
        },
      ],
    },
  };
}

function sapDelivery(no: string, createdAt: number, quantity: string, changedOn: number | null = null) {
  const created = sapClock(createdAt);
  return {
    DeliveryDocument: no,
    DeliveryDocumentType: 'LF',
    SalesOrganization: 'S100',
    SoldToParty: ERP_FIXTURE.customer,
    ShipToParty: ERP_FIXTURE.customer,
    CreatedByUser: 'SAPBATCH',
    CreationDate: created.date,
    CreationTime: created.time,
    DocumentDate: created.date,
    LastChangeDate: changedOn === null ? null : sapClock(changedOn).date,
    IncotermsClassification: 'FRC',
    IncotermsTransferLocation: 'Dumai',
    to_DeliveryDocumentItem: {
      results: [
        {
          DeliveryDocumentItem: '000010',
          Material: ERP_FIXTURE.material,
          ActualDeliveryQuantity: quantity,
          DeliveryQuantityUnit: 'KG',
          Plant: ERP_FIXTURE.plant,
          ReferenceSDDocument: '0010090001',
          ReferenceSDDocumentItem: '10',
        },
      ],
    },
  };
}

describe('scheduled pull from SAP (sap-odata against a fake SAP Gateway)', () => {
  let env: TestWorkflowEnvironment;
  let testDb: TestDb;
  let db: Db;
  const sap = new FakeSap();

  beforeAll(async () => {
    // Only SAP's host is faked; Temporal's connections pass.
    sap.server.listen({ onUnhandledRequest: 'bypass' });
    env = await startTestTemporal();
    testDb = await createTestDb();
    db = testDb.db;
    await seedErpMasterData(db);
    await seedLookups(db);
  });

  afterAll(async () => {
    sap.server.close();
    await env?.teardown();
    await testDb?.destroy();
  });

  const master: ErpMasterMap = {
    ...EMPTY_MASTER_MAP,
    companyBySalesOrganization: new Map([['S100', ERP_FIXTURE.company]]),
    companyByPlant: new Map([
      [ERP_FIXTURE.plant, ERP_FIXTURE.company],
      [ERP_FIXTURE.secondPlant, ERP_FIXTURE.company],
    ]),
  };
  // Made once msw is listening: the adapter keeps the fetch it found.
  const adapter = () =>
    createSapODataAdapter({
      baseUrl: SAP_ROOT,
      user: 'TMS_RFC',
      password: 'secret-password',
      timeoutMs: 5000,
      timeZone: 'Asia/Jakarta',
      log: () => undefined,
      masterMap: () => Promise.resolve(master),
    });

  async function pull() {
    const taskQueue = `erp-pull-sap-${randomUUID()}`;
    const worker = await createWorker({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      db,
      erp: erpPullPort(adapter()),
    });
    return worker.runUntil(
      env.client.workflow.execute(erpPullWorkflow, {
        taskQueue,
        workflowId: `erp-pull-sap-${randomUUID()}`,
        args: [{ initialLookbackDays: 7 }],
      }),
    );
  }

  async function quantities(documentNo: string): Promise<number[]> {
    const rows = await db('sap_order_details as l')
      .join('sap_orders as s', 's.id', 'l.sap_order_id')
      .where('s.document_no', documentNo)
      .orderBy('l.item_no')
      .select('l.qty');
    return rows.map((r: { qty: unknown }) => Number(r.qty));
  }

  test("given a delivery created on SAP's clock (WIB) and a sales order, when SAP changes the sales order after a pull, then the next pull brings the change (no mark runs ahead into the future)", async () => {
    const now = Date.now();
    sap.sales = [sapSalesOrder('0010090001', now - 30 * MINUTE, '1000.000')];
    sap.deliveries = [sapDelivery('0080090001', now - 20 * MINUTE, '24870.000')];

    await pull();
    expect(await quantities('0010090001')).toEqual([1000]);
    expect(await quantities('0080090001')).toEqual([24870]);

    sap.sales = [sapSalesOrder('0010090001', Date.now(), '1500.000')];
    await pull();

    expect(await quantities('0010090001')).toEqual([1500]);
  });

  test('given a stock transport order saved from the Filter screen as STO IN, when SAP changes it, then the pull updates it as STO IN at the receiving plant, not as the STO OUT it would choose for a new one', async () => {
    sap.sales = [];
    sap.deliveries = [];
    sap.purchases = [sapStockTransfer('4900090001', Date.now() - 40 * MINUTE, '30000.000')];
    const asFiltered = await adapter().readDocument('4900090001', 'STO IN');
    await importErpDocuments(db, [asFiltered!], { source: 'sap-odata', user: 'logistic' });

    sap.purchases = [sapStockTransfer('4900090001', Date.now(), '31000.000')];
    const result = await pull();

    expect(result).toMatchObject({ updated: 1, rejected: 0 });
    expect(await quantities('4900090001')).toEqual([31000]);
    expect(
      await db('sap_orders').where('document_no', '4900090001').first('order_type', 'plant', 'transfer_type'),
    ).toEqual({ order_type: 'STO IN', plant: ERP_FIXTURE.secondPlant, transfer_type: 'IN' });
  });

  test('given a delivery already pulled, when SAP corrects its weight the same day (LastChangeDate is that day), then the next pull brings the correction', async () => {
    sap.purchases = [];
    const created = Date.now() - 25 * MINUTE;
    sap.sales = [];
    sap.deliveries = [sapDelivery('0080090002', created, '24870.000')];
    await pull();
    expect(await quantities('0080090002')).toEqual([24870]);

    sap.deliveries = [sapDelivery('0080090002', created, '24910.000', Date.now())];
    await pull();

    expect(await quantities('0080090002')).toEqual([24910]);
  });
});

describe('replay of recorded pull histories', () => {
  test('given the histories in test/replay/erp (pulls with one mark: complete, continued as new, caught mid-way; pulls with marks per stream), when the current workflow code replays them, then each takes the same steps', async () => {
    const { files, outcomes } = await replayFixtures(path.join(__dirname, '../replay/erp'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(outcomes).toEqual(files.map((file) => [file, null]));
  });
});
