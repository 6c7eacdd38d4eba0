// Shell utilities (spec/1 §7) through the real app: the user's language, the version label, the changelog,
// the important notice, the `language` request header, and the OpenAPI document generated from the routes.
import { createTestApp, loginAs, DEMO_PASSWORD, type TestApp } from '../support/api';
import pkg from '../../package.json';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('change_language', () => {
  test('given a signed-in user, when changing the language to id, then it is stored on the user and the next login carries Language "id"', async () => {
    const token = await loginAs(t, 'logistic');
    const res = await t
      .request()
      .post('/api/util/change_language')
      .set('Authorization', token)
      .send({ language: 'id' });
    expect(res.status).toBe(200);
    // Asked in English (no header), answered in the language just chosen.
    expect(res.body).toMatchObject({
      success: true,
      message: 'Bahasa telah diubah.',
      data: { language: 'id' },
    });
    expect((await t.deps.db('users').where({ username: 'logistic' }).first('language')).language).toBe('id');

    const next = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'logistic', Password: DEMO_PASSWORD });
    expect(next.body.data.user_data.Language).toBe('id');

    await t.request().post('/api/util/change_language').set('Authorization', token).send({ language: 'en' });
    expect((await t.deps.db('users').where({ username: 'logistic' }).first('language')).language).toBe('en');
    const back = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'logistic', Password: DEMO_PASSWORD });
    expect(back.body.data.user_data.Language).toBe('en');
  });

  test('given an unsupported language "fr", when changing, then 400 naming `language` in the caller\'s language, and nothing is stored', async () => {
    const token = await loginAs(t, 'warehouse');
    const res = await t
      .request()
      .post('/api/util/change_language')
      .set('Authorization', token)
      .send({ language: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message_code: 'VALIDATION' });
    expect(res.body.errors).toEqual({ language: ['Language must be one of: en, id.'] });
    const id = await t
      .request()
      .post('/api/util/change_language')
      .set('Authorization', token)
      .set('language', 'id')
      .send({ language: 'fr' });
    expect(id.body.errors).toEqual({ language: ['Bahasa harus salah satu dari: en, id.'] });
    expect((await t.deps.db('users').where({ username: 'warehouse' }).first('language')).language).toBe('en');
  });

  test('given no token, when changing the language, then 401 and nothing is stored', async () => {
    const res = await t.request().post('/api/util/change_language').send({ language: 'id' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('version', () => {
  test('given no token, when asking for the version, then the package version, the configured environment and the product', async () => {
    const res = await t.request().get('/api/util/version');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { version: pkg.version, environment: t.deps.config.APP_ENVIRONMENT, product: 'TMS' },
    });
  });

  test('given APP_ENVIRONMENT configured as "UAT-7", when asking for the version, then environment is "UAT-7"', async () => {
    const uat = await createTestApp({ config: { APP_ENVIRONMENT: 'UAT-7' }, seed: false });
    try {
      const res = await uat.request().get('/api/util/version');
      expect(res.body.data).toEqual({ version: pkg.version, environment: 'UAT-7', product: 'TMS' });
    } finally {
      await uat.close();
    }
  });
});

describe('changelog', () => {
  test('given the seeded changelog, when listed, then version 0.1.0 with its dated details in order', async () => {
    const token = await loginAs(t, 'customer');
    const res = await t.request().get('/api/util/changelog').set('Authorization', token);
    expect(res.status).toBe(200);
    const seeded = (res.body.data as { Version: string }[]).find((v) => v.Version === '0.1.0');
    expect(seeded).toMatchObject({ Version: '0.1.0', Version_Date: '2026-11-21' });
    const details = (seeded as unknown as { Details: { Id: number; Description: string }[] }).Details;
    expect(details).toHaveLength(3);
    expect(details[0]!.Description).toMatch(/^One command starts the whole product/);
    expect(details.every((d) => typeof d.Id === 'number')).toBe(true);
  });

  test('given older, newer and inactive versions, when listed, then active versions newest first, each with its own details in their sort order', async () => {
    const add = async (version: string, version_date: string, details: string[], is_active = true) => {
      const [row] = await t.deps
        .db('changelogs')
        .insert({ version, version_date, is_active })
        .returning('id');
      await t.deps.db('changelog_details').insert(
        details.map((description, i) => ({
          changelog_id: row.id,
          description,
          sort_order: details.length - i,
        })),
      );
    };
    await add('0.0.9', '2026-06-01', ['Pilot']);
    await add('0.2.0', '2027-01-15', ['Second', 'First']);
    await add('0.3.0-draft', '2027-03-01', ['Not released'], false);
    const token = await loginAs(t, 'admin');
    const res = await t.request().get('/api/util/changelog').set('Authorization', token);
    const data = res.body.data as {
      Version: string;
      Version_Date: string;
      Details: { Description: string }[];
    }[];
    expect(data.map((v) => [v.Version, v.Version_Date])).toEqual([
      ['0.2.0', '2027-01-15'],
      ['0.1.0', '2026-11-21'],
      ['0.0.9', '2026-06-01'],
    ]);
    // sort_order was given in reverse, so the details come back reversed from insertion.
    expect(data[0]!.Details.map((d) => d.Description)).toEqual(['First', 'Second']);
    expect(data[2]!.Details.map((d) => d.Description)).toEqual(['Pilot']);
  });

  test('given no token, when listing the changelog, then 401', async () => {
    expect((await t.request().get('/api/util/changelog')).status).toBe(401);
  });
});

describe('important notice', () => {
  test('given the demo seed, when the notice is read in Indonesian, then the seeded Indonesian text', async () => {
    const token = await loginAs(t, 'driver');
    const res = await t
      .request()
      .get('/api/util/important_notice')
      .set('Authorization', token)
      .set('language', 'id');
    expect(res.body.data).toContain('Selamat datang di demo TMS');
  });

  test('given the stored HTML, when read, then it comes back as stored; when edited, the new HTML; when the row is deleted, ""', async () => {
    const token = await loginAs(t, 'driver');
    const read = async () =>
      (await t.request().get('/api/util/important_notice').set('Authorization', token)).body;
    const seeded = (await t.deps.db('app_settings').where({ key: 'IMPORTANT_NOTICE' }).first('value'))
      .value as string;
    expect(seeded).toContain('<strong>');
    expect(await read()).toMatchObject({ success: true, data: seeded });

    const html = '<p>Gate 3 closed on <em>Friday</em>.</p>';
    await t.deps.db('app_settings').where({ key: 'IMPORTANT_NOTICE' }).update({ value: html });
    expect((await read()).data).toBe(html);

    // With neither language's notice, nothing.
    await t.deps.db('app_settings').where({ key: 'IMPORTANT_NOTICE_ID' }).delete();
    await t.deps.db('app_settings').where({ key: 'IMPORTANT_NOTICE' }).update({ value: null });
    expect((await read()).data).toBe('');

    await t.deps.db('app_settings').where({ key: 'IMPORTANT_NOTICE' }).delete();
    expect(await read()).toMatchObject({ success: true, data: '' });
  });

  test("given the notice in English and in Indonesian, when each language reads it, then it gets its own; a language without one gets the other's", async () => {
    const token = await loginAs(t, 'driver');
    const read = async (language: string) =>
      (
        await t
          .request()
          .get('/api/util/important_notice')
          .set('Authorization', token)
          .set('language', language)
      ).body.data as string;
    const rows = await t.deps.db('app_settings').whereIn('key', ['IMPORTANT_NOTICE', 'IMPORTANT_NOTICE_ID']);
    try {
      await t.deps.db('app_settings').whereIn('key', ['IMPORTANT_NOTICE', 'IMPORTANT_NOTICE_ID']).delete();
      await t.deps.db('app_settings').insert([
        { key: 'IMPORTANT_NOTICE', value: '<p>Gate 3 is closed.</p>', created_by: 'admin' },
        { key: 'IMPORTANT_NOTICE_ID', value: '<p>Gerbang 3 ditutup.</p>', created_by: 'admin' },
      ]);
      expect(await read('en')).toBe('<p>Gate 3 is closed.</p>');
      expect(await read('id')).toBe('<p>Gerbang 3 ditutup.</p>');
      await t.deps.db('app_settings').where({ key: 'IMPORTANT_NOTICE_ID' }).update({ value: ' ' });
      expect(await read('id')).toBe('<p>Gate 3 is closed.</p>');
    } finally {
      await t.deps.db('app_settings').whereIn('key', ['IMPORTANT_NOTICE', 'IMPORTANT_NOTICE_ID']).delete();
      if (rows.length) await t.deps.db('app_settings').insert(rows);
    }
  });

  test('given no token, when reading the notice, then 401', async () => {
    expect((await t.request().get('/api/util/important_notice')).status).toBe(401);
  });
});

describe('the language header', () => {
  test('given wrong credentials, when the header is en, id, id-ID, absent or unknown, then the message follows it (falling back to en)', async () => {
    let n = 0;
    const attempt = async (language?: string) => {
      const req = t.request().post('/api/auth/login');
      if (language !== undefined) void req.set('language', language);
      // A fresh username each time, so the captcha rule (after 3 failures of one username) stays out of it.
      return (await req.send({ Username: `nobody-${++n}`, Password: 'wrong-password' })).body
        .message as string;
    };
    expect(await attempt('en')).toBe('Invalid username or password.');
    expect(await attempt('id')).toBe('Nama pengguna atau kata sandi salah.');
    expect(await attempt('ID-id')).toBe('Nama pengguna atau kata sandi salah.');
    expect(await attempt()).toBe('Invalid username or password.');
    expect(await attempt('fr')).toBe('Invalid username or password.');
  });
});

describe('OpenAPI document', () => {
  type Schema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
  test('given the routes, when fetching /api/openapi.json, then an OpenAPI 3 document with the login body (Username, Password) and the dashboard counts', async () => {
    const res = await t.request().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.body as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] }
        >
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: pkg.version });

    const login = doc.paths['/api/auth/login']?.post;
    expect(login).toBeDefined();
    let schema = login!.requestBody!.content['application/json']!.schema;
    if (schema.$ref) schema = doc.components!.schemas![schema.$ref.split('/').pop()!]!;
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['Username', 'Password']));
    expect(schema.required).toEqual(expect.arrayContaining(['Username', 'Password']));
    expect(login!.security).toEqual([]);

    const counts = doc.paths['/api/dashboard/status_count']?.get;
    expect(counts).toBeDefined();
    expect(counts!.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/util/change_language']?.post?.requestBody).toBeDefined();
  });
});
