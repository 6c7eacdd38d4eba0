// The SAP order editor in a real browser on the real API and the master demo data, as the logistic user:
// a manual PO typed into the editor and saved after "Are you sure?" lands in the database waiting for approval
// with its line; the same order opens for edit and for view. A manual SO, whose type SAP_SYNC_SETTING names, is
// refused "NOT OK" until a sync with the sandbox SAP has replaced its lines, then saves. The create, edit and
// view screens are photographed in English and Indonesian at 1366 and 800 px (test-results/screenshots) and
// checked for their title, for no horizontal page scroll and for no page error.
import type { Locator, Page } from 'playwright-core';
import { importErpDocuments } from '../../api/erp/import';
import { startE2eStack, SCREENSHOT_DIR, type E2eStack } from '../support/e2e';
import { loginAs } from '../support/api';
import { login } from '../support/e2e-login';
import { manualPoBody, putInSandbox, sapDocument } from '../support/sap-orders';

jest.setTimeout(300_000);

let stack: E2eStack;
let syncSapOrderId: number;

beforeAll(async () => {
  stack = await startE2eStack({ masterData: true });
  const db = stack.app.deps.db;
  // An order from SAP to look at, and a sales order SAP knows for the sync journey.
  await importErpDocuments(db, [sapDocument('0010077001', { lines: 2 })], {
    source: 'sandbox',
    user: 'test',
  });
  syncSapOrderId = (
    (await db('sap_orders').where({ document_no: '0010077001' }).first('id')) as { id: number }
  ).id;
  await putInSandbox(db, [sapDocument('0010077002', { lines: 2 })]);
});
afterAll(async () => {
  await stack?.close();
});

type Language = 'en' | 'id';

interface Session {
  page: Page;
  problems: string[];
}

async function signIn(width: number, language: Language = 'en'): Promise<Session> {
  await stack.app.deps.db('users').where({ username: 'logistic' }).update({ language });
  const page = await stack.newPage({ width, height: 900 });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await login(page, 'logistic');
  await page.waitForURL((url) => url.pathname === '/');
  return { page, problems };
}

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

