// The login journeys in a real browser, each checked on screen and in the database: privacy consent and the
// first-login password change (and cancelling the consent, also in Indonesian at 800 px), the captcha after
// three failed attempts, the password change from the top bar's settings menu, and logout revoking the token.
// Tests that change a user work on a copy of a demo user made before any test runs, so they do not depend on
// each other's order.
//
// Regressions of three bugs found here are at the end: portals laid a white sheet over the page, the page stayed
// aria-hidden after the consent dialog, and the password-change notice said its hint twice.
import type { Locator, Page, Response } from 'playwright-core';
import { startE2eStack, type E2eStack } from '../support/e2e';
import { DEMO_PASSWORD } from '../support/api';
import { login, openMenu } from '../support/e2e-login';

jest.setTimeout(120_000);

let stack: E2eStack;

/** Copies of demo users, taken before any test changes the originals. */
const COPIES = [
  ['newstaff', 'newstaff.cancel'],
  ['newstaff', 'newstaff.id'],
  ['newstaff', 'newstaff.notice'],
  ['newstaff', 'newstaff.aria'],
  ['logistic', 'logistic.pw'],
  ['logistic', 'logistic.out'],
] as const;

beforeAll(async () => {
  stack = await startE2eStack();
  for (const [from, to] of COPIES) await copyUser(from, to);
});
afterAll(async () => {
  await stack?.close();
});

const NEW_PASSWORD = 'Kelapa#Hijau2027';
const CONSENT_AGREE = 'I have read and agree to the Privacy Policy and the Terms of Service.';
const INVALID_CREDENTIALS = 'Invalid username or password.';
// Field labels end with the required mark "*", so they are matched from their start.
const CURRENT_PASSWORD = /^Current Password/;
const NEW_PASSWORD_LABEL = /^New Password/;
const CONFIRM_PASSWORD = /^Confirm New Password/;

interface UserState {
  id: number;
  privacy_consent_date: Date | null;
  must_change_password: boolean;
  change_password_reason: string | null;
  password_changed_date: Date | null;
  last_login_date: Date | null;
}

