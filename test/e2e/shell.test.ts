// The main journey in a real browser: log in as the admin, see the shell and the dashboard, switch the
// language, log out; a revoked session sends the user to the session-expired login. Screenshots of the
// login page, the dashboard and the shell in both languages at 1366, 800 and 390 px (a phone), where the page must
// not scroll sideways.
import type { Page } from 'playwright-core';
import { startE2eStack, type E2eStack } from '../support/e2e';
import { login, openMenu } from '../support/e2e-login';

jest.setTimeout(120_000);

let stack: E2eStack;

beforeAll(async () => {
  stack = await startE2eStack();
});
afterAll(async () => {
  await stack?.close();
});

const WIDTHS = [1366, 800, 390] as const;

/** Nothing sticks out of the page to the side (the top bar's buttons on a phone, say). */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('shell and dashboard', () => {
  for (const width of WIDTHS) {
    test(`given the admin at ${width} px, when logging in and switching to Indonesian, then the dashboard shows in both languages and logout returns to the login page`, async () => {
      const page = await stack.newPage({ width });
      await page.goto('/Login');
      await page.getByRole('heading').first().waitFor();
      await stack.screenshot(page, `login-en-${width}`);
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Indonesia' }).click();
      await page.locator('button[type="submit"]').getByText('Masuk').waitFor();
      await stack.screenshot(page, `login-id-${width}`);
      await page.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'English' }).click();

      await login(page, 'admin');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('Total SAP Orders').waitFor();
      await page.getByText('Shipments').first().waitFor();
      expect(await page.title()).toMatch(/TMS/);
      await fitsWidth(page, width);
      await stack.screenshot(page, `dashboard-en-${width}`);

      // Switch language from the top bar: the text changes and the choice is stored on the user.
      await openMenu(page, 'Language', page.getByRole('menuitemradio', { name: 'Indonesia' }));
      await page.getByRole('menuitemradio', { name: 'Indonesia' }).click();
      await page.getByText('Total Order SAP').waitFor();
      const row = await stack.app.deps.db('users').where({ username: 'admin' }).first('language');
      expect(row.language).toBe('id');
      await fitsWidth(page, width);
      await stack.screenshot(page, `dashboard-id-${width}`);

      // Log out from the settings menu.
      await openMenu(page, 'Pengaturan', page.getByRole('menuitem', { name: 'Keluar' }));
      await page.getByRole('menuitem', { name: 'Keluar' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/Login'));
      await page.locator('input[name="username"]').waitFor();

      // Put the admin back to English for the other runs.
      await stack.app.deps.db('users').where({ username: 'admin' }).update({ language: 'en' });
      await page.context().close();
    });
  }

  test('given a signed-in user whose token is revoked, when they navigate, then they land on the login page with the Session Expired banner', async () => {
    const page = await stack.newPage();
    await login(page, 'logistic');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Total SAP Orders').waitFor();
    await stack.app.deps.db('auth_tokens').update({ revoked_date: new Date(), revoked_reason: 'TEST' });
    await page.reload();
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/(Login|Logout)/);
    await stack.screenshot(page, 'session-expired-en-1366');
    await page.context().close();
  });

  test('given a transporter, when opening a screen its groups do not grant, then the figures are refused and the menu lacks it', async () => {
    const page = await stack.newPage();
    await login(page, 'transporter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Menu Utama').or(page.getByText('Main Menu')).first().waitFor();
    const menuText = await page.getByRole('navigation').first().innerText();
    expect(menuText).not.toMatch(/SAP/);
    expect(await page.getByText('Total SAP Orders').count()).toBe(0);
    await page.context().close();
  });
});
