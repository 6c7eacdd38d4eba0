import { createTestApp, loginAs, DEMO_PASSWORD, type TestApp } from '../support/api';
import { hashPassword } from '../../api/services/passwords';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addUser(
  username: string,
  fields: Record<string, unknown> = {},
  password = 'Correct#Horse9',
): Promise<number> {
  const [row] = await t.deps
    .db('users')
    .insert({
      username,
      full_name: `Test ${username}`,
      password_hash: await hashPassword(password),
      role: 'USER',
      department: 'LOGISTIC',
      must_change_password: false,
      change_password_reason: null,
      privacy_consent_date: new Date(),
      ...fields,
    })
    .returning('id');
  const group = await t.deps.db('user_groups').where({ code: 'LOGISTIC_STAFF' }).first('id');
  await t.deps.db('user_group_members').insert({ user_id: row.id, group_id: group.id });
  return row.id as number;
}

describe('login', () => {
  test('given a consented user with the right password, when logging in, then a token and the session data come back', async () => {
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'logistic', Password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { token, token_expiry, user_data } = res.body.data;
    expect(typeof token).toBe('string');
    expect(new Date(token_expiry).getTime()).toBeGreaterThan(Date.now());
    expect(user_data).toMatchObject({
      Username: 'logistic',
      Role: 'USER',
      Department: 'LOGISTIC',
      Is_Admin: false,
      Use_AD: false,
      Language: 'en',
      Token: token,
    });
    const codes = JSON.stringify(user_data.Menus);
    expect(codes).toContain('"Code":"SAPOrder"');
    expect(codes).not.toContain('"Code":"User"');
  });

  test('given an empty body, when logging in, then 400 names each missing field, in the requested language', async () => {
    const en = await t.request().post('/api/auth/login').send({});
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ success: false, message_code: 'VALIDATION' });
    expect(en.body.errors.Username).toEqual(['Username is required.']);
    expect(en.body.errors.Password).toEqual(['Password is required.']);
    const id = await t.request().post('/api/auth/login').set('language', 'id').send({ Username: 'x' });
    expect(id.body.errors.Password).toEqual(['Kata sandi wajib diisi.']);
  });

  test('given a user without consent, when checking consent and logging in, then NEED_CONSENT until consent is saved with its time', async () => {
    await addUser('noconsent', { privacy_consent_date: null });
    const creds = { Username: 'noconsent', Password: 'Correct#Horse9' };
    const check = await t.request().post('/api/auth/check_consent').send(creds);
    expect(check.body).toMatchObject({ success: true, message_code: 'NEED_CONSENT' });
    const login = await t.request().post('/api/auth/login').send(creds);
    expect(login.body).toMatchObject({ success: false, message_code: 'NEED_CONSENT' });
    expect(login.body.data?.token).toBeUndefined();

    const save = await t.request().post('/api/auth/save_consent').send(creds);
    expect(save.body.success).toBe(true);
    const row = await t.deps.db('users').where({ username: 'noconsent' }).first('privacy_consent_date');
    expect(row.privacy_consent_date).toBeInstanceOf(Date);
    const check2 = await t.request().post('/api/auth/check_consent').send(creds);
    expect(check2.body).toMatchObject({ success: true, message_code: '' });
    expect((await t.request().post('/api/auth/login').send(creds)).body.success).toBe(true);
  });

  test('given a first-login user, when logging in, then FIRST_LOGIN with a change ticket; the ticket sets a new password once', async () => {
    await addUser('firsttimer', { must_change_password: true, change_password_reason: 'FIRST_LOGIN' });
    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'firsttimer', Password: 'Correct#Horse9' });
    expect(login.body).toMatchObject({ success: false, message_code: 'FIRST_LOGIN' });
    const ticket = login.body.data.change_token as string;

    const weak = await t.request().post('/api/auth/change_password').send({
      username: 'firsttimer',
      currentPass: '',
      newPass: 'password123',
      confirmPass: 'password123',
      changeFirstLogin: true,
      change_token: ticket,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPass[0]).toMatch(/too common/);

    const mismatch = await t.request().post('/api/auth/change_password').send({
      username: 'firsttimer',
      currentPass: '',
      newPass: 'Kebun#Sawit77',
      confirmPass: 'Kebun#Sawit78',
      changeFirstLogin: true,
      change_token: ticket,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPass).toEqual(['Password confirmation does not match.']);

    const short = await t.request().post('/api/auth/change_password').send({
      username: 'firsttimer',
      newPass: 'Ab#1',
      change_token: ticket,
    });
    expect(short.body.errors.newPass).toEqual(['New password must be at least 8 characters.']);

    const ok = await t.request().post('/api/auth/change_password').send({
      username: 'firsttimer',
      currentPass: '',
      newPass: 'Kebun#Sawit77',
      confirmPass: 'Kebun#Sawit77',
      changeFirstLogin: true,
      change_token: ticket,
    });
    expect(ok.body).toMatchObject({ success: true });
    expect(ok.body.message).toBe('Your password has been changed.');

    const reuse = await t.request().post('/api/auth/change_password').send({
      username: 'firsttimer',
      newPass: 'Another#Pass55',
      change_token: ticket,
    });
    expect(reuse.status).toBe(422);
    expect(reuse.body.message_code).toBe('CHANGE_TOKEN_INVALID');

    const old = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'firsttimer', Password: 'Correct#Horse9' });
    expect(old.body.success).toBe(false);
    const fresh = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'firsttimer', Password: 'Kebun#Sawit77' });
    expect(fresh.body.success).toBe(true);
  });

  test('given an admin reset, when logging in, then CHANGE_PASS', async () => {
    await addUser('resetme', { must_change_password: true, change_password_reason: 'RESET' });
    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'resetme', Password: 'Correct#Horse9' });
    expect(login.body).toMatchObject({ success: false, message_code: 'CHANGE_PASS' });
  });

  test('given a username, when 10 wrong passwords are sent in a row, then none logs in, the captcha is demanded from the 4th attempt and the account locks', async () => {
    await addUser('guessme');
    const answers: { status: number; code: string; required: boolean | undefined }[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const body: Record<string, string> = { Username: 'guessme', Password: `wrong-${attempt}` };
      if (attempt >= 4) {
        // Without a captcha the 4th attempt is refused before the password is even checked.
        if (attempt === 4) {
          const bare = await t.request().post('/api/auth/login').send(body);
          expect(bare.status).toBe(422);
          expect(bare.body).toMatchObject({ message_code: 'CAPTCHA', message: 'Captcha is required.' });
          expect(bare.body.data.captcha_required).toBe(true);
        }
        const captcha = await t.request().get('/api/auth/captcha');
        expect(captcha.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
        body.Captcha_Id = captcha.body.data.captcha_id;
        body.Captcha = t.lastCaptcha();
      }
      const res = await t.request().post('/api/auth/login').send(body);
      answers.push({
        status: res.status,
        code: res.body.message_code,
        required: res.body.data?.captcha_required,
      });
      expect(res.body.success).toBe(false);
      expect(res.body.data?.token).toBeUndefined();
    }
    expect(answers.slice(0, 3).map((a) => a.required)).toEqual([false, false, true]);
    expect(answers.every((a) => a.status === 422 && a.code === 'CAPTCHA')).toBe(true);

    // The account is now locked: even the right password with a solved captcha does not get in.
    const captcha = await t.request().get('/api/auth/captcha');
    const locked = await t.request().post('/api/auth/login').send({
      Username: 'guessme',
      Password: 'Correct#Horse9',
      Captcha_Id: captcha.body.data.captcha_id,
      Captcha: t.lastCaptcha(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message_code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.headers['retry-after']).toBeDefined();
  });

  test('given the captcha is required, when a wrong captcha is sent, then "Invalid/Incorrect Captcha" (a failure of the address, not of the account: test/api/access.test.ts); a right one with the right password logs in', async () => {
    await addUser('captchauser');
    for (let i = 0; i < 3; i++) {
      await t.request().post('/api/auth/login').send({ Username: 'captchauser', Password: 'nope-nope' });
    }
    let captcha = await t.request().get('/api/auth/captcha');
    const wrong = await t.request().post('/api/auth/login').send({
      Username: 'captchauser',
      Password: 'Correct#Horse9',
      Captcha_Id: captcha.body.data.captcha_id,
      Captcha: 'WRONG',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Invalid/Incorrect Captcha');

    // A captcha is single-use: the same id cannot be replayed with the right answer.
    const replay = await t.request().post('/api/auth/login').send({
      Username: 'captchauser',
      Password: 'Correct#Horse9',
      Captcha_Id: captcha.body.data.captcha_id,
      Captcha: t.lastCaptcha(),
    });
    expect(replay.body.message).toBe('Invalid/Incorrect Captcha');

    captcha = await t.request().get('/api/auth/captcha');
    const ok = await t.request().post('/api/auth/login').send({
      Username: 'captchauser',
      Password: 'Correct#Horse9',
      Captcha_Id: captcha.body.data.captcha_id,
      Captcha: t.lastCaptcha(),
    });
    expect(ok.body.success).toBe(true);
    // Success resets the counter: the next login needs no captcha.
    const next = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'captchauser', Password: 'Correct#Horse9' });
    expect(next.body.success).toBe(true);
  });

  test('given an unknown username, when logging in, then the same answer as a wrong password', async () => {
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'nobody-here', Password: 'whatever1' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid username or password.');
  });

  test('given one address guessing many usernames, when it passes the address limit, then it is blocked', async () => {
    const limited = await createTestApp({ overrides: { loginLimits: { ipLimit: 5 } } });
    try {
      for (let i = 0; i < 5; i++) {
        await limited
          .request()
          .post('/api/auth/login')
          .send({ Username: `spray${i}`, Password: 'password1' });
      }
      const res = await limited
        .request()
        .post('/api/auth/login')
        .send({ Username: 'admin', Password: DEMO_PASSWORD });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/from this address/);
    } finally {
      await limited.close();
    }
  });

  test('given an account deactivated for inactivity, when logging in with the right password, then the 90-day message', async () => {
    await addUser('sleeper', { is_active: false, inactive_reason: 'INACTIVITY' });
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ Username: 'sleeper', Password: 'Correct#Horse9' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      message_code: 'INACTIVE',
      message: 'This account has been inactive for more than 90 days.',
    });
    const id = await t
      .request()
      .post('/api/auth/login')
      .set('language', 'id')
      .send({ Username: 'sleeper', Password: 'Correct#Horse9' });
    expect(id.body.message).toBe('Akun ini tidak aktif selama lebih dari 90 hari.');
  });
});

