// The order desk of issue 27 in a real browser, on the built console and the real API on the master demo wired to
// a real Temporal dev server and worker (as the order journey): the three assignments the issue found broken or
// awkward, each made on a phone-wide screen (390 px) in one of the two languages.
//   - A relation order (the customer CUS001 collects its own CPO): logistic saves it in the Assign Customer/Vendor
//     panel in Indonesian (it used to answer "Item 1: Choose a transporter." and send nothing), and the customer
//     account accepts it in English from its order list, whose toolbar keeps Accept beside View and folds the rest
//     into More.
//   - The suggested carrier of the priced lane PKS-SEI-ROKAN -> CUS-MNS-DUMAI for 51 t (three tankers), in English:
//     Select Transporter offers every option at its system trips, the suggested one needs no reason, the block says
//     no criterion applies, Check Approval needs nobody, and the order goes straight to the transporter.
//   - A dearer carrier (TRP001 above the suggested TRP003), in Indonesian: the reason is required as soon as it is
//     chosen and the block says why (its total above the suggested one), Check Approval names the supervisor and
//     admin. They approve it on their Approval screen, the supervisor in Indonesian and the admin in English, each
//     finding the order at desktop width and deciding at 390 px; the admin then finds the order in the order list,
//     assigned to TRP001, and its View waiting for TRP001's answer.
// The SAP orders come without a shipment type, as SAP sends them; the panel offers one. Screenshots land in
// test-results/screenshots/order-desk-*.png, none wider than the screen (desktop ones at 1366 px).
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '../support/approvals';
import type { E2eStack } from '../support/e2e';
import {
  approveOnScreen,
  approvers,
  assignText,
  cell,
  closeToasts,
  escaped,
  findInList,
  labelled,
  openOrderList,
  openView,
  orderApproval,
  orderText,
  shoot as shootOn,
  signOut as signOutOf,
  startOrderStack,
  statusText,
  text,
  toolbarButton,
  type ApprovalStep,
  type OrderStack,
} from '../support/e2e-orders';
import {
  goInApp,
  heading,
  localeText,
  signIn as signInOn,
  type Language,
  type SignedIn,
} from '../support/e2e-page';
import { importAssignable, type AssignableSapOrder } from '../support/order-assign';

jest.setTimeout(300_000);

const taskQueue = `order-desk-${randomUUID()}`;
const PHONE = 390;
const DESKTOP = 1366;
const TRP001 = { code: 'TRP001', name: 'PT Sinar Angkut Nusantara' };

let stack: E2eStack;
let orders: OrderStack | undefined;
const db = () => stack.app.deps.db;
const signIn = (username: string, language: Language) => signInOn(stack, username, DESKTOP, language);
const signOut = (session: SignedIn, username: string) => signOutOf(stack, session, username);
/** The screenshot order-desk-<name>.png at the page's width (a phone's unless told). */
const shoot = (page: Page, name: string, width = PHONE) => shootOn(stack, 'order-desk', page, name, width);

async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 860 });
  if (width === DESKTOP) {
    // On a desktop the side menu slides back in beside the page: until it is in place.
    const menu = page.locator('#main-menu-title');
    await eventually(async () => ((await menu.boundingBox())?.x ?? -1) >= 0);
  }
}

/**
 * The screenshots of approveOnScreen, at both widths: <name>-list-desktop-<language> and -list-phone-<language> with
 * the order checked (the decision is then made at a phone's width), -done-phone- and -done-desktop-<language> once
 * it is approved.
 */
function approvalShots(page: Page, name: string, language: Language): (step: ApprovalStep) => Promise<void> {
  return async (step) => {
    if (step === 'chosen') {
      await shoot(page, `${name}-list-desktop-${language}`, DESKTOP);
      await resize(page, PHONE);
      await shoot(page, `${name}-list-phone-${language}`);
    } else {
      await shoot(page, `${name}-done-phone-${language}`);
      await resize(page, DESKTOP);
      await shoot(page, `${name}-done-desktop-${language}`, DESKTOP);
    }
  };
}

