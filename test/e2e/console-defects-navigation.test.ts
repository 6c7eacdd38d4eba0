// Two navigation defects of issue 18 in a real browser, in English at 1366 px and in Indonesian at 800 px, on the
// master demo data (screenshots in test-results/screenshots/nav-*.png):
// - A screen outside the user's rights (spec/1 §6): the transporter types the URL of the Approval or the SAP order
//   screen and gets the error toast and the dashboard, since a typed URL has no page of the console to go back to;
//   nothing of the screen is asked for, so no grid is left loading. The warehouse approver, whose groups grant the
//   Approval screen but not SAP orders, follows a SAP order's document number there and is brought back to the
//   Approval screen with the toast.
// - The Approval screen opens what it lists: logistic clicks an order's document number and its view panel opens in
//   place without choosing the row; Enter on a SAP order's document number opens the SAP order editor in view mode
//   (read-only, no Save), whose Back returns to the Approval screen.
import type { Page } from 'playwright-core';
import { createWaitingSapOrder, eventually, type WaitingOrder } from '../support/approvals';
import { startE2eStack, type E2eStack } from '../support/e2e';
import { cell, closePanel, orderText, settled, toast } from '../support/e2e-orders';
import {
  consoleText as text,
  heading,
  localeText,
  pageWidth,
  signIn as signInOn,
  type Language,
} from '../support/e2e-page';
import { insertHeldOrder, type HeldOrder } from '../support/held-order';

jest.setTimeout(300_000);

let stack: E2eStack;
let sapOrder: WaitingOrder;
let order: HeldOrder;

const RUNS: { language: Language; width: number }[] = [
  { language: 'en', width: 1366 },
  { language: 'id', width: 800 },
];

beforeAll(async () => {
  stack = await startE2eStack({ masterData: true });
  const db = stack.app.deps.db;
  // A SAP order waiting for level 1, asked of logistic and of the warehouse approver. No workflow runs here, so its
  // approvers are written as the approval workflow's first activity would write them.
  sapOrder = await createWaitingSapOrder(db, { company: '1000', requestedBy: 'newstaff' });
  await db('approval_approvers').insert(
    ['logistic', 'warehouse'].map((username) => ({ approval_id: sapOrder.approvalId, username, level: 1 })),
  );
  // An order waiting for approval of its transporter, as the assignment leaves it, asked of logistic.
  order = await insertHeldOrder(db, 'NAV', {
    status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    order_type_name: 'SO',
    company_code: '1000',
    customer_vendor_code: 'CUS001',
    customer_vendor_name: 'PT Minyak Nabati Sejahtera',
    transporter_code: 'TRP001',
    transporter_name: 'PT Sinar Angkut Nusantara',
  });
  const [approval] = (await db('approvals')
    .insert({
      transaction_type: 'ORDER',
      document_id: String(order.orderId),
      document_no: order.orderNo,
      company_code: '1000',
      current_level: 1,
      max_level: 1,
      summary: `SO ${order.sapNo} to TRP001`,
      created_by: 'logistic',
    })
    .returning('id')) as { id: number }[];
  await db('approval_approvers').insert({ approval_id: approval!.id, username: 'logistic', level: 1 });
});
afterAll(async () => {
  await stack?.close();
});

const signIn = (username: string, width: number, language: Language) =>
  signInOn(stack, username, width, language);

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await settled(page);
  await stack.screenshot(page, `nav-${name}`);
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
}

/** No list grid on the page, let alone one showing AG Grid's loading overlay or loading rows. */
async function noGridLoading(page: Page): Promise<void> {
  expect(await page.locator('.ag-root-wrapper').count()).toBe(0);
  expect(await page.locator('.ag-overlay-loading-wrapper, .ag-loading').count()).toBe(0);
}

async function openApprovals(page: Page, language: Language): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/approval/list'),
    page.goto('/Approval/Index'),
  ]);
  await heading(page, text(language, 'routes.Approval.Index')).waitFor();
}

