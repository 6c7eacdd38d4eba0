// Acceptance point: "the embedded database stays correct when the console, the worker and a background job
// write at the same time". PGlite is one session, so db/connection.ts gives it a pool of exactly one
// connection and concurrent transactions queue for it. These tests always run on embedded PGlite (whatever
// DATABASE_URL says) with three writers shaped like the product's, started together with Promise.all.
import { counterDrift, createTestDb, type TestDb } from '../support/db';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/api';
import type { Db } from '../../db/connection';

const DELIBERATE = 'background job failed half-way on purpose';

/** Yields to the event loop, so every other writer gets the chance to interleave here if it could. */
const yieldNow = () => new Promise((resolve) => setImmediate(resolve));

describe('three writers at once on embedded PGlite', () => {
  let testDb: TestDb;
  let db: Db;

  beforeAll(async () => {
    testDb = await createTestDb({ forceEmbedded: true });
    db = testDb.db;
    expect(testDb.kind).toBe('pglite');
    await db.schema.createTable('console_tally', (t) => {
      t.integer('id').primary();
      t.integer('n').notNullable();
    });
    await db('console_tally').insert({ id: 1, n: 0 });
    await db('shipments').insert(
      Array.from({ length: 50 }, (_, i) => ({
        shipment_no: `BG-${i}`,
        status: 'NEW',
        progress_status: null,
      })),
    );
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  test('given a console, a worker and a background job writing concurrently (one job failing half-way), when all settle, then every committed change is there exactly once, the failed one left nothing, and the counters equal count(*)', async () => {
    const errors: string[] = [];
    const record = (e: unknown) => void errors.push(e instanceof Error ? e.message : String(e));

    // (a) console: API-style read-modify-write under a row lock. A lost update would leave n below 50.
    const consoleWrites = Array.from({ length: 50 }, () =>
      db
        .transaction(async (trx) => {
          const row = await trx<{ id: number; n: number }>('console_tally')
            .where({ id: 1 })
            .forUpdate()
            .first('n');
          await yieldNow();
          await trx('console_tally')
            .where({ id: 1 })
            .update({ n: row!.n + 1 });
        })
        .catch(record),
    );

    // (b) worker: activities that create an order and move it along, so the counter triggers fire.
    const workerWrites = Array.from({ length: 50 }, (_, i) =>
      db
        .transaction(async (trx) => {
          const [order] = await trx('orders')
            .insert({ order_no: `WK-${i}`, status: 'ASSIGNED TO TRANSPORTER', created_by: 'worker' })
            .returning<{ id: number }[]>('id');
          await yieldNow();
          await trx('orders').where({ id: order!.id }).update({ status: 'ACCEPTED' });
          if (i % 5 === 0) {
            await trx('orders')
              .where({ id: order!.id })
              .update({ status: 'COMPLETED', completed_date: new Date() });
          }
        })
        .catch(record),
    );

    // (c) background job: shipment stage changes, and one run that fails after writing a bit of everything.
    const jobWrites = Array.from({ length: 50 }, (_, i) =>
      db
        .transaction(async (trx) => {
          await trx('shipments')
            .where({ shipment_no: `BG-${i}` })
            .update({ progress_status: 'APPOINTMENT CREATED' });
          await yieldNow();
          await trx('shipments')
            .where({ shipment_no: `BG-${i}` })
            .update({ status: 'IN PROGRESS', progress_status: i % 2 ? 'REGISTRATION IN' : 'IN WAREHOUSE' });
        })
        .catch(record),
    );
    const failingJob = db
      .transaction(async (trx) => {
        await trx('shipments').insert([
          { shipment_no: 'FAIL-1', status: 'NEW' },
          { shipment_no: 'FAIL-2', status: 'COMPLETED', completed_date: new Date() },
        ]);
        await trx('orders').insert({
          order_no: 'FAIL-ORDER',
          status: 'COMPLETED',
          completed_date: new Date(),
        });
        await trx('sap_orders').insert({ document_no: 'FAIL-DOC', status: 'APPROVED' });
        await trx('console_tally').where({ id: 1 }).increment('n', 1000);
        await yieldNow();
        throw new Error(DELIBERATE);
      })
      .catch(record);

    await Promise.all([
      ...consoleWrites,
      ...workerWrites,
      ...jobWrites.slice(0, 25),
      failingJob,
      ...jobWrites.slice(25),
    ]);

    expect(errors).toEqual([DELIBERATE]);
    expect((await db('console_tally').where({ id: 1 }).first('n')).n).toBe(50);

    const orders = await db<{ order_no: string; status: string }>('orders')
      .where('order_no', 'like', 'WK-%')
      .select('order_no', 'status');
    expect(orders).toHaveLength(50);
    expect(new Set(orders.map((o) => o.order_no)).size).toBe(50);
    expect(orders.filter((o) => o.status === 'COMPLETED')).toHaveLength(10);
    expect(orders.filter((o) => o.status === 'ACCEPTED')).toHaveLength(40);

    const stages = await db<{ shipment_no: string; status: string; progress_status: string | null }>(
      'shipments',
    )
      .where('shipment_no', 'like', 'BG-%')
      .select('status', 'progress_status');
    expect(stages.every((s) => s.status === 'IN PROGRESS')).toBe(true);
    expect(stages.filter((s) => s.progress_status === 'REGISTRATION IN')).toHaveLength(25);

    expect(await db('shipments').where('shipment_no', 'like', 'FAIL-%').first()).toBeUndefined();
    expect(await db('orders').where({ order_no: 'FAIL-ORDER' }).first()).toBeUndefined();
    expect(await db('sap_orders').where({ document_no: 'FAIL-DOC' }).first()).toBeUndefined();

    expect(await counterDrift(db)).toEqual([]);
    const counters = await db<{ entity: string; status: string; total: number | string }>(
      'status_counter_totals',
    ).select('entity', 'status', 'total');
    const total = (entity: string, status: string) =>
      Number(counters.find((c) => c.entity === entity && c.status === status)?.total ?? 0);
    expect(total('ORDER', 'COMPLETED')).toBe(10);
    expect(total('SHIPMENT', 'IN WAREHOUSE')).toBe(25);
    expect(total('SHIPMENT', 'NEW')).toBe(0);
    expect(total('SAP_ORDER', 'APPROVED')).toBe(0);
    const [daily] = await db('daily_completion_totals')
      .where({ entity: 'ORDER' })
      .sum<{ n: number | string }[]>('total as n');
    expect(Number(daily!.n)).toBe(10);
  }, 60_000);
});

describe('the real app on embedded PGlite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ forceEmbedded: true });
    expect(t.testDb.kind).toBe('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  test('given 20 logins sent in parallel, when they settle, then all succeed with distinct tokens that work, and exactly 20 auth_tokens rows were created', async () => {
    const before = Number((await t.deps.db('auth_tokens').count<{ n: string }[]>('* as n'))[0]!.n);
    const users = ['admin', 'logistic', 'warehouse', 'transporter', 'customer'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t
          .request()
          .post('/api/auth/login')
          .send({ Username: users[i % users.length], Password: DEMO_PASSWORD }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.body.success === true)).toBe(true);
    const tokens = answers.map((r) => r.body.data.token as string);
    expect(new Set(tokens).size).toBe(20);
    const after = Number((await t.deps.db('auth_tokens').count<{ n: string }[]>('* as n'))[0]!.n);
    expect(after - before).toBe(20);

    const checks = await Promise.all(
      tokens.map((token) => t.request().get('/api/util/changelog').set('Authorization', token)),
    );
    expect(checks.map((r) => r.status)).toEqual(Array(20).fill(200));
  }, 60_000);

  test('given API logins while a worker writes orders, when both run at once, then both complete and the counters stay exact', async () => {
    const worker = Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.deps.db.transaction(async (trx) => {
          const [order] = await trx('orders')
            .insert({ order_no: `MIX-${i}`, status: 'ASSIGNED TO TRANSPORTER' })
            .returning<{ id: number }[]>('id');
          await yieldNow();
          await trx('orders')
            .where({ id: order!.id })
            .update({ status: i % 2 ? 'ACCEPTED' : 'REJECTED' });
        }),
      ),
    );
    const logins = Promise.all(
      Array.from({ length: 10 }, () =>
        t.request().post('/api/auth/login').send({ Username: 'logistic', Password: DEMO_PASSWORD }),
      ),
    );
    const [, answers] = await Promise.all([worker, logins]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await counterDrift(t.deps.db)).toEqual([]);
    const staff = answers[0]!.body.data.token as string;
    const figures = await t.request().get('/api/dashboard/status_count').set('Authorization', staff);
    expect(figures.body.data).toMatchObject({ order_total: 30, order_rejected: 15 });
  }, 60_000);
});
