// Account administration through the real app: a group's permission matrix, a user's groups and a password
// reset, each taking effect on the very next request.
import { createTestApp, DEMO_PASSWORD, loginAs, type TestApp } from '../support/api';
import { createUserActivities } from '../../workflows/users/activities';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const groupId = async (code: string) =>
  ((await t.deps.db('user_groups').where({ code }).first('id')) as { id: number }).id;
/** Creates a user through the User editor's call; answers its id. */
async function createUser(fields: Record<string, unknown>): Promise<number> {
  const created = await t.request().post('/api/user').set('Authorization', admin).send(fields);
  expect(created.status).toBe(200);
  return created.body.data.Id as number;
}
const userId = async (username: string) =>
  ((await t.deps.db('users').where({ username }).first('id')) as { id: number }).id;

describe('group permissions', () => {
  test('given the warehouse group without the Company screen, when the admin grants View on it, then a warehouse user can list companies on the next request but still not create one', async () => {
    const warehouse = await loginAs(t, 'warehouse');
    const list = () => t.request().post('/api/company/list').set('Authorization', warehouse).send({});
    expect((await list()).status).toBe(403);

    const id = await groupId('WAREHOUSE_STAFF');
    const matrix = await t.request().get(`/api/group/${id}/permissions`).set('Authorization', admin);
    expect(matrix.status).toBe(200);
    const rows = matrix.body.data as Record<string, unknown>[];
    expect(rows.find((r) => r.Menu_Code === 'Company')).toMatchObject({
      View: false,
      Title_Id: expect.any(String),
    });
    const granted = rows.map((r) => ({
      Menu_Code: r.Menu_Code,
      View: r.View || r.Menu_Code === 'Company',
      Create: r.Create,
      Edit: r.Edit,
      Delete: r.Delete,
    }));
    const put = await t
      .request()
      .put(`/api/group/${id}/permissions`)
      .set('Authorization', admin)
      .send({ permissions: granted });
    expect(put.status).toBe(200);

    expect((await list()).status).toBe(200);
    const create = await t
      .request()
      .post('/api/company')
      .set('Authorization', warehouse)
      .send({ Company_Code: 'WH1', Company_Name: 'PT Gudang' });
    expect(create.status).toBe(403);
    const after = await t.request().get(`/api/group/${id}/permissions`).set('Authorization', admin);
    const unchanged = (after.body.data as Record<string, unknown>[]).filter((r) => r.Menu_Code !== 'Company');
    expect(unchanged).toEqual(rows.filter((r) => r.Menu_Code !== 'Company'));
  });

  test('given a matrix naming a menu that does not exist, when saved, then 400 names it and the group keeps its rights', async () => {
    const id = await groupId('LOGISTIC_STAFF');
    const before = await t.deps.db('group_menus').where({ group_id: id }).orderBy('menu_id');
    const res = await t
      .request()
      .put(`/api/group/${id}/permissions`)
      .set('Authorization', admin)
      .send({
        permissions: [
          { Menu_Code: 'Company', View: true },
          { Menu_Code: 'Teleport', View: true },
        ],
      });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown menus: Teleport.');
    expect(await t.deps.db('group_menus').where({ group_id: id }).orderBy('menu_id')).toEqual(before);
  });

  test('given a user without the Group screen, when reading or saving a matrix, then 403', async () => {
    const logistic = await loginAs(t, 'logistic');
    const id = await groupId('LOGISTIC_STAFF');
    expect(
      (await t.request().get(`/api/group/${id}/permissions`).set('Authorization', logistic)).status,
    ).toBe(403);
    expect(
      (
        await t
          .request()
          .put(`/api/group/${id}/permissions`)
          .set('Authorization', logistic)
          .send({ permissions: [] })
      ).status,
    ).toBe(403);
  });
});