describe('a screen outside the user’s rights', () => {
  for (const { language, width } of RUNS) {
    test(`given the transporter in ${language} at ${width} px, when they type the URL of the Approval and the SAP order screens, then each time the error toast shows and they land on the dashboard with no grid left loading`, async () => {
      const { page, problems } = await signIn('transporter', width, language);
      for (const [path, name] of [
        ['/Approval/Index', 'approval'],
        ['/SAPOrder/Index', 'saporder'],
      ] as const) {
        await page.goto(path);
        await toast(page, text(language, 'common.noScreenRight')).waitFor();
        await page.waitForURL((url) => url.pathname === '/');
        await noGridLoading(page);
        // The screen asked for nothing of its own: its calls would only have been refused.
        expect(problems.filter((p) => p.includes(`/api/${name}/`))).toEqual([]);
        await shoot(page, `typed-url-${name}-${language}-${width}`, width);
        // Back does not return to the refused screen: the dashboard took its place.
        expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx)).toBe(0);
      }
      await page.context().close();
    });

    test(`given the warehouse approver in ${language} at ${width} px, when they follow a SAP order's document number on the Approval screen without the SAP order screen, then the toast shows and they are back on the Approval screen`, async () => {
      const { page, problems } = await signIn('warehouse', width, language);
      await openApprovals(page, language);
      const link = cell(page, 'Document_No', sapOrder.documentNo).getByRole('link', {
        name: sapOrder.documentNo,
      });
      await link.click();
      await toast(page, text(language, 'common.noScreenRight')).waitFor();
      await page.waitForURL((url) => url.pathname === '/Approval/Index');
      await heading(page, text(language, 'routes.Approval.Index')).waitFor();
      await cell(page, 'Document_No', sapOrder.documentNo).waitFor();
      expect(problems.filter((p) => p.includes('/api/saporder/'))).toEqual([]);
      await shoot(page, `back-one-page-${language}-${width}`, width);
      await page.context().close();
    });
  }
});

describe('the Approval screen opens its documents', () => {
  for (const { language, width } of RUNS) {
    test(`given logistic in ${language} at ${width} px, when an order's document number is clicked and Enter is pressed on a SAP order's, then the order's view opens in place and the SAP order opens read-only in its editor, whose Back returns to the Approval screen`, async () => {
      const { page, problems } = await signIn('logistic', width, language);
      await openApprovals(page, language);
      const sapLink = cell(page, 'Document_No', sapOrder.documentNo).getByRole('link', {
        name: sapOrder.documentNo,
      });
      expect(await sapLink.getAttribute('href')).toBe(`/SAPOrder/Editor?mode=view&id=${sapOrder.sapOrderId}`);
      const orderButton = cell(page, 'Document_No', order.orderNo).getByRole('button', {
        name: order.orderNo,
      });
      await orderButton.waitFor();
      await shoot(page, `approval-links-${language}-${width}`, width);

      // The order: its view panel, in place; the row is not chosen by the click.
      await orderButton.click();
      const panel = page.getByRole('dialog');
      await panel.getByText(orderText(language, 'orderView.title', { order: order.orderNo })).waitFor();
      const lines = panel.getByRole('table', {
        name: orderText(language, 'orderList.linesOf', { order: order.orderNo }),
      });
      await lines.getByText('000010').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/Approval/Index');
      await shoot(page, `approval-order-view-${language}-${width}`, width);
      await closePanel(page);
      await page.getByText(text(language, 'approval.selectedCount', { count: 0 }), { exact: true }).waitFor();

      // The SAP order, from the keyboard: Enter on its document number cell.
      await cell(page, 'Document_No', sapOrder.documentNo).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(
        (url) =>
          url.pathname === '/SAPOrder/Editor' &&
          url.searchParams.get('mode') === 'view' &&
          url.searchParams.get('id') === String(sapOrder.sapOrderId),
      );
      const name = localeText(language, 'resources.json', 'SAPOrder.title');
      await heading(page, text(language, 'form.titleView', { name })).waitFor();
      // Its own record, read-only: the document number in a locked input, and no Save.
      const documentNo = await eventually(() =>
        page.evaluate((no) => {
          const input = [...document.querySelectorAll('input')].find((found) => found.value === no);
          return input ? { locked: input.readOnly || input.disabled } : null;
        }, sapOrder.documentNo),
      );
      expect(documentNo.locked).toBe(true);
      expect(
        await page.getByRole('button', { name: text(language, 'common.save'), exact: true }).count(),
      ).toBe(0);
      await shoot(page, `approval-sap-order-view-${language}-${width}`, width);

      await page.getByRole('button', { name: text(language, 'form.back'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/Approval/Index');
      await heading(page, text(language, 'routes.Approval.Index')).waitFor();
      expect(problems.filter((p) => !p.startsWith('GET /api/dashboard'))).toEqual([]);
      await page.context().close();
    });
  }
});
