// The error envelope (DESIGN.md §3): every kind of failure a handler can meet becomes
// {success:false, message, message_code[, errors][, data]} with a real HTTP status, in the caller's language,
// and nothing internal (SQL, stack, table names) reaches the client.
//
// Most cases run through a small Koa app assembled from the real pieces (errorEnvelope, @koa/bodyparser,
// mountRoutes + defineRoute with zod bodies) whose probe handlers throw each error kind; database errors come
// from real statements on a real test database. The last block drives the real application (createApp).
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import pino from 'pino';
import supertest from 'supertest';
import { z } from 'zod';
import { errorEnvelope } from '../../api/middleware/envelope';
import { defineRoute, mountRoutes } from '../../api/http';
import { parseLanguage } from '../../api/i18n';
import type { AppDeps } from '../../api/deps';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RuleError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../api/errors';
import { ErpError } from '../../api/erp/types';
import { createTestDb, type TestDb } from '../support/db';
import { createTestApp, type TestApp } from '../support/api';

let testDb: TestDb;
let probe: ReturnType<typeof supertest>;
/** Lines the envelope logged (pino JSON), to prove unexpected errors are kept for the operator. */
const logged: string[] = [];

const loginShape = z.object({ Username: z.string().min(1), language: z.enum(['en', 'id']) });