async function userState(username: string): Promise<UserState> {
  const row = (await stack.app.deps
    .db('users')
    .where({ username })
    .first(
      'id',
      'privacy_consent_date',
      'must_change_password',
      'change_password_reason',
      'password_changed_date',
      'last_login_date',
    )) as UserState | undefined;
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

/** A new user with every column and group of `from` but another username. */
async function copyUser(from: string, to: string): Promise<number> {
  const db = stack.app.deps.db;
  const source = (await db('users').where({ username: from }).first()) as Record<string, unknown> & {
    id: number;
  };
  const { id, ...columns } = source;
  const [created] = (await db('users')
    .insert({ ...columns, username: to, created_by: 'e2e' })
    .returning('id')) as { id: number }[];
  const groups = (await db('user_group_members').where({ user_id: id }).select('group_id')) as {
    group_id: number;
  }[];
  await db('user_group_members').insert(groups.map((g) => ({ user_id: created!.id, group_id: g.group_id })));
  return created!.id;
}

interface TokenRow {
  revoked_date: Date | null;
  revoked_reason: string | null;
}

async function tokensOf(userId: number): Promise<TokenRow[]> {
  return (await stack.app.deps
    .db('auth_tokens')
    .where({ user_id: userId })
    .select('revoked_date', 'revoked_reason')) as TokenRow[];
}

async function countAttempts(username: string, success: boolean, reason: string): Promise<number> {
  const row = (await stack.app.deps
    .db('login_attempts')
    .where({ username, success, reason })
    .count('* as n')
    .first()) as { n: number | string };
  return Number(row.n);
}

function apiResponse(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}`);
}

/** Runs the action and returns the answer of the first step of the login flow (the consent check). */
async function consentCheck(page: Page, action: () => Promise<void>): Promise<Response> {
  const [response] = await Promise.all([apiResponse(page, 'auth/check_consent'), action()]);
  return response;
}

const clickLogin = (page: Page) => () => page.locator('button[type="submit"]').click();
/** Enter in the password field submits the form, also while a toast covers the page. */
const pressEnter = (page: Page) => () => page.locator('input[name="password"]').press('Enter');

interface Envelope {
  success: boolean;
  message: string;
  message_code: string;
  data?: unknown;
}

/** The answer is a refusal (a 4xx envelope with success false) with the given message code. */
async function expectRefused(response: Response, code: string): Promise<Envelope> {
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
  const body = (await response.json()) as Envelope;
  expect(body.success).toBe(false);
  expect(body.message_code).toBe(code);
  return body;
}

async function captchaId(response: Response): Promise<string> {
  const body = (await response.json()) as { data: { captcha_id: string } };
  return body.data.captcha_id;
}

/** The login form is idle again: the attempt's answer has been handled. */
async function formSettled(page: Page): Promise<void> {
  await page.locator('button[type="submit"]:not([disabled])').getByText('Login', { exact: true }).waitFor();
}

async function storedSession(page: Page): Promise<{ token: string } | null> {
  return page.evaluate(
    () => JSON.parse(window.localStorage.getItem('tms.session') ?? 'null') as { token: string } | null,
  );
}

async function storedCaptchaCount(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('tms.captcha_count'));
}

async function onDashboard(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText('Shipments').first().waitFor();
}

function onLoginPage(page: Page): boolean {
  return new URL(page.url()).pathname.startsWith('/Login');
}

/** The screen-permission check with a given token, straight to the API (not through the page). */
async function permissionWith(token: string): Promise<number> {
  const res = await fetch(`${stack.baseUrl}/api/auth/permission`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ menu_controller: 'Dashboard' }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function logout(page: Page): Promise<void> {
  await openMenu(page, 'Settings', page.getByRole('menuitem', { name: 'Logout' }));
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/Login'));
  await page.locator('input[name="username"]').waitFor();
}

/** Logs a user without consent in, accepts the consent and returns the Change Password dialog it leads to. */
async function acceptConsent(page: Page, username: string): Promise<Locator> {
  await login(page, username);
  const consent = page.getByRole('alertdialog', { name: 'Privacy consent' });
  await consent.getByRole('checkbox', { name: CONSENT_AGREE }).check();
  await Promise.all([
    apiResponse(page, 'auth/save_consent'),
    consent.getByRole('button', { name: 'Accept', exact: true }).click(),
  ]);
  const dialog = page.getByRole('alertdialog', { name: 'Change Password' });
  await dialog.waitFor();
  return dialog;
}

describe('privacy consent and first login', () => {
  test('given newstaff without consent, when accepting the consent and setting a new password, then the consent and the new password are stored and the new password logs in to the dashboard', async () => {
    const page = await stack.newPage();
    const before = await userState('newstaff');
    expect(before.privacy_consent_date).toBeNull();
    expect(before.must_change_password).toBe(true);

    await login(page, 'newstaff');
    const consent = page.getByRole('alertdialog', { name: 'Privacy consent' });
    await consent.waitFor();
    const agree = consent.getByRole('checkbox', { name: CONSENT_AGREE });
    const accept = consent.getByRole('button', { name: 'Accept', exact: true });
    expect(await consent.getByRole('button', { name: 'Cancel', exact: true }).isEnabled()).toBe(true);
    expect(await agree.isChecked()).toBe(false);
    expect(await accept.isDisabled()).toBe(true);
    await stack.screenshot(page, 'consent-en-1366');

    await agree.check();
    expect(await accept.isEnabled()).toBe(true);
    // Unticking disables Accept again.
    await agree.uncheck();
    expect(await accept.isDisabled()).toBe(true);
    await agree.check();
    const [saved] = await Promise.all([apiResponse(page, 'auth/save_consent'), accept.click()]);
    expect(saved.status()).toBe(200);

    // The login answer FIRST_LOGIN opens the Change Password dialog, without the current password field.
    const dialog = page.getByRole('alertdialog', { name: 'Change Password' });
    await dialog.waitFor();
    await consent.waitFor({ state: 'detached' });
    await dialog.getByText('This is your first login. Please set a new password.').waitFor();
    expect(await dialog.getByLabel(CURRENT_PASSWORD).count()).toBe(0);
    const afterConsent = await userState('newstaff');
    expect(afterConsent.privacy_consent_date).not.toBeNull();
    expect(afterConsent.must_change_password).toBe(true);
    expect(await tokensOf(afterConsent.id)).toHaveLength(0);
    expect(await storedSession(page)).toBeNull();

    // A confirmation that does not match is refused in the dialog; nothing reaches the server.
    let changeCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/change_password')) changeCalls += 1;
    });
    await dialog.getByLabel(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD);
    await dialog.getByLabel(CONFIRM_PASSWORD).fill(`${NEW_PASSWORD}x`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Password confirmation does not match the new password.').waitFor();
    expect(changeCalls).toBe(0);
    expect((await userState('newstaff')).must_change_password).toBe(true);
    await stack.screenshot(page, 'change-password-first-login-en-1366');

    await dialog.getByLabel(CONFIRM_PASSWORD).fill(NEW_PASSWORD);
    const [changed] = await Promise.all([
      apiResponse(page, 'auth/change_password'),
      dialog.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(changed.status()).toBe(200);
    expect(changeCalls).toBe(1);
    await dialog.waitFor({ state: 'detached' });
    // (CSS, not a role locator: the page is left aria-hidden, see the pinned bug.)
    const notice = page.locator('[role="status"]').filter({ hasText: 'Your password has been changed.' });
    await notice.getByText('Please log in with your new password.', { exact: false }).waitFor();
    expect(onLoginPage(page)).toBe(true);
    expect(await page.locator('input[name="password"]').inputValue()).toBe('');
    expect(await page.locator('input[name="username"]').inputValue()).toBe('newstaff');

    const after = await userState('newstaff');
    expect(after.privacy_consent_date).not.toBeNull();
    expect(after.must_change_password).toBe(false);
    expect(after.change_password_reason).toBeNull();
    expect(after.password_changed_date).not.toBeNull();
    expect(after.last_login_date).toBeNull();

    // The new password logs in straight to the dashboard: no consent and no password dialog any more.
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await consentCheck(page, clickLogin(page));
    await onDashboard(page);
    await page.getByText('Total SAP Orders').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.locator('button[aria-label="Settings"]').innerText()).toContain('Dewi Baru');
    // After two dialogs the console is exposed to screen readers: role locators find the shell.
    await page.getByRole('button', { name: 'Settings' }).waitFor();
    expect(
      await page.locator('#root').evaluate((root) => root.closest('[aria-hidden="true"]') === null),
    ).toBe(true);
    expect((await storedSession(page))?.token).toBeTruthy();
    expect((await userState('newstaff')).last_login_date).not.toBeNull();
    expect(await tokensOf(after.id)).toHaveLength(1);
    await page.context().close();
  });

  test('given a user without consent, when cancelling the consent dialog, then they stay on the login page and no consent or session is stored', async () => {
    const { id: userId, privacy_consent_date } = await userState('newstaff.cancel');
    expect(privacy_consent_date).toBeNull();
    const page = await stack.newPage();
    await login(page, 'newstaff.cancel');
    const consent = page.getByRole('alertdialog', { name: 'Privacy consent' });
    await consent.waitFor();

    let laterSteps = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/save_consent') || r.url().includes('/api/auth/login')) laterSteps += 1;
    });
    await consent.getByRole('button', { name: 'Cancel', exact: true }).click();
    await consent.waitFor({ state: 'detached' });
    await formSettled(page);
    expect(onLoginPage(page)).toBe(true);
    expect(await page.locator('input[name="username"]').inputValue()).toBe('newstaff.cancel');
    expect(laterSteps).toBe(0);
    expect(await storedSession(page)).toBeNull();
    const row = await userState('newstaff.cancel');
    expect(row.privacy_consent_date).toBeNull();
    expect(row.must_change_password).toBe(true);
    expect(row.last_login_date).toBeNull();
    expect(await tokensOf(userId)).toHaveLength(0);

    // Logging in again asks for the consent again.
    await consentCheck(page, clickLogin(page));
    await consent.waitFor();
    expect(await consent.getByRole('checkbox', { name: CONSENT_AGREE }).isChecked()).toBe(false);
    await page.context().close();
  });

  test('given the login page in Indonesian at 800 px, when a user without consent logs in, then the consent dialog is in Indonesian and fits the screen', async () => {
    const page = await stack.newPage({ width: 800 });
    await page.goto('/Login');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Indonesia' }).click();
    await page.locator('button[type="submit"]').getByText('Masuk').waitFor();
    await page.locator('input[name="username"]').fill('newstaff.id');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await consentCheck(page, clickLogin(page));

    const consent = page.getByRole('alertdialog', { name: 'Persetujuan Privasi' });
    await consent.waitFor();
    const agree = consent.getByRole('checkbox', {
      name: 'Saya telah membaca dan menyetujui Kebijakan Privasi serta Ketentuan Layanan.',
    });
    const accept = consent.getByRole('button', { name: 'Setuju', exact: true });
    const cancel = consent.getByRole('button', { name: 'Batal', exact: true });
    await agree.waitFor();
    expect(await accept.isDisabled()).toBe(true);
    expect(await cancel.isEnabled()).toBe(true);
    const box = await consent.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(800);
    await stack.screenshot(page, 'consent-id-800');

    await cancel.click();
    await consent.waitFor({ state: 'detached' });
    expect(onLoginPage(page)).toBe(true);
    expect((await userState('newstaff.id')).privacy_consent_date).toBeNull();
    await page.context().close();
  });
});

describe('captcha after failed attempts', () => {
  test('given warehouse, when the password is wrong three times, then the captcha appears, a wrong answer is refused and the right one logs in', async () => {
    const page = await stack.newPage();
    const captchaInput = page.locator('input[name="captcha"]');
    const captchaImage = page.getByRole('img', { name: 'Captcha image' });
    await page.goto('/Login');
    await page.locator('input[name="username"]').fill('warehouse');

    // Failures 1 and 2: refused, no captcha yet. (Enter submits: the error toast covers the page, see the
    // pinned bug at the end.)
    for (let failure = 1; failure <= 2; failure++) {
      await page.locator('input[name="password"]').fill(`wrong-password-${failure}`);
      const answer = await expectRefused(await consentCheck(page, pressEnter(page)), 'CAPTCHA');
      expect(answer.data).toEqual({ captcha_required: false, failed_attempts: failure });
      await formSettled(page);
      await page.getByText(INVALID_CREDENTIALS).first().waitFor();
      expect(await storedCaptchaCount(page)).toBe(String(failure));
      expect(await captchaInput.count()).toBe(0);
      expect(await captchaImage.count()).toBe(0);
    }

    // The third failure brings the captcha field and its image.
    await page.locator('input[name="password"]').fill('wrong-password-3');
    const [image, third] = await Promise.all([
      apiResponse(page, 'auth/captcha'),
      consentCheck(page, pressEnter(page)),
    ]);
    expect(image.status()).toBe(200);
    expect((await expectRefused(third, 'CAPTCHA')).data).toEqual({
      captcha_required: true,
      failed_attempts: 3,
    });
    await captchaInput.waitFor();
    await captchaImage.waitFor();
    expect(await storedCaptchaCount(page)).toBe('3');
    expect(await countAttempts('warehouse', false, 'PASSWORD')).toBe(3);

    // The right password with a wrong answer is refused, and a new challenge replaces the used one.
    const firstChallenge = await captchaId(image);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await captchaInput.fill('WRONG');
    const [renewed, refused] = await Promise.all([
      apiResponse(page, 'auth/captcha'),
      consentCheck(page, pressEnter(page)),
    ]);
    expect((await expectRefused(refused, 'CAPTCHA')).message).toBe('Invalid/Incorrect Captcha');
    await page.getByText('Invalid/Incorrect Captcha').first().waitFor();
    await captchaImage.waitFor();
    await formSettled(page);
    expect(onLoginPage(page)).toBe(true);
    expect(await captchaInput.inputValue()).toBe('');
    expect(await captchaId(renewed)).not.toBe(firstChallenge);
    expect(await storedSession(page)).toBeNull();
    expect(await countAttempts('warehouse', false, 'CAPTCHA')).toBe(1);
    expect(await countAttempts('warehouse', true, 'OK')).toBe(0);

    // A reload keeps the captcha (the failure count is kept in the browser) and shows a fresh image.
    const [, reloadImage] = await Promise.all([page.reload(), apiResponse(page, 'auth/captcha')]);
    expect(reloadImage.status()).toBe(200);
    await captchaImage.waitFor();
    await page.locator('input[name="username"]').fill('warehouse');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await captchaInput.fill(stack.app.lastCaptcha());
    await stack.screenshot(page, 'login-captcha-en-1366');

    // The answer of the newest image, with the right password, logs in. Warehouse staff see shipments only.
    const accepted = await consentCheck(page, clickLogin(page));
    expect(accepted.status()).toBe(200);
    await onDashboard(page);
    expect(await page.getByText('Total SAP Orders').count()).toBe(0);
    expect(await storedCaptchaCount(page)).toBeNull();
    expect((await storedSession(page))?.token).toBeTruthy();
    expect(await countAttempts('warehouse', false, 'CAPTCHA')).toBe(1);
    const last = (await stack.app.deps
      .db('login_attempts')
      .where({ username: 'warehouse' })
      .orderBy('id', 'desc')
      .first('success', 'reason')) as { success: boolean; reason: string };
    expect(last).toEqual({ success: true, reason: 'OK' });
    await page.context().close();
  });
});

describe('change password and logout', () => {
  test('given a signed-in user, when changing the password from the settings menu, then the old password is refused and the new one logs in', async () => {
    const { id: userId } = await userState('logistic.pw');
    const page = await stack.newPage();
    await login(page, 'logistic.pw');
    await onDashboard(page);

    await openMenu(page, 'Settings', page.getByRole('menuitem', { name: 'Change Password' }));
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change Password' });
    await dialog.waitFor();
    await dialog.getByLabel(CURRENT_PASSWORD).fill(DEMO_PASSWORD);
    await dialog.getByLabel(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD);
    await dialog.getByLabel(CONFIRM_PASSWORD).fill(NEW_PASSWORD);
    await stack.screenshot(page, 'change-password-settings-en-1366');
    const [changed] = await Promise.all([
      apiResponse(page, 'auth/change_password'),
      dialog.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(changed.status()).toBe(200);
    // The change ends every session of the user, this one included: the console signs out to the login page
    // with the server's message and the hint, and the page is usable (and exposed to screen readers) again.
    await page.waitForURL((url) => url.pathname.startsWith('/Login'));
    await page
      .getByRole('status')
      .getByText('Your password has been changed. Please log in with your new password.')
      .waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await storedSession(page)).toBeNull();
    const row = await userState('logistic.pw');
    expect(row.password_changed_date).not.toBeNull();
    expect(row.must_change_password).toBe(false);
    const tokens = await tokensOf(userId);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.revoked_date).not.toBeNull();
    expect(tokens[0]!.revoked_reason).toBe('PASSWORD_CHANGED');

    // The old password is refused.
    await page.locator('input[name="username"]').fill('logistic.pw');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await expectRefused(await consentCheck(page, pressEnter(page)), 'CAPTCHA');
    await formSettled(page);
    await page.getByText(INVALID_CREDENTIALS).first().waitFor();
    expect(onLoginPage(page)).toBe(true);
    expect(await storedSession(page)).toBeNull();
    expect(await countAttempts('logistic.pw', false, 'PASSWORD')).toBe(1);

    // The new one logs in.
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await consentCheck(page, pressEnter(page));
    await onDashboard(page);
    await page.getByText('Total SAP Orders').waitFor();
    expect((await storedSession(page))?.token).toBeTruthy();
    expect(await tokensOf(userId)).toHaveLength(2);
    await page.context().close();
  });

  test('given a signed-in user, when logging out, then the session is cleared and the old token is refused by the API', async () => {
    const { id: userId } = await userState('logistic.out');
    const page = await stack.newPage();
    await login(page, 'logistic.out');
    await onDashboard(page);
    const session = await storedSession(page);
    expect(session?.token).toBeTruthy();
    const token = session!.token;
    expect(await permissionWith(token)).toBe(200);

    await logout(page);
    expect(await storedSession(page)).toBeNull();
    const tokens = await tokensOf(userId);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.revoked_date).not.toBeNull();
    expect(tokens[0]!.revoked_reason).toBe('LOGOUT');
    expect(await permissionWith(token)).toBe(401);

    // The console no longer opens the dashboard either.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname.startsWith('/Login'));
    await page.locator('input[name="username"]').waitFor();
    await page.context().close();
  });
});

describe('regressions', () => {
  // FluentProvider copies its classes onto every portal node (top 0, full width, z-index 1000000); the layout
  // class (min-height 100vh) on it made every toast, dialog and menu lay a white sheet over the page.
  test('given an error toast on the login page, then the login form stays visible and clickable', async () => {
    const page = await stack.newPage();
    await page.goto('/Login');
    await page.locator('input[name="username"]').fill('nobody');
    await page.locator('input[name="password"]').fill('wrong-password');
    await consentCheck(page, clickLogin(page));
    await page.getByText(INVALID_CREDENTIALS).first().waitFor();
    const submit = page.locator('button[type="submit"]');
    await submit.getByText('Login', { exact: true }).waitFor();
    const hit = await submit.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top !== null && button.contains(top);
    });
    await page.context().close();
    expect(hit).toBe(true);
  });

  // The server's message used to end with the hint the login page adds after it.
  test('given a first-login password change, then the login page says "Please log in with your new password." once', async () => {
    const page = await stack.newPage();
    const dialog = await acceptConsent(page, 'newstaff.notice');
    await dialog.getByLabel(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD);
    await dialog.getByLabel(CONFIRM_PASSWORD).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = page.locator('[role="status"]').filter({ hasText: 'Your password has been changed.' });
    await notice.waitFor();
    const text = await notice.innerText();
    await page.context().close();
    expect(text.split('Please log in with your new password.').length - 1).toBe(1);
  });

  // A Fluent dialog marks the rest of the page aria-hidden while it is open; removed from the page while still
  // open (rather than closed), it left the mark behind, hiding the login page and then the console from screen
  // readers. The dialogs are now closed, never removed while open.
  test('given the consent dialog was cancelled, then the login page is exposed to assistive technology again', async () => {
    const page = await stack.newPage();
    await login(page, 'newstaff.aria');
    const consent = page.getByRole('alertdialog', { name: 'Privacy consent' });
    await consent.getByRole('button', { name: 'Cancel', exact: true }).click();
    await consent.waitFor({ state: 'detached' });
    await formSettled(page);
    const exposed = await page
      .waitForFunction(() => !document.getElementById('root')?.closest('[aria-hidden="true"]'), null, {
        timeout: 3000,
      })
      .then(() => true)
      .catch(() => false);
    const loginButtons = await page.getByRole('button', { name: 'Login', exact: true }).count();
    await page.context().close();
    expect({ exposed, loginButtons }).toEqual({ exposed: true, loginButtons: 1 });
  });
});
