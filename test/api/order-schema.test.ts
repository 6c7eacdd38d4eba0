// The order's tables as migration 016 builds them on a fresh database: each field of db/resources/order.ts has its
// column, the list's sorts and searches are read from indexes (DESIGN §6), the constraints refuse what no order
// may hold, a history row is written once per idempotency key, the dashboard counts orders exactly, and the
// migration rolls back and forth.
import { columnOf, type EntityDef, type FieldDef } from '../../db/resources/engine';
import { ORDER_STATUSES, Order, OrderHistory, OrderLine, OrderTransporter } from '../../db/resources/order';
import * as m016 from '../../db/migrations/016_orders';
import * as m017 from '../../db/migrations/017_order_workflow_input';
import * as m018 from '../../db/migrations/018_order_line_returns';
import * as m019 from '../../db/migrations/019_order_edits';
import * as m020 from '../../db/migrations/020_order_transporter_counters';
import {
  ORDER_GRAM_COLUMNS,
  ORDER_SORT_COLUMNS,
  ORDER_TRIGRAM_COLUMNS,
} from '../../db/migrations/016_orders';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { counterDrift, createTestDb, type TestDb } from '../support/db';

interface Column {
  column_name: string;
  data_type: string;
  is_nullable: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

const TYPES: Record<FieldDef['type'], string[]> = {
  text: ['character varying'],
  textarea: ['character varying'],
  lookup: ['character varying'],
  ref: ['character varying'],
  enum: ['character varying'],
  integer: ['integer', 'bigint'],
  decimal: ['numeric'],
  bool: ['boolean'],
  date: ['date'],
  datetime: ['timestamp with time zone'],
  json: ['jsonb'],
};

let t: TestDb;
let db: Db;
let seq = 0;

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterAll(async () => {
  await t.destroy();
});

async function columnsOf(table: string): Promise<Map<string, Column>> {
  const result = await db.raw<{ rows: Column[] }>(
    `select column_name, data_type, is_nullable, character_maximum_length, numeric_precision, numeric_scale
       from information_schema.columns where table_schema = current_schema() and table_name = ?`,
    [table],
  );
  return new Map(result.rows.map((c) => [c.column_name, c]));
}

/** The plan of a query, with sorting and sequential scans made as costly as PostgreSQL allows. */
async function planOf(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<string> {
  return db.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    await trx.raw('set local enable_sort = off');
    const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${sql}`, bindings);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** A SAP order with one line of 100, and its line's id. */
async function sapLine(): Promise<number> {
  const [header] = await db('sap_orders')
    .insert({ document_no: `SAP-${++seq}`, status: 'APPROVED' })
    .returning<{ id: number }[]>('id');
  const [line] = await db('sap_order_details')
    .insert({
      sap_order_id: header!.id,
      item_no: '000010',
      material_code: 'MAT-1',
      qty: 100,
      os_qty: 100,
      uom: 'KG',
    })
    .returning<{ id: string }[]>('id');
  return Number(line!.id);
}

async function order(patch: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db('orders')
    .insert({ order_no: `ORD-${++seq}`, status: 'ASSIGNED TO TRANSPORTER', ...patch })
    .returning<{ id: number }[]>('id');
  return row!.id;
}

/** The PostgreSQL error code a statement fails with, or null when it succeeds. */
async function failure(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

describe('the order tables of migration 016', () => {
  const ENTITIES: [string, EntityDef, string | undefined][] = [
    [Order.table, Order, undefined],
    [OrderLine.table, OrderLine, Order.lines.parentColumn],
    [OrderTransporter.table, OrderTransporter, undefined],
    [OrderHistory.table, OrderHistory, undefined],
  ];

  test.each(ENTITIES)(
    'given the %s definition, then every field has its column with a matching type, nullability and size, and every other column is internal',
    async (_table, def, parentColumn) => {
      const columns = await columnsOf(def.table);
      for (const f of def.fields) {
        const c = columns.get(columnOf(f));
        expect([f.name, c?.column_name]).toEqual([f.name, columnOf(f)]);
        expect([f.name, TYPES[f.type]]).toEqual([f.name, expect.arrayContaining([c!.data_type])]);
        if (f.required) expect([f.name, c!.is_nullable]).toEqual([f.name, 'NO']);
        if (c!.character_maximum_length !== null) {
          expect([f.name, f.maxLength]).toEqual([f.name, c!.character_maximum_length]);
        }
        if (f.type === 'decimal') {
          expect([f.name, f.precision, f.scale]).toEqual([f.name, c!.numeric_precision, c!.numeric_scale]);
        }
        if (f.type === 'integer' && f.name !== 'Id') {
          expect([f.name, c!.data_type]).toEqual([f.name, f.bigint ? 'bigint' : 'integer']);
        }
      }
      const internal = [...(def.internalColumns ?? []), ...(parentColumn ? [parentColumn] : [])];
      for (const c of internal) expect([c, columns.has(c)]).toEqual([c, true]);
      expect(columns.size).toBe(def.fields.length + internal.length);
    },
  );

  test.each(ORDER_SORT_COLUMNS.flatMap((c) => [[c, 'asc'] as const, [c, 'desc'] as const]))(
    'given the list sorted by %s %s (nulls last, newest first on ties), then a page is read from an index without sorting',
    async (column, dir) => {
      const plan = await planOf(
        `select id from orders order by ${column} ${dir} nulls last, id desc limit 15 offset 30`,
      );
      expect(plan).toContain(`orders_${column}_${dir}_idx`);
      expect(plan).not.toMatch(/\bSort\b/);
    },
  );

  test.each(ORDER_STATUSES.map((s) => [s]))(
    'given the %s tab, then its newest page is read from an index without sorting',
    async (status) => {
      const plan = await planOf('select id from orders where status = ? order by id desc limit 15', [status]);
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/\bSort\b/);
    },
  );

  test("given a transporter's tab by status or by its answer, then the page is read from an index without sorting", async () => {
    for (const [where, index] of [
      ['status = ?', 'orders_transporter_status_idx'],
      ['dispatch_status = ?', 'orders_transporter_dispatch_idx'],
    ] as const) {
      const plan = await planOf(
        `select id from orders where transporter_code = 'TRP1' and ${where} order by id desc limit 15`,
        ['WAITING'],
      );
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  test('given contains filters on the numbers and the names of many orders, then each goes through its gram or trigram index', async () => {
    // Enough orders, analysed, for the planner to weigh an index search against reading the others.
    await db.raw(`
      insert into orders (order_no, status, sap_no, transporter_name, customer_vendor_name)
        select 'GEN-' || lpad(i::text, 7, '0'), 'ACCEPTED', lpad((8000000000 + i)::text, 10, '0'),
               'Transporter ' || md5(i::text), 'Customer ' || md5((i * 7)::text)
          from generate_series(1, 3000) as g(i)`);
    // Vacuumed as autovacuum would: rows inserted into a GIN index wait in its pending list until then.
    await db.raw('vacuum analyze orders');
    for (const column of ORDER_GRAM_COLUMNS) {
      const plan = await planOf(
        `select id from orders where tms_grams(${column}) @@ tms_grams_query(?) and ${column} ilike ?`,
        ['0002345', '%0002345%'],
      );
      expect(plan).toContain(`orders_${column}_grams_idx`);
    }
    for (const column of ORDER_TRIGRAM_COLUMNS) {
      const plan = await planOf(`select id from orders where ${column} ilike ?`, ['%3c59dc0%']);
      expect(plan).toContain(`orders_${column}_trgm_idx`);
    }
  });

  test('given an order with only the columns of 001, then it is stored with its defaults', async () => {
    const id = await order();
    const row = await db('orders').where({ id }).first();
    expect(row).toMatchObject({
      multiple_weighing: 'N',
      show_conversion_type: 'N',
      is_relation: false,
      has_shipment: false,
      version: 0,
      workflow_id: null,
    });
    expect(row.order_date).toBeInstanceOf(Date);
    expect(Number(row.revert_qty)).toBe(0);
  });

  test('given values no order may hold, then the constraints refuse each and the duplicate order number', async () => {
    expect(await failure(() => order({ status: 'SHIPPED SOMEWHERE' }))).toBe('23514');
    expect(await failure(() => order({ dispatch_status: 'MAYBE' }))).toBe('23514');
    expect(await failure(() => order({ shipment_type_category: 'BARGE' }))).toBe('23514');
    expect(await failure(() => order({ multiple_weighing: 'X' }))).toBe('23514');
    expect(
      await failure(() => order({ stuffing_date_from: '2026-05-02', stuffing_date_to: '2026-05-01' })),
    ).toBe('23514');
    const id = await order();
    const { order_no } = await db('orders').where({ id }).first('order_no');
    expect(await failure(() => order({ order_no }))).toBe('23505');
    for (const status of ORDER_STATUSES) {
      expect([status, await failure(() => order({ status }))]).toEqual([status, null]);
    }
    for (const dispatch_status of ['WAITING', 'ACCEPTED', 'REJECTED', 'AUTO REJECTED']) {
      expect(await failure(() => order({ dispatch_status }))).toBeNull();
    }
  });

  test('given order lines, then each reserves a quantity of an existing SAP line (0 once reassign gave it all back, never less), returns at most that (revert_qty), once per item, and holds it', async () => {
    const orderId = await order();
    const sapOrderDetailId = await sapLine();
    const line = (patch: Record<string, unknown> = {}) =>
      db('order_details').insert({
        order_id: orderId,
        sap_order_detail_id: sapOrderDetailId,
        item_no: '000010',
        sap_no: 'SAP-1',
        sap_item_no: '000010',
        material_code: 'MAT-1',
        qty: 40,
        uom: 'KG',
        ...patch,
      });
    expect(await failure(() => line({ qty: -1 }))).toBe('23514');
    expect(await failure(() => line({ os_qty: -1 }))).toBe('23514');
    expect(await failure(() => line({ revert_qty: 40.001 }))).toBe('23514');
    expect(await failure(() => line({ revert_qty: -1 }))).toBe('23514');
    expect(await failure(() => line({ sap_order_detail_id: 987654321 }))).toBe('23503');
    expect(await failure(() => line())).toBeNull();
    expect(await failure(() => line())).toBe('23505');
    // A SAP line an order holds cannot be deleted from under it.
    expect(await failure(() => db('sap_order_details').where({ id: sapOrderDetailId }).delete())).toBe(
      '23503',
    );
    const plan = await planOf('select sum(qty) from order_details where sap_order_detail_id = ?', [
      sapOrderDetailId,
    ]);
    expect(plan).toContain('order_details_sap_order_detail_id_order_id_index');
  });

  test('given a history row written twice under one idempotency key, then it is stored once, and a plain second insert is refused', async () => {
    const orderId = await order();
    const row = {
      order_id: orderId,
      status_from: 'ASSIGNED TO TRANSPORTER',
      status_to: 'REJECTED',
      remark: 'truck broke down',
      created_by: 'trp1',
      idempotency_key: `order:ORD-${orderId}/reject/1`,
    };
    for (let i = 0; i < 2; i++)
      await db('order_histories').insert(row).onConflict('idempotency_key').ignore();
    const [stored] = await db('order_histories')
      .where({ order_id: orderId })
      .count<{ n: string }[]>('* as n');
    expect(Number(stored!.n)).toBe(1);
    expect(await failure(() => db('order_histories').insert(row))).toBe('23505');
    expect(
      await failure(() =>
        db('order_histories').insert({ ...row, status_to: 'NOWHERE', idempotency_key: 'other' }),
      ),
    ).toBe('23514');
  });

  test('given an order with lines, transporters and history, when it is deleted, then they go with it', async () => {
    const orderId = await order({ shipment_type_category: 'COLLECTIVE' });
    await db('order_details').insert({
      order_id: orderId,
      sap_order_detail_id: await sapLine(),
      item_no: '000010',
      sap_no: 'SAP-X',
      sap_item_no: '000010',
      material_code: 'MAT-1',
      qty: 5,
      uom: 'KG',
    });
    await db('order_transporters').insert([
      { order_id: orderId, transporter_code: 'TRP1', user_not: 2, freight_cost: 100 },
      { order_id: orderId, transporter_code: 'TRP2', user_not: 1, freight_cost: 120 },
    ]);
    expect(
      await failure(() =>
        db('order_transporters').insert({ order_id: orderId, transporter_code: 'T', user_not: 0 }),
      ),
    ).toBe('23514');
    await db('order_histories').insert({
      order_id: orderId,
      status_to: 'ASSIGNED TO TRANSPORTER',
      idempotency_key: `c${orderId}`,
    });
    await db('orders').where({ id: orderId }).delete();
    for (const table of ['order_details', 'order_transporters', 'order_histories']) {
      expect([table, await db(table).where({ order_id: orderId }).first()]).toEqual([table, undefined]);
    }
  });

  test("given the app's connections, then the server compiles nothing just in time (db/connection.ts: jit off)", async () => {
    const answer = await db.raw<{ rows: { jit: string }[] }>('show jit');
    expect(answer.rows[0]!.jit).toBe('off');
  });

  test('given orders created, moved and completed, then the dashboard counters equal count(*) of orders', async () => {
    const before = await db('status_counter_totals')
      .where({ entity: 'ORDER', status: 'ACCEPTED' })
      .first<{ total: string } | undefined>('total');
    const ids = [await order({ status: 'ACCEPTED' }), await order({ status: 'ACCEPTED' })];
    await db('orders').where({ id: ids[0] }).update({ status: 'COMPLETED', completed_date: new Date() });
    const after = await db('status_counter_totals')
      .where({ entity: 'ORDER', status: 'ACCEPTED' })
      .first<{ total: string }>('total');
    expect(Number(after.total)).toBe(Number(before?.total ?? 0) + 1);
    const [done] = await db('daily_completion_totals')
      .where({ entity: 'ORDER' })
      .sum<{ n: string }[]>('total as n');
    expect(Number(done!.n)).toBe(1);
    expect(await counterDrift(db)).toEqual([]);
  });

  test("given a collective order of TRP001 (two rows) and TRP002, when its rows, status and answer change and it is deleted, then each transporter's own counts (ORDER_TRANSPORTER) count it once, follow it, and stay exact", async () => {
    const count = async (code: string) => {
      const rows = (await db('status_counter_totals')
        .where('entity', 'ORDER_TRANSPORTER')
        .where('status', 'like', `${code}|%`)
        .where('total', '<>', 0)
        .orderBy('status')
        .select('status', 'total')) as { status: string; total: string }[];
      return Object.fromEntries(rows.map((r) => [r.status.slice(code.length + 1), Number(r.total)]));
    };
    const [order] = (await db('orders')
      .insert({
        order_no: 'ORD-CNT-1',
        status: 'ASSIGNED TO TRANSPORTER',
        dispatch_status: 'WAITING',
        created_by: 'x',
      })
      .returning('id')) as { id: number }[];
    const id = order!.id;
    await db('order_transporters').insert([
      { order_id: id, transporter_code: 'TRPC01' },
      { order_id: id, transporter_code: 'TRPC01' },
      { order_id: id, transporter_code: 'TRPC02' },
    ]);
    expect(await count('TRPC01')).toEqual({ 'ASSIGNED TO TRANSPORTER|WAITING': 1 });
    expect(await count('TRPC02')).toEqual({ 'ASSIGNED TO TRANSPORTER|WAITING': 1 });
    await db('orders').where('id', id).update({ status: 'ACCEPTED', dispatch_status: 'ACCEPTED' });
    expect(await count('TRPC01')).toEqual({ 'ACCEPTED|ACCEPTED': 1 });
    // One of TRPC01's two rows goes: still its order. The second goes too: no longer.
    const first = (await db('order_transporters')
      .where({ order_id: id, transporter_code: 'TRPC01' })
      .first('id')) as {
      id: number;
    };
    await db('order_transporters').where('id', first.id).delete();
    expect(await count('TRPC01')).toEqual({ 'ACCEPTED|ACCEPTED': 1 });
    // A row moved to another transporter (edit assign rewrites rows; an update is counted as well).
    await db('order_transporters')
      .where({ order_id: id, transporter_code: 'TRPC01' })
      .update({ transporter_code: 'TRPC03' });
    expect(await count('TRPC01')).toEqual({});
    expect(await count('TRPC03')).toEqual({ 'ACCEPTED|ACCEPTED': 1 });
    // An update that leaves the transporter as it was changes nothing.
    await db('order_transporters')
      .where({ order_id: id })
      .update({ transporter_code: db.raw('transporter_code') });
    expect(await count('TRPC02')).toEqual({ 'ACCEPTED|ACCEPTED': 1 });
    expect(await counterDrift(db)).toEqual([]);
    await db('orders').where('id', id).delete();
    expect(await count('TRPC02')).toEqual({});
    expect(await count('TRPC03')).toEqual({});
    expect(await counterDrift(db)).toEqual([]);
  });

  test('given the migrations rolled back, then orders is as 001 left it, and migrating again rebuilds the tables', async () => {
    await db.transaction(async (trx) => {
      await trx('order_histories').delete();
      await trx('order_transporters').delete();
      await trx('order_details').delete();
      await m020.down(trx);
      await m019.down(trx);
      await m018.down(trx);
      await m017.down(trx);
      await m016.down(trx);
      const columns = await trx.raw<{ rows: { column_name: string }[] }>(
        `select column_name from information_schema.columns where table_schema = current_schema()
            and table_name = 'orders' order by column_name`,
      );
      expect(columns.rows.map((r) => r.column_name)).toEqual([
        'completed_date',
        'created_by',
        'created_date',
        'edited_by',
        'edited_date',
        'id',
        'order_no',
        'status',
      ]);
      expect(await trx.schema.hasTable('order_details')).toBe(false);
      await m016.up(trx);
      await m017.up(trx);
      await m018.up(trx);
      await m019.up(trx);
      await m020.up(trx);
    });
    expect((await columnsOf('orders')).size).toBe(Order.fields.length + Order.internalColumns.length);
  });
});