describe('user groups', () => {
  test('given a new user, when the admin assigns groups, then they are listed as member of exactly those; an unknown group is refused and changes nothing', async () => {
    const id = await createUser({
      Username: 'siti',
      Full_Name: 'Siti Aminah',
      Role: 'USER',
      Department: 'LOGISTIC',
      Language: 'id',
    });

    const put = await t
      .request()
      .put(`/api/user/${id}/groups`)
      .set('Authorization', admin)
      .send({ groups: ['logistic_staff', 'WAREHOUSE_STAFF'] });
    expect(put.status).toBe(200);
    const listed = await t.request().get(`/api/user/${id}/groups`).set('Authorization', admin);
    const members = (listed.body.data as { Group_Code: string; Member: boolean }[])
      .filter((g) => g.Member)
      .map((g) => g.Group_Code);
    expect(members).toEqual(['LOGISTIC_STAFF', 'WAREHOUSE_STAFF']);

    const bad = await t
      .request()
      .put(`/api/user/${id}/groups`)
      .set('Authorization', admin)
      .set('language', 'id')
      .send({ groups: ['LOGISTIC_STAFF', 'NINJA'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Grup tidak dikenal atau tidak aktif: NINJA.');
    expect(
      Number(
        (await t.deps.db('user_group_members').where({ user_id: id }).count<{ n: string }[]>('* as n'))[0]!.n,
      ),
    ).toBe(2);
  });
});

describe('deactivation', () => {
  test('given a signed-in driver, when the admin deactivates the account, then the next request is refused and the reason is ADMIN', async () => {
    const driver = await loginAs(t, 'driver');
    const id = await userId('driver');
    const res = await t.request().delete(`/api/user/${id}`).set('Authorization', admin);
    expect([res.status, res.body.message]).toEqual([200, 'Deactivated.']);
    expect((await t.request().get('/api/util/changelog').set('Authorization', driver)).status).toBe(401);
    const row = await t.deps.db('users').where({ id }).first('is_active', 'inactive_reason', 'inactive_date');
    expect(row).toMatchObject({
      is_active: false,
      inactive_reason: 'ADMIN',
      inactive_date: expect.any(Date),
    });
  });
});

describe('password reset', () => {
  test('given a signed-in user, when the admin resets the password, then their token is refused at once, the old password fails, and the one-time password asks for a change', async () => {
    const customer = await loginAs(t, 'customer');
    const id = await userId('customer');
    const res = await t.request().post(`/api/user/${id}/reset_password`).set('Authorization', admin);
    expect(res.status).toBe(200);
    const temporary = res.body.data.temporary_password as string;
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    expect(res.body.message).toBe(
      'A one-time password was made for customer; they must change it at the next login.',
    );

    expect((await t.request().get('/api/util/changelog').set('Authorization', customer)).status).toBe(401);
    const old = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'customer', Password: DEMO_PASSWORD });
    expect(old.body.success).toBe(false);
    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'customer', Password: temporary });
    expect(login.body).toMatchObject({ success: false, message_code: 'CHANGE_PASS' });
    expect(login.body.data.change_token).toEqual(expect.any(String));
  });

  test('given a directory (AD) account, when reset, then 422 and its password is untouched', async () => {
    await t.deps
      .db('users')
      .insert({ username: 'ad.user', full_name: 'AD User', use_ad: true, password_hash: null });
    const id = await userId('ad.user');
    const res = await t.request().post(`/api/user/${id}/reset_password`).set('Authorization', admin);
    expect(res.status).toBe(422);
    expect(res.body.message_code).toBe('DIRECTORY_ACCOUNT');
    expect(await t.deps.db('users').where({ id }).first('password_hash', 'change_password_reason')).toEqual({
      password_hash: null,
      change_password_reason: 'FIRST_LOGIN',
    });
  });

  test('given a user without the right to edit users, when resetting someone, then 403', async () => {
    const logistic = await loginAs(t, 'logistic');
    const res = await t
      .request()
      .post(`/api/user/${await userId('driver')}/reset_password`)
      .set('Authorization', logistic);
    expect(res.status).toBe(403);
  });
});

describe('inactivity and reactivation', () => {
  test('given a user the inactivity sweep deactivated, when the admin reactivates them in the User editor, then the next sweeps leave them active until the limit has passed again since the reactivation', async () => {
    const id = await createUser({
      Username: 'dormant',
      Full_Name: 'Dormant User',
      Role: 'USER',
      Language: 'en',
    });
    const longAgo = new Date(Date.now() - 200 * DAY_MS);
    await t.deps.db('users').where({ id }).update({ created_date: longAgo, last_login_date: longAgo });
    const sweep = (now: Date) =>
      createUserActivities({ db: t.deps.db }).deactivateInactiveUsers({
        inactivityDays: 90,
        now: now.toISOString(),
      });
    const state = async () =>
      (await t.deps.db('users').where({ id }).first('is_active', 'inactive_reason')) as {
        is_active: boolean;
        inactive_reason: string | null;
      };

    expect((await sweep(new Date())).deactivated).toContain('dormant');
    expect(await state()).toEqual({ is_active: false, inactive_reason: 'INACTIVITY' });

    const editor = await t.request().get(`/api/user/${id}/edit`).set('Authorization', admin);
    const saved = await t
      .request()
      .put('/api/user')
      .set('Authorization', admin)
      .send({ ...editor.body.data, Is_Active: true });
    expect(saved.status).toBe(200);
    expect((await state()).is_active).toBe(true);

    // The night after, and 89 days later: the last login is still 200 days old, but the reactivation is not.
    expect((await sweep(new Date(Date.now() + DAY_MS))).deactivated).not.toContain('dormant');
    expect((await sweep(new Date(Date.now() + 89 * DAY_MS))).deactivated).not.toContain('dormant');
    expect((await state()).is_active).toBe(true);
    // An edit that keeps the user active does not restart the clock.
    await t
      .request()
      .put('/api/user')
      .set('Authorization', admin)
      .send({ ...editor.body.data, Is_Active: true, Full_Name: 'Dormant User 2' })
      .expect(200);
    const late = await sweep(new Date(Date.now() + 91 * DAY_MS));
    expect(late.deactivated).toContain('dormant');
    expect(await state()).toEqual({ is_active: false, inactive_reason: 'INACTIVITY' });
    // That sweep also found the demo users, created at the start of this run, 91 days old: back as they were.
    await t.deps
      .db('users')
      .whereIn(
        'username',
        late.deactivated.filter((u) => u !== 'dormant'),
      )
      .update({ is_active: true, inactive_reason: null, inactive_date: null });
  });
});
