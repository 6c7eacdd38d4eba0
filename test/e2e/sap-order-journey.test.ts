// The SAP order journey of issue #4 in a real browser, from SAP to an approved manual order: the built console and
// the real API on the master demo with the sandbox ERP filled, wired to a real Temporal dev server and worker the
// way api/main.ts wires them, so every approval is the workflow `sap-approval:<Id>`.
//
// As logistic (companies 1000 and 2000), in English at 1366 px: Filter from SAP for sales orders of companies 1000
// and 3000 in October 2026; the rows of 3000 are coloured and their checkbox neither enables nor checks; two
// authorised rows are checked and saved; one of them is found in the SAP order list by its document number and
// opens read-only. A manual PO of company 1000 typed into the editor waits for approval with its workflow running;
// nobody approves their own request (issue 16), so logistic does not even see it on the Approval screen: the
// supervisor approves level 1 and admin level 2 after "Are you sure?", and the order is APPROVED in the list, in
// the database and in its completed workflow. Then in Indonesian at 800 px: the filter result, the list, the view,
// a manual PO of company 2000 (one level) typed by logistic and approved by the supervisor, and the APPROVED
// order, none wider than the screen. Screenshots land in test-results/screenshots/sap-journey-*.png.
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import type { Locator, Page } from 'playwright-core';
import { createApprovalWorkflows, createSapApprovalStarter } from '../../api/approvals/workflows';
import { seedErpSandbox } from '../../api/erp/sandbox/generator';
import { createWorker } from '../../workflows/worker';
import { eventually } from '../support/approvals';
import { startE2eStack, type E2eStack } from '../support/e2e';
import {
  consoleText as text,
  goInApp,
  heading,
  localeText,
  pageWidth,
  rowCount,
  signIn as signInOn,
  type Language,
  type SignedIn,
} from '../support/e2e-page';
import { startTestTemporal } from '../support/temporal';

jest.setTimeout(300_000);

/** Documents in the sandbox: enough for October 2026 to hold sales orders of every company. */
const SANDBOX_DOCUMENTS = 1500;

const taskQueue = `sap-journey-${randomUUID()}`;

let stack: E2eStack;
const signIn = (username: string, width: number, language: Language) =>
  signInOn(stack, username, width, language);
let env: TestWorkflowEnvironment;
let worker: Worker | undefined;
let running: Promise<void> | undefined;

beforeAll(async () => {
  env = await startTestTemporal();
  stack = await startE2eStack({ masterData: true });
  // Before any page calls the API: orders typed in the editor start their approval workflow, and the Approval
  // screen's decisions are Updates of it.
  Object.assign(stack.app.deps, {
    startSapApprovalWorkflow: createSapApprovalStarter(env.client, taskQueue),
    approvalWorkflows: createApprovalWorkflows(env.client, { taskQueue }),
  });
  worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    db: stack.app.deps.db,
  });
  running = worker.run();
  await seedErpSandbox(stack.app.deps.db, { count: SANDBOX_DOCUMENTS });
});
afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await stack?.close();
});

// ------------------------------------------------------------------------------------------------ texts

/** A server message or label (tabs, statuses, decision summaries) in a language. */
function serverText(language: Language, key: string, params?: Record<string, string | number>): string {
  return localeText(language, 'server.json', key, params);
}

/** A SAP order field's label, as the editor and the list show it. */
function fieldLabel(language: Language, field: string): string {
  return localeText(language, 'resources.json', `SAPOrder.fields.${field}`);
}

function sapOrderName(language: Language): string {
  return localeText(language, 'resources.json', 'SAPOrder.title');
}

