// Account administration in a real browser as the demo admin, each step checked in the database: a group's menu
// permissions (a right granted on the Group editor lands in group_menus, with View implied), a user's groups (the
// User editor's Groups card replaces user_group_members), and a password reset (the one-time password shown once is
// read off the screen and logs in, in a fresh browser, to the forced password change; the new password then
// reaches the dashboard). A directory account cannot be reset from the screen. Finally the cards are shown in
// English and Indonesian at 1366 and 800 px and must fit the narrow screen.
import type { Locator, Page, Response } from 'playwright-core';
import { startE2eStack, type E2eStack } from '../support/e2e';
import { login } from '../support/e2e-login';

jest.setTimeout(120_000);

let stack: E2eStack;

/** Copies of demo users, taken before any test changes the originals. */
const COPIES = [
  ['warehouse', 'e2e.groups'],
  ['logistic', 'e2e.reset'],
  ['logistic', 'e2e.directory'],
] as const;

beforeAll(async () => {
  stack = await startE2eStack();
  for (const [from, to] of COPIES) await copyUser(from, to);
  await stack.app.deps.db('users').where({ username: 'e2e.directory' }).update({ use_ad: true });
});
afterAll(async () => {
  await stack?.close();
});

type Language = 'en' | 'id';

/** A new user with every column and group of `from` but another username. */
async function copyUser(from: string, to: string): Promise<number> {
  const db = stack.app.deps.db;
  const source = (await db('users').where({ username: from }).first()) as Record<string, unknown> & {
    id: number;
  };
  const { id, ...columns } = source;
  const [created] = (await db('users')
    .insert({ ...columns, username: to, full_name: `Copy of ${from}`, created_by: 'e2e' })
    .returning('id')) as { id: number }[];
  const groups = (await db('user_group_members').where({ user_id: id }).select('group_id')) as {
    group_id: number;
  }[];
  await db('user_group_members').insert(groups.map((g) => ({ user_id: created!.id, group_id: g.group_id })));
  return created!.id;
}

async function idOf(table: string, where: Record<string, string>): Promise<number> {
  const row = (await stack.app.deps.db(table).where(where).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`no ${table} row ${JSON.stringify(where)}`);
  return row.id;
}

async function groupsOf(username: string): Promise<string[]> {
  const rows = (await stack.app.deps
    .db('user_group_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .join('user_groups as g', 'g.id', 'm.group_id')
    .where('u.username', username)
    .orderBy('g.code')
    .select('g.code')) as { code: string }[];
  return rows.map((r) => r.code);
}

async function rightsOf(groupCode: string, menuCode: string) {
  return (await stack.app.deps
    .db('group_menus as gm')
    .join('user_groups as g', 'g.id', 'gm.group_id')
    .join('menus as m', 'm.id', 'gm.menu_id')
    .where({ 'g.code': groupCode, 'm.code': menuCode })
    .first('gm.can_view', 'gm.can_create', 'gm.can_edit', 'gm.can_delete')) as
    { can_view: boolean; can_create: boolean; can_edit: boolean; can_delete: boolean } | undefined;
}

interface SignedIn {
  page: Page;
  /** Uncaught page errors and failed API answers seen so far. */
  problems: string[];
}

const SETTINGS: Record<Language, string> = { en: 'Settings', id: 'Pengaturan' };

/** A fresh browser context with the admin signed in (in the language stored on the admin) and the shell shown. */
async function signInAdmin(width = 1366, language: Language = 'en'): Promise<SignedIn> {
  const page = await stack.newPage({ width });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      problems.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
    }
  });
  await login(page, 'admin');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: SETTINGS[language], exact: true }).waitFor();
  return { page, problems };
}

function apiAnswer(page: Page, method: string, apiPath: string): Promise<Response> {
  return page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname === `/api/${apiPath}`,
  );
}

/** Navigates inside the single-page console (no reload), as its own links do. */
async function goInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** Opens a record's editor and waits until the card `card` (a region by its title) has loaded its data. */
async function openEditor(page: Page, url: string, dataPath: string, card: string): Promise<Locator> {
  const loaded = apiAnswer(page, 'GET', dataPath);
  await goInApp(page, url);
  expect((await loaded).status()).toBe(200);
  const region = page.getByRole('region', { name: card, exact: true });
  await region.waitFor();
  return region;
}

