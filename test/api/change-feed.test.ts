// The in-memory caches (api/services/change-feed.ts: sessions, counters, lookups, permissions) against the real
// database. Two API "processes" serve the same users: `a` on the test's own connection pool, `b` on a pool of
// its own. A logout,
// a deactivation or a token revocation, imports and status changes of SAP orders, a lookup changed and a grant
// withdrawn take effect on the next request of the process that wrote them, and on the other's as soon as the
// database's notification reaches it (the test waits for that notification, then asks once). Once a feed is
// closed nothing is served from memory.
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { buildDeps } from '../../api/bootstrap';
import { loadConfig } from '../../api/config';
import type { AppDeps } from '../../api/deps';
import { importErpDocuments } from '../../api/erp/import';
import {
  startChangeFeed,
  TOPIC_TABLES,
  topicsOfWrite,
  type ChangeFeed,
  type ChangeTopic,
} from '../../api/services/change-feed';
import { createDb, type Db } from '../../db/connection';
import { Model } from 'objection';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { FREIGHT_DATE, importAssignable, LANE, locationId } from '../support/order-assign';
import { sapDocument } from '../support/sap-orders';

interface Process {
  deps: AppDeps;
  feed: ChangeFeed;
  request: () => ReturnType<typeof supertest.agent>;
  queries: () => number;
}