function escaped(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ------------------------------------------------------------------------------------------------ browser

async function signOut(session: SignedIn, username: string): Promise<void> {
  await session.page.context().close();
  await stack.app.deps.db('users').where({ username }).update({ language: 'en' });
}

/**
 * Until the dialogs and tab indicators have finished moving in, so the picture shows them as they stay. Only short
 * animations are waited for: spinners run forever and a toast's timer runs until the toast leaves.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const moving = document
      .getAnimations()
      .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) < 2000);
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The screenshot, and the page no wider than the window. */
async function shoot(page: Page, name: string, width: number): Promise<void> {
  await settled(page);
  await stack.screenshot(page, name);
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
}

function toast(page: Page, message: string): Locator {
  return page.locator('.fui-Toast').filter({ hasText: message }).first();
}

/** Closes the toasts still showing, so they do not cover the next screen's pictures. */
async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.fui-Toast');
  for (const shown of await toasts.all()) {
    // A toast may leave by itself meanwhile (its time is up): then there is nothing to close.
    await shown
      .getByRole('button')
      .click({ timeout: 5000 })
      .catch(() => undefined);
  }
  await eventually(async () => (await toasts.count()) === 0);
}

// ------------------------------------------------------------------------------------------------ filter

interface ResultRow {
  document_no: string;
  company: string;
  disabled: boolean;
  is_saved: boolean;
}

/** Fills the SO filter of October 2026 for companies 1000 and 3000 and runs it; answers the rows found. */
async function filterSalesOrders(page: Page, language: Language): Promise<ResultRow[]> {
  const t = (key: string) => text(language, key);
  await page
    .getByRole('combobox', { name: new RegExp(`^${t('sapOrderFilter.fields.filter_order_type')}`) })
    .click();
  await page.getByRole('option', { name: 'SO', exact: true }).click();
  await page.getByLabel(new RegExp(`^${t('sapOrderFilter.fields.filter_transfer_type')}`)).waitFor();
  const company = page.getByRole('combobox', {
    name: new RegExp(`^${t('sapOrderFilter.fields.filter_company')}`),
  });
  await company.click();
  await page.getByRole('option', { name: /^1000 - / }).click();
  await page.getByRole('option', { name: /^3000 - / }).click();
  await page.keyboard.press('Escape');
  const from = escaped(t('sapOrderFilter.fields.filter_document_date_from'));
  const to = escaped(t('sapOrderFilter.fields.filter_document_date_to'));
  await page.getByLabel(new RegExp(`^${from}`)).fill('01/10/2026');
  await page.getByLabel(new RegExp(`^${to}`)).fill('31/10/2026');
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/saporder/filter',
  );
  await page.getByRole('button', { name: t('sapOrderFilter.filter'), exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: ResultRow[] };
  await page.getByRole('tab', { name: t('sapOrderFilter.resultTab'), selected: true }).waitFor();
  await page.locator('.ag-row').first().waitFor();
  return body.data;
}

/** The result row of a document (its id is the document number); both its pinned and scrolling parts. */
function resultRow(page: Page, documentNo: string): Locator {
  return page.locator(`.ag-row[row-id="${documentNo}"]`);
}

function resultCheckbox(page: Page, documentNo: string): Locator {
  return resultRow(page, documentNo).locator('.ag-selection-checkbox input');
}

/**
 * The first of these documents whose row the grid has drawn: the result scrolls inside the grid and draws only
 * the rows near the window, so the grid is scrolled down until one shows.
 */
async function drawnRow(page: Page, documents: string[]): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    for (const documentNo of documents) {
      if ((await resultCheckbox(page, documentNo).count()) > 0) return documentNo;
    }
    const moved = await page.evaluate(() => {
      const viewport = document.querySelector<HTMLElement>('.ag-body-viewport');
      if (!viewport || viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight) return false;
      viewport.scrollTop += viewport.clientHeight / 2;
      return true;
    });
    if (!moved) break;
    await page.waitForTimeout(100);
  }
  throw new Error(`none of ${documents.slice(0, 5).join(', ')}… is drawn in the result`);
}

/** The background colour of a result row's scrolling part. */
async function rowBackground(page: Page, documentNo: string): Promise<string> {
  return resultRow(page, documentNo)
    .last()
    .evaluate((row) => getComputedStyle(row).backgroundColor);
}

// ------------------------------------------------------------------------------------------------ list

