// The bulk threads (api/bulk): file imports and ERP pushes run on worker threads of their own, at a lower CPU
// priority, with their own database pool. The other API tests run these tasks on the test's event loop (the
// in-process runner, through the same crossing); here the same requests go through real threads, and each must
// answer exactly as in-process (status and body), write what it wrote there, and log the ERP call the same way.
import fs from 'node:fs';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { startBulkThreads } from '../../api/bulk/threads';
import type { BulkRunner } from '../../api/bulk/types';
import { DEMO_ERP_API_KEY, DEMO_ERP_API_KEY_NAME } from '../../db/seeds/demo';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { erpDocuments, rawErpDocument, seedErpMasterData } from '../support/erp';

const PUSH = '/api/erp/sap_orders';

let t: TestApp;
let threads: BulkRunner;
let threaded: ReturnType<typeof supertest.agent>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedErpMasterData(t.deps.db);
  threads = startBulkThreads({
    threads: 1,
    poolMax: 2,
    nice: 10,
    databaseUrl: t.testDb.url,
    logger: pino({ level: 'silent' }),
  });
  threaded = supertest.agent(
    createApp({ ...t.deps, bulk: threads }, { consoleDir: '/nonexistent' }).callback(),
  );
  admin = await loginAs(t, 'admin');
}, 60_000);
afterAll(async () => {
  await threads.close();
  await t.close();
});

const inProcess = () => t.request();

function upload(agent: ReturnType<typeof supertest.agent>, fileName: string, content: string, lang = 'en') {
  return agent
    .post('/api/company/import')
    .set('Authorization', admin)
    .set('language', lang)
    .send({ file_name: fileName, content_base64: Buffer.from(content).toString('base64') });
}

function pushRaw(agent: ReturnType<typeof supertest.agent>, body: string) {
  return agent
    .post(PUSH)
    .set('X-API-Key', DEMO_ERP_API_KEY)
    .set('Content-Type', 'application/json')
    .send(body);
}

const count = async (table: string) =>
  Number((await t.deps.db(table).count<{ n: string }[]>('* as n'))[0]!.n);

/** The answer without what differs from call to call. */
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('file import on a bulk thread', () => {
  test('given a file with a bad row, when imported on a thread and in-process, then both answer the same row report (both languages) and save nothing', async () => {
    const csv = 'Company_Code,Company_Name,Currency\r\nBT1,PT Satu,IDR\r\nBT2,,IDR\r\nBT3,PT Tiga,IDR\r\n';
    const before = await count('companies');
    for (const lang of ['en', 'id']) {
      const here = await upload(inProcess(), 'companies.csv', csv, lang);
      const there = await upload(threaded, 'companies.csv', csv, lang);
      expect(there.status).toBe(400);
      expect(there.body.message_code).toBe('IMPORT_INVALID');
      expect(there.body.data.rows.map((r: { row: number }) => r.row)).toEqual([3]);
      expect(answer(there)).toEqual(answer(here));
    }
    expect(await count('companies')).toBe(before);
  });

  test('given a good file, when imported on a thread, then its rows are saved with the importing user and the answer counts them', async () => {
    const csv = 'Company_Code,Company_Name,City\r\nBT10,PT Sepuluh,Medan\r\nBT11,PT Sebelas,Jambi\r\n';
    const res = await upload(threaded, 'companies.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ saved: 2, created: 2, updated: 0 });
    const rows = await t.deps
      .db('companies')
      .whereIn('company_code', ['BT10', 'BT11'])
      .orderBy('company_code');
    expect(rows.map((r: { company_name: string }) => r.company_name)).toEqual(['PT Sepuluh', 'PT Sebelas']);
    expect(rows.every((r: { created_by: string }) => r.created_by === 'admin')).toBe(true);
  });

  test('given a file that is no CSV, when imported on a thread, then it answers as in-process', async () => {
    const bytes = '\u0000\u0001PK-not-a-file';
    expect(answer(await upload(threaded, 'companies.xlsx', bytes))).toEqual(
      answer(await upload(inProcess(), 'companies.xlsx', bytes)),
    );
  });
});

describe('ERP push on a bulk thread', () => {
  test.each([
    ['not JSON', '{"documents": [ {'],
    ['JSON that is not an object', '"documents"'],
    ['a __proto__ key', '{"__proto__": {"x": 1}, "documents": []}'],
    ['no documents', '{}'],
    [
      'a NUL in a field',
      JSON.stringify({ documents: [{ ...rawErpDocument('BT-NUL'), Customer_Name: 'a\u0000b' }] }),
    ],
    [
      'an impossible date',
      JSON.stringify({ documents: [{ ...rawErpDocument('BT-DATE'), Changed_At: '2026-02-30T00:00:00Z' }] }),
    ],
    ['too many documents', JSON.stringify({ documents: Array.from({ length: 5001 }, () => ({})) })],
  ])(
    'given %s, when pushed to a thread and in-process, then both answer the same, write nothing and log the call alike',
    async (_name, body) => {
      const orders = await count('sap_orders');
      const logs = await count('api_logs');
      const here = await pushRaw(inProcess(), body);
      const there = await pushRaw(threaded, body);
      expect(there.status).toBeGreaterThanOrEqual(400);
      expect(there.status).toBeLessThan(500);
      expect(answer(there)).toEqual(answer(here));
      expect(await count('sap_orders')).toBe(orders);
      expect(await count('api_logs')).toBe(logs + 2);
      const [a, b] = await t.deps.db('api_logs').orderBy('id', 'desc').limit(2);
      const logged = (r: Record<string, unknown>) => [r.status_code, r.message, r.documents, r.request];
      expect(logged(a)).toEqual(logged(b));
    },
  );

  test('given 50 new documents, when pushed to a thread, then they are imported and the log names them', async () => {
    const documents = erpDocuments(50, { first: 7001 });
    const res = await pushRaw(threaded, JSON.stringify({ documents }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ documents: 50, inserted: 50, updated: 0, unchanged: 0 });
    const stored = await t.deps.db('sap_orders').whereIn(
      'document_no',
      documents.map((d) => d.Document_No),
    );
    expect(stored).toHaveLength(50);
    const log = await t.deps.db('api_logs').orderBy('id', 'desc').first();
    expect(log).toMatchObject({
      status_code: 200,
      success: true,
      documents: 50,
      client: DEMO_ERP_API_KEY_NAME,
    });
    // Pushed again: nothing new, as in-process.
    const again = await pushRaw(inProcess(), JSON.stringify({ documents }));
    expect(again.body.data).toMatchObject({ documents: 50, inserted: 0, unchanged: 50 });
  });
});

describe('the threads themselves', () => {
  test('given the runner started, then its threads run at niceness 10 while this thread keeps its own', () => {
    const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const tasks = fs.readdirSync('/proc/self/task');
    const levels = tasks.map((tid) => nice(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    expect(levels).toContain(10);
    expect(nice(fs.readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
  });
});
