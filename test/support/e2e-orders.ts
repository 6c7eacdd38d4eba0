// What the order suites in a real browser share (test/e2e/order-*.test.ts), on the e2e stack of test/support/e2e.ts
// with the API's order workflows wired to a Temporal dev server: the console's and the server's texts in either
// language; on a page, the screenshot that also checks the page is no wider than the window, toasts, the list's
// column filter, cells and toolbar buttons, the order list with one order chosen and its View and History panels, an
// approval on the Approval screen; through the API, an assignment by logistic and an approval; in the database, an
// order's approval round and its approvers.
import type { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Locator, Page } from 'playwright-core';
import type { Db } from '../../db/connection';
import { loginAs } from './api';
import { eventually } from './approvals';
import { createApprovalWorkflows, createSapApprovalStarter } from '../../api/approvals/workflows';
import { createOrderWorkflows } from '../../api/orders/workflows';
import { createWorker } from '../../workflows/worker';
import { startE2eStack, type E2eStack } from './e2e';
import { startTestTemporal } from './temporal';
import {
  consoleText,
  goInApp,
  heading,
  localeText,
  pageWidth,
  rowCount,
  type Language,
  type SignedIn,
} from './e2e-page';
import { assignBody, importAssignable, readAssignable, type AssignableSapOrder } from './order-assign';

// ------------------------------------------------------------------------------------------------ texts

export function text(language: Language, key: string, params?: Record<string, string | number>): string {
  return consoleText(language, key, params);
}

export function assignText(
  language: Language,
  key: string,
  params?: Record<string, string | number>,
): string {
  return localeText(language, 'console-assign.json', key, params);
}

export function orderText(language: Language, key: string, params?: Record<string, string | number>): string {
  return localeText(language, 'console-orders.json', key, params);
}

/** An order status or a transporter's answer as the server names it. */
export function statusText(language: Language, status: string): string {
  return localeText(language, 'server-orders.json', `order.status.${status}`);
}

export function dispatchText(language: Language, status: string): string {
  return localeText(language, 'server-orders.json', `order.dispatch.${status}`);
}

export function serverText(
  language: Language,
  key: string,
  params?: Record<string, string | number>,
): string {
  return localeText(language, 'server.json', key, params);
}

/** A text of the server's order messages (server-orders.json). */
export function serverOrderText(
  language: Language,
  key: string,
  params?: Record<string, string | number>,
): string {
  return localeText(language, 'server-orders.json', key, params);
}

export function escaped(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A field's label, with the asterisk a required field adds. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${escaped(label)}\\s*\\*?$`);
}

// ------------------------------------------------------------------------------------------------ browser

/** Closes the session's browser context and sets the user's language back to English. */
export async function signOut(stack: E2eStack, session: SignedIn, username: string): Promise<void> {
  await session.page.context().close();
  await stack.app.deps.db('users').where({ username }).update({ language: 'en' });
}

/** Until the dialogs and panels have finished moving in (short animations only: spinners run forever). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const moving = document
      .getAnimations()
      .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) < 2000);
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The screenshot test-results/screenshots/<prefix>-<name>.png, and the page no wider than the window. */
export async function shoot(
  stack: E2eStack,
  prefix: string,
  page: Page,
  name: string,
  width: number,
): Promise<void> {
  await settled(page);
  await stack.screenshot(page, `${prefix}-${name}`);
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
}

export function toast(page: Page, message: string): Locator {
  return page.locator('.fui-Toast').filter({ hasText: message }).first();
}

export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.fui-Toast');
  for (const shown of await toasts.all()) {
    await shown
      .getByRole('button')
      .click({ timeout: 5000 })
      .catch(() => undefined);
  }
  await eventually(async () => (await toasts.count()) === 0);
}

