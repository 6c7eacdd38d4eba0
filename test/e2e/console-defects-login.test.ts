// Two login defects of issue 18 in a real browser, in English at 1366 px and in Indonesian at 800 px (screenshots
// in test-results/screenshots/login-defects-*.png):
// - Toasts of refused logins (item 6): the same wrong password twice shows its error toast once (the newer
//   replaces the older), and the next successful login leaves no toast of the login page on the dashboard.
// - The first-login Change Password dialog (item 10, spec/3 §2.5) cannot be dismissed: Save is its only button
//   (no Cancel, no close button), Escape and a click outside leave it open, and Save still closes it with the
//   notice. Opened by choice from the settings menu, it keeps its Cancel.
// Each test works on its own copy of a demo user, in the language of the run.
import type { Locator, Page, Response } from 'playwright-core';
import { eventually } from '../support/approvals';
import { DEMO_PASSWORD } from '../support/api';
import { startE2eStack, type E2eStack } from '../support/e2e';
import { openMenu } from '../support/e2e-login';
import { serverText, shoot } from '../support/e2e-orders';
import { consoleText as text, signIn, type Language } from '../support/e2e-page';

jest.setTimeout(180_000);

let stack: E2eStack;

const RUNS: { language: Language; width: number }[] = [
  { language: 'en', width: 1366 },
  { language: 'id', width: 800 },
];

const NEW_PASSWORD = 'Kelapa#Hijau2027';

beforeAll(async () => {
  stack = await startE2eStack();
  for (const { language } of RUNS) {
    await copyUser('logistic', `logistic.toast.${language}`, { language });
    await copyUser('logistic', `logistic.menu.${language}`, { language });
    // Consent given, so the login goes straight to the forced password change (FIRST_LOGIN).
    await copyUser('newstaff', `newstaff.forced.${language}`, { language, privacy_consent_date: new Date() });
  }
});
afterAll(async () => {
  await stack?.close();
});

/** A new user with every column and group of `from` but another username (and the given columns). */
async function copyUser(from: string, to: string, columns: Record<string, unknown>): Promise<void> {
  const db = stack.app.deps.db;
  const source = (await db('users').where({ username: from }).first()) as Record<string, unknown> & {
    id: number;
  };
  const { id, ...rest } = source;
  const [created] = (await db('users')
    .insert({ ...rest, ...columns, username: to, created_by: 'e2e' })
    .returning('id')) as { id: number }[];
  const groups = (await db('user_group_members').where({ user_id: id }).select('group_id')) as {
    group_id: number;
  }[];
  await db('user_group_members').insert(groups.map((g) => ({ user_id: created!.id, group_id: g.group_id })));
}

/** The login page in the run's language (chosen with its language buttons, as a user would). */
async function openLogin(language: Language, width: number): Promise<Page> {
  const page = await stack.newPage({ width });
  await page.goto('/Login');
  if (language === 'id') {
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Indonesia' }).click();
  }
  await page.locator('button[type="submit"]').getByText(text(language, 'login.submit')).waitFor();
  return page;
}

/** Submits the login form with Enter (a toast may lie over the page) and waits for the consent check's answer. */
async function submitLogin(page: Page, username: string, password: string): Promise<Response> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/check_consent'),
    page.locator('input[name="password"]').press('Enter'),
  ]);
  return response;
}

/** How many of `toasts` are on screen once toasts that are leaving have left (up to 5 s). */
async function settledCount(toasts: Locator, expected: number): Promise<number> {
  await eventually(async () => (await toasts.count()) === expected, 5000).catch(() => undefined);
  return toasts.count();
}

/** A field of the dialog by the start of its label (labels end with the required mark). */
function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

describe.each(RUNS)('login defects in $language at $width px', ({ language, width }) => {
  const prefix = `login-defects`;
  const suffix = `${language}-${width}`;

  test('given the same wrong password twice, when both are refused and the right one then logs in, then the refusal shows once and the dashboard shows no toast', async () => {
    const page = await openLogin(language, width);
    const username = `logistic.toast.${language}`;
    const refusal = serverText(language, 'auth.invalidCredentials');
    const refusals = page.locator('.fui-Toast').filter({ hasText: refusal });

    for (const attempt of [1, 2]) {
      const answer = await submitLogin(page, username, `wrong-password-${attempt}`);
      expect(answer.status()).toBe(422);
      await refusals.first().waitFor();
      await page.locator('button[type="submit"]:not([disabled])').waitFor();
    }
    expect(await settledCount(refusals, 1)).toBe(1);
    await shoot(stack, prefix, page, `toast-once-${suffix}`, width);

    expect((await submitLogin(page, username, DEMO_PASSWORD)).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: text(language, 'shell.settings') }).waitFor();
    expect(await settledCount(page.locator('.fui-Toast'), 0)).toBe(0);
    expect(await page.getByText(refusal).count()).toBe(0);
    await shoot(stack, prefix, page, `dashboard-no-toast-${suffix}`, width);
    await page.context().close();
  });

  test('given a first login, when Change Password opens, then Save is its only button, Escape and a click outside leave it open, and Save closes it with the notice', async () => {
    const page = await openLogin(language, width);
    const answer = await submitLogin(page, `newstaff.forced.${language}`, DEMO_PASSWORD);
    expect(answer.status()).toBe(200);
    const dialog = page.getByRole('alertdialog', { name: text(language, 'changePassword.title') });
    await dialog.getByText(serverText(language, 'auth.firstLogin')).waitFor();

    const buttons = (await dialog.getByRole('button').allInnerTexts()).map((label) => label.trim());
    expect(buttons).toEqual([text(language, 'common.save')]);
    expect(await dialog.getByRole('button', { name: text(language, 'common.close') }).count()).toBe(0);
    await shoot(stack, prefix, page, `change-password-forced-${suffix}`, width);

    await field(dialog, text(language, 'changePassword.new')).click();
    await page.keyboard.press('Escape');
    // A click on the dimmed page beside the dialog.
    await page.mouse.click(4, 4);
    // Time for a closing dialog to go (Fluent's exit animation is shorter).
    await page.waitForTimeout(800);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(1);

    await field(dialog, text(language, 'changePassword.new')).fill(NEW_PASSWORD);
    await field(dialog, text(language, 'changePassword.confirm')).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: text(language, 'common.save'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('[role="status"]')
      .getByText(text(language, 'login.loginWithNewPassword'), { exact: false })
      .waitFor();
    await page.context().close();
  });

  test('given a signed-in user, when Change Password is opened from the settings menu, then it keeps its Cancel, which closes it', async () => {
    const { page } = await signIn(stack, `logistic.menu.${language}`, width, language);
    const item = page.getByRole('menuitem', { name: text(language, 'shell.changePassword') });
    await openMenu(page, text(language, 'shell.settings'), item);
    await item.click();
    const dialog = page.getByRole('alertdialog', { name: text(language, 'changePassword.title') });
    const cancel = dialog.getByRole('button', { name: text(language, 'common.cancel'), exact: true });
    await cancel.waitFor();
    await shoot(stack, prefix, page, `change-password-menu-${suffix}`, width);

    await cancel.click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
