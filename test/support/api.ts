// The real Koa app on a real database, driven in-process with supertest. The captcha generator is the only
// swapped piece: it records each answer so tests can solve the captcha the way a person reads the image.
import supertest from 'supertest';
import pino from 'pino';
import { loadConfig, type Config } from '../../api/config';
import { buildDeps, type DepsOverrides } from '../../api/bootstrap';
import { createApp } from '../../api/app';
import type { AppDeps } from '../../api/deps';
import { seedDemo, DEMO_PASSWORD } from '../../db/seeds/demo';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { createTestDb, type TestDb } from './db';

export { DEMO_PASSWORD };

export interface TestApp {
  deps: AppDeps;
  testDb: TestDb;
  request: () => ReturnType<typeof supertest.agent>;
  server: ReturnType<ReturnType<typeof createApp>['callback']>;
  /** The answer of the most recent captcha image. */
  lastCaptcha: () => string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    overrides?: DepsOverrides;
    seed?: boolean;
    /** The master demo data (companies, transporters, freight...); off unless a test wants it. */
    masterData?: boolean;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDb();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), ...options.config };
  let answer = '';
  let counter = 0;
  const deps = await buildDeps(config, testDb.db, {
    logger: pino({ level: 'silent' }),
    captchaGenerator: () => {
      answer = `K${(++counter).toString(36).padStart(4, '7')}`.slice(0, 5);
      return { text: answer, svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>?</text></svg>` };
    },
    ...options.overrides,
  });
  if (options.seed !== false) {
    await seedDemo(testDb.db, { hashPassword, hashApiKey }, { masterData: options.masterData ?? false });
  }
  const app = createApp(deps, { consoleDir: '/nonexistent' });
  const server = app.callback();
  return {
    deps,
    testDb,
    server,
    request: () => supertest.agent(server),
    lastCaptcha: () => answer,
    close: () => testDb.destroy(),
  };
}

/** Logs a seeded (consented, no forced change) user in and returns the token. */
export async function loginAs(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.request().post('/api/auth/login').send({ Username: username, Password: password });
  if (!res.body.success) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** A file download (POST `path` with `body`): its status, content type and bytes. */
export async function downloadFile(
  t: TestApp,
  path: string,
  headers: Record<string, string>,
  body: object,
): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await t
    .request()
    .post(path)
    .set(headers)
    .send(body)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { status: res.status, type: String(res.headers['content-type']), body: res.body as Buffer };
}