const probeRoutes = [
  defineRoute({
    method: 'post',
    path: '/probe/validation-error',
    summary: 'throws a ValidationError',
    access: 'public',
    handler: () => {
      throw new ValidationError({
        Username: [{ key: 'validation.required' }],
        language: [{ key: 'validation.oneOf', params: { values: 'en, id' } }],
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/probe/zod-body',
    summary: 'declares a zod body',
    access: 'public',
    body: loginShape,
    handler: ({ body }) => ({ data: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/probe/zod-throw',
    summary: 'lets a raw ZodError escape',
    access: 'public',
    handler: ({ ctx }) => ({ data: loginShape.parse((ctx.request as { body?: unknown }).body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/probe/unauthorized',
    summary: 'throws UnauthorizedError',
    access: 'public',
    handler: () => {
      throw new UnauthorizedError();
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/signed-in-only',
    summary: 'needs a user (none in this app)',
    access: 'authenticated',
    handler: () => ({ data: 'never' }),
  }),
  defineRoute({
    method: 'get',
    path: '/probe/forbidden',
    summary: 'throws ForbiddenError',
    access: 'public',
    handler: () => {
      throw new ForbiddenError();
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/not-found',
    summary: 'throws NotFoundError',
    access: 'public',
    handler: () => {
      throw new NotFoundError();
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/conflict',
    summary: 'throws ConflictError',
    access: 'public',
    handler: () => {
      throw new ConflictError();
    },
  }),
  defineRoute({
    method: 'post',
    path: '/probe/orders',
    summary: 'inserts an order (order_no is unique)',
    access: 'public',
    body: z.object({ order_no: z.string() }),
    handler: async ({ deps, body }) => {
      await deps.db('orders').insert({ order_no: body.order_no, status: 'ASSIGNED TO TRANSPORTER' });
      return { data: body.order_no };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/probe/users',
    summary: 'inserts a user (usernames are unique case-insensitively, through lower(username))',
    access: 'public',
    body: z.object({ username: z.string() }),
    handler: async ({ deps, body }) => {
      await deps.db('users').insert({ username: body.username, full_name: body.username });
      return { data: body.username };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/probe/slots',
    summary: 'inserts a slot row (hour range checked, one slot per parent and hour)',
    access: 'public',
    body: z.object({ parent_id: z.number(), hour_start: z.number(), hour_end: z.number() }),
    handler: async ({ deps, body }) => {
      await deps.db('envelope_slots').insert(body);
      return { data: true };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/probe/parents/:id',
    summary: 'deletes a parent row that children may still reference',
    access: 'public',
    params: z.object({ id: z.coerce.number().int() }),
    handler: async ({ deps, params }) => {
      await deps.db('envelope_parents').where({ id: params.id }).delete();
      return { data: params.id };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/probe/db-raise/:errcode',
    summary: 'makes the database raise a transaction-conflict condition',
    access: 'public',
    params: z.object({ errcode: z.enum(['serialization_failure', 'deadlock_detected']) }),
    handler: async ({ deps, params }) => {
      await deps.db.raw(`do $$ begin raise exception 'probe' using errcode = '${params.errcode}'; end $$`);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/rule',
    summary: 'throws RuleError with data',
    access: 'public',
    handler: () => {
      throw new RuleError('ACCOUNT_LOCKED', 'auth.accountLocked', { minutes: 15 }, { attempts_left: 0 });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/too-many',
    summary: 'throws TooManyRequestsError',
    access: 'public',
    handler: () => {
      throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', 'auth.ipLimited', { minutes: 15 }, 900);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/erp/:kind',
    summary: 'throws an ErpError as an adapter does when the ERP behind the TMS fails',
    access: 'public',
    params: z.object({ kind: z.enum(['login', 'unreachable', 'timeout', 'sap', 'unsupported']) }),
    handler: ({ params }) => {
      throw {
        login: new ErpError('SAP refused the user name or password (HTTP 401).', null, 401),
        unreachable: new ErpError('SAP could not be reached (ECONNREFUSED).', 'UNREACHABLE', null),
        timeout: new ErpError('SAP did not answer within 30000 ms.', 'TIMEOUT', null),
        sap: new ErpError('Property SalesOrderDate is not filterable', 'SY/530', 400),
        unsupported: new ErpError('Documents of order type SPO cannot be read from SAP.', 'UNSUPPORTED'),
      }[params.kind];
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/crash',
    summary: 'throws a plain Error whose message is internal',
    access: 'public',
    handler: () => {
      throw new Error('select * from secret_table');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/probe/db-crash',
    summary: 'runs SQL the database rejects with an unmapped code',
    access: 'public',
    handler: async ({ deps }) => {
      await deps.db('secret_table').select('*');
    },
  }),
  defineRoute({
    method: 'post',
    path: '/probe/echo',
    summary: 'echoes a JSON body',
    access: 'public',
    body: z.object({ text: z.string() }),
    handler: ({ body }) => ({ data: body }),
  }),
];

function probeApp(deps: AppDeps): Koa {
  const app = new Koa();
  // As in api/app.ts: the language is read once per request before the envelope needs it.
  app.use(async (ctx, next) => {
    ctx.state.requestId = 'probe-request';
    ctx.state.lang = parseLanguage(ctx.get('language'));
    await next();
  });
  const router = new Router({ prefix: '/api' });
  router.use(errorEnvelope(deps.logger));
  // A small JSON limit so the too-large case needs only a few kilobytes.
  router.use(bodyParser({ enableTypes: ['json'], jsonLimit: '2kb', encoding: 'utf-8' }));
  mountRoutes(router, probeRoutes, deps);
  router.all('/{*rest}', (ctx) => {
    ctx.status = 404;
  });
  app.use(router.routes());
  return app;
}

beforeAll(async () => {
  testDb = await createTestDb();
  await testDb.db.schema.createTable('envelope_parents', (t) => {
    t.increments('id');
  });
  await testDb.db.schema.createTable('envelope_children', (t) => {
    t.increments('id');
    // No cascade: deleting a referenced parent must fail with a foreign-key violation.
    t.integer('parent_id').notNullable().references('envelope_parents.id');
  });
  await testDb.db.schema.createTable('envelope_slots', (t) => {
    t.increments('id');
    t.integer('parent_id').notNullable();
    t.integer('hour_start').notNullable();
    t.integer('hour_end').notNullable();
    t.unique(['parent_id', 'hour_start']);
    t.check('?? < ??', ['hour_start', 'hour_end']);
  });
  const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
  const deps = { db: testDb.db, logger } as unknown as AppDeps;
  probe = supertest(probeApp(deps).callback());
});
afterAll(async () => {
  await testDb.destroy();
});

function expectNoInternals(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(
    /secret_table|select \*|insert into|delete from|envelope_parents|envelope_children|envelope_slots/i,
  );
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|Error:/);
}

describe('validation errors', () => {
  test('given a handler that throws ValidationError, when called in en and id, then 400 VALIDATION with translated per-field messages and the first one as the message', async () => {
    const en = await probe.post('/api/probe/validation-error').send({});
    expect(en.status).toBe(400);
    const english = { Username: ['Username is required.'], language: ['Language must be one of: en, id.'] };
    const indonesian = {
      Username: ['Nama pengguna wajib diisi.'],
      language: ['Bahasa harus salah satu dari: en, id.'],
    };
    expect(en.body).toEqual({
      success: false,
      message: 'Username is required.',
      message_code: 'VALIDATION',
      errors: english,
      errors_by_language: { en: english, id: indonesian },
    });
    const id = await probe.post('/api/probe/validation-error').set('language', 'id').send({});
    expect(id.status).toBe(400);
    expect(id.body.message).toBe('Nama pengguna wajib diisi.');
    expect(id.body.errors).toEqual(indonesian);
    // The same messages in both languages, so a screen can show them again after a language switch.
    expect(id.body.errors_by_language).toEqual({ en: english, id: indonesian });
  });

  test('given a route with a zod body, when the body breaks it, then 400 with one translated message per field in en and id, and the handler never runs', async () => {
    const en = await probe.post('/api/probe/zod-body').send({ Username: '', language: 'fr' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ success: false, message_code: 'VALIDATION' });
    expect(en.body.errors).toEqual({
      Username: ['Username is required.'],
      language: ['Language must be one of: en, id.'],
    });
    expect(en.body.data).toBeUndefined();

    const id = await probe.post('/api/probe/zod-body').set('language', 'id').send({});
    expect(id.status).toBe(400);
    // zod 4 reports a missing enum as "not one of the values", so the message lists them.
    expect(id.body.errors).toEqual({
      Username: ['Nama pengguna wajib diisi.'],
      language: ['Bahasa harus salah satu dari: en, id.'],
    });

    const ok = await probe.post('/api/probe/zod-body').send({ Username: 'rina', language: 'id' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      success: true,
      message: '',
      message_code: '',
      data: { Username: 'rina', language: 'id' },
    });
  });

  test('given a handler that lets a raw ZodError escape, when called, then the envelope still answers 400 with per-field messages', async () => {
    const res = await probe
      .post('/api/probe/zod-throw')
      .set('language', 'id')
      .send({ Username: 'x', language: 'de' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message_code: 'VALIDATION',
      message: 'Bahasa harus salah satu dari: en, id.',
      errors: { language: ['Bahasa harus salah satu dari: en, id.'] },
    });
  });

  // co-body marks a JSON syntax error with status 400 but no `type`, so today this reaches the catch-all 500.
  test('given a malformed JSON body, when posted, then 400 VALIDATION "not valid JSON", not a 500', async () => {
    const res = await probe
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"text": "unterminated');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message_code: 'VALIDATION',
      message: 'The request body is not valid JSON.',
    });
  });

  test('given a malformed JSON body, when posted, then whatever the status the answer is an envelope that leaks neither the parser error nor the body', async () => {
    const res = await probe
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send('{"text": "unterminated');
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/unterminated|Unexpected|SyntaxError|JSON at position/);
  });

  test('given a JSON body over the size limit, when posted, then 413 TOO_LARGE in the envelope', async () => {
    const res = await probe
      .post('/api/probe/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(4096) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      message: 'The request is too large.',
      message_code: 'TOO_LARGE',
    });
  });
});

describe('access and lookup errors', () => {
  test('given a handler that throws UnauthorizedError, when called in en and id, then 401 with the message exactly "Unauthorized" in both', async () => {
    for (const language of ['en', 'id']) {
      const res = await probe.get('/api/probe/unauthorized').set('language', language);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Unauthorized', message_code: 'UNAUTHORIZED' });
    }
  });

  test('given a route for signed-in users and no token, when called, then mountRoutes refuses it with 401 "Unauthorized"', async () => {
    const res = await probe.get('/api/probe/signed-in-only').set('language', 'id');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Unauthorized', message_code: 'UNAUTHORIZED' });
  });

  test('given a handler that throws ForbiddenError, when called, then 403 FORBIDDEN, translated', async () => {
    const en = await probe.get('/api/probe/forbidden');
    expect(en.status).toBe(403);
    expect(en.body).toEqual({
      success: false,
      message: 'You do not have permission to do this.',
      message_code: 'FORBIDDEN',
    });
    const id = await probe.get('/api/probe/forbidden').set('language', 'id');
    expect(id.body.message).toBe('Anda tidak memiliki izin untuk melakukan ini.');
  });

  test('given a handler that throws NotFoundError, when called, then 404 NOT_FOUND', async () => {
    const res = await probe.get('/api/probe/not-found');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'The requested record was not found.',
      message_code: 'NOT_FOUND',
    });
  });

  test('given a handler that throws ConflictError, when called, then 409 CONFLICT', async () => {
    const res = await probe.get('/api/probe/conflict').set('language', 'id');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'Data telah diubah oleh pengguna lain. Muat ulang lalu coba lagi.',
      message_code: 'CONFLICT',
    });
  });
});

describe('database errors from real statements', () => {
  test('given an order number already used, when a real insert repeats it, then 409 DUPLICATE naming the field, and the row is not doubled', async () => {
    expect((await probe.post('/api/probe/orders').send({ order_no: 'ORD-DUP-1' })).status).toBe(200);
    const res = await probe.post('/api/probe/orders').send({ order_no: 'ORD-DUP-1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'A record with the same order_no already exists.',
      message_code: 'DUPLICATE',
    });
    const id = await probe.post('/api/probe/orders').set('language', 'id').send({ order_no: 'ORD-DUP-1' });
    expect(id.body.message).toBe('Data dengan order_no yang sama sudah ada.');
    const [row] = await testDb.db('orders').where({ order_no: 'ORD-DUP-1' }).count<{ n: string }[]>('* as n');
    expect(Number(row!.n)).toBe(1);
  });

  // The users index is on lower(username); PostgreSQL reports "Key (lower(username::text))=(...)". The field
  // extraction stops at the first ")", so the message shows "lower(username::text" — an internal expression —
  // instead of the field name.
  test('given a username taken in another case, when a real insert repeats it, then 409 DUPLICATE naming "username", not the index expression', async () => {
    expect((await probe.post('/api/probe/users').send({ username: 'rina' })).status).toBe(200);
    const res = await probe.post('/api/probe/users').send({ username: 'RINA' });
    expect(res.status).toBe(409);
    expect(res.body.message_code).toBe('DUPLICATE');
    expect(res.body.message).toBe('A record with the same username already exists.');
  });

  test('given a row that breaks a check constraint, when inserted, then 400 VALIDATION in words, naming no column', async () => {
    const res = await probe.post('/api/probe/slots').send({ parent_id: 1, hour_start: 9, hour_end: 8 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'A value is outside what this record allows. Check the numbers and times and try again.',
      message_code: 'VALIDATION',
    });
  });

  test('given a row repeating a two-column unique key, when inserted, then 409 DUPLICATE without column names', async () => {
    expect(
      (await probe.post('/api/probe/slots').send({ parent_id: 1, hour_start: 8, hour_end: 9 })).status,
    ).toBe(200);
    const res = await probe.post('/api/probe/slots').send({ parent_id: 1, hour_start: 8, hour_end: 10 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'The same entry is listed twice.',
      message_code: 'DUPLICATE',
    });
  });

  test('given a parent row still referenced, when a real delete removes it, then 409 REFERENCED and the row survives', async () => {
    const [parent] = await testDb.db('envelope_parents').insert({}).returning('id');
    await testDb.db('envelope_children').insert({ parent_id: parent.id });
    const res = await probe.delete(`/api/probe/parents/${parent.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'This record is still used by other data.',
      message_code: 'REFERENCED',
    });
    expectNoInternals(res.body);
    expect(await testDb.db('envelope_parents').where({ id: parent.id }).first()).toBeDefined();

    const [free] = await testDb.db('envelope_parents').insert({}).returning('id');
    expect((await probe.delete(`/api/probe/parents/${free.id}`)).status).toBe(200);
  });

  test('given the database aborts a transaction as a serialization failure or a deadlock, when it reaches the envelope, then 409 CONFLICT ("reload and try again")', async () => {
    for (const errcode of ['serialization_failure', 'deadlock_detected']) {
      const res = await probe.post(`/api/probe/db-raise/${errcode}`).send({});
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message: 'The data was changed by someone else. Reload and try again.',
        message_code: 'CONFLICT',
      });
    }
  });

  test('given SQL the database rejects for another reason (missing table), when it reaches the envelope, then 500 INTERNAL_ERROR without the SQL or the table name', async () => {
    const res = await probe.get('/api/probe/db-crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      message: 'Something went wrong on the server. The error was logged; please try again.',
      message_code: 'INTERNAL_ERROR',
    });
    expectNoInternals(res.body);
  });
});

describe('business rules, throttling and the unexpected', () => {
  test('given a handler that throws RuleError, when called, then 422 with its own code, its interpolated message and its data', async () => {
    const res = await probe.get('/api/probe/rule');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Too many failed attempts for this account. Try again in 15 minutes.',
      message_code: 'ACCOUNT_LOCKED',
      data: { attempts_left: 0 },
    });
  });

  test('given a handler that throws TooManyRequestsError, when called, then 429 with a Retry-After header in seconds', async () => {
    const res = await probe.get('/api/probe/too-many').set('language', 'id');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    expect(res.body).toEqual({
      success: false,
      message: 'Terlalu banyak percobaan masuk yang gagal dari alamat ini. Coba lagi dalam 15 menit.',
      message_code: 'TOO_MANY_ATTEMPTS',
    });
  });

  test('given a handler that throws new Error("select * from secret_table"), when called, then 500 INTERNAL_ERROR whose body holds neither the SQL nor a stack, and the error is logged with the request id', async () => {
    logged.length = 0;
    const res = await probe.get('/api/probe/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      message: 'Something went wrong on the server. The error was logged; please try again.',
      message_code: 'INTERNAL_ERROR',
    });
    expectNoInternals(res.body);
    expect(res.text).not.toContain('secret_table');
    const entry = logged
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'unhandled error');
    expect(entry).toMatchObject({ requestId: 'probe-request', path: '/api/probe/crash' });
    expect(JSON.stringify(entry)).toContain('secret_table');
  });

  test('given a path no route declares, when called, then 404 ROUTE_NOT_FOUND in the envelope', async () => {
    const res = await probe.get('/api/probe/nothing-here').set('language', 'id');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'Alamat ini tidak ada.',
      message_code: 'ROUTE_NOT_FOUND',
    });
  });
});

describe('failures of the ERP behind the TMS', () => {
  test('given each way SAP can fail a call, when a handler meets it, then 502 with a code and a message saying what to check (SAP refusing the TMS is no 401), and an order type SAP has no source for is 422', async () => {
    const answers = await Promise.all(
      (['login', 'unreachable', 'timeout', 'sap', 'unsupported'] as const).map(async (kind) => {
        const res = await probe.get(`/api/probe/erp/${kind}`);
        return [kind, res.status, res.body.message_code, res.body.message];
      }),
    );
    expect(answers).toEqual([
      ['login', 502, 'ERP_LOGIN_REFUSED', expect.stringMatching(/SAP_ODATA_USER, SAP_ODATA_PASSWORD/)],
      ['unreachable', 502, 'ERP_UNREACHABLE', expect.stringMatching(/SAP_ODATA_URL/)],
      ['timeout', 502, 'ERP_TIMEOUT', expect.stringMatching(/SAP_ODATA_TIMEOUT_MS/)],
      [
        'sap',
        502,
        'ERP_FAILED',
        'SAP could not answer the request: Property SalesOrderDate is not filterable',
      ],
      [
        'unsupported',
        422,
        'ERP_UNSUPPORTED',
        'This cannot be read from SAP: Documents of order type SPO cannot be read from SAP.',
      ],
    ]);
    const id = await probe.get('/api/probe/erp/unreachable').set('language', 'id');
    expect(id.body.message).toMatch(/^SAP tidak dapat dihubungi/);
  });
});

describe('the real application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  test('given an unknown /api path (any method), when called, then 404 ROUTE_NOT_FOUND in the envelope, translated', async () => {
    const get = await t.request().get('/api/no/such/thing');
    expect(get.status).toBe(404);
    expect(get.body).toEqual({
      success: false,
      message: 'This address does not exist.',
      message_code: 'ROUTE_NOT_FOUND',
    });
    const post = await t.request().post('/api/no_such_screen/list').set('language', 'id').send({});
    expect(post.status).toBe(404);
    expect(post.body).toEqual({
      success: false,
      message: 'Alamat ini tidak ada.',
      message_code: 'ROUTE_NOT_FOUND',
    });
  });

  test('given a malformed JSON body to the login route, when posted, then 400 VALIDATION, not a 500', async () => {
    const res = await t
      .request()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"Username": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message_code: 'VALIDATION' });
  });

  test('given answers of every kind (200, 400, 401, 404, 503 and a page outside /api), when inspected, then each carries X-Request-Id and the security headers', async () => {
    const answers = await Promise.all([
      t.request().get('/api/util/version'),
      t.request().post('/api/auth/login').send({}),
      t.request().get('/api/util/changelog'),
      t.request().get('/api/missing'),
      t.request().get('/api/health'),
      t.request().get('/somewhere/else'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 400, 401, 404, 503, 404]);
    const ids = new Set<string>();
    for (const res of answers) {
      const h = res.headers as Record<string, string | undefined>;
      expect(h['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(h['x-request-id'] ?? '');
      expect(h['content-security-policy']).toContain("default-src 'self'");
      expect(h['content-security-policy']).toContain("object-src 'none'");
      expect(h['x-content-type-options']).toBe('nosniff');
      const framing = (h['x-frame-options'] ?? '') + ' ' + (h['content-security-policy'] ?? '');
      expect(framing).toMatch(/SAMEORIGIN|DENY|frame-ancestors 'none'/);
    }
    expect(ids.size).toBe(answers.length);
  });

  test('given a client that sends its own X-Request-Id, when answered, then the same id comes back (cut to 64 characters)', async () => {
    const res = await t.request().get('/api/util/version').set('X-Request-Id', 'console-abc-123');
    expect(res.headers['x-request-id']).toBe('console-abc-123');
    const long = await t.request().get('/api/util/version').set('X-Request-Id', 'r'.repeat(100));
    expect(long.headers['x-request-id']).toBe('r'.repeat(64));
  });
});