/** Types a value into a list's column filter and waits for the list it asks for and for one row. */
export async function findInList(
  page: Page,
  language: Language,
  column: string,
  value: string,
  list: string,
  rows = 1,
): Promise<void> {
  const filter = page.getByRole('textbox', {
    name: text(language, 'grid.filterOf', { column }),
    exact: true,
  });
  // The list keeps its filters per user: back on it, the value may be there already and asked for.
  if ((await filter.inputValue()) !== value) {
    const answered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/${list}/list` && (r.request().postData() ?? '').includes(value),
    );
    await filter.fill(value);
    expect((await answered).status()).toBe(200);
  }
  if (rows) await page.locator('.ag-row').filter({ hasText: value }).first().waitFor();
  await eventually(async () => (await rowCount(page)) === rows);
}

export function cell(page: Page, field: string, rowText: string): Locator {
  return page.locator(`.ag-row [col-id="${field}"]`).filter({ hasText: rowText }).first();
}

export function toolbarButton(page: Page, name: string): Locator {
  return page.getByRole('toolbar').getByRole('button', { name, exact: true });
}

/** The order list with the order found by its number, read again, and chosen. */
export async function openOrderList(page: Page, language: Language, orderNo: string): Promise<void> {
  await closeToasts(page);
  await goInApp(page, '/Order/Index');
  await heading(page, orderText(language, 'orderList.title')).waitFor();
  await findInList(page, language, orderText(language, 'order.fields.Order_No'), orderNo, 'order');
  // Back on the list, what it shows may be older than the order: it is read again.
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/list'),
    toolbarButton(page, text(language, 'resources.refresh')).click(),
  ]);
  await page.locator('.ag-row').filter({ hasText: orderNo }).first().waitFor();
  // The list keeps its choice: a click on a chosen row would let it go.
  if ((await page.locator('.ag-row.ag-row-selected').count()) === 0)
    await cell(page, 'Order_No', orderNo).click();
  await page
    .getByText(orderText(language, 'orderList.selectedCount', { count: 1 }), { exact: true })
    .waitFor();
}

/** Opens the History of the order chosen in the list; answers its table. */
export async function openHistory(page: Page, language: Language, orderNo: string): Promise<Locator> {
  await toolbarButton(page, orderText(language, 'orderList.history')).click();
  await page
    .getByText(orderText(language, 'orderHistory.title', { order: orderNo }), { exact: true })
    .waitFor();
  const table = page.getByRole('table', { name: orderText(language, 'orderHistory.table') });
  await table.waitFor();
  return table;
}

export async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** The process block ("Where is my order?") of the open order View. */
export function processBlock(page: Page, language: Language): Locator {
  return page.getByRole('region', { name: orderText(language, 'orderProcess.title') });
}

/** Opens the View of the order chosen in the list; waits for its process block to be read. */
export async function openView(page: Page, language: Language, orderNo: string): Promise<Locator> {
  await toolbarButton(page, orderText(language, 'orderList.view')).click();
  await page.getByText(orderText(language, 'orderView.title', { order: orderNo }), { exact: true }).waitFor();
  const block = processBlock(page, language);
  await block.getByText(orderText(language, 'orderProcess.step'), { exact: true }).waitFor();
  return block;
}

/** Where approveOnScreen stops for a screenshot: the order checked in the list, then the list after the decision. */
export type ApprovalStep = 'chosen' | 'approved';

/**
 * On the Approval screen: finds the order by its number, checks it, Approve, Yes; the row leaves the list. The list
 * is filtered at the page's width (its column filter must be on screen); `shot` may then change the width, and the
 * decision is made at the width it leaves.
 */
export async function approveOnScreen(
  page: Page,
  language: Language,
  approval: { id: number; orderNo: string },
  shot: (step: ApprovalStep) => Promise<void>,
): Promise<void> {
  await closeToasts(page);
  await goInApp(page, '/Approval/Index');
  await heading(page, text(language, 'routes.Approval.Index')).waitFor();
  const column = localeText(language, 'resources.json', 'SAPOrder.fields.Document_No');
  await findInList(page, language, column, approval.orderNo, 'approval');
  await page.locator(`.ag-row[row-id="${approval.id}"] .ag-selection-checkbox input`).click();
  await page.getByText(text(language, 'approval.selectedCount', { count: 1 }), { exact: true }).waitFor();
  await shot('chosen');
  await toolbarButton(page, text(language, 'approval.approve')).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text(language, 'approval.approveTitle'), { exact: true }).waitFor();
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/approval/approve'),
    dialog.getByRole('button', { name: text(language, 'confirm.yes'), exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { results: { Id: number; success: boolean }[] } };
  expect(body.data.results).toEqual([expect.objectContaining({ Id: approval.id, success: true })]);
  await toast(page, serverText(language, 'approval.summary.approve.all', { count: 1 })).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await eventually(async () => (await rowCount(page)) === 0);
  await shot('approved');
}

// ------------------------------------------------------------------------------------------------ database

/** The order's latest approval round. */
export async function orderApproval(
  db: Db,
  orderId: number,
): Promise<{ id: number; status: string; current_level: number }> {
  return (await db('approvals')
    .where({ transaction_type: 'ORDER', document_id: String(orderId) })
    .orderBy('id', 'desc')
    .first('id', 'status', 'current_level')) as { id: number; status: string; current_level: number };
}

/** The round's approvers as [level, username], by level. */
export async function approvers(db: Db, approvalId: number): Promise<[number, string][]> {
  const rows = (await db('approval_approvers')
    .where({ approval_id: approvalId })
    .orderBy(['level', 'username'])
    .select('level', 'username')) as { level: number; username: string }[];
  return rows.map((r) => [r.level, r.username]);
}

export async function workflowStatus(client: Client, workflowId: string): Promise<string> {
  return (await client.workflow.getHandle(workflowId).describe()).status.name;
}

let documents = 0;
/**
 * A fresh outstanding SO from SAP on the priced lane (order-assign.ts): lines of 25 and 26 TON of CPO, numbered
 * <series><00001...>, the series 5 digits.
 */
export function freshSapOrder(db: Db, series: string): Promise<AssignableSapOrder> {
  return importAssignable(db, `${series}${String(++documents).padStart(5, '0')}`);
}

/** The SAP order's lines' outstanding quantities (os_qty), by item. */
export async function outstanding(db: Db, so: AssignableSapOrder): Promise<number[]> {
  return (await readAssignable(db, so.documentNo)).lines.map((l) => l.os_qty);
}

// ------------------------------------------------------------------------------------------------ API

/** POSTs `body` to the API as the user, in English; throws unless it answers `status`. */
export async function call(
  stack: E2eStack,
  username: string,
  path: string,
  body: unknown,
  status = 200,
): Promise<Record<string, unknown>> {
  const token = await loginAs(stack.app, username);
  const res = await stack.app
    .request()
    .post(path)
    .set('Authorization', token)
    .set('language', 'en')
    .send(body as object);
  if (res.status !== status) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

/** Assigns a SAP order through the API as logistic (the browser part of this is the order journey's first). */
export async function assignByApi(
  stack: E2eStack,
  so: AssignableSapOrder,
  transporter: string,
): Promise<{ Id: number; Order_No: string; Status: string }> {
  const entry = { transporter_code: transporter, assign_reason: 'URGENT_DELIVERY' };
  const body = await call(
    stack,
    'logistic',
    '/api/saporder/assign_transporter',
    await assignBody(stack.app.deps.db, [so], { transporters: [entry] }),
  );
  const orders = (body.data as { orders: { Id: number; Order_No: string; Status: string }[] }).orders;
  return orders[0]!;
}

export async function approveByApi(stack: E2eStack, username: string, approvalId: number): Promise<void> {
  const body = await call(stack, username, '/api/approval/approve', { ids: [approvalId] });
  expect((body.data as { results: { success: boolean }[] }).results).toEqual([
    expect.objectContaining({ success: true }),
  ]);
}

/** The e2e stack on the master demo wired to a real Temporal dev server and a worker, as api/main.ts wires them. */
export interface OrderStack {
  stack: E2eStack;
  env: TestWorkflowEnvironment;
  close(): Promise<void>;
}

export async function startOrderStack(taskQueue: string): Promise<OrderStack> {
  const env = await startTestTemporal();
  const stack = await startE2eStack({ masterData: true });
  // Before any page calls the API: saving an assignment starts the order's workflow, and the Approval screen's,
  // the transporter's and staff's decisions are Updates of it.
  Object.assign(stack.app.deps, {
    startSapApprovalWorkflow: createSapApprovalStarter(env.client, taskQueue),
    approvalWorkflows: createApprovalWorkflows(env.client, { taskQueue }),
    orderWorkflows: createOrderWorkflows(env.client, { taskQueue }),
  });
  const worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    db: stack.app.deps.db,
    client: env.client,
  });
  const running = worker.run();
  return {
    stack,
    env,
    close: async () => {
      worker.shutdown();
      await running;
      await env.teardown();
      await stack.close();
    },
  };
}