/** Types a document number into the list's Document No. filter and waits for the list it asks for. */
async function findInList(page: Page, language: Language, documentNo: string, list: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === `/api/${list}/list` &&
      (r.request().postData() ?? '').includes(documentNo),
  );
  await page
    .getByRole('textbox', {
      name: text(language, 'grid.filterOf', { column: fieldLabel(language, 'Document_No') }),
      exact: true,
    })
    .fill(documentNo);
  expect((await answered).status()).toBe(200);
  await page.locator('.ag-row').filter({ hasText: documentNo }).first().waitFor();
  await eventually(async () => (await rowCount(page)) === 1);
}

function listCell(page: Page, field: string, rowText: string): Locator {
  return page.locator(`.ag-row [col-id="${field}"]`).filter({ hasText: rowText }).first();
}

async function openSapOrderList(page: Page, language: Language): Promise<void> {
  await closeToasts(page);
  await goInApp(page, '/SAPOrder/Index');
  await heading(page, text(language, 'sapOrderList.title')).waitFor();
  await page.locator('.ag-row').first().waitFor();
}

/** Selects the listed order by a click on its row and opens it with View; checks the view is read-only. */
async function viewOrder(page: Page, language: Language, documentNo: string): Promise<void> {
  await closeToasts(page);
  await listCell(page, 'Document_No', documentNo).click();
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: text(language, 'resources.view'), exact: true })
    .click();
  await page.waitForURL(
    (url) => url.pathname === '/SAPOrder/Editor' && url.searchParams.get('mode') === 'view',
  );
  await heading(page, text(language, 'form.titleView', { name: sapOrderName(language) })).waitFor();
  await page.getByRole('table', { name: /^Detail/ }).waitFor();
  const documentField = page.getByLabel(
    new RegExp(`^${escaped(fieldLabel(language, 'Document_No'))}\\s*\\*?$`),
  );
  expect(await documentField.inputValue()).toBe(documentNo);
  // Nothing can be typed, chosen or saved.
  expect(await page.getByRole('button', { name: text(language, 'common.save'), exact: true }).count()).toBe(
    0,
  );
  expect(await page.getByRole('button', { name: text(language, 'form.addRow'), exact: true }).count()).toBe(
    0,
  );
  const changeable = await page.evaluate(
    () =>
      document.querySelectorAll(
        'form input:not([readonly]):not([disabled]):not([type="hidden"]), form textarea:not([readonly]):not([disabled]), form select:not([disabled])',
      ).length,
  );
  expect(changeable).toBe(0);
}

// ------------------------------------------------------------------------------------------------ editor

interface ManualPo {
  company: string;
  plant: string;
  purchaseOrganization: string;
  warehouse: string;
}

const MANUAL_PO_1000: ManualPo = {
  company: '1000 - PT Sawit Nusantara Agro',
  plant: '1101 - PKS Sei Rokan',
  purchaseOrganization: 'P100 - Pembelian PT Sawit Nusantara Agro',
  warehouse: 'WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan',
};

const MANUAL_PO_2000: ManualPo = {
  company: '2000 - PT Nusantara Oleo Refinery',
  plant: '2101 - Refinery Dumai',
  purchaseOrganization: 'P200 - Pembelian PT Nusantara Oleo Refinery',
  warehouse: 'WH-2101-CPO - Tangki Bahan Baku CPO Refinery Dumai',
};

function editorField(page: Page, language: Language, field: string): Locator {
  return page.getByLabel(new RegExp(`^${escaped(fieldLabel(language, field))}\\s*\\*?$`));
}

function editorCombo(page: Page, language: Language, field: string): Locator {
  return page.getByRole('combobox', {
    name: new RegExp(`^${escaped(fieldLabel(language, field))}\\s*\\*?$`),
  });
}

function lineCell(page: Page, language: Language, field: string, row: number): Locator {
  return page.getByLabel(text(language, 'form.cellLabel', { field: fieldLabel(language, field), row }), {
    exact: true,
  });
}

