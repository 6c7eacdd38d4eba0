// The direct route table (api/app.ts): a call to a path without parameters goes straight to its route instead of
// through the router's list. It must answer exactly as the router does: every such route in its own letter case
// and in upper case (which the table leaves to the router), with a trailing slash, by HEAD for GET, and with a
// method the route does not take; paths with parameters and unknown paths still go through the router.
import supertest from 'supertest';
import { apiRoutes, createApp } from '../../api/app';
import { createTestApp, loginAs, type TestApp } from '../support/api';

let t: TestApp;
let direct: ReturnType<typeof supertest>;
let routed: ReturnType<typeof supertest>;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  direct = supertest(createApp(t.deps, { consoleDir: '/nonexistent' }).callback());
  routed = supertest(createApp(t.deps, { consoleDir: '/nonexistent', directRoutes: false }).callback());
});
afterAll(async () => {
  await t.close();
});

type Method = 'get' | 'post' | 'put' | 'delete' | 'head';
/** What an answer shows a caller, without what differs per call (request id, captcha image). */
const shape = (res: supertest.Response) => ({
  status: res.status,
  type: res.type,
  allow: res.headers.allow,
  success: (res.body as { success?: unknown } | undefined)?.success,
  message_code: (res.body as { message_code?: unknown } | undefined)?.message_code,
});

async function both(method: Method, path: string, token?: string) {
  const send = (agent: ReturnType<typeof supertest>) => {
    const req = agent[method](path);
    if (token) req.set('Authorization', token);
    return method === 'get' || method === 'head' || method === 'delete' ? req : req.send({});
  };
  return [shape(await send(direct)), shape(await send(routed))];
}

const staticRoutes = apiRoutes.filter((r) => !/[:*({]/.test(r.path) && !r.path.includes('logout'));

test('given every route without parameters, when called without a token in its own case, in upper case and with a trailing slash, then the direct table answers as the router does', async () => {
  expect(staticRoutes.length).toBeGreaterThan(100);
  for (const r of staticRoutes) {
    for (const path of [`/api${r.path}`, `/api${r.path}`.toUpperCase(), `/api${r.path}/`]) {
      const [a, b] = await both(r.method, path);
      expect({ path, ...a }).toEqual({ path, ...b });
    }
  }
  // Three requests to each of over a hundred routes, one after another: on a busy machine that is more than jest's
  // 30 s default, and how long they take is not what this proves.
}, 180_000);

test("given a signed-in user, when static routes are called with the right method, by HEAD and with a method they do not take, then the answers are the router's", async () => {
  const token = await loginAs(t, 'logistic');
  const sample = staticRoutes.filter((r) => r.method === 'get').slice(0, 40);
  for (const r of sample) {
    for (const method of ['get', 'head', 'put'] as const) {
      const [a, b] = await both(method, `/api${r.path}`, token);
      expect({ method, path: r.path, ...a }).toEqual({ method, path: r.path, ...b });
    }
  }
  const master = await direct.get('/api/SAPOrder/Master_List/').set('Authorization', token);
  expect(master.status).toBe(200);
  expect(master.body.data.tab_status.map((x: { code: string }) => x.code)).toEqual([
    'ALL',
    'WAITING FOR APPROVAL',
    'OUTSTANDING',
    'ASSIGNED',
    'REJECTED',
  ]);
});

test('given paths with parameters and unknown paths, when called, then the router answers them as before', async () => {
  const token = await loginAs(t, 'admin');
  for (const path of [
    '/api/company/1',
    '/api/company/1/view',
    '/api/no/such/call',
    '/api/saporder/999999/view',
  ]) {
    const [a, b] = await both('get', path, token);
    expect({ path, ...a }).toEqual({ path, ...b });
  }
  const company = await direct.get('/api/company/1/view').set('Authorization', token);
  expect(company.status).toBe(200);
  const unknown = await direct.get('/api/no/such/call').set('Authorization', token);
  expect(unknown.status).toBe(404);
  expect(unknown.body.success).toBe(false);
});