function select(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

function combo(page: Page, label: string): Locator {
  return page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
}

/** Chooses a type-ahead item: opens it, types the search key by key when given, and picks the item. */
async function choose(page: Page, input: Locator, itemText: string, typed?: string): Promise<void> {
  await input.click();
  if (typed) await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: itemText, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Waits until an input shows a value (a type-ahead looks up the text of its code after the form opens). */
async function valueShown(input: Locator, value: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await input.inputValue()) !== value) {
    if (Date.now() > deadline) throw new Error(`${value} not shown; shows ${await input.inputValue()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openEditor(page: Page, url: string, title: string): Promise<void> {
  await page.goto(url);
  try {
    await heading(page, title).waitFor();
    await page.getByRole('table', { name: /^Detail/ }).waitFor();
  } catch (error) {
    // What the browser showed instead, for whoever reads the failure.
    await stack.screenshot(page, `sap-order-editor-failed-${title.replace(/\W+/g, '-')}`);
    throw error;
  }
}

/** The whole page (the form is longer than the window), and whether anything spills sideways. */
async function shoot(page: Page, name: string): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

async function fillManualPo(page: Page): Promise<void> {
  await select(page, 'Order Type').selectOption('PO');
  await combo(page, 'Purchase Organization').waitFor();
  await select(page, 'Valid From').fill('20/10/2026');
  await select(page, 'Valid To').fill('30/11/2026');
  await choose(page, combo(page, 'Company'), '1000 - PT Sawit Nusantara Agro', '100');
  await choose(page, combo(page, 'Plant'), '1101 - PKS Sei Rokan');
  await choose(page, combo(page, 'Purchase Organization'), 'P100 - Pembelian PT Sawit Nusantara Agro');
  await select(page, 'Document Type').selectOption('NB');
  await choose(page, combo(page, 'Customer/Vendor'), 'VEN001 - KUD Sawit Makmur', 'VEN001');
  await choose(page, combo(page, 'Incoterm'), 'CPT - Carriage Paid To');
  await select(page, 'Incoterm 2').fill('Pekanbaru');
  await choose(page, combo(page, 'Warehouse'), 'WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan');
  await select(page, 'Shipment Type').selectOption('INDIVIDUAL_TRUCK');
  await select(page, 'Delivery Address').fill('Jl. Lintas Timur km 12');
  await page.getByRole('button', { name: 'Add row', exact: true }).click();
  await choose(page, combo(page, 'Material, row 1'), 'SP-UREA - Pupuk Urea 46% N (karung 50 kg)', 'UREA');
  await page.getByLabel('Qty, row 1', { exact: true }).fill('12.5');
  await page.getByLabel('UOM, row 1', { exact: true }).fill('TON');
}

async function saveConfirmed(page: Page) {
  await page.getByRole('toolbar').getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Are you sure?', { exact: true }).waitFor();
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/saporder/',
    ),
    dialog.getByRole('button', { name: 'Yes', exact: true }).click(),
  ]);
  return {
    status: response.status(),
    body: (await response.json()) as { data?: { header?: { Id: number } } },
  };
}

describe('SAP order editor in the browser', () => {
  test('given the logistic user, when a manual PO is typed into the editor and saved, then it waits for approval in the database with its line, and opens for edit and view', async () => {
    const { page, problems } = await signIn(1366);
    await openEditor(page, '/SAPOrder/Editor?mode=create&id=0', 'Create SAP Order');
    await fillManualPo(page);
    expect(await shoot(page, 'sap-order-editor-create-en-1366')).toBe(false);

    const saved = await saveConfirmed(page);
    expect(saved.status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/SAPOrder/Index');
    await page.locator('.fui-Toast').filter({ hasText: 'Data Saved' }).waitFor();
    const id = saved.body.data!.header!.Id;

    const db = stack.app.deps.db;
    const row = (await db('sap_orders').where({ id }).first()) as Record<string, unknown>;
    expect(row).toMatchObject({
      type: 'MANUAL',
      status: 'WAITING FOR APPROVAL',
      order_type: 'PO',
      company_code: '1000',
      plant: '1101',
      purchase_organization: 'P100',
      document_type: 'NB',
      customer_vendor_code: 'VEN001',
      incoterm: 'CPT',
      incoterm2: 'Pekanbaru',
      warehouse_code: 'WH-1101-CPO',
      shipment_type: 'INDIVIDUAL_TRUCK',
      delivery_using_truck: 'N',
      delivery_address: 'Jl. Lintas Timur km 12',
      is_relation: false,
      created_by: 'logistic',
    });
    expect(String(row.document_no)).toMatch(/^MSO\d+$/);
    const lines = (await db('sap_order_details').where({ sap_order_id: id }).orderBy('item_no')) as Record<
      string,
      unknown
    >[];
    expect(lines.map((l) => [l.item_no, l.material_code, Number(l.qty), l.uom])).toEqual([
      ['000010', 'SP-UREA', 12.5, 'TON'],
    ]);

    await openEditor(page, `/SAPOrder/Editor?mode=edit&id=${id}`, 'Edit SAP Order');
    await page.getByLabel('Item No., row 1', { exact: true }).waitFor();
    expect(await page.getByLabel('Item No., row 1', { exact: true }).inputValue()).toBe('000010');
    expect(await select(page, 'Document No.').inputValue()).toBe(row.document_no);
    await valueShown(combo(page, 'Company'), '1000 - PT Sawit Nusantara Agro');
    expect(await shoot(page, 'sap-order-editor-edit-en-1366')).toBe(false);

    await openEditor(page, `/SAPOrder/Editor?mode=view&id=${syncSapOrderId}`, 'View SAP Order');
    const imported = (await db('sap_orders').where({ id: syncSapOrderId }).first('created_by')) as {
      created_by: string;
    };
    await page.getByRole('button', { name: 'Info', exact: true }).click();
    const info = page.locator('.fui-PopoverSurface');
    await info.getByText('Created By', { exact: true }).waitFor();
    await info.getByText(imported.created_by, { exact: true }).waitFor();
    expect(await shoot(page, 'sap-order-editor-view-en-1366')).toBe(false);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('given a manual SO, when it is saved before a sync it is refused "NOT OK"; after "Sync with SAP" its lines are SAP\'s and it saves', async () => {
    const { page, problems } = await signIn(1366);
    await openEditor(page, '/SAPOrder/Editor?mode=create&id=0', 'Create SAP Order');
    await select(page, 'Order Type').selectOption('SO');
    await page.getByRole('button', { name: 'Sync with SAP', exact: true }).waitFor();
    await choose(page, combo(page, 'Company'), '1000 - PT Sawit Nusantara Agro', '100');
    await choose(page, combo(page, 'Plant'), '1101 - PKS Sei Rokan');
    await choose(page, combo(page, 'Sales Organization'), 'S100 - Penjualan PT Sawit Nusantara Agro');
    await select(page, 'Document Type').selectOption('OR');
    await choose(page, combo(page, 'Customer/Vendor'), 'CUS001 - PT Minyak Nabati Sejahtera', 'CUS001');
    await select(page, 'Distribution').selectOption('LOCAL');
    await choose(page, combo(page, 'Warehouse'), 'WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan');
    await select(page, 'Shipment Type').selectOption('COLLECTIVE');
    await page.getByRole('button', { name: 'Add row', exact: true }).click();
    await choose(page, combo(page, 'Material, row 1'), 'FG-CPO - Crude Palm Oil', 'FG-CPO');
    await page.getByLabel('Qty, row 1', { exact: true }).fill('25');
    await page.getByLabel('UOM, row 1', { exact: true }).fill('TON');
    await page.getByLabel('PO/SO No., row 1', { exact: true }).fill('0010077002');

    await page.getByRole('toolbar').getByRole('button', { name: 'Save', exact: true }).click();
    const refused = page.locator('.fui-Toast').filter({ hasText: 'NOT OK' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Error Saving Data');

    const [sync] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/saporder/sync_do_sap'),
      page.getByRole('button', { name: 'Sync with SAP', exact: true }).click(),
    ]);
    expect(sync.status()).toBe(200);
    await page.getByLabel('Qty, row 2', { exact: true }).waitFor();
    expect(await page.getByLabel('Qty, row 2', { exact: true }).inputValue()).toBe('26');
    await page.getByText(/The lines are the ones SAP answered/).waitFor();
    expect(await shoot(page, 'sap-order-editor-synced-en-1366')).toBe(false);

    const saved = await saveConfirmed(page);
    expect(saved.status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/SAPOrder/Index');
    const id = saved.body.data!.header!.Id;
    const lines = (await stack.app.deps
      .db('sap_order_details')
      .where({ sap_order_id: id })
      .orderBy('item_no')) as Record<string, unknown>[];
    expect(lines.map((l) => [l.item_no, l.material_code, Number(l.qty)])).toEqual([
      ['000010', 'FG-CPO', 25],
      ['000020', 'FG-CPO', 26],
    ]);
    expect(problems).toEqual([]);
  });

  test.each([
    ['en', 800],
    ['id', 1366],
    ['id', 800],
  ] as const)(
    'given the editor in %s at %i px, when create, edit and view open, then each shows its title in that language and fits the width',
    async (language, width) => {
      const name = language === 'id' ? 'Order SAP' : 'SAP Order';
      const verb = language === 'id' ? ['Buat', 'Ubah', 'Lihat'] : ['Create', 'Edit', 'View'];
      const created = await stack.app
        .request()
        .post('/api/saporder')
        .set('Authorization', await loginAs(stack.app, 'logistic'))
        .send(manualPoBody({ Incoterm2: 'Dumai', Delivery_Address: 'Jl. Soekarno-Hatta 8, Pekanbaru' }));
      expect(created.status).toBe(200);
      const editable = created.body.data.header as { Id: number };
      // Signed in after the order is made, so the browser's session is the latest one.
      const { page, problems } = await signIn(width, language);

      await openEditor(page, '/SAPOrder/Editor?mode=create&id=0', `${verb[0]} ${name}`);
      await select(page, language === 'id' ? 'Tipe Order' : 'Order Type').selectOption('PO');
      await page
        .getByRole('combobox', { name: language === 'id' ? /^Organisasi Pembelian/ : /^Purchase/ })
        .waitFor();
      expect(await shoot(page, `sap-order-editor-create-${language}-${width}`)).toBe(false);

      await openEditor(page, `/SAPOrder/Editor?mode=edit&id=${editable.Id}`, `${verb[1]} ${name}`);
      expect(await shoot(page, `sap-order-editor-edit-${language}-${width}`)).toBe(false);

      await openEditor(page, `/SAPOrder/Editor?mode=view&id=${syncSapOrderId}`, `${verb[2]} ${name}`);
      expect(await shoot(page, `sap-order-editor-view-${language}-${width}`)).toBe(false);
      expect(problems).toEqual([]);
    },
  );
});