/** Chooses a type-ahead item: opens it, types the search key by key when given, and picks the item. */
async function choose(page: Page, input: Locator, itemText: string, typed?: string): Promise<void> {
  await input.click();
  if (typed) await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: itemText, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** From the SAP order list: Create, a manual PO typed in, Save after "Are you sure?"; answers the new order. */
async function createManualPo(
  page: Page,
  language: Language,
  po: ManualPo,
  shot: { name: string; width: number },
): Promise<{ id: number; documentNo: string }> {
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: text(language, 'resources.create'), exact: true })
    .click();
  await heading(page, text(language, 'form.titleCreate', { name: sapOrderName(language) })).waitFor();
  await page.getByRole('table', { name: /^Detail/ }).waitFor();
  await editorField(page, language, 'Order_Type').selectOption('PO');
  await editorCombo(page, language, 'Purchase_Organization').waitFor();
  await editorField(page, language, 'Valid_From').fill('20/10/2026');
  await editorField(page, language, 'Valid_To').fill('30/11/2026');
  await choose(page, editorCombo(page, language, 'Company_Code'), po.company, po.company.slice(0, 3));
  await choose(page, editorCombo(page, language, 'Plant'), po.plant);
  await choose(page, editorCombo(page, language, 'Purchase_Organization'), po.purchaseOrganization);
  await editorField(page, language, 'Document_Type').selectOption('NB');
  await choose(
    page,
    editorCombo(page, language, 'Customer_Vendor_Code'),
    'VEN001 - KUD Sawit Makmur',
    'VEN001',
  );
  await choose(page, editorCombo(page, language, 'Incoterm'), 'CPT - Carriage Paid To');
  await editorField(page, language, 'Incoterm2').fill('Pekanbaru');
  await choose(page, editorCombo(page, language, 'Warehouse_Code'), po.warehouse);
  await editorField(page, language, 'Shipment_Type').selectOption('INDIVIDUAL_TRUCK');
  await editorField(page, language, 'Delivery_Address').fill('Jl. Lintas Timur km 12');
  await page.getByRole('button', { name: text(language, 'form.addRow'), exact: true }).click();
  await choose(
    page,
    page.getByRole('combobox', {
      name: text(language, 'form.cellLabel', { field: fieldLabel(language, 'Material_Code'), row: 1 }),
      exact: true,
    }),
    'SP-UREA - Pupuk Urea 46% N (karung 50 kg)',
    'UREA',
  );
  await lineCell(page, language, 'Qty', 1).fill('12.5');
  await lineCell(page, language, 'UOM', 1).fill('TON');
  await shoot(page, shot.name, shot.width);

  await page
    .getByRole('toolbar')
    .getByRole('button', { name: text(language, 'common.save'), exact: true })
    .click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text(language, 'confirm.areYouSure'), { exact: true }).waitFor();
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/saporder/',
    ),
    dialog.getByRole('button', { name: text(language, 'confirm.yes'), exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { header: { Id: number; Document_No: string } } };
  await page.waitForURL((url) => url.pathname === '/SAPOrder/Index');
  await toast(page, text(language, 'common.dataSaved')).waitFor();
  return { id: body.data.header.Id, documentNo: body.data.header.Document_No };
}

// ------------------------------------------------------------------------------------------------ approval

interface ApprovalRow {
  id: number;
  status: string;
  current_level: number;
  max_level: number;
  workflow_id: string | null;
}

async function approvalOf(sapOrderId: number): Promise<ApprovalRow | undefined> {
  return (await stack.app.deps
    .db('approvals')
    .where({ transaction_type: 'SAP_ORDER', document_id: String(sapOrderId) })
    .first('id', 'status', 'current_level', 'max_level', 'workflow_id')) as ApprovalRow | undefined;
}

async function approvers(approvalId: number): Promise<[number, string][]> {
  const rows = (await stack.app.deps
    .db('approval_approvers')
    .where({ approval_id: approvalId })
    .orderBy(['level', 'username'])
    .select('level', 'username')) as { level: number; username: string }[];
  return rows.map((r) => [r.level, r.username]);
}

async function sapOrderStatus(sapOrderId: number): Promise<string> {
  const row = (await stack.app.deps.db('sap_orders').where({ id: sapOrderId }).first('status')) as {
    status: string;
  };
  return row.status;
}

async function workflowStatus(workflowId: string): Promise<string> {
  return (await env.client.workflow.getHandle(workflowId).describe()).status.name;
}

