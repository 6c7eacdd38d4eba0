// What browser tests do on a page of the console: sign in with a language and collect what went wrong, move
// inside the single-page app, find the page's heading, count grid rows, measure the page's width, and read the
// texts the console is built with so a test runs the same in English and Indonesian.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { projectRoot } from '../../api/config';
import type { E2eStack } from './e2e';
import { login } from './e2e-login';

export type Language = 'en' | 'id';

/** A text of locales/<language>/<file> by its dotted key, with `{{name}}` parameters filled in. */
export function localeText(
  language: Language,
  file: string,
  key: string,
  params: Record<string, string | number> = {},
): string {
  let node: unknown = JSON.parse(fs.readFileSync(path.join(projectRoot, 'locales', language, file), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}/${file}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A console text in a language, from the file the console is built with. */
export function consoleText(
  language: Language,
  key: string,
  params?: Record<string, string | number>,
): string {
  return localeText(language, 'console.json', key, params);
}

export interface SignedIn {
  page: Page;
  /** Page errors and API answers ≥ 400 seen since sign-in. */
  problems: string[];
}

/** Signs in with the interface language set first, on a page of the given width. */
export async function signIn(
  stack: E2eStack,
  username: string,
  width: number,
  language: Language,
): Promise<SignedIn> {
  await stack.app.deps.db('users').where({ username }).update({ language });
  const page = await stack.newPage({ width, height: 860 });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      problems.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
    }
  });
  await login(page, username);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, problems };
}

/** Navigates inside the single-page console, as its links do. */
export async function goInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

export function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

export async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Rows on screen, each counted once (a row has a part in the pinned and in the scrolling container). */
export async function rowCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Set(
        [...document.querySelectorAll('.ag-row:not(.ag-full-width-row)')].map((r) =>
          r.getAttribute('row-index'),
        ),
      ).size,
  );
}