/** Waits until no animation runs (a dialog fading in), so a screenshot shows the page as the user sees it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Scrolls the page so that a card starts just below the top bar (which stays over the page's top). */
async function showCard(page: Page, card: Locator): Promise<void> {
  await card.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -64);
  });
  await settled(page);
}

/** Clicks `button`, checks the confirmation names `detail`, answers `yes` and returns the server's answer. */
async function confirmed(
  page: Page,
  button: Locator,
  dialogTitle: string,
  detail: string,
  yes: string,
  method: string,
  apiPath: string,
  shot?: string,
): Promise<Response> {
  await button.click();
  const dialog = page.getByRole('alertdialog', { name: dialogTitle });
  await dialog.getByText(detail, { exact: true }).waitFor();
  if (shot) {
    await settled(page);
    await stack.screenshot(page, shot);
  }
  const [response] = await Promise.all([
    apiAnswer(page, method, apiPath),
    dialog.getByRole('button', { name: yes, exact: true }).click(),
  ]);
  await dialog.waitFor({ state: 'detached' });
  return response;
}

describe('group permissions', () => {
  test('given the warehouse group without the Company screen, when the admin ticks Edit on Company and saves the matrix, then group_menus holds View and Edit for it and the other screens keep their rights', async () => {
    const { page, problems } = await signInAdmin();
    const groupId = await idOf('user_groups', { code: 'WAREHOUSE_STAFF' });
    expect(await rightsOf('WAREHOUSE_STAFF', 'Company')).toBeUndefined();
    const before = await stack.app.deps
      .db('group_menus')
      .where({ group_id: groupId })
      .orderBy('menu_id')
      .select('menu_id', 'can_view', 'can_create', 'can_edit', 'can_delete');

    const card = await openEditor(
      page,
      `/Group/Editor?mode=edit&id=${groupId}`,
      `group/${groupId}/permissions`,
      'Menu permissions',
    );
    await card.getByRole('heading', { level: 3, name: 'Master Data', exact: true }).waitFor();
    const view = card.getByRole('checkbox', { name: 'View: Company', exact: true });
    const edit = card.getByRole('checkbox', { name: 'Edit: Company', exact: true });
    expect(await view.isChecked()).toBe(false);
    const save = card.getByRole('button', { name: 'Save permissions', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await edit.check();
    expect(await view.isChecked()).toBe(true);
    await showCard(page, card);
    await stack.screenshot(page, 'admin-group-permissions-ticked-en-1366');

    const saved = await confirmed(
      page,
      save,
      'Save permissions',
      'WAREHOUSE_STAFF - Warehouse staff',
      'Yes',
      'PUT',
      `group/${groupId}/permissions`,
      'admin-group-permissions-confirm-en-1366',
    );
    expect(saved.status()).toBe(200);
    await page.locator('.fui-Toast').filter({ hasText: 'Data Saved' }).waitFor();
    expect(await rightsOf('WAREHOUSE_STAFF', 'Company')).toEqual({
      can_view: true,
      can_create: false,
      can_edit: true,
      can_delete: false,
    });
    const companyMenu = await idOf('menus', { code: 'Company' });
    const after = await stack.app.deps
      .db('group_menus')
      .where({ group_id: groupId })
      .whereNot({ menu_id: companyMenu })
      .orderBy('menu_id')
      .select('menu_id', 'can_view', 'can_create', 'can_edit', 'can_delete');
    expect(after).toEqual(before);
    const edited = (await stack.app.deps.db('user_groups').where({ id: groupId }).first('edited_by')) as {
      edited_by: string;
    };
    expect(edited.edited_by).toBe('admin');

    // Read back after the save: the matrix shows what was stored and there is nothing left to save.
    await card.getByRole('checkbox', { name: 'Edit: Company', exact: true, checked: true }).waitFor();
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).some(
          (b) => b.textContent === 'Save permissions' && b.disabled,
        ),
      null,
    );
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('user groups', () => {
  test('given a warehouse user, when the admin ticks Logistic staff, unticks Warehouse staff and saves the groups, then user_group_members holds exactly the logistic group', async () => {
    const { page, problems } = await signInAdmin();
    const userId = await idOf('users', { username: 'e2e.groups' });
    expect(await groupsOf('e2e.groups')).toEqual(['WAREHOUSE_STAFF']);

    const card = await openEditor(
      page,
      `/User/Editor?mode=edit&id=${userId}`,
      `user/${userId}/groups`,
      'Groups',
    );
    const warehouse = card.getByRole('checkbox', { name: 'WAREHOUSE_STAFF - Warehouse staff', exact: true });
    await warehouse.waitFor();
    expect(await warehouse.isChecked()).toBe(true);
    await card.getByRole('checkbox', { name: 'LOGISTIC_STAFF - Logistic staff', exact: true }).check();
    await warehouse.uncheck();
    await showCard(page, card);
    await stack.screenshot(page, 'admin-user-groups-en-1366');

    const saved = await confirmed(
      page,
      card.getByRole('button', { name: 'Save groups', exact: true }),
      'Save groups',
      'e2e.groups - Copy of warehouse',
      'Yes',
      'PUT',
      `user/${userId}/groups`,
    );
    expect(saved.status()).toBe(200);
    await page.locator('.fui-Toast').filter({ hasText: 'Data Saved' }).waitFor();
    expect(await groupsOf('e2e.groups')).toEqual(['LOGISTIC_STAFF']);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('password reset', () => {
  test('given a signed-in user, when the admin resets the password, then the one-time password shown once logs in elsewhere to the forced password change and the chosen password reaches the dashboard', async () => {
    const userId = await idOf('users', { username: 'e2e.reset' });
    // The user is signed in somewhere: the reset ends that session.
    const elsewhere = await stack.newPage();
    await login(elsewhere, 'e2e.reset');
    await elsewhere.waitForURL((url) => url.pathname === '/');
    const liveTokens = () =>
      stack.app.deps.db('auth_tokens').where({ user_id: userId }).whereNull('revoked_date').count('* as n');
    expect(Number(((await liveTokens()) as { n: string }[])[0]!.n)).toBeGreaterThan(0);

    const { page, problems } = await signInAdmin();
    const card = await openEditor(
      page,
      `/User/Editor?mode=edit&id=${userId}`,
      `user/${userId}/groups`,
      'Password',
    );
    const reset = await confirmed(
      page,
      card.getByRole('button', { name: 'Reset password', exact: true }),
      'Reset password',
      'e2e.reset - Copy of logistic',
      'Yes',
      'POST',
      `user/${userId}/reset_password`,
    );
    expect(reset.status()).toBe(200);
    const answered = ((await reset.json()) as { data: { temporary_password: string } }).data;

    const shown = page.getByRole('alertdialog', { name: 'Temporary password' });
    await shown.getByText('This password is shown only this once', { exact: false }).waitFor();
    const temporary = await shown.getByLabel('One-time password of e2e.reset').inputValue();
    expect(temporary).toBe(answered.temporary_password);
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await shown.getByRole('button', { name: 'Done', exact: true }).click();
    await shown.waitFor({ state: 'detached' });
    // Gone from the page once closed.
    expect(await page.locator(`input[value="${temporary}"]`).count()).toBe(0);

    const row = (await stack.app.deps
      .db('users')
      .where({ id: userId })
      .first('must_change_password', 'change_password_reason', 'edited_by')) as Record<string, unknown>;
    expect(row).toEqual({ must_change_password: true, change_password_reason: 'RESET', edited_by: 'admin' });
    expect(Number(((await liveTokens()) as { n: string }[])[0]!.n)).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
    await elsewhere.context().close();

    // The user, in a fresh browser: the one-time password leads to the password change, not to the dashboard.
    const fresh = await stack.newPage();
    await login(fresh, 'e2e.reset', temporary);
    const change = fresh.getByRole('alertdialog', { name: 'Change Password' });
    await change.waitFor();
    await change.getByText('Your password was reset. Please set a new password.').waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/Login');
    await settled(fresh);
    await stack.screenshot(fresh, 'admin-reset-login-change-en-1366');
    const chosen = 'Sawit#Baru2027';
    await change.getByLabel(/^New Password/).fill(chosen);
    await change.getByLabel(/^Confirm New Password/).fill(chosen);
    const [changed] = await Promise.all([
      apiAnswer(fresh, 'POST', 'auth/change_password'),
      change.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(changed.status()).toBe(200);
    await change.waitFor({ state: 'detached' });
    await fresh.context().close();

    const again = await stack.newPage();
    await login(again, 'e2e.reset', chosen);
    await again.waitForURL((url) => url.pathname === '/');
    expect(await stack.app.deps.db('users').where({ id: userId }).first('must_change_password')).toEqual({
      must_change_password: false,
    });
    await again.context().close();
  });

  test('given a directory (Use_AD) account, when its editor opens, then Reset password is disabled and says why', async () => {
    const { page, problems } = await signInAdmin();
    const userId = await idOf('users', { username: 'e2e.directory' });
    const card = await openEditor(
      page,
      `/User/Editor?mode=edit&id=${userId}`,
      `user/${userId}/groups`,
      'Password',
    );
    expect(await card.getByRole('button', { name: 'Reset password', exact: true }).isDisabled()).toBe(true);
    await card
      .getByText(
        'This account signs in through the company directory; its password is managed there, not here.',
      )
      .waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('screens', () => {
  const LABELS: Record<
    Language,
    {
      permissions: string;
      groups: string;
      password: string;
      reset: string;
      yes: string;
      shown: string;
      done: string;
    }
  > = {
    en: {
      permissions: 'Menu permissions',
      groups: 'Groups',
      password: 'Password',
      reset: 'Reset password',
      yes: 'Yes',
      shown: 'Temporary password',
      done: 'Done',
    },
    id: {
      permissions: 'Hak akses menu',
      groups: 'Grup',
      password: 'Kata sandi',
      reset: 'Atur ulang kata sandi',
      yes: 'Ya',
      shown: 'Kata sandi sementara',
      done: 'Selesai',
    },
  };

  test.each([
    ['en', 1366],
    ['en', 800],
    ['id', 1366],
    ['id', 800],
  ] as const)(
    'given the admin in %s at %i px, when the Group and User editors open and a password is reset, then the cards and dialogs show in that language and fit the screen',
    async (language, width) => {
      await stack.app.deps.db('users').where({ username: 'admin' }).update({ language });
      const username = `e2e.shot.${language}.${width}`;
      const userId = await copyUser('logistic', username);
      try {
        const { page, problems } = await signInAdmin(width, language);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        const text = LABELS[language];
        const groupId = await idOf('user_groups', { code: 'LOGISTIC_STAFF' });
        const matrix = await openEditor(
          page,
          `/Group/Editor?mode=edit&id=${groupId}`,
          `group/${groupId}/permissions`,
          text.permissions,
        );
        await matrix.getByRole('table').waitFor();
        await showCard(page, matrix);
        await stack.screenshot(page, `admin-group-permissions-${language}-${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        const groups = await openEditor(
          page,
          `/User/Editor?mode=edit&id=${userId}`,
          `user/${userId}/groups`,
          text.groups,
        );
        await groups.getByRole('checkbox').first().waitFor();
        await showCard(page, groups);
        await page
          .getByRole('region', { name: text.password, exact: true })
          .getByRole('button', { name: text.reset, exact: true })
          .waitFor();
        await stack.screenshot(page, `admin-user-access-${language}-${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        const reset = await confirmed(
          page,
          page.getByRole('button', { name: text.reset, exact: true }),
          text.reset,
          `${username} - Copy of logistic`,
          text.yes,
          'POST',
          `user/${userId}/reset_password`,
          `admin-reset-confirm-${language}-${width}`,
        );
        expect(reset.status()).toBe(200);
        const shown = page.getByRole('alertdialog', { name: text.shown });
        await shown.waitFor();
        await settled(page);
        await stack.screenshot(page, `admin-reset-shown-${language}-${width}`);
        const box = await shown.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await shown.getByRole('button', { name: text.done, exact: true }).click();
        await shown.waitFor({ state: 'detached' });
        expect(problems).toEqual([]);
        await page.context().close();
      } finally {
        await stack.app.deps.db('users').where({ username: 'admin' }).update({ language: 'en' });
      }
    },
  );
});
