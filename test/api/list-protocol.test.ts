// The list protocol (DESIGN.md §3) against a real database: paging, multi-column sorts, contains / equals /
// in / date filters, status tabs, and the whitelist that keeps clients from sorting or filtering on anything
// the list does not expose. Expectations come from the same 40 rows filtered and sorted in plain TypeScript.
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import pino from 'pino';
import supertest from 'supertest';
import type { Knex } from 'knex';
import { errorEnvelope } from '../../api/middleware/envelope';
import { defineRoute, mountRoutes } from '../../api/http';
import { parseLanguage } from '../../api/i18n';
import type { AppDeps } from '../../api/deps';
import { ValidationError } from '../../api/errors';
import { listRequestSchema, parseDisplayDate, runList, type ListSpec } from '../../api/list';
import { parseInput } from '../../api/validate';
import { createTestDb, type TestDb } from '../support/db';

interface Row {
  id: number;
  name: string;
  qty: number | null;
  /** yyyy-mm-dd, read as text so no time zone gets involved. */
  doc_date: string | null;
  status: string;
}

const STATUSES = ['OPEN', 'CLOSED', 'NEW', 'HOLD'];
const SPECIAL_NAMES: Record<number, string> = {
  5: '50% OFF',
  6: '50 PERCENT',
  7: 'A_B',
  8: 'AXB',
  9: 'a_b lower',
  11: 'back\\slash',
};

function isoDay(offset: number): string {
  return new Date(Date.UTC(2026, 2, 1 + offset)).toISOString().slice(0, 10);
}
function display(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The 40 rows, in id order (ids are 1..40 because the table is fresh). */
const ROWS: Row[] = Array.from({ length: 40 }, (_, k) => {
  const i = k + 1;
  return {
    id: i,
    name: SPECIAL_NAMES[i] ?? `Item ${String(i).padStart(2, '0')}`,
    qty: i % 10 === 0 ? null : (i * 7) % 13,
    doc_date: i % 9 === 0 ? null : isoDay(i % 12),
    status: STATUSES[i % 4]!,
  };
});

const spec: ListSpec = {
  fields: {
    Id: { column: 'id', sortable: true },
    Name: { column: 'name', sortable: true, filter: 'contains' },
    Qty: { column: 'qty', sortable: true, filter: 'equals' },
    Doc_Date: { column: 'doc_date', sortable: true, filter: 'date' },
    Status: { column: 'status', sortable: true, filter: 'in' },
    // Exposed for display only: neither sortable nor filterable.
    Secret_Note: { column: 'secret_note' },
  },
  tabs: {
    OPEN: (qb) => void qb.where('status', 'OPEN'),
    ACTIVE: (qb) => void qb.whereIn('status', ['OPEN', 'NEW']),
  },
  defaultSort: [{ column: 'id', order: 'asc' }],
};

let testDb: TestDb;
let db: Knex;
/** Every SQL statement knex sends while a test runs. */
const sent: string[] = [];

const base = () =>
  db('list_probe').select(
    'id',
    'name',
    'qty',
    db.raw(`to_char(doc_date, 'YYYY-MM-DD') as doc_date`),
    'status',
  );

async function list(request: unknown): Promise<{ rows: Row[]; totalRecords: number }> {
  return runList<Row>(base(), listRequestSchema.parse(request), spec);
}

async function refusal(request: unknown): Promise<ValidationError> {
  const err: unknown = await list(request).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  return err as ValidationError;
}

function sorted(rows: Row[], keys: { key: keyof Row; dir: 1 | -1 }[]): Row[] {
  return [...rows].sort((a, b) => {
    for (const { key, dir } of keys) {
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      // nulls last in both directions, as the helper asks the database for
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * dir;
    }
    return a.id - b.id;
  });
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  await db.schema.createTable('list_probe', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.integer('qty');
    t.date('doc_date');
    t.text('status').notNullable();
    t.text('secret_note');
  });
  await db('list_probe').insert(ROWS.map(({ id: _id, ...r }) => ({ ...r, secret_note: 'hidden' })));
  db.on('query', (q: { sql: string }) => sent.push(q.sql));
});
afterAll(async () => {
  await testDb.destroy();
});
beforeEach(() => {
  sent.length = 0;
});