/**
 * On the Approval screen: finds the document by its number, checks its row, Approve, the confirmation, Yes; the
 * success toast shows and the row leaves the list. Screenshots the dialog and the list after.
 */
async function approveOnScreen(
  page: Page,
  language: Language,
  approval: { id: number; documentNo: string },
  shot: { name: string; width: number },
): Promise<void> {
  await closeToasts(page);
  await goInApp(page, '/Approval/Index');
  await heading(page, text(language, 'routes.Approval.Index')).waitFor();
  await findInList(page, language, approval.documentNo, 'approval');
  const box = page.locator(`.ag-row[row-id="${approval.id}"] .ag-selection-checkbox input`);
  await box.click();
  await page.getByText(text(language, 'approval.selectedCount', { count: 1 }), { exact: true }).waitFor();
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: text(language, 'approval.approve'), exact: true })
    .click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(text(language, 'approval.approveTitle'), { exact: true }).waitFor();
  await dialog
    .getByText(text(language, 'approval.confirm', { action: text(language, 'approval.actionApproved') }), {
      exact: true,
    })
    .waitFor();
  await dialog
    .getByRole('list', { name: text(language, 'approval.selectedList') })
    .getByText(approval.documentNo, { exact: true })
    .waitFor();
  await shoot(page, `${shot.name}-confirm`, shot.width);

  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/approval/approve'),
    dialog.getByRole('button', { name: text(language, 'confirm.yes'), exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    success: boolean;
    data: { results: { Id: number; success: boolean }[] };
  };
  expect(body.success).toBe(true);
  expect(body.data.results).toEqual([expect.objectContaining({ Id: approval.id, success: true })]);
  await toast(page, serverText(language, 'approval.summary.approve.all', { count: 1 })).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  // The list is read again: the decided document no longer waits for this user.
  await eventually(async () => (await rowCount(page)) === 0);
  await shoot(page, shot.name, shot.width);
}

/** The order shows APPROVED in the list's ALL tab and in OUTSTANDING (approved, quantity left). */
async function seeApprovedInList(
  page: Page,
  language: Language,
  documentNo: string,
  shot: { name: string; width: number },
): Promise<void> {
  const approved = serverText(language, 'sapOrder.status.APPROVED');
  await openSapOrderList(page, language);
  await findInList(page, language, documentNo, 'saporder');
  await listCell(page, 'Status', approved).waitFor();
  const outstanding = serverText(language, 'sapOrder.tabs.OUTSTANDING');
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/saporder/list' &&
      (r.request().postData() ?? '').includes('"OUTSTANDING"'),
  );
  await page.getByRole('tab', { name: new RegExp(`^${escaped(outstanding)}`) }).click();
  expect((await answered).status()).toBe(200);
  await eventually(async () => (await rowCount(page)) === 1);
  await listCell(page, 'Document_No', documentNo).waitFor();
  // The status column is right of the document number: the grid is scrolled to show it. The grid may render the
  // row again meanwhile (the tab's counts arrive), taking the cell found out of the page: then it is found again.
  await eventually(() =>
    listCell(page, 'Status', approved)
      .scrollIntoViewIfNeeded({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      ),
  );
  await shoot(page, shot.name, shot.width);
}

// ------------------------------------------------------------------------------------------------ journey

/** What one step leaves for the next. */
const journey: {
  saved: string[];
  manual?: { id: number; documentNo: string; approvalId: number; workflowId: string };
  manual2000?: { id: number; documentNo: string; approvalId: number };
} = { saved: [] };