beforeAll(async () => {
  orders = await startOrderStack(taskQueue);
  ({ stack } = orders);
});
afterAll(async () => {
  await orders?.close();
});

let documents = 0;
/** A fresh outstanding SO from SAP on the priced lane (25 + 26 TON of CPO) without a shipment type. */
async function freshSapOrder(header: Record<string, unknown> = {}): Promise<AssignableSapOrder> {
  return importAssignable(db(), `00127${String(++documents).padStart(5, '0')}`, {
    header: { Shipment_Type: null, ...header },
  });
}

async function orderOf(sapNo: string) {
  return (await db()('orders')
    .where({ sap_no: sapNo })
    .orderBy('id', 'desc')
    .first('id', 'order_no', 'status', 'dispatch_status', 'transporter_code', 'is_relation')) as {
    id: number;
    order_no: string;
    status: string;
    dispatch_status: string | null;
    transporter_code: string;
    is_relation: boolean;
  };
}

async function choose(page: Page, input: Locator, item: RegExp, typed?: string): Promise<void> {
  await input.click();
  if (typed) await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: item }).first().click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/**
 * On the SAP order list at desktop width (its grid shows the document's column), the SAP order chosen and its
 * assign panel opened; then the window narrows to a phone's.
 */
async function openAssign(
  page: Page,
  language: Language,
  so: AssignableSapOrder,
  button: 'assignTransporter' | 'assignCustomerVendor',
): Promise<Locator> {
  await goInApp(page, '/SAPOrder/Index');
  await heading(page, text(language, 'sapOrderList.title')).waitFor();
  const column = localeText(language, 'resources.json', 'SAPOrder.fields.Document_No');
  await findInList(page, language, column, so.documentNo, 'saporder');
  await cell(page, 'Document_No', so.documentNo).click();
  await resize(page, PHONE);
  await toolbarButton(page, text(language, `sapOrderList.${button}`)).click();
  const title = button === 'assignTransporter' ? 'assign.title' : 'assignRelation.title';
  const panel = page.getByRole('dialog').filter({ hasText: assignText(language, title) });
  await panel.getByRole('tab', { name: new RegExp(`^${so.documentNo}`) }).waitFor();
  return panel;
}

/** The dates of the panel (the lane and charged company come from the document). */
async function fillDates(panel: Locator, language: Language): Promise<void> {
  await panel.getByLabel(labelled(assignText(language, 'assign.fields.freightDate'))).fill('20/11/2026');
  await panel.getByLabel(labelled(assignText(language, 'assign.fields.stuffingFrom'))).fill('21/11/26');
}

/** Select Transporter opened for entry 1; answers the dialog once its options are listed. */
async function openPicker(page: Page, panel: Locator, language: Language): Promise<Locator> {
  const [asked] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/list/transporter_freight'),
    panel.getByRole('button', { name: assignText(language, 'assign.selectFor', { n: 1 }) }).click(),
  ]);
  // No trips typed: every option at its system trips.
  expect(JSON.parse(asked.postData() ?? '{}')).not.toHaveProperty('container');
  const picker = page
    .getByRole('dialog')
    .filter({ hasText: assignText(language, 'selectTransporter.title') })
    .last();
  await picker.getByRole('table', { name: assignText(language, 'selectTransporter.options') }).waitFor();
  return picker;
}

async function checkApproval(page: Page, panel: Locator, language: Language): Promise<Locator> {
  const [checked] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/util/check_approval'),
    panel.getByRole('button', { name: assignText(language, 'assign.checkApproval'), exact: true }).click(),
  ]);
  expect(checked.status()).toBe(200);
  return panel.getByRole('table', { name: assignText(language, 'assign.approval') });
}