describe('change feed', () => {
  let t: TestApp;
  let a: Process;
  let b: Process;

  let ownDb: Db;

  async function startProcess(db: Db): Promise<Process> {
    const feed = await startChangeFeed(db, pino({ level: 'silent' }));
    const deps = await buildDeps(loadConfig({ LOG_LEVEL: 'silent' }), db, {
      logger: pino({ level: 'silent' }),
      changes: feed,
    });
    const server = createApp(deps, { consoleDir: '/nonexistent' }).callback();
    let count = 0;
    db.on('query', () => count++);
    return { deps, feed, request: () => supertest.agent(server), queries: () => count };
  }

  beforeAll(async () => {
    t = await createTestApp({ masterData: true });
    a = await startProcess(t.deps.db);
    ownDb = createDb({ databaseUrl: t.testDb.url, poolMax: 3 });
    // createDb makes its pool objection's default; the test's own stays the one models use.
    Model.knex(t.deps.db);
    b = await startProcess(ownDb);
  });
  afterAll(async () => {
    await a.feed.close();
    await b.feed.close();
    await ownDb.destroy();
    await t.close();
  });

  /** Resolves when `p` next drops its `topic` cache: set it up before the write that should cause it. */
  const nextDrop = (p: Process, topic: ChangeTopic) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${topic} notification within 5 s`)), 5000);
      const stop = p.feed.subscribe(topic, () => {
        clearTimeout(timer);
        stop();
        resolve();
      });
    });

  const masterList = (p: Process, token: string) =>
    p.request().get('/api/saporder/master_list').set('Authorization', token);
  const tabs = (res: { body: { data: { tab_status: { code: string; count: number }[] } } }) =>
    Object.fromEntries(res.body.data.tab_status.map((x) => [x.code, x.count]));

  test('given a live feed, when a signed-in user calls again, then the session check and the counts are answered from memory', async () => {
    expect(a.feed.live).toBe(true);
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    const before = a.queries();
    const res = await masterList(a, token);
    expect(res.status).toBe(200);
    // No token lookup, no rights, no shipment types, no counters.
    expect(a.queries() - before).toBe(0);
  });

  test('given a session cached in both processes, when it logs out through one, then that one refuses it on the next request and the other once the notification reaches it', async () => {
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    expect((await masterList(b, token)).status).toBe(200);
    const notified = nextDrop(b, 'auth');
    const out = await a.request().post('/api/logout').set('Authorization', token);
    expect(out.status).toBe(200);
    expect((await masterList(a, token)).status).toBe(401);
    await notified;
    expect((await masterList(b, token)).status).toBe(401);
  });

  test('given cached sessions, when the user is deactivated or their tokens revoked straight in the database, then the writing process refuses the next request and the other one once notified', async () => {
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    expect((await masterList(b, token)).status).toBe(200);
    let notified = nextDrop(b, 'auth');
    await t.deps.db('users').where({ username: 'logistic' }).update({ is_active: false });
    expect((await masterList(a, token)).status).toBe(401);
    await notified;
    expect((await masterList(b, token)).status).toBe(401);
    notified = nextDrop(b, 'auth');
    await t.deps.db('users').where({ username: 'logistic' }).update({ is_active: true });
    await notified;
    expect((await masterList(b, token)).status).toBe(200);

    notified = nextDrop(b, 'auth');
    await t.deps
      .db('auth_tokens')
      .whereNull('revoked_date')
      .update({ revoked_date: new Date(), revoked_reason: 'test' });
    expect((await masterList(a, token)).status).toBe(401);
    await notified;
    expect((await masterList(b, token)).status).toBe(401);
  });

  test('given cached tab counts in both processes, when orders are imported and one changes tab, then the writer answers the new exact counts on the next request and the other once notified', async () => {
    const admin = await loginAs(t, 'admin');
    const start = tabs(await masterList(a, admin));
    expect(tabs(await masterList(b, admin))).toEqual(start);
    let notified = nextDrop(b, 'counters');
    await importErpDocuments(
      t.deps.db,
      [sapDocument('0077000001', { company: '1000' }), sapDocument('0077000002', { company: '1000' })],
      { source: 'sandbox', user: 'test' },
    );
    const counted = async () => {
      const rows = (await t.deps
        .db('sap_orders')
        .select('tab_status')
        .count({ n: '*' })
        .groupBy('tab_status')) as { tab_status: string; n: string | number }[];
      const byTab: Record<string, number> = {};
      let all = 0;
      for (const r of rows) {
        byTab[r.tab_status] = Number(r.n);
        all += Number(r.n);
      }
      return { ALL: all, ...byTab };
    };
    const afterImport = tabs(await masterList(a, admin));
    expect(afterImport.ALL).toBe(start.ALL! + 2);
    expect(afterImport).toMatchObject(await counted());
    await notified;
    expect(tabs(await masterList(b, admin))).toEqual(afterImport);

    notified = nextDrop(b, 'counters');
    await t.deps.db('sap_orders').where({ document_no: '0077000001' }).update({ status: 'REJECTED' });
    const afterReject = tabs(await masterList(a, admin));
    expect(afterReject.REJECTED).toBe(afterImport.REJECTED! + 1);
    expect(afterReject).toMatchObject(await counted());
    await notified;
    expect(tabs(await masterList(b, admin))).toEqual(afterReject);
    // The list's total of an unfiltered tab is the same counter.
    const list = await b
      .request()
      .post('/api/saporder/list')
      .set('Authorization', admin)
      .send({ tab_status: 'REJECTED' });
    expect(list.body.totalRecords).toBe(afterReject.REJECTED);
  });

  test('given cached shipment types in both processes, when a lookup is changed straight in the database, then the writer answers the new text on the next request and the other once notified', async () => {
    const token = await loginAs(t, 'logistic');
    const typeText = async (p: Process) => {
      const res = await masterList(p, token);
      const types = res.body.data.shipment_type as { code: string; text: string }[];
      return types.find((x) => x.code === 'RELATION')?.text;
    };
    const original = await typeText(a);
    expect(original).toBeTruthy();
    expect(await typeText(b)).toBe(original);
    let notified = nextDrop(b, 'lookups');
    await t.deps
      .db('lookups')
      .where({ lookup_group: 'SHIPMENT_TYPE', lookup_code: 'RELATION' })
      .update({ lookup_text_en: 'Collected by the relation' });
    expect(await typeText(a)).toBe('Collected by the relation');
    await notified;
    expect(await typeText(b)).toBe('Collected by the relation');
    notified = nextDrop(b, 'lookups');
    await t.deps
      .db('lookups')
      .where({ lookup_group: 'SHIPMENT_TYPE', lookup_code: 'RELATION' })
      .update({ lookup_text_en: original });
    await notified;
    expect(await typeText(b)).toBe(original);
  });

  test("given cached screen permissions in both processes, when a group's grant is withdrawn straight in the database, then the writer refuses the next request and the other once notified", async () => {
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    expect((await masterList(b, token)).status).toBe(200);
    const grant = () =>
      t.deps
        .db('group_menus')
        .whereIn('group_id', t.deps.db('user_groups').where({ code: 'LOGISTIC_STAFF' }).select('id'))
        .whereIn('menu_id', t.deps.db('menus').whereRaw('lower(controller) = ?', ['saporder']).select('id'));
    let notified = nextDrop(b, 'permissions');
    expect(await grant().update({ can_view: false })).toBeGreaterThan(0);
    expect((await masterList(a, token)).status).toBe(403);
    await notified;
    expect((await masterList(b, token)).status).toBe(403);
    notified = nextDrop(b, 'permissions');
    await grant().update({ can_view: true });
    await notified;
    expect((await masterList(b, token)).status).toBe(200);
    expect((await masterList(a, token)).status).toBe(200);
  });

  test("given a user's plant grants cached in both processes, when a company grant is withdrawn straight in the database, then the writer lists that company's orders as not editable and refuses their editor on the next request, and the other once notified; cached pages do not read the grants", async () => {
    const token = await loginAs(t, 'logistic');
    const user = (await t.deps.db('users').where({ username: 'logistic' }).first('id')) as { id: number };
    await importErpDocuments(t.deps.db, [sapDocument('0077100001', { company: '2000' })], {
      source: 'sandbox',
      user: 'test',
    });
    const { id } = (await t.deps.db('sap_orders').where({ document_no: '0077100001' }).first('id')) as {
      id: number;
    };
    const listed = async (p: Process) => {
      const res = await p
        .request()
        .post('/api/saporder/list')
        .set('Authorization', token)
        .send({ filters: [{ field: 'Document_No', value: '0077100001', matchMode: 'contains' }] });
      expect(res.status).toBe(200);
      return (res.body.data as { can_edit: boolean }[]).map((r) => r.can_edit);
    };
    const editor = async (p: Process) =>
      (await p.request().get(`/api/saporder/${id}/edit`).set('Authorization', token)).status;
    const editable = async (p: Process) => ({ listed: await listed(p), editor: await editor(p) });
    const granted = { listed: [true], editor: 200 };
    const refused = { listed: [false], editor: 403 };
    expect(await editable(a)).toEqual(granted);
    expect(await editable(b)).toEqual(granted);
    const grantReads: string[] = [];
    const onQuery = (q: { sql?: string }) => {
      if (q.sql?.includes('user_plants')) grantReads.push(q.sql);
    };
    t.deps.db.on('query', onQuery);
    try {
      expect(await editable(a)).toEqual(granted);
    } finally {
      t.deps.db.removeListener('query', onQuery);
    }
    expect(grantReads).toEqual([]);

    const grant = () => t.deps.db('user_plants').where({ user_id: user.id, company_code: '2000' });
    const withdrawn = (await grant().select('user_id', 'company_code', 'plant_code')) as Record<
      string,
      unknown
    >[];
    expect(withdrawn.length).toBeGreaterThan(0);
    let notified = nextDrop(b, 'permissions');
    await grant().delete();
    expect(await editable(a)).toEqual(refused);
    await notified;
    expect(await editable(b)).toEqual(refused);
    notified = nextDrop(b, 'permissions');
    await t.deps.db('user_plants').insert(withdrawn);
    await notified;
    expect(await editable(b)).toEqual(granted);
    expect(await editable(a)).toEqual(granted);
  });

  test('given a contains filter on the customer code answered from memory in both processes, when an order gets a code never stored before, then the writer finds it on the next request and the other once notified', async () => {
    const admin = await loginAs(t, 'admin');
    const find = async (p: Process) => {
      const res = await p
        .request()
        .post('/api/saporder/list')
        .set('Authorization', admin)
        .send({ filters: [{ field: 'Customer_Vendor_Code', value: 'zq9', matchMode: 'contains' }] });
      expect(res.status).toBe(200);
      return (res.body.data as { Document_No: string }[]).map((r) => r.Document_No);
    };
    expect(await find(a)).toEqual([]);
    expect(await find(b)).toEqual([]);
    const before = a.queries();
    expect(await find(a)).toEqual([]);
    // The codes of the pattern come from memory: the page's search and nothing else.
    expect(a.queries() - before).toBe(1);
    const order = (await t.deps
      .db('sap_orders')
      .orderBy('id')
      .first('id', 'document_no', 'customer_vendor_code')) as {
      id: number;
      document_no: string;
      customer_vendor_code: string | null;
    };
    const notified = nextDrop(b, 'sap-order-values');
    await t.deps.db('sap_orders').where({ id: order.id }).update({ customer_vendor_code: 'CUSZQ9' });
    expect(await find(a)).toEqual([order.document_no]);
    await notified;
    expect(await find(b)).toEqual([order.document_no]);
    await t.deps
      .db('sap_orders')
      .where({ id: order.id })
      .update({ customer_vendor_code: order.customer_vendor_code });
  });

  test('given statements of this process, when their topics are named, then reads and frames change nothing, every write may change the counters, and a write naming a cached table changes its topic too', () => {
    expect(topicsOfWrite('select * from "users" where "id" = $1')).toEqual([]);
    expect(topicsOfWrite('BEGIN;')).toEqual([]);
    expect(topicsOfWrite('set local statement_timeout = 0')).toEqual([]);
    expect(topicsOfWrite('COMMIT;')).toEqual([]);
    expect(topicsOfWrite('insert into "orders" ("order_no") values ($1)')).toEqual(['counters']);
    expect(topicsOfWrite('update running_numbers r set next_number = 2')).toEqual(['counters']);
    expect(topicsOfWrite('update "users" set "is_active" = $1')).toEqual(['counters', 'auth', 'master-data']);
    expect(topicsOfWrite('update "freight_rates" set "cost" = $1')).toEqual(['counters', 'master-data']);
    // The names that label an order in the list (migration 022).
    expect(topicsOfWrite('update "companies" set "company_name" = $1')).toEqual(['counters', 'master-data']);
    expect(topicsOfWrite('update incoterms set incoterm_name = $1')).toEqual(['counters', 'master-data']);
    expect(topicsOfWrite('delete from "product_categories"')).toEqual(['counters', 'master-data']);
    expect(topicsOfWrite('delete from public.auth_tokens where id = $1')).toEqual(['counters', 'auth']);
    expect(topicsOfWrite('insert into "group_menus" ("group_id") values ($1)')).toEqual([
      'counters',
      'permissions',
    ]);
    expect(topicsOfWrite('truncate table user_plants')).toEqual(['counters', 'permissions']);
    // A table only read inside a write is named too: a needless drop, never a stale answer.
    expect(
      topicsOfWrite('with x as (select id from users) insert into approvals (user_id) select id from x'),
    ).toEqual(['counters', 'auth', 'master-data']);
    // Names that merely contain a cached table's name are other tables.
    expect(topicsOfWrite('update "user_group_menus_log" set "x" = 1')).toEqual(['counters']);
    expect(topicsOfWrite('update "sap_order_values_archive" set "x" = 1')).toEqual(['counters']);
  });

  test("given a migrated database, when its notify_change triggers are read, then each topic's tables are exactly those the feed names for it", async () => {
    const { rows } = await t.deps.db.raw<{ rows: { table_name: string; topic: string }[] }>(
      `select distinct c.relname as table_name,
              convert_from(substring(tg.tgargs from 1 for position('\\000'::bytea in tg.tgargs) - 1), 'UTF8') as topic
         from pg_trigger tg
         join pg_proc p on p.oid = tg.tgfoid
         join pg_class c on c.oid = tg.tgrelid
        where p.proname = 'notify_change' and not tg.tgisinternal`,
    );
    const triggered: Record<string, string[]> = {};
    for (const row of rows) (triggered[row.topic] ??= []).push(row.table_name);
    const { counters, ...cached } = triggered;
    expect(counters?.sort()).toEqual(['status_counter_deltas', 'status_counters']);
    const named = Object.fromEntries(
      Object.entries(TOPIC_TABLES).map(([topic, tables]) => [topic, [...new Set(tables)].sort()]),
    );
    expect(
      Object.fromEntries(Object.entries(cached).map(([topic, tables]) => [topic, tables.sort()])),
    ).toEqual(named);
  });

  test('given a session and its permissions cached, when this process writes orders (tables no session or permission cache reads), then the next request reads neither tokens nor grants', async () => {
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    await t.deps.db('running_numbers').where({ id: -1 }).update({ next_number: 1 });
    await t.deps.db.transaction(async (trx) => {
      await trx('running_numbers').where({ id: -1 }).update({ next_number: 1 });
    });
    const reads: string[] = [];
    const onQuery = (q: { sql?: string }) => void (q.sql && reads.push(q.sql));
    t.deps.db.on('query', onQuery);
    try {
      expect((await masterList(a, token)).status).toBe(200);
    } finally {
      t.deps.db.removeListener('query', onQuery);
    }
    expect(reads.filter((sql) => /auth_tokens|group_menus|user_group_members/.test(sql))).toEqual([]);
    // The counters are kept by triggers on many tables: any write drops them, and they are read again.
    expect(reads.some((sql) => /status_counter/.test(sql))).toBe(true);
  });

  test('given a session read while a transaction of this process deactivates its user, when that transaction commits, then the very next request of this process refuses it', async () => {
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    try {
      await t.deps.db.transaction(async (trx) => {
        await trx('users').where({ username: 'logistic' }).update({ is_active: false });
        // Another request meanwhile sees the user as committed (active) and may keep that.
        expect((await masterList(a, token)).status).toBe(200);
      });
      expect((await masterList(a, token)).status).toBe(401);
    } finally {
      const notified = nextDrop(b, 'auth');
      await t.deps.db('users').where({ username: 'logistic' }).update({ is_active: true });
      await notified;
    }
  });

  test('given freight options answered in both processes, when the same question comes again, then no master data is read; when a freight rate is changed straight in the database, then the writer prices with it on the next request and the other once notified', async () => {
    const token = await loginAs(t, 'logistic');
    const so = await importAssignable(t.deps.db, '0077200001');
    const body = {
      loading: await locationId(t.deps.db, LANE.from),
      destination: await locationId(t.deps.db, LANE.to),
      materials: so.lines.map((l) => ({ Id: l.Id, Qty: l.os_qty })),
      container: 1,
      charge_oa_company: LANE.company,
      warehouse_code: 'WH-1101-CPO',
      freight_date: FREIGHT_DATE,
      trip_type: 'ONE_WAY',
      shipment_type: 'COLLECTIVE',
    };
    const costs = async (p: Process) => {
      const res = await p
        .request()
        .post('/api/list/transporter_freight')
        .set('Authorization', token)
        .send(body);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body.data as { transporter_code: string; cost: number }[]).map((o) => [
          o.transporter_code,
          o.cost,
        ]),
      );
    };
    const before = await costs(a);
    expect(await costs(b)).toEqual(before);
    const reads: string[] = [];
    const onQuery = (q: { sql?: string }) => void (q.sql && reads.push(q.sql));
    t.deps.db.on('query', onQuery);
    try {
      expect(await costs(a)).toEqual(before);
    } finally {
      t.deps.db.removeListener('query', onQuery);
    }
    const master = /freight_rates|"locations"|material_conversions|transporters|truck_types/;
    expect(reads.filter((sql) => master.test(sql))).toEqual([]);

    const transporter = Object.keys(before)[0]!;
    const rate = () =>
      t.deps
        .db('freight_rates')
        .whereRaw('lower(transporter_code) = lower(?)', [transporter])
        .whereRaw('lower(loading_location_code) = lower(?)', [LANE.from])
        .whereRaw('lower(destination_location_code) = lower(?)', [LANE.to])
        .where('valid_from', '<=', FREIGHT_DATE)
        .where('valid_to', '>=', FREIGHT_DATE);
    const old = (await rate().select('id', 'cost')) as { id: number; cost: string }[];
    expect(old.length).toBeGreaterThan(0);
    let notified = nextDrop(b, 'master-data');
    await rate().update({ cost: t.deps.db.raw('cost + 1') });
    try {
      expect((await costs(a))[transporter]).toBeCloseTo(before[transporter]! + 1, 6);
      await notified;
      expect((await costs(b))[transporter]).toBeCloseTo(before[transporter]! + 1, 6);
    } finally {
      notified = nextDrop(b, 'master-data');
      for (const r of old) await t.deps.db('freight_rates').where({ id: r.id }).update({ cost: r.cost });
      await notified;
    }
    expect(await costs(b)).toEqual(before);
  });

  test('given a closed feed, when requests come, then every session check and count is read from the database again', async () => {
    const token = await loginAs(t, 'logistic');
    expect((await masterList(a, token)).status).toBe(200);
    await a.feed.close();
    expect(a.feed.live).toBe(false);
    const before = a.queries();
    expect((await masterList(a, token)).status).toBe(200);
    // Token, rights, shipment types and counters.
    expect(a.queries() - before).toBe(4);
    await t.deps.db('auth_tokens').whereNull('revoked_date').update({ revoked_date: new Date() });
    expect((await masterList(a, token)).status).toBe(401);
  });
});