describe('SAP order journey', () => {
  test('given the sandbox ERP, when logistic filters sales orders of companies 1000 and 3000 in October 2026 in English, then the rows of 3000 cannot be checked, two checked rows are saved, and one is found in the list and opens read-only', async () => {
    const session = await signIn('logistic', 1366, 'en');
    const { page, problems } = session;
    try {
      await goInApp(page, '/SAPOrder/Filter');
      await heading(page, text('en', 'sapOrderFilter.title')).waitFor();
      const found = await filterSalesOrders(page, 'en');
      const authorised = found.filter((r) => !r.disabled).map((r) => r.document_no);
      const unauthorised = found.filter((r) => r.disabled).map((r) => r.document_no);
      expect(authorised.length).toBeGreaterThanOrEqual(2);
      expect(unauthorised.length).toBeGreaterThan(0);
      // Company 3000 is not logistic's: exactly its documents are marked unauthorised.
      expect(found.every((r) => r.disabled === (r.company === '3000'))).toBe(true);
      expect(found.every((r) => !r.is_saved)).toBe(true);

      const refused = await drawnRow(page, unauthorised);
      await resultRow(page, refused)
        .filter({ hasText: text('en', 'sapOrderFilter.unauthorized') })
        .waitFor();
      const refusedBox = resultCheckbox(page, refused);
      expect(await refusedBox.isDisabled()).toBe(true);
      // A click on it changes nothing: the row stays unchecked and nothing counts as checked.
      await refusedBox.click({ force: true });
      expect(await refusedBox.isChecked()).toBe(false);
      await page
        .getByText(text('en', 'sapOrderFilter.checkedCount', { count: 0 }), { exact: true })
        .waitFor();

      const chosen: string[] = [];
      for (let n = 0; n < 2; n++) {
        const documentNo = await drawnRow(
          page,
          authorised.filter((d) => !chosen.includes(d)),
        );
        await resultCheckbox(page, documentNo).click();
        expect(await resultCheckbox(page, documentNo).isChecked()).toBe(true);
        chosen.push(documentNo);
      }
      await page
        .getByText(text('en', 'sapOrderFilter.checkedCount', { count: 2 }), { exact: true })
        .waitFor();
      // The unauthorised row is coloured apart from the others.
      await drawnRow(page, [refused]);
      expect(await rowBackground(page, refused)).not.toBe(await rowBackground(page, chosen[0]!));
      await page.getByText(text('en', 'sapOrderFilter.unauthorizedWarning')).waitFor();
      await shoot(page, 'sap-journey-filter-result-en', 1366);

      await page.getByRole('button', { name: text('en', 'common.save'), exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(text('en', 'sapOrderFilter.confirmDetail', { count: 2 })).waitFor();
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/saporder/save_filter');
      await dialog.getByRole('button', { name: text('en', 'confirm.yes'), exact: true }).click();
      expect((await saved).status()).toBe(200);
      await page.waitForURL((url) => url.pathname === '/SAPOrder/Index');
      await toast(page, serverText('en', 'sapOrder.filterSaved')).waitFor();

      const stored = (await stack.app.deps
        .db('sap_orders')
        .orderBy('document_no')
        .select('document_no', 'company_code', 'status', 'created_by')) as Record<string, unknown>[];
      expect(stored).toEqual(
        [...chosen].sort().map((documentNo) => ({
          document_no: documentNo,
          company_code: '1000',
          status: 'APPROVED',
          created_by: 'logistic',
        })),
      );
      journey.saved = chosen;

      await heading(page, text('en', 'sapOrderList.title')).waitFor();
      await findInList(page, 'en', chosen[0]!, 'saporder');
      await shoot(page, 'sap-journey-list-en', 1366);
      await viewOrder(page, 'en', chosen[0]!);
      await shoot(page, 'sap-journey-view-en', 1366);
      expect(problems).toEqual([]);
    } finally {
      await signOut(session, 'logistic');
    }
  });

  test('given the list, when logistic creates a manual PO of company 1000 in the editor, then it waits for approval with its approvers and its workflow sap-approval:<Id> running', async () => {
    const session = await signIn('logistic', 1366, 'en');
    const { page, problems } = session;
    try {
      await openSapOrderList(page, 'en');
      const order = await createManualPo(page, 'en', MANUAL_PO_1000, {
        name: 'sap-journey-create-en',
        width: 1366,
      });
      expect(order.documentNo).toMatch(/^MSO\d+$/);
      const row = (await stack.app.deps.db('sap_orders').where({ id: order.id }).first()) as Record<
        string,
        unknown
      >;
      expect(row).toMatchObject({
        document_no: order.documentNo,
        type: 'MANUAL',
        status: 'WAITING FOR APPROVAL',
        order_type: 'PO',
        company_code: '1000',
        created_by: 'logistic',
      });

      const approval = await approvalOf(order.id);
      expect(approval).toMatchObject({
        status: 'WAITING FOR APPROVAL',
        current_level: 1,
        workflow_id: `sap-approval:${order.id}`,
      });
      expect(await workflowStatus(`sap-approval:${order.id}`)).toBe('RUNNING');
      // The workflow writes who approves each level (company 1000: logistic or the supervisor, then admin), less
      // the requester: logistic typed it, so the supervisor alone decides level 1.
      await eventually(async () => (await approvers(approval!.id)).length > 0);
      expect(await approvers(approval!.id)).toEqual([
        [1, 'supervisor'],
        [2, 'admin'],
      ]);
      expect((await approvalOf(order.id))?.max_level).toBe(2);
      journey.manual = {
        ...order,
        approvalId: approval!.id,
        workflowId: `sap-approval:${order.id}`,
      };

      await findInList(page, 'en', order.documentNo, 'saporder');
      await listCell(page, 'Status', serverText('en', 'sapOrder.status.WAITING FOR APPROVAL')).waitFor();
      await shoot(page, 'sap-journey-waiting-en', 1366);
      expect(problems).toEqual([]);
    } finally {
      await signOut(session, 'logistic');
    }
  });

  test('given the manual PO logistic typed, when logistic opens the Approval screen in English, then its own request is not there to approve', async () => {
    const manual = journey.manual!;
    expect(manual).toBeDefined();
    const session = await signIn('logistic', 1366, 'en');
    const { page, problems } = session;
    try {
      await goInApp(page, '/Approval/Index');
      await heading(page, text('en', 'routes.Approval.Index')).waitFor();
      const answered = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/approval/list' &&
          (r.request().postData() ?? '').includes(manual.documentNo),
      );
      await page
        .getByRole('textbox', {
          name: text('en', 'grid.filterOf', { column: fieldLabel('en', 'Document_No') }),
          exact: true,
        })
        .fill(manual.documentNo);
      const response = await answered;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { data: unknown[] };
      expect(body.data).toEqual([]);
      await eventually(async () => (await rowCount(page)) === 0);
      await shoot(page, 'sap-journey-own-request-en', 1366);
      expect(problems).toEqual([]);
    } finally {
      await signOut(session, 'logistic');
    }
  });

  test('given the waiting manual PO, when the supervisor approves level 1 and admin level 2 on the Approval screen in English, then the order is APPROVED in the list and the database and its workflow has completed', async () => {
    const manual = journey.manual!;
    expect(manual).toBeDefined();
    const approval = { id: manual.approvalId, documentNo: manual.documentNo };

    const first = await signIn('supervisor', 1366, 'en');
    try {
      await approveOnScreen(first.page, 'en', approval, {
        name: 'sap-journey-approve-level1-en',
        width: 1366,
      });
      expect(first.problems).toEqual([]);
    } finally {
      await signOut(first, 'supervisor');
    }
    expect(await approvalOf(manual.id)).toMatchObject({ status: 'WAITING FOR APPROVAL', current_level: 2 });
    expect(await sapOrderStatus(manual.id)).toBe('WAITING FOR APPROVAL');
    expect(await workflowStatus(manual.workflowId)).toBe('RUNNING');

    const second = await signIn('admin', 1366, 'en');
    try {
      await approveOnScreen(second.page, 'en', approval, {
        name: 'sap-journey-approve-level2-en',
        width: 1366,
      });
      expect(await sapOrderStatus(manual.id)).toBe('APPROVED');
      expect(await approvalOf(manual.id)).toMatchObject({ status: 'APPROVED' });
      const log = (await stack.app.deps
        .db('approval_logs')
        .where({ approval_id: manual.approvalId })
        .orderBy('level')
        .select('level', 'username', 'action')) as { level: number; username: string; action: string }[];
      expect(log.map((l) => [l.level, l.username, l.action])).toEqual([
        [1, 'supervisor', 'APPROVED'],
        [2, 'admin', 'APPROVED'],
      ]);
      await eventually(async () => (await workflowStatus(manual.workflowId)) === 'COMPLETED');
      const outcome = (await env.client.workflow.getHandle(manual.workflowId).result()) as { status: string };
      expect(outcome.status).toBe('APPROVED');

      await seeApprovedInList(second.page, 'en', manual.documentNo, {
        name: 'sap-journey-approved-en',
        width: 1366,
      });
      expect(second.problems).toEqual([]);
    } finally {
      await signOut(second, 'admin');
    }
  });

  test('given the journey so far, when logistic works in Indonesian at 800 px, then the filter result, the list, the view, a manual PO of company 2000 approved on the Approval screen by the supervisor and the APPROVED order are Indonesian and no wider than the screen', async () => {
    const manual = journey.manual!;
    expect(journey.saved).toHaveLength(2);
    const session = await signIn('logistic', 800, 'id');
    const { page, problems } = session;
    try {
      await goInApp(page, '/SAPOrder/Filter');
      await heading(page, text('id', 'sapOrderFilter.title')).waitFor();
      const found = await filterSalesOrders(page, 'id');
      expect(
        found
          .filter((r) => r.is_saved)
          .map((r) => r.document_no)
          .sort(),
      ).toEqual([...journey.saved].sort());
      const saved = await drawnRow(page, journey.saved);
      await resultRow(page, saved)
        .filter({ hasText: text('id', 'sapOrderFilter.saved') })
        .waitFor();
      await resultRow(
        page,
        await drawnRow(
          page,
          found.filter((r) => r.disabled).map((r) => r.document_no),
        ),
      )
        .filter({ hasText: text('id', 'sapOrderFilter.unauthorized') })
        .waitFor();
      await shoot(page, 'sap-journey-filter-result-id', 800);

      // The order approved in English, found and viewed in Indonesian.
      await openSapOrderList(page, 'id');
      await findInList(page, 'id', manual.documentNo, 'saporder');
      await listCell(page, 'Status', serverText('id', 'sapOrder.status.APPROVED')).waitFor();
      await shoot(page, 'sap-journey-list-id', 800);
      await viewOrder(page, 'id', manual.documentNo);
      await shoot(page, 'sap-journey-view-id', 800);

      // A manual PO of company 2000, whose one level logistic, the supervisor or newstaff decide.
      await openSapOrderList(page, 'id');
      const order = await createManualPo(page, 'id', MANUAL_PO_2000, {
        name: 'sap-journey-create-id',
        width: 800,
      });
      const approval = await approvalOf(order.id);
      expect(approval).toMatchObject({
        status: 'WAITING FOR APPROVAL',
        workflow_id: `sap-approval:${order.id}`,
      });
      expect(await workflowStatus(`sap-approval:${order.id}`)).toBe('RUNNING');
      // Less logistic, who typed it.
      await eventually(async () => (await approvers(approval!.id)).length > 0);
      expect(await approvers(approval!.id)).toEqual([
        [1, 'newstaff'],
        [1, 'supervisor'],
      ]);
      journey.manual2000 = { id: order.id, documentNo: order.documentNo, approvalId: approval!.id };
      expect(problems).toEqual([]);
    } finally {
      await signOut(session, 'logistic');
    }

    const manual2000 = journey.manual2000!;
    const approver = await signIn('supervisor', 800, 'id');
    try {
      await approveOnScreen(
        approver.page,
        'id',
        { id: manual2000.approvalId, documentNo: manual2000.documentNo },
        { name: 'sap-journey-approve-id', width: 800 },
      );
      expect(await sapOrderStatus(manual2000.id)).toBe('APPROVED');
      await eventually(async () => (await workflowStatus(`sap-approval:${manual2000.id}`)) === 'COMPLETED');
      await seeApprovedInList(approver.page, 'id', manual2000.documentNo, {
        name: 'sap-journey-approved-id',
        width: 800,
      });
      expect(approver.problems).toEqual([]);
    } finally {
      await signOut(approver, 'supervisor');
    }
  });
});