async function save(page: Page, panel: Locator, language: Language, path: string): Promise<void> {
  const button = page.getByRole('button', { name: assignText(language, 'assign.save'), exact: true });
  await eventually(() => button.isEnabled());
  const [saved] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path),
    button.click(),
  ]);
  if (saved.status() !== 200) throw new Error(`${path} answered ${saved.status()}: ${await saved.text()}`);
  await panel.waitFor({ state: 'hidden' });
}

describe('order desk at 390 px (issue 27)', () => {
  test("given a relation SAP order, when logistic saves it in Assign Customer/Vendor in Indonesian and the customer accepts it in English, then the order is the customer's, needed no approval, and is ACCEPTED", async () => {
    const so = await freshSapOrder({ Shipment_Type: 'RELATION' });
    await db()('sap_orders').where('id', so.id).update({ is_relation: true });

    const logistic = await signIn('logistic', 'id');
    try {
      const { page } = logistic;
      const panel = await openAssign(page, 'id', so, 'assignCustomerVendor');
      const party = panel.getByLabel(labelled(assignText('id', 'assignRelation.customerVendor')));
      expect(await party.inputValue()).toMatch(/^CUS001 - /);
      await fillDates(panel, 'id');
      await choose(
        page,
        panel.getByRole('combobox', { name: labelled(assignText('id', 'assignRelation.relationTruckType')) }),
        /^TANKER-25/,
        'TANKER-25',
      );
      await shoot(page, 'relation-panel-id');
      await save(page, panel, 'id', '/api/saporder/assign_customer_vendor');
      await shoot(page, 'relation-saved-id');
      expect(logistic.problems).toEqual([]);
    } catch (error) {
      await stack.screenshot(logistic.page, 'order-desk-relation-failed');
      throw error;
    } finally {
      await signOut(logistic, 'logistic');
    }
    const order = await orderOf(so.documentNo);
    expect(order).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      transporter_code: 'CUS001',
      is_relation: true,
    });
    expect(await orderApproval(db(), order.id)).toBeUndefined();

    const customer = await signIn('customer', 'en');
    try {
      const { page } = customer;
      await goInApp(page, '/Order/Index');
      await heading(page, orderText('en', 'orderList.title')).waitFor();
      await findInList(page, 'en', orderText('en', 'order.fields.Order_No'), order.order_no, 'order');
      await cell(page, 'Order_No', order.order_no).click();
      await page
        .getByText(orderText('en', 'orderList.selectedCount', { count: 1 }), { exact: true })
        .waitFor();
      await resize(page, PHONE);
      // The toolbar is one row: View and Accept, the rest under More.
      const toolbar = page.getByRole('toolbar');
      await toolbar.getByRole('button', { name: text('en', 'grid.more'), exact: true }).waitFor();
      expect(
        await toolbar
          .getByRole('button', { name: orderText('en', 'orderList.history'), exact: true })
          .count(),
      ).toBe(0);
      await shoot(page, 'customer-list-en');
      await toolbar.getByRole('button', { name: text('en', 'grid.more'), exact: true }).click();
      await page.getByRole('menuitem', { name: orderText('en', 'orderList.history'), exact: true }).waitFor();
      await shoot(page, 'customer-more-en');
      await page.keyboard.press('Escape');

      await toolbarButton(page, orderText('en', 'orderList.accept')).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(orderText('en', 'orderAction.acceptTitle'), { exact: true }).waitFor();
      await shoot(page, 'customer-accept-en');
      const [answered] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/transporter_action'),
        dialog.getByRole('button', { name: text('en', 'confirm.yes'), exact: true }).click(),
      ]);
      expect(answered.status()).toBe(200);
      await dialog.getByText(orderText('en', 'orderAction.accepted'), { exact: true }).waitFor();
      expect(customer.problems).toEqual([]);
    } catch (error) {
      await stack.screenshot(customer.page, 'order-desk-customer-failed');
      throw error;
    } finally {
      await signOut(customer, 'customer');
    }
    await eventually(async () => (await orderOf(so.documentNo)).status === 'ACCEPTED');
  });

  test('given 51 t on the priced lane, when logistic picks the suggested carrier at the trips the system counts in English, then no reason and no approval are asked and the order goes straight to the transporter', async () => {
    const so = await freshSapOrder();
    const session = await signIn('logistic', 'en');
    const { page } = session;
    try {
      const panel = await openAssign(page, 'en', so, 'assignTransporter');
      await fillDates(panel, 'en');
      await panel
        .getByRole('combobox', { name: labelled(assignText('en', 'assign.fields.shipmentType')) })
        .selectOption('INDIVIDUAL_TRANSPORTER');
      const picker = await openPicker(page, panel, 'en');
      const trips = picker.getByRole('textbox', {
        name: new RegExp(assignText('en', 'selectTransporter.trips')),
      });
      expect(await trips.inputValue()).toBe('');
      const suggested = picker
        .getByRole('row')
        .filter({ hasText: assignText('en', 'selectTransporter.suggested') });
      await suggested.waitFor();
      // The cost and Choose of the option are on the screen (they were off it at 390 px).
      const choose = suggested.getByRole('button', {
        name: new RegExp(`^${escaped(assignText('en', 'selectTransporter.choose'))} `),
      });
      const box = await choose.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE);
      await shoot(page, 'select-transporter-en');
      await choose.click();
      await picker.waitFor({ state: 'hidden' });

      const entry = panel.getByRole('group', { name: assignText('en', 'assign.entry', { n: 1 }) });
      await entry.getByText(assignText('en', 'assign.why.none'), { exact: true }).waitFor();
      const reason = entry.getByRole('combobox', { name: labelled(assignText('en', 'assign.reason')) });
      expect(await reason.isDisabled()).toBe(true);
      const matrix = await checkApproval(page, panel, 'en');
      await panel.getByText(assignText('en', 'assign.approvalNone'), { exact: true }).waitFor();
      expect(await matrix.count()).toBe(0);
      await shoot(page, 'suggested-checked-en');
      await save(page, panel, 'en', '/api/saporder/assign_transporter');
      expect(session.problems).toEqual([]);
    } catch (error) {
      await stack.screenshot(page, 'order-desk-suggested-failed');
      throw error;
    } finally {
      await signOut(session, 'logistic');
    }
    const order = await orderOf(so.documentNo);
    expect(order).toMatchObject({ status: 'ASSIGNED TO TRANSPORTER', dispatch_status: 'WAITING' });
    expect(order.transporter_code).not.toBe(TRP001.code);
    expect(await orderApproval(db(), order.id)).toBeUndefined();
  });

  test('given the same lane, when logistic picks the dearer TRP001 in Indonesian, then the reason is required at once and says why, Check Approval names the supervisor and admin, and once the supervisor approves it on the Approval screen in Indonesian and the admin in English the order is ASSIGNED TO TRANSPORTER, waiting for TRP001', async () => {
    const so = await freshSapOrder();
    const session = await signIn('logistic', 'id');
    const { page } = session;
    try {
      const panel = await openAssign(page, 'id', so, 'assignTransporter');
      await fillDates(panel, 'id');
      const picker = await openPicker(page, panel, 'id');
      await picker
        .getByRole('button', {
          name: new RegExp(
            `^${escaped(assignText('id', 'selectTransporter.choose'))} ${escaped(TRP001.name)},`,
          ),
        })
        .click();
      await picker.waitFor({ state: 'hidden' });

      const entry = panel.getByRole('group', { name: assignText('id', 'assign.entry', { n: 1 }) });
      const why = new RegExp(
        `^${escaped(assignText('id', 'assign.why.COST_ABOVE_SUGGESTED').split('(')[0]!)}`,
      );
      await entry.getByText(why).waitFor();
      const reason = entry.getByRole('combobox', { name: labelled(assignText('id', 'assign.reason')) });
      expect(await reason.isEnabled()).toBe(true);
      await entry.getByText(why).scrollIntoViewIfNeeded();
      await shoot(page, 'dearer-reason-id');
      await reason.selectOption('URGENT_DELIVERY');
      const matrix = await checkApproval(page, panel, 'id');
      await matrix.getByRole('cell', { name: 'supervisor', exact: true }).waitFor();
      await matrix.getByRole('cell', { name: 'admin', exact: true }).waitFor();
      await matrix.scrollIntoViewIfNeeded();
      await shoot(page, 'dearer-checked-id');
      await closeToasts(page);
      await save(page, panel, 'id', '/api/saporder/assign_transporter');
      expect(session.problems).toEqual([]);
    } catch (error) {
      await stack.screenshot(page, 'order-desk-dearer-failed');
      throw error;
    } finally {
      await signOut(session, 'logistic');
    }
    const order = await orderOf(so.documentNo);
    expect(order).toMatchObject({
      status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      transporter_code: TRP001.code,
    });
    const approval = await eventually(() => orderApproval(db(), order.id));
    await eventually(async () => (await approvers(db(), approval.id)).length > 0);
    expect(await approvers(db(), approval.id)).toEqual([
      [1, 'supervisor'],
      [2, 'admin'],
    ]);
    const waiting = { id: approval.id, orderNo: order.order_no };

    const supervisor = await signIn('supervisor', 'id');
    try {
      await approveOnScreen(
        supervisor.page,
        'id',
        waiting,
        approvalShots(supervisor.page, 'supervisor', 'id'),
      );
      expect(supervisor.problems).toEqual([]);
    } catch (error) {
      await stack.screenshot(supervisor.page, 'order-desk-supervisor-failed');
      throw error;
    } finally {
      await signOut(supervisor, 'supervisor');
    }
    expect(await orderApproval(db(), order.id)).toMatchObject({ current_level: 2 });
    expect(await orderOf(so.documentNo)).toMatchObject({
      status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    });

    const admin = await signIn('admin', 'en');
    const { page: adminPage } = admin;
    try {
      await approveOnScreen(adminPage, 'en', waiting, approvalShots(adminPage, 'admin', 'en'));
      await eventually(async () => (await orderOf(so.documentNo)).status === 'ASSIGNED TO TRANSPORTER');
      // What the screens show of it: the order list's status, and its View waiting for TRP001's answer.
      await openOrderList(adminPage, 'en', order.order_no);
      await cell(adminPage, 'Status', statusText('en', 'ASSIGNED TO TRANSPORTER')).waitFor();
      await shoot(adminPage, 'assigned-list-desktop-en', DESKTOP);
      const block = await openView(adminPage, 'en', order.order_no);
      await block.getByText(statusText('en', 'ASSIGNED TO TRANSPORTER'), { exact: true }).first().waitFor();
      const awaiting = block.getByText(
        orderText('en', 'orderProcess.awaitingTransporter', { name: TRP001.name, code: TRP001.code }),
        { exact: true },
      );
      await awaiting.waitFor();
      await block.getByRole('timer').waitFor();
      await shoot(adminPage, 'assigned-view-desktop-en', DESKTOP);
      await resize(adminPage, PHONE);
      await awaiting.scrollIntoViewIfNeeded();
      await shoot(adminPage, 'assigned-view-phone-en');
      expect(admin.problems).toEqual([]);
    } catch (error) {
      await stack.screenshot(adminPage, 'order-desk-admin-failed');
      throw error;
    } finally {
      await signOut(admin, 'admin');
    }
    expect(await orderOf(so.documentNo)).toMatchObject({
      status: 'ASSIGNED TO TRANSPORTER',
      dispatch_status: 'WAITING',
      transporter_code: TRP001.code,
    });
    const reason = (await db()('order_transporters')
      .where('order_id', order.id)
      .first('assign_reason', 'freight_criteria')) as { assign_reason: string; freight_criteria: string };
    expect(reason).toEqual({ assign_reason: 'URGENT_DELIVERY', freight_criteria: 'HIGHER' });
  });
});