describe('paging', () => {
  test('given 40 rows and an empty request, when listed, then the first 15 in the default order and totalRecords 40', async () => {
    const page = await list({});
    expect(page.totalRecords).toBe(40);
    expect(page.rows.map((r) => r.id)).toEqual(ROWS.slice(0, 15).map((r) => r.id));
    expect(page.rows[0]).toEqual(ROWS[0]);
  });

  test('given a sort with many ties, when paging with start 0, 15, 30, then the pages do not overlap, cover every row once and repeat identically', async () => {
    const req = (start: number) => ({ start, sorts: [{ field: 'Status', order: 'ASC' }] });
    const pages = [await list(req(0)), await list(req(15)), await list(req(30))];
    expect(pages.map((p) => p.rows.length)).toEqual([15, 15, 10]);
    expect(pages.every((p) => p.totalRecords === 40)).toBe(true);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(40);
    expect(ids).toEqual(sorted(ROWS, [{ key: 'status', dir: 1 }]).map((r) => r.id));
    expect((await list(req(15))).rows).toEqual(pages[1]!.rows);
  });

  test('given a page size in `rows`, when listed past the end, then the remaining rows and then none, with the same total', async () => {
    expect((await list({ start: 35, rows: 10 })).rows.map((r) => r.id)).toEqual([36, 37, 38, 39, 40]);
    const past = await list({ start: 100, rows: 10 });
    expect(past).toEqual({ rows: [], totalRecords: 40 });
  });

  test('given the schema, when rows is above 1000, zero, or start is negative, then it refuses; an empty request gets the defaults', () => {
    expect(listRequestSchema.safeParse({ rows: 1001 }).success).toBe(false);
    expect(listRequestSchema.safeParse({ rows: 0 }).success).toBe(false);
    expect(listRequestSchema.safeParse({ start: -1 }).success).toBe(false);
    expect(listRequestSchema.safeParse({ rows: 1000 }).success).toBe(true);
    expect(() => parseInput(listRequestSchema, { rows: 5000 })).toThrow(ValidationError);
    expect(listRequestSchema.parse({})).toEqual({ start: 0, rows: 15, sorts: [], filters: [] });
    expect(listRequestSchema.parse({ start: '30', rows: '50' })).toMatchObject({ start: 30, rows: 50 });
  });
});

