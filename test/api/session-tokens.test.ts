// Session tokens (api/services/session.ts): koa-jwt verifies a token the first time a process sees it, and the
// process keeps the verified claims. What it keeps must never let through what koa-jwt would refuse: a token
// past its JWT expiry, an altered token, or one signed with another secret, however often the genuine token was
// used before.
import jwt from 'jsonwebtoken';
import { createTestApp, loginAs, type TestApp } from '../support/api';

let t: TestApp;

beforeAll(async () => {
  // Tokens that expire 4 s after they are issued.
  t = await createTestApp({ config: { TOKEN_TTL_HOURS: 4 / 3600 } });
});
afterAll(async () => {
  await t.close();
});

const call = (token: string) => t.request().get('/api/util/changelog').set('Authorization', token);

test('given a token used before, when its JWT expiry passes while its session row is still valid, then it is refused', async () => {
  const token = await loginAs(t, 'logistic');
  expect((await call(token)).status).toBe(200);
  expect((await call(token)).status).toBe(200);
  const { jti, exp } = jwt.decode(token) as { jti: string; exp: number };
  await t.deps
    .db('auth_tokens')
    .where({ id: jti })
    .update({ expires_date: new Date(Date.now() + 3600_000) });
  expect((await call(token)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
  const refused = await call(token);
  expect(refused.status).toBe(401);
  expect(refused.body.message).toBe('Unauthorized');
});

test('given a genuine token in use, when an altered copy or one signed with another secret is sent, then those are refused every time and the genuine one still works', async () => {
  const token = await loginAs(t, 'logistic');
  expect((await call(token)).status).toBe(200);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = jwt.decode(token) as { sub: string; jti: string; exp: number; aud: string };
  const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
  const altered = [
    `${header}.${otherPayload}.${signature}`,
    `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    jwt.sign(
      { sub: claims.sub, jti: claims.jti, aud: claims.aud, exp: claims.exp },
      'another secret of 32 characters!',
    ),
  ];
  for (const forged of altered) {
    expect((await call(forged)).status).toBe(401);
    expect((await call(forged)).status).toBe(401);
  }
  expect((await call(token)).status).toBe(200);
});