describe('tokens', () => {
  test('given a token, when sent with or without "Bearer ", then both are accepted', async () => {
    const token = await loginAs(t, 'logistic');
    for (const header of [token, `Bearer ${token}`]) {
      const res = await t.request().get('/api/util/changelog').set('Authorization', header);
      expect(res.status).toBe(200);
    }
  });

  test('given a logged-out token, when used on the very next request, then 401 "Unauthorized"', async () => {
    const token = await loginAs(t, 'logistic');
    expect((await t.request().get('/api/util/changelog').set('Authorization', token)).status).toBe(200);
    const out = await t.request().post('/api/logout').set('Authorization', token);
    expect(out.body.success).toBe(true);
    const after = await t.request().get('/api/util/changelog').set('Authorization', token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({
      success: false,
      message: 'Unauthorized',
      message_code: 'UNAUTHORIZED',
    });
  });

  test('given two sessions, when the password is changed in one, then both tokens are refused next', async () => {
    await addUser('changer');
    const a = await loginAs(t, 'changer', 'Correct#Horse9');
    const b = await loginAs(t, 'changer', 'Correct#Horse9');
    const wrongCurrent = await t.request().post('/api/auth/change_password').set('Authorization', a).send({
      username: 'changer',
      currentPass: 'Not#TheOne1',
      newPass: 'Lading#Bill42',
      confirmPass: 'Lading#Bill42',
    });
    expect(wrongCurrent.status).toBe(422);
    expect(wrongCurrent.body.message_code).toBe('CURRENT_PASSWORD_WRONG');

    const res = await t.request().post('/api/auth/change_password').set('Authorization', a).send({
      username: 'changer',
      currentPass: 'Correct#Horse9',
      newPass: 'Lading#Bill42',
      confirmPass: 'Lading#Bill42',
    });
    expect(res.body.success).toBe(true);
    for (const token of [a, b]) {
      expect((await t.request().get('/api/util/changelog').set('Authorization', token)).status).toBe(401);
    }
  });

  test("given a signed-in user, when changing someone else's password, then 403", async () => {
    const token = await loginAs(t, 'logistic');
    const res = await t
      .request()
      .post('/api/auth/change_password')
      .set('Authorization', token)
      .send({ username: 'admin', currentPass: DEMO_PASSWORD, newPass: 'Lading#Bill42' });
    expect(res.status).toBe(403);
  });

  test('given a directory (AD) account, when changing the password, then it is refused', async () => {
    await addUser('aduser', { use_ad: true });
    const res = await t
      .request()
      .post('/api/auth/change_password')
      .send({ username: 'aduser', currentPass: 'Correct#Horse9', newPass: 'Lading#Bill42' });
    expect(res.status).toBe(422);
    expect(res.body.message_code).toBe('DIRECTORY_ACCOUNT');
  });

  test('given a session, when the user is deactivated, then the token is refused on the next request', async () => {
    const id = await addUser('tobedeactivated');
    const token = await loginAs(t, 'tobedeactivated', 'Correct#Horse9');
    expect((await t.request().get('/api/util/changelog').set('Authorization', token)).status).toBe(200);
    await t.deps.db('users').where({ id }).update({ is_active: false, inactive_reason: 'ADMIN' });
    expect((await t.request().get('/api/util/changelog').set('Authorization', token)).status).toBe(401);
  });

  test('given an expired token, when used, then 401', async () => {
    const token = await loginAs(t, 'logistic');
    await t.deps.db('auth_tokens').update({ expires_date: new Date(Date.now() - 1000) });
    expect((await t.request().get('/api/util/changelog').set('Authorization', token)).status).toBe(401);
  });

  test('given a forged token, when used, then 401', async () => {
    const res = await t.request().get('/api/util/changelog').set('Authorization', 'Bearer abc.def.ghi');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('permissions', () => {
  test('given a transporter, when checking a screen its groups do not grant, then all flags are false and its API answers 403', async () => {
    const token = await loginAs(t, 'transporter');
    const check = await t
      .request()
      .post('/api/auth/permission')
      .set('Authorization', token)
      .send({ menu_controller: 'SAPOrder', menu_action: 'Index', menu_check: 'Y' });
    expect(check.body.data).toEqual({ View: false, Create: false, Edit: false, Delete: false });
    const dash = await t.request().get('/api/dashboard/status_count').set('Authorization', token);
    expect(dash.status).toBe(403);
    expect(dash.body.message_code).toBe('FORBIDDEN');
  });

  test('given a transporter, when checking the Order screen, then View/Create/Edit but not Delete; an Editor route inherits it', async () => {
    const token = await loginAs(t, 'transporter');
    for (const action of ['Index', 'Editor']) {
      const res = await t
        .request()
        .post('/api/auth')
        .set('Authorization', token)
        .send({ menu_controller: 'Order', menu_action: action, menu_check: 'Y' });
      expect(res.body.data).toEqual({ View: true, Create: true, Edit: true, Delete: false });
    }
  });

  test('given an admin, when checking any screen, then every flag is true', async () => {
    const token = await loginAs(t, 'admin');
    const res = await t
      .request()
      .post('/api/auth/permission')
      .set('Authorization', token)
      .send({ menu_controller: 'Group', menu_action: 'Index', menu_check: 'Y' });
    expect(res.body.data).toEqual({ View: true, Create: true, Edit: true, Delete: true });
  });

  test('given each seeded role, when logging in, then the menu holds only what its groups may view', async () => {
    const codes = async (u: string) => {
      const res = await t.request().post('/api/auth/login').send({ Username: u, Password: DEMO_PASSWORD });
      const out: string[] = [];
      const walk = (items: { Code: string; Items: unknown[] }[]) =>
        items.forEach((m) => {
          out.push(m.Code);
          walk(m.Items as never);
        });
      walk(res.body.data.user_data.Menus);
      return out;
    };
    expect(await codes('driver')).toEqual(['Transaction', 'Shipment']);
    const transporter = await codes('transporter');
    expect(transporter).toEqual(expect.arrayContaining(['Order', 'Shipment', 'Driver', 'Vehicle']));
    expect(transporter).not.toContain('SAPOrder');
    expect(transporter).not.toContain('Dashboard');
    const admin = await codes('admin');
    expect(admin).toEqual(
      expect.arrayContaining(['User', 'Group', 'Changelog', 'Report.UserReport', 'Vessel']),
    );
  });

  test('given no token, when calling a signed-in route, then 401', async () => {
    expect((await t.request().post('/api/auth/permission').send({ menu_controller: 'Order' })).status).toBe(
      401,
    );
  });
});

describe('consent urls and the mobile app', () => {
  test('given the configuration, when asking for the privacy consent urls, then message is the privacy url and message_code the terms url', async () => {
    const res = await t.request().get('/api/auth/get_privacy_consent_url');
    expect(res.body).toEqual({
      success: true,
      message: t.deps.config.PRIVACY_POLICY_URL,
      message_code: t.deps.config.TERMS_OF_SERVICE_URL,
    });
  });

  test('given no APK on the server, when downloading the mobile app, then 404 "File not found"', async () => {
    const res = await t.request().get('/api/auth/download_mobile/');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'File not found' });
  });

  test('given an APK on the server, when downloading the mobile app, then the file comes as an attachment', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apk-'));
    const file = path.join(dir, 'tms-driver.apk');
    fs.writeFileSync(file, 'PK-fake-apk');
    const withApk = await createTestApp({ config: { MOBILE_APK_PATH: file }, seed: false });
    try {
      const res = await withApk.request().get('/api/auth/download_mobile/').buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('tms-driver.apk');
      expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    } finally {
      await withApk.close();
    }
  });
});
