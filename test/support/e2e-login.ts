// Browser helpers shared by the end-to-end suites: filling the login form and opening the lazily loaded
// top-bar menus.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api';

/** Opens the login page and submits the username and password (no waiting for the outcome). */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/Login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * The top-bar menus load on first use; the first click may land while the real menu replaces its
 * placeholder, so the menu is opened again if it did not appear.
 */
export async function openMenu(
  page: Page,
  button: string,
  item: ReturnType<Page['getByRole']>,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByRole('button', { name: button }).click();
    try {
      await item.waitFor({ timeout: 4000 });
      return;
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  throw new Error(`menu ${button} did not open`);
}
