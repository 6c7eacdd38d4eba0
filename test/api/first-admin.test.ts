// A real deployment has no demo accounts: reference data plus one administrator who must consent and choose
// a password at the first login (db/seeds/first-admin.ts). Proven through the real app's login calls.
import { createTestApp, type TestApp } from '../support/api';
import { hashPassword } from '../../api/services/passwords';
import { seedReference, DEMO_USERS } from '../../db/seeds/demo';
import { ensureFirstAdmin } from '../../db/seeds/first-admin';
import { demoSeedWanted, loadConfig } from '../../api/config';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(async () => {
  await t.close();
});

const login = (username: string, password: string) =>
  t.request().post('/api/auth/login').send({ Username: username, Password: password });

describe('first administrator on a real database', () => {
  test('given an empty database, when reference data and the first admin are ensured twice, then exactly one admin exists, no demo account, and a generated password is returned once', async () => {
    const groups = await seedReference(t.deps.db);
    const first = await ensureFirstAdmin(t.deps.db, hashPassword, groups);
    const second = await ensureFirstAdmin(t.deps.db, hashPassword, await seedReference(t.deps.db));

    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^.{24,}$/);
    expect(second).toEqual({ created: false });
    const users = await t.deps
      .db('users')
      .select('username', 'is_admin', 'must_change_password', 'privacy_consent_date');
    expect(users).toEqual([
      { username: 'admin', is_admin: true, must_change_password: true, privacy_consent_date: null },
    ]);
    const demoNames = DEMO_USERS.map((u) => u.username).filter((u) => u !== 'admin');
    expect(await t.deps.db('users').whereIn('username', demoNames).first()).toBeUndefined();
    const membership = await t.deps
      .db('user_group_members as m')
      .join('user_groups as g', 'g.id', 'm.group_id')
      .select('g.code');
    expect(membership).toEqual([{ code: 'ADMINISTRATOR' }]);
    expect(Number((await t.deps.db('menus').count<{ n: string }[]>('* as n'))[0]!.n)).toBeGreaterThan(20);
  });

  test('given the generated password, when the admin logs in, then consent is asked, then a password change is forced; the demo password does not work', async () => {
    const { generatedPassword } = await ensureFirstAdmin(
      t.deps.db,
      hashPassword,
      await seedReference(t.deps.db),
    );
    expect((await login('admin', 'Demo#Sawit2026')).body.success).toBe(false);

    const consent = await t
      .request()
      .post('/api/auth/check_consent')
      .send({ Username: 'admin', Password: generatedPassword });
    expect(consent.body.message_code).toBe('NEED_CONSENT');
    await t.request().post('/api/auth/save_consent').send({ Username: 'admin', Password: generatedPassword });
    const res = await login('admin', generatedPassword!);
    expect(res.body).toMatchObject({ success: false, message_code: 'FIRST_LOGIN' });
    expect(res.body.data?.token).toBeUndefined();
  });

  test('given ADMIN_INITIAL_PASSWORD, when the first admin is created, then that password is used and none is generated', async () => {
    const result = await ensureFirstAdmin(
      t.deps.db,
      hashPassword,
      await seedReference(t.deps.db),
      'Initial#Pass2026',
    );
    expect(result).toEqual({ created: true });
    await t
      .request()
      .post('/api/auth/save_consent')
      .send({ Username: 'admin', Password: 'Initial#Pass2026' });
    expect((await login('admin', 'Initial#Pass2026')).body.message_code).toBe('FIRST_LOGIN');
  });

  test('given an administrator already present under another name, when ensured, then no second admin is made', async () => {
    const groups = await seedReference(t.deps.db);
    await t.deps.db('users').insert({ username: 'root.ops', full_name: 'Ops', role: 'USER', is_admin: true });
    expect(await ensureFirstAdmin(t.deps.db, hashPassword, groups)).toEqual({ created: false });
    expect(await t.deps.db('users').where({ username: 'admin' }).first()).toBeUndefined();
  });
});

describe('configuration', () => {
  test('given no SEED_DEMO, then it is left to the start (demo on the embedded database only); given true/false, then a boolean; given anything else, then start fails', () => {
    expect(loadConfig({}).SEED_DEMO).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ADMIN_INITIAL_PASSWORD: 'short' })).toThrow(/ADMIN_INITIAL_PASSWORD/);

    const url = 'postgres://tms@db:5432/tms';
    expect(demoSeedWanted(loadConfig({}))).toBe(true);
    expect(demoSeedWanted(loadConfig({ DATABASE_URL: url }))).toBe(false);
    expect(demoSeedWanted(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }))).toBe(true);
    expect(demoSeedWanted(loadConfig({ SEED_DEMO: 'false' }))).toBe(false);
  });
});