describe('sorting', () => {
  test('given two sort columns (Status ASC, Qty DESC), when listed, then the rows follow both, ties broken by id', async () => {
    const page = await list({
      rows: 40,
      sorts: [
        { field: 'Status', order: 'ASC' },
        { field: 'Qty', order: 'DESC' },
      ],
    });
    const expected = sorted(ROWS, [
      { key: 'status', dir: 1 },
      { key: 'qty', dir: -1 },
    ]);
    expect(page.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  test('given the numeric orders 1 and -1 and lower-case asc/desc, when listed, then they mean ascending and descending', async () => {
    const numeric = await list({
      rows: 40,
      sorts: [
        { field: 'Doc_Date', order: -1 },
        { field: 'Qty', order: 1 },
      ],
    });
    const words = await list({
      rows: 40,
      sorts: [
        { field: 'Doc_Date', order: 'desc' },
        { field: 'Qty', order: 'asc' },
      ],
    });
    const expected = sorted(ROWS, [
      { key: 'doc_date', dir: -1 },
      { key: 'qty', dir: 1 },
    ]);
    expect(numeric.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(words.rows).toEqual(numeric.rows);
  });

  test('given a column with empty values, when sorted ascending or descending, then the empty ones come last both ways', async () => {
    for (const order of ['ASC', 'DESC']) {
      const page = await list({ rows: 40, sorts: [{ field: 'Qty', order }] });
      const tail = page.rows.slice(-4);
      expect(tail.map((r) => r.qty)).toEqual([null, null, null, null]);
      expect(tail.map((r) => r.id)).toEqual([10, 20, 30, 40]);
    }
  });

  test('given an unknown order word, when parsed, then the schema refuses it', () => {
    expect(listRequestSchema.safeParse({ sorts: [{ field: 'Name', order: 'UP' }] }).success).toBe(false);
    expect(listRequestSchema.safeParse({ sorts: [{ field: 'Name', order: 2 }] }).success).toBe(false);
  });
});

describe('filters', () => {
  const names = (rows: Row[]) => rows.map((r) => r.name);
  const all = { rows: 1000 };

  test('given contains, when the value differs in case, then it matches case-insensitively and the total counts the matches', async () => {
    const page = await list({ ...all, filters: [{ field: 'Name', value: 'iTEM 1', matchMode: 'contains' }] });
    const expected = ROWS.filter((r) => r.name.toLowerCase().includes('item 1'));
    expect(expected.length).toBeGreaterThan(5);
    expect(names(page.rows)).toEqual(names(expected));
    expect(page.totalRecords).toBe(expected.length);
  });

  test('given contains with % or _ in the value, when filtered, then they are literal characters, not wildcards', async () => {
    const percent = await list({ ...all, filters: [{ field: 'Name', value: '%', matchMode: 'contains' }] });
    expect(names(percent.rows)).toEqual(['50% OFF']);
    const underscore = await list({
      ...all,
      filters: [{ field: 'Name', value: 'a_b', matchMode: 'contains' }],
    });
    expect(names(underscore.rows)).toEqual(['A_B', 'a_b lower']);
    const backslash = await list({
      ...all,
      filters: [{ field: 'Name', value: 'k\\s', matchMode: 'contains' }],
    });
    expect(names(backslash.rows)).toEqual(['back\\slash']);
  });

  test('given the default match mode (none sent), when filtering a contains field, then it is contains', async () => {
    const page = await list({ ...all, filters: [{ field: 'Name', value: '50' }] });
    expect(names(page.rows)).toEqual(['50% OFF', '50 PERCENT']);
  });

  test('given startsWith, when filtered, then only prefixes match', async () => {
    const page = await list({ ...all, filters: [{ field: 'Name', value: 'a', matchMode: 'startsWith' }] });
    expect(names(page.rows)).toEqual(['A_B', 'AXB', 'a_b lower']);
  });

  test('given equals on a number, when filtered, then exactly the rows with that value', async () => {
    const page = await list({ ...all, filters: [{ field: 'Qty', value: 7, matchMode: 'equals' }] });
    expect(page.rows.map((r) => r.id)).toEqual(ROWS.filter((r) => r.qty === 7).map((r) => r.id));
    expect(page.totalRecords).toBeGreaterThan(0);
  });

  test('given in with an array or an "a;b" string, when filtered, then the rows whose value is one of them', async () => {
    const expected = ROWS.filter((r) => r.status === 'OPEN' || r.status === 'HOLD').map((r) => r.id);
    const arr = await list({
      ...all,
      filters: [{ field: 'Status', value: ['OPEN', 'HOLD'], matchMode: 'in' }],
    });
    expect(arr.rows.map((r) => r.id)).toEqual(expected);
    const str = await list({ ...all, filters: [{ field: 'Status', value: 'OPEN;HOLD', matchMode: 'in' }] });
    expect(str.rows.map((r) => r.id)).toEqual(expected);
    expect(str.totalRecords).toBe(20);
  });

  test('given a date in dd/mm/yyyy, when filtered, then the rows of that day only', async () => {
    const day = isoDay(3);
    const page = await list({
      ...all,
      filters: [{ field: 'Doc_Date', value: display(day), matchMode: 'date' }],
    });
    expect(page.rows.map((r) => r.id)).toEqual(ROWS.filter((r) => r.doc_date === day).map((r) => r.id));
    expect(page.totalRecords).toBeGreaterThan(0);
  });

  test('given a [from, to] range, when filtered, then both ends are included; an empty "to" means the single day', async () => {
    const from = isoDay(2);
    const to = isoDay(5);
    const range = await list({
      ...all,
      filters: [{ field: 'Doc_Date', value: [display(from), display(to)], matchMode: 'dateRange' }],
    });
    const expected = ROWS.filter((r) => r.doc_date !== null && r.doc_date >= from && r.doc_date <= to);
    expect(range.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(range.rows.map((r) => r.doc_date))).toEqual(new Set([from, isoDay(3), isoDay(4), to]));
    const single = await list({
      ...all,
      filters: [{ field: 'Doc_Date', value: [display(from), ''], matchMode: 'dateRange' }],
    });
    expect(single.rows.map((r) => r.id)).toEqual(ROWS.filter((r) => r.doc_date === from).map((r) => r.id));
  });

  test('given several filters and a tab, when listed, then all of them apply together', async () => {
    const page = await list({
      ...all,
      tab_status: 'ACTIVE',
      filters: [
        { field: 'Name', value: 'item', matchMode: 'contains' },
        { field: 'Doc_Date', value: [display(isoDay(0)), display(isoDay(6))], matchMode: 'dateRange' },
      ],
    });
    const expected = ROWS.filter(
      (r) =>
        (r.status === 'OPEN' || r.status === 'NEW') &&
        r.name.startsWith('Item') &&
        r.doc_date !== null &&
        r.doc_date <= isoDay(6),
    );
    expect(page.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  test('given empty filter values ("", null, []), when listed, then they are ignored', async () => {
    const page = await list({
      filters: [
        { field: 'Name', value: '' },
        { field: 'Qty', value: null, matchMode: 'equals' },
        { field: 'Status', value: [], matchMode: 'in' },
      ],
    });
    expect(page.totalRecords).toBe(40);
  });

  test('given an impossible or wrongly formatted date, when filtered, then a ValidationError on that field and no query runs', async () => {
    for (const value of ['31/02/2026', '2026-03-01', '1/3/2026', 'yesterday', ['01/03/2026', '32/03/2026']]) {
      sent.length = 0;
      const err = await refusal({ filters: [{ field: 'Doc_Date', value, matchMode: 'date' }] });
      expect(Object.keys(err.fieldErrors)).toEqual(['Doc_Date']);
      expect(err.fieldErrors.Doc_Date![0]!.key).toBe('validation.invalidDate');
      expect(sent).toEqual([]);
    }
    expect(parseDisplayDate('29/02/2028')).toBe('2028-02-29');
    expect(parseDisplayDate('29/02/2026')).toBeUndefined();
  });

  test('given a date match mode on a text field, when filtered, then it is refused', async () => {
    const err = await refusal({ filters: [{ field: 'Name', value: '01/03/2026', matchMode: 'date' }] });
    expect(err.fieldErrors.filters![0]).toMatchObject({
      key: 'list.matchModeNotAllowed',
      params: { field: 'Name' },
    });
  });
});

describe('status tabs', () => {
  test('given a known tab (any case), when listed, then only its rows; ALL restricts nothing', async () => {
    const open = await list({ rows: 40, tab_status: 'open' });
    expect(open.rows.map((r) => r.id)).toEqual(ROWS.filter((r) => r.status === 'OPEN').map((r) => r.id));
    expect(open.totalRecords).toBe(10);
    expect((await list({ tab_status: 'ALL' })).totalRecords).toBe(40);
  });

  test('given an unknown tab, when listed, then a ValidationError naming the tab and no query runs', async () => {
    const err = await refusal({ tab_status: 'ARCHIVED' });
    expect(err.fieldErrors.tab_status![0]).toMatchObject({
      key: 'list.tabNotAllowed',
      params: { tab: 'ARCHIVED' },
    });
    expect(sent).toEqual([]);
  });
});

describe('the whitelist', () => {
  const hostile = 'id; drop table list_probe';

  test('given a sort field outside the whitelist (hostile, unknown, or display-only), when listed, then a ValidationError naming it, and no SQL ever carries it', async () => {
    for (const field of [hostile, 'secret_note', 'Secret_Note', 'name']) {
      const err = await refusal({ sorts: [{ field, order: 'ASC' }] });
      expect(err.fieldErrors.sorts![0]).toEqual({ key: 'list.sortNotAllowed', params: { field } });
    }
    expect(sent.filter((sql) => /drop|secret_note/i.test(sql))).toEqual([]);
    expect(await db.schema.hasTable('list_probe')).toBe(true);
    expect((await list({})).totalRecords).toBe(40);
  });

  test('given a filter field outside the whitelist, when listed, then a ValidationError naming it and the table is untouched', async () => {
    for (const field of [hostile, "name') or ('1'='1", 'Secret_Note', 'Id']) {
      const err = await refusal({ filters: [{ field, value: 'x' }] });
      expect(err.fieldErrors.filters![0]).toEqual({ key: 'list.filterNotAllowed', params: { field } });
    }
    expect(sent.filter((sql) => /drop|secret_note|or \('1'/i.test(sql))).toEqual([]);
    expect(await db.schema.hasTable('list_probe')).toBe(true);
  });

  test('given a hostile value in an allowed filter, when listed, then it is only data (a bound parameter)', async () => {
    const page = await list({ filters: [{ field: 'Name', value: "x'; drop table list_probe; --" }] });
    expect(page.totalRecords).toBe(0);
    expect(sent.some((sql) => sql.includes('list_probe'))).toBe(true);
    expect(sent.some((sql) => /drop table/i.test(sql))).toBe(false);
    expect(await db.schema.hasTable('list_probe')).toBe(true);
  });
});

describe('through a list route and the envelope', () => {
  let route: ReturnType<typeof supertest>;
  beforeAll(() => {
    const deps = { db, logger: pino({ level: 'silent' }) } as unknown as AppDeps;
    const app = new Koa();
    app.use(async (ctx, next) => {
      ctx.state.lang = parseLanguage(ctx.get('language'));
      await next();
    });
    const router = new Router({ prefix: '/api' });
    router.use(errorEnvelope(deps.logger));
    router.use(bodyParser({ enableTypes: ['json'] }));
    mountRoutes(
      router,
      [
        defineRoute({
          method: 'post',
          path: '/probe/list',
          summary: 'a list in the shape of every list route',
          access: 'public',
          body: listRequestSchema,
          handler: async ({ body }) => {
            const { rows, totalRecords } = await runList<Row>(base(), body, spec);
            return { data: rows, extra: { totalRecords } };
          },
        }),
      ],
      deps,
    );
    app.use(router.routes());
    route = supertest(app.callback());
  });

  test('given a list request, when posted, then {success, message, message_code, data, totalRecords}', async () => {
    const res = await route.post('/api/probe/list').send({ start: 15, rows: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '', message_code: '', totalRecords: 40 });
    expect(res.body.data.map((r: Row) => r.id)).toEqual([16, 17, 18, 19, 20]);
  });

  test('given rows above 1000, when posted, then 400 with an error on rows', async () => {
    const res = await route.post('/api/probe/list').send({ rows: 1001 });
    expect(res.status).toBe(400);
    expect(res.body.message_code).toBe('VALIDATION');
    expect(res.body.errors.rows).toEqual(['Rows must be at most 1000.']);
  });

  test('given a refused sort field, when posted, then 400 and the per-field error names the field', async () => {
    const res = await route
      .post('/api/probe/list')
      .send({ sorts: [{ field: 'id; drop table x', order: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.sorts).toEqual(['Sorting by id; drop table x is not allowed.']);
  });

  // ValidationError does not pass its params to AppError, so the envelope renders the top-level message
  // from the key with no params: "Sorting by  is not allowed." (same for filters and tabs).
  test('given a refused sort field, when posted, then the top-level message names the field too', async () => {
    const res = await route.post('/api/probe/list').send({ sorts: [{ field: 'Secret_Note', order: 1 }] });
    expect(res.body.message).toBe('Sorting by Secret_Note is not allowed.');
  });

  test('given a bad date filter, when posted in id, then 400 with the message on that field', async () => {
    const res = await route
      .post('/api/probe/list')
      .set('language', 'id')
      .send({ filters: [{ field: 'Doc_Date', value: '31/02/2026', matchMode: 'date' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.Doc_Date).toEqual(['Doc_Date harus berupa tanggal dengan format hh/bb/tttt.']);
  });
});
