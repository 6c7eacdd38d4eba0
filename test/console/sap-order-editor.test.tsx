// The SAP order editor (console/src/pages/sap-orders/editor) against a fake server shaped like api/sap-orders:
// the create flow and the exact body it posts; Type clearing Order_Type; transfer orders locking customer/vendor
// and incoterm with their defaults; relation orders forcing the shipment type; langsir enabling the destinations;
// an order from SAP locked; Sync with SAP replacing the lines (and "Info SO Factory"), failing with SAP's message
// and code, and Save refused "NOT OK" until a sync of the current lines succeeded; view mode read-only with its
// info popup; server field errors under their inputs; a failed load; leaving with unsaved changes; Indonesian, and
// messages that follow a language switch; Company and Product Category lookups that open with their entries.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import SapOrderEditorPage from '../../console/src/pages/sap-orders/editor/SapOrderEditorPage';
import type { UserData } from '../../console/src/api/types';
import { renderScreen } from './render';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';
import { toastAround, definitionListOf, nextOf } from './structure';

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

// A whole order typed key by key in jsdom, on a machine other suites share: the editor asks several calls in a
// row before a rule shows (order, flags, lookups), which can take longer than the shared setup's wait under load.
// This file's module registry is its own, so the longer wait stays here.
beforeAll(() => configure({ asyncUtilTimeout: 20_000 }));

// ------------------------------------------------------------------------------------------------ fake server

const ORDER_TYPES = [
  { Id: 1, Code: 'PO', Name: 'PO', Info1: null, Use_Vendor: true, Use_GR: true, Use_PO: true },
  { Id: 2, Code: 'SO', Name: 'SO', Info1: null, Use_Customer: true, Use_SO: true, Use_Distribution: true },
  { Id: 3, Code: 'DO', Name: 'DO', Info1: null, Use_Customer: true, Use_DO: true, Use_Distribution: true },
  { Id: 5, Code: 'TO', Name: 'TO IN', Info1: 'IN', Use_GR: true },
  { Id: 6, Code: 'TO', Name: 'TO OUT', Info1: 'OUT' },
].map((t) => ({
  Use_Customer: false,
  Use_Vendor: false,
  Use_GR: false,
  Use_DO: false,
  Use_SO: false,
  Use_LN: false,
  Use_PO: false,
  Use_STO: false,
  Use_Distribution: false,
  ...t,
}));

type Item = { id: string; text: string; [field: string]: unknown };
const item = (id: string, name: string, extra: Record<string, unknown> = {}): Item => ({
  id,
  text: `${id} - ${name}`,
  ...extra,
});

const LISTS: Record<string, Item[]> = {
  company_code: [item('1000', 'PT Sawit Nusantara Agro'), item('2000', 'PT Nusantara Oleo Refinery')],
  plant: [item('1101', 'PKS Sei Rokan'), item('1102', 'PKS Kandis')],
  plant_all: [item('1101', 'PKS Sei Rokan'), item('1102', 'PKS Kandis'), item('2101', 'Refinery Dumai')],
  factory: [item('F-1102-POM', 'PKS Kandis 45 TPH')],
  warehouse: [item('WH-1101-CPO', 'Tangki Timbun CPO PKS Sei Rokan')],
  purchase_organization: [item('P100', 'Pembelian PT Sawit Nusantara Agro')],
  sales_organization_code: [item('S100', 'Penjualan PT Sawit Nusantara Agro')],
  business_segment_code: [item('FERT', 'Pupuk (NPK, Urea, MOP)')],
  vendor_code: [item('VEN001', 'PT Pupuk Sriwijaya')],
  customer_code: [item('CUS001', 'PT Minyak Nabati Sejahtera')],
  incoterm_code: [item('CPT', 'Carriage Paid To'), item('FRC', 'Franco')],
  material_code_v2: [item('SP-UREA', 'Pupuk Urea 46% N'), item('FG-CPO', 'Crude Palm Oil')],
};

/** Lookup groups as `list/lookup?group=` answers them: code and English text only, as the real one does. */
const GROUPS: Record<string, Item[]> = {
  DOCUMENT_TYPE: [
    item('LF', 'Outbound delivery'),
    item('NB', 'Standard purchase order'),
    item('OR', 'Standard sales order'),
    item('UB', 'Stock transport order'),
  ],
  DISTRIBUTION: [item('EXPORT', 'Export'), item('LOCAL', 'Local (domestic)')],
  SHIPMENT_TYPE: [
    item('COLLECTIVE', 'Collective'),
    item('INDIVIDUAL_TRANSPORTER', 'Individual per transporter'),
    item('INDIVIDUAL_TRUCK', 'Individual per truck'),
    item('RELATION', 'Relation (customer or vendor collects)'),
  ],
  LANGSIR_TYPE: [
    item('ANTAR_PABRIK', 'Shuttle between plants'),
    item('DALAM_PABRIK', 'Shuttle within the plant'),
  ],
  SAP_SYNC_SETTING: [
    item('DO', 'Delivery orders are synchronised with SAP before saving'),
    item('PULL_INTERVAL_MINUTES', 'Minutes between pulls of changed documents from SAP'),
    item('SO', 'Sales orders are synchronised with SAP before saving'),
  ],
};

const CREATE_DEFAULTS = {
  Id: 0,
  Type: 'MANUAL',
  Document_Date: '2026-10-20',
  Delivery_Using_Truck: 'N',
  STO_SPO_Per_Shipment: false,
  Status: 'WAITING FOR APPROVAL',
  is_relation: false,
  is_relation_setting: false,
  order_type_id: null,
  Details: [],
};

const AUDIT = {
  Created_Date: '2026-10-20T02:05:00.000Z',
  Created_By: 'logistic',
  Edited_Date: null,
  Edited_By: null,
};

/** A manual SO waiting for approval, typed with the SAP sales order it stands for. */
const MANUAL_SO = {
  Id: 41,
  Type: 'MANUAL',
  Order_Type: 'SO',
  order_type_id: 2,
  Document_No: 'MSO2600041',
  Document_Date: '2026-10-20',
  Valid_From: null,
  Valid_To: null,
  Company_Code: '1000',
  Plant: '1101',
  Sales_Organization: 'S100',
  Document_Type: 'OR',
  Customer_Vendor_Code: 'CUS001',
  Address: 'Jl. Sudirman 1, Pekanbaru',
  Distribution: 'LOCAL',
  Incoterm: 'CPT',
  Delivery_Using_Truck: 'N',
  STO_SPO_Per_Shipment: false,
  Warehouse_Code: 'WH-1101-CPO',
  Shipment_Type: 'COLLECTIVE',
  Delivery_Address: 'Tangki 3',
  Status: 'WAITING FOR APPROVAL',
  is_relation: false,
  is_relation_setting: false,
  ...AUDIT,
  Details: [
    {
      Id: 501,
      Item_No: '000010',
      Material_Code: 'FG-CPO',
      material_name: 'Crude Palm Oil',
      Qty: 25,
      UOM: 'TON',
      PO_SO_No: '0010090001',
    },
  ],
};

/** An order that came from SAP (approved, Type SYNC SAP). */
const SYNC_SAP_DO = {
  ...MANUAL_SO,
  Id: 42,
  Type: 'SYNC SAP',
  Order_Type: 'DO',
  order_type_id: 3,
  Document_No: '8000012345',
  Status: 'APPROVED',
  Created_By: 'SAPUSER1',
  Details: [
    {
      Id: 601,
      Item_No: '000010',
      Material_Code: 'FG-CPO',
      material_name: 'Crude Palm Oil',
      Qty: 30,
      UOM: 'TON',
      PO_SO_No: '0010090002',
      SO_DO_No: '0010090002',
      SO_DO_Item_No: '000010',
    },
  ],
};

interface Fake {
  /** Every request as "METHOD path?query". */
  requests: string[];
  posted: Record<string, unknown>[];
  synced: Record<string, unknown>[];
}

function fakeServer(
  options: {
    orders?: Record<string, unknown>[];
    saveAnswer?: (body: Record<string, unknown>) => Response;
    syncAnswer?: (body: Record<string, unknown>) => Response;
    groups?: Record<string, Item[]>;
    /** list/order_type items carry the order type's Id and Info1, as api/sap-orders answers them. */
    orderTypeIds?: boolean;
  } = {},
): Fake {
  const fake: Fake = { requests: [], posted: [], synced: [] };
  const groups = { ...GROUPS, ...options.groups };
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    fake.requests.push(`${request.method} ${url.pathname.replace('/api/', '')}${url.search}`);
  });
  const page = (items: Item[], url: URL) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = items.filter(
      (i) => !q || i.id.toLowerCase().includes(q) || i.text.toLowerCase().includes(q),
    );
    return HttpResponse.json(envelope({ items: found, more: false }));
  };
  server.use(
    permissionHandler(ALL_RIGHTS),
    http.get(`${API}/saporder/:id/:mode`, ({ params }) => {
      if (params.mode === 'create')
        return HttpResponse.json(envelope({ header: CREATE_DEFAULTS, detail: [] }));
      const order = (options.orders ?? []).find((o) => String(o.Id) === params.id);
      if (!order) {
        return HttpResponse.json(
          { success: false, message: 'The requested record was not found.', message_code: 'NOT_FOUND' },
          { status: 404 },
        );
      }
      return HttpResponse.json(envelope({ header: order, detail: order.Details as JsonBody }));
    }),
    http.post(`${API}/saporder`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      fake.posted.push(body);
      return (
        options.saveAnswer?.(body) ??
        HttpResponse.json(
          envelope({ header: body }, { message: 'SAP order MSO2600099 has been saved.' }) as JsonBody,
        )
      );
    }),
    http.post(`${API}/saporder/sync_do_sap`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      fake.synced.push(body);
      return options.syncAnswer?.(body) ?? HttpResponse.json(envelope([]));
    }),
    http.post(`${API}/saporder/list`, () => HttpResponse.json(envelope([], { totalRecords: 0 }))),
    http.get(`${API}/saporder/master_list`, () =>
      HttpResponse.json(envelope({ tab_status: [{ code: 'ALL', text: 'All', count: 0 }] })),
    ),
    http.get(`${API}/list/sap_order_type`, () =>
      HttpResponse.json(
        envelope({
          items: [
            { id: 'MANUAL', text: 'Manual', name: 'Manual' },
            { id: 'TRANSFER ORDER', text: 'Transfer order', name: 'Transfer order' },
          ],
          more: false,
        }),
      ),
    ),
    http.get(`${API}/list/order_type`, ({ request }) => {
      const transfer = new URL(request.url).searchParams.get('type') === 'TRANSFER ORDER';
      const items = ORDER_TYPES.filter((t) => (t.Code === 'TO') === transfer).map((t) => ({
        id: t.Name,
        text: t.Name === t.Code ? t.Name : `${t.Name} - ${t.Code}`,
        name: t.Code,
        Name: t.Name,
        Code: t.Code,
        ...(options.orderTypeIds ? { Id: t.Id, Info1: t.Info1 } : {}),
      }));
      return HttpResponse.json(envelope({ items, more: false }));
    }),
    http.get(`${API}/list/lookup`, ({ request }) => {
      const url = new URL(request.url);
      return page(groups[url.searchParams.get('group') ?? ''] ?? [], url);
    }),
    http.get(`${API}/list/:name`, ({ params, request }) =>
      page(LISTS[String(params.name)] ?? [], new URL(request.url)),
    ),
    http.get(`${API}/util/order_type_fields`, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      return HttpResponse.json(envelope(ORDER_TYPES.find((t) => t.Id === id)));
    }),
    http.get(`${API}/util/order_type_fields_code_name`, ({ request }) => {
      const url = new URL(request.url);
      const found = ORDER_TYPES.find(
        (t) => t.Code === url.searchParams.get('code') && t.Name === url.searchParams.get('name'),
      );
      return HttpResponse.json(envelope(found));
    }),
    http.get(`${API}/util/order_is_relation`, ({ request }) => {
      const url = new URL(request.url);
      // RELATION_SETTING: incoterm FRC makes a PO a relation order.
      const relation =
        url.searchParams.get('incoterm') === 'FRC' && url.searchParams.get('order_type') === 'PO';
      return HttpResponse.json(envelope(relation));
    }),
    http.post(`${API}/util/check_sap_order_type`, async ({ request }) => {
      const body = (await request.json()) as { type: string };
      const transfer = body.type === 'TRANSFER ORDER';
      return HttpResponse.json(
        envelope({
          is_transfer_order: transfer,
          default_model: transfer
            ? { vendor: null, incoterm: 'FRC', document_type: 'UB' }
            : { vendor: null, incoterm: null, document_type: null },
        }),
      );
    }),
  );
  return fake;
}

type JsonBody = Parameters<typeof HttpResponse.json>[0];

afterEach(() => {
  server.events.removeAllListeners();
});

// ------------------------------------------------------------------------------------------------ helpers

type User = ReturnType<typeof renderScreen>['user'];

/** The editor screen alone at `path` (no shell): where Save and Back lead shows in `where()`. */
function renderEditor(path: string, user: Partial<UserData> = {}) {
  return renderScreen(SapOrderEditorPage, path, { user, routePath: '/SAPOrder/Editor' });
}

/** An input by its label; labels of required fields end with "*". */
function byLabel(text: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`));
}

function combo(text: string): HTMLElement {
  return screen.getByRole('combobox', {
    name: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`),
    // Role queries skip their visibility check: it reads computed styles, which is slow on a page this size.
    hidden: true,
  });
}

/** Picks a type-ahead item: opens the list (typing the search when given) and clicks the item. */
async function choose(user: User, input: HTMLElement, itemText: string, typed?: string) {
  await user.click(input);
  if (typed) await user.type(input, typed, { skipClick: true });
  await user.click(await screen.findByRole('option', { name: itemText, hidden: true }));
  await waitFor(() => expect(input).toHaveValue(itemText));
}

/** A field a rule or the mode locks: it shows as a read-only text, as every read-only field of a form does. */
function expectLocked(label: string) {
  expect(byLabel(label)).toHaveAttribute('readonly');
}

/** A field the user may change: its select or type-ahead, not a read-only text. */
function expectOpen(label: string) {
  expect(byLabel(label)).not.toHaveAttribute('readonly');
  expect(byLabel(label)).toBeEnabled();
}

async function waitForSelect(label: string, option: string) {
  await waitFor(() =>
    expect(within(byLabel(label)).getByRole('option', { name: option, hidden: true })).toBeInTheDocument(),
  );
}

function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

async function confirmSave(user: User) {
  await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));
  const dialog = await findDialog();
  expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
}

async function openEditor(path: string) {
  const view = renderEditor(path);
  await screen.findByRole('heading', { level: 1, name: /SAP Order$/, hidden: true });
  await waitForSelect('Type', 'Manual');
  return view;
}

// ------------------------------------------------------------------------------------------------ tests

describe('SAP order editor', () => {
  it('given create mode, when a manual PO is filled in and saved after "Are you sure?", then the whole header with its line is posted and the list opens with "Data Saved"', async () => {
    const fake = fakeServer();
    const { user, where } = await openEditor('/SAPOrder/Editor?mode=create&id=0');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Create SAP Order', hidden: true }),
    ).toBeInTheDocument();
    // No info popup, no document number and no item numbers while creating.
    expect(screen.queryByRole('button', { name: 'Info', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Document No\./)).not.toBeInTheDocument();
    expect(byLabel('Type')).toHaveValue('MANUAL');
    expect(byLabel('Document Date')).toHaveValue('20/10/2026');

    await waitForSelect('Order Type', 'PO');
    await user.selectOptions(byLabel('Order Type'), 'PO');
    // A vendor type: purchase organisation and estate (goods receipt), no sales organisation or distribution.
    expect(
      await screen.findByRole('combobox', { name: /^Purchase Organization/, hidden: true }),
    ).toBeInTheDocument();
    expect(byLabel('Estate')).toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: /^Sales Organization/, hidden: true }),
    ).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Distribution/)).not.toBeInTheDocument();
    // Not a transfer order, and the LN numbers only after creation.
    expect(screen.queryByLabelText(/^Langsir Type/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^LN SO No\./)).not.toBeInTheDocument();

    await user.type(byLabel('Valid From'), '20/10/2026');
    await user.type(byLabel('Valid To'), '30/11/2026');
    await choose(user, combo('Company'), '1000 - PT Sawit Nusantara Agro', '100');
    await choose(user, combo('Plant'), '1101 - PKS Sei Rokan');
    await choose(user, combo('Purchase Organization'), 'P100 - Pembelian PT Sawit Nusantara Agro');
    await waitForSelect('Document Type', 'NB - Standard purchase order');
    await user.selectOptions(byLabel('Document Type'), 'NB');
    await choose(user, combo('Customer/Vendor'), 'VEN001 - PT Pupuk Sriwijaya', 'VEN');
    await choose(user, combo('Incoterm'), 'CPT - Carriage Paid To');
    await user.type(byLabel('Incoterm 2'), 'Pekanbaru');
    await choose(user, combo('Warehouse'), 'WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan');
    // Only relation orders may use the relation shipment type.
    await waitForSelect('Shipment Type', 'INDIVIDUAL_TRUCK - Individual per truck');
    expect(
      within(byLabel('Shipment Type')).queryByRole('option', { name: /^RELATION/, hidden: true }),
    ).not.toBeInTheDocument();
    await user.selectOptions(byLabel('Shipment Type'), 'INDIVIDUAL_TRUCK');
    await user.type(byLabel('Delivery Address'), 'Jl. Lintas Timur km 12');

    const table = screen.getByRole('table', { name: 'Details', hidden: true });
    expect(
      within(table).queryByRole('columnheader', { name: 'Item No.', hidden: true }),
    ).not.toBeInTheDocument();
    expect(
      within(table).queryByRole('columnheader', { name: 'Tolerance', hidden: true }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add row', hidden: true }));
    await choose(user, combo('Material, row 1'), 'SP-UREA - Pupuk Urea 46% N', 'ure');
    await user.type(screen.getByLabelText('Qty, row 1'), '12.5');
    await user.type(screen.getByLabelText('UOM, row 1'), 'TON');

    await confirmSave(user);

    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(screen.getByText('SAP order MSO2600099 has been saved.')).toBeInTheDocument();
    expect(fake.posted).toEqual([
      {
        Id: 0,
        Type: 'MANUAL',
        Order_Type: 'PO',
        Document_No: null,
        Document_Date: '20/10/2026',
        Valid_From: '20/10/2026',
        Valid_To: '30/11/2026',
        Company_Code: '1000',
        Product_Category: null,
        Plant: '1101',
        LN_SO_No: null,
        LN_STO_No: null,
        LN_DO_Third_Party: null,
        Sales_Organization: null,
        Purchase_Organization: 'P100',
        Document_Type: 'NB',
        Customer_Vendor_Code: 'VEN001',
        Distribution: null,
        Incoterm: 'CPT',
        Estate: null,
        Incoterm2: 'Pekanbaru',
        Collective_LN: null,
        Delivery_Using_Truck: 'N',
        STO_SPO_Per_Shipment: false,
        Langsir_Type: null,
        Plant_Destination: null,
        Factory_Destination: null,
        Warehouse_Code: 'WH-1101-CPO',
        Shipment_Type: 'INDIVIDUAL_TRUCK',
        Delivery_Address: 'Jl. Lintas Timur km 12',
        Details: [
          {
            Id: null,
            Item_No: null,
            Material_Code: 'SP-UREA',
            Qty: 12.5,
            UOM: 'TON',
            Tolerance: null,
            PO_SO_No: null,
            SO_DO_No: null,
            SO_DO_Item_No: null,
            LN_SO_Item_No: null,
            LN_STO_Item_No: null,
            Sales_District: null,
          },
        ],
      },
    ]);
    // The flags of the chosen order type were read by its code and name; plants were asked for the company.
    expect(fake.requests).toContain('GET util/order_type_fields_code_name?code=PO&name=PO');
    expect(fake.requests.some((r) => r.startsWith('GET list/plant?company=1000'))).toBe(true);
    // Lookups page from 0 (spec/3 §7): the whole lists were read from their first page.
    expect(fake.requests).toContain('GET list/lookup?group=DOCUMENT_TYPE&q=&page=0');
    expect(fake.requests.filter((r) => r.startsWith('GET list/') && /[?&]page=[1-9]/.test(r))).toEqual([]);
  });

  it('given create mode, when Save is pressed with nothing filled in, then the missing fields are named under their inputs and nothing is sent', async () => {
    const fake = fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await user.clear(byLabel('Document Date'));
    await user.type(byLabel('Valid From'), '31/12/2026');
    await user.type(byLabel('Valid To'), '01/12/2026');

    await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));

    expect(await screen.findByText('Order Type is required.')).toBeInTheDocument();
    expect(screen.getByText('Document Date is required.')).toBeInTheDocument();
    expect(screen.getByText('Company is required.')).toBeInTheDocument();
    expect(screen.getByText('Valid To must not be before Valid From.')).toBeInTheDocument();
    expect(screen.getByText('Details needs at least 1 row.')).toBeInTheDocument();
    expect(screen.getByText(/Some fields need attention/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();
    expect(fake.posted).toEqual([]);
  });

  it('given the short vocabularies Company and Product Category, when their lookup is opened with nothing typed, then it lists their entries at once, as their definitions (lookupMinChars 0) say', async () => {
    const fake = fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');

    await user.click(combo('Company'));
    expect(
      await screen.findByRole('option', { name: '1000 - PT Sawit Nusantara Agro', hidden: true }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: '2000 - PT Nusantara Oleo Refinery', hidden: true }),
    ).toBeInTheDocument();
    expect(fake.requests).toContain('GET list/company_code?q=&page=0');
    await user.click(screen.getByRole('option', { name: '2000 - PT Nusantara Oleo Refinery', hidden: true }));
    await waitFor(() => expect(combo('Company')).toHaveValue('2000 - PT Nusantara Oleo Refinery'));

    await user.click(combo('Product Category'));
    expect(
      await screen.findByRole('option', { name: 'FERT - Pupuk (NPK, Urea, MOP)', hidden: true }),
    ).toBeInTheDocument();
    expect(fake.requests).toContain('GET list/business_segment_code?q=&page=0');
  });

  it('given messages under the inputs, above the lines and in a cell, when the language is switched and back, then each reads in the new language', async () => {
    fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await user.type(byLabel('Valid From'), '31/12/2026');
    await user.type(byLabel('Valid To'), '01/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));

    expect(await screen.findByText('Order Type is required.')).toBeInTheDocument();
    expect(screen.getByText('Valid To must not be before Valid From.')).toBeInTheDocument();
    expect(screen.getByText('Details needs at least 1 row.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    // The Indonesian wording as the locale files have it (read from them, so a reworded message still counts).
    const id = i18n.getFixedT('id');
    const label = (field: string) => id(`SAPOrder.fields.${field}`, { ns: 'resources' });
    expect(
      await screen.findByText(id('validation.required', { field: label('Order_Type') })),
    ).toBeInTheDocument();
    expect(
      screen.getByText(id('validation.dateOrder', { field: label('Valid_To'), from: label('Valid_From') })),
    ).toBeInTheDocument();
    expect(
      screen.getByText(id('validation.minRows', { field: label('Details'), count: 1 })),
    ).toBeInTheDocument();
    expect(screen.queryByText('Order Type is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Details needs at least 1 row.')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Order Type is required.')).toBeInTheDocument();
    // A line with a quantity of 0: the messages of its cells.
    await user.click(screen.getByRole('button', { name: 'Add row', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Qty, row 1', hidden: true }), '0');
    await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    expect(await screen.findByText('Qty must be greater than 0.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    expect(
      await screen.findByText(id('sapOrderEditor.qtyPositive', { field: label('Qty') })),
    ).toBeInTheDocument();
    expect(screen.queryByText('Qty must be greater than 0.')).not.toBeInTheDocument();
  });

  it('given an order type is chosen, when the Type changes to TRANSFER ORDER, then Order_Type is cleared and offers the transfer types only', async () => {
    fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await waitForSelect('Order Type', 'PO');
    await user.selectOptions(byLabel('Order Type'), 'PO');
    expect(byLabel('Order Type')).toHaveValue('PO');

    await waitForSelect('Type', 'Transfer order');
    await user.selectOptions(byLabel('Type'), 'TRANSFER ORDER');

    expect(byLabel('Order Type')).toHaveValue('');
    await waitForSelect('Order Type', 'TO OUT - TO');
    const offered = within(byLabel('Order Type'))
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(offered).toEqual(['Please select', 'TO IN - TO', 'TO OUT - TO']);
  });

  it('given a transfer order, when it is created, then customer/vendor and incoterm take the transfer defaults and are locked, the document type defaults, and tolerance and the transfer fields show', async () => {
    const fake = fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await waitForSelect('Type', 'Transfer order');
    await user.selectOptions(byLabel('Type'), 'TRANSFER ORDER');
    await waitForSelect('Order Type', 'TO IN - TO');
    await user.selectOptions(byLabel('Order Type'), 'TO IN');

    await waitFor(() => expect(byLabel('Incoterm')).toHaveValue('FRC - Franco'));
    expectLocked('Incoterm');
    expectLocked('Customer/Vendor');
    expect(byLabel('Customer/Vendor')).toHaveValue('');
    expect(screen.getAllByText('Set by the transfer order defaults.')).toHaveLength(2);
    expect(byLabel('Document Type')).toHaveValue('UB');
    expect(screen.getByRole('checkbox', { name: 'STO/SPO per Shipment', hidden: true })).toBeEnabled();
    // Langsir is for the transfer-out type only; without it the destinations stay locked.
    expectLocked('Langsir Type');
    expectLocked('Destination Plant');
    expect(
      within(screen.getByRole('table', { name: 'Details', hidden: true })).getByRole('columnheader', {
        name: 'Tolerance',
        hidden: true,
      }),
    ).toBeInTheDocument();
    expect(fake.requests).toContain('POST util/check_sap_order_type');
  });

  it('given a PO, when the incoterm makes it a relation order, then the shipment type is forced to the relation value and locked; another incoterm frees it again', async () => {
    const fake = fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await waitForSelect('Order Type', 'PO');
    await user.selectOptions(byLabel('Order Type'), 'PO');
    await waitForSelect('Shipment Type', 'COLLECTIVE - Collective');
    await user.selectOptions(byLabel('Shipment Type'), 'COLLECTIVE');

    await choose(user, combo('Incoterm'), 'FRC - Franco');

    await waitFor(() =>
      expect(byLabel('Shipment Type')).toHaveValue('RELATION - Relation (customer or vendor collects)'),
    );
    expectLocked('Shipment Type');
    expect(
      screen.getByText('Relation order: the customer or vendor collects the goods.'),
    ).toBeInTheDocument();
    expect(fake.requests).toContain('GET util/order_is_relation?incoterm=FRC&order_type=PO');

    await choose(user, combo('Incoterm'), 'CPT - Carriage Paid To');
    // The user's own choice is back once the order is no longer a relation one.
    await waitFor(() => expectOpen('Shipment Type'));
    expect(byLabel('Shipment Type')).toHaveValue('COLLECTIVE');
  });

  it('given a transfer-out order, when a langsir type with Info1 Y is chosen, then the destination plant and factory open and its Info2 becomes the locked shipment type', async () => {
    fakeServer({
      groups: {
        LANGSIR_TYPE: [
          item('ANTAR_PABRIK', 'Shuttle between plants', {
            Lookup_Info1: 'Y',
            Lookup_Info2: 'INDIVIDUAL_TRUCK',
          }),
          item('TIMBANG_ULANG', 'Reweighing only', { Lookup_Info1: 'N', Lookup_Info2: null }),
        ],
      },
    });
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await waitForSelect('Type', 'Transfer order');
    await user.selectOptions(byLabel('Type'), 'TRANSFER ORDER');
    await waitForSelect('Order Type', 'TO OUT - TO');
    await user.selectOptions(byLabel('Order Type'), 'TO OUT');
    await waitFor(() => expectOpen('Langsir Type'));
    expectLocked('Destination Plant');

    await waitForSelect('Langsir Type', 'ANTAR_PABRIK - Shuttle between plants');
    await user.selectOptions(byLabel('Langsir Type'), 'ANTAR_PABRIK');

    expect(combo('Destination Plant')).toBeEnabled();
    expect(combo('Destination Factory')).toBeEnabled();
    await waitFor(() =>
      expect(byLabel('Shipment Type')).toHaveValue('INDIVIDUAL_TRUCK - Individual per truck'),
    );
    expectLocked('Shipment Type');
    expect(screen.getByText('Set by the langsir type.')).toBeInTheDocument();
    await choose(user, combo('Destination Plant'), '1102 - PKS Kandis', '110');

    // A value that is not langsir (Info1 N) locks and empties the destinations again.
    await user.selectOptions(byLabel('Langsir Type'), 'TIMBANG_ULANG');
    expectLocked('Destination Plant');
    expect(byLabel('Destination Plant')).toHaveValue('');
    expectOpen('Shipment Type');
  });

  it('given Delivery Using Truck Y, when it is chosen, then the shipment type becomes individual per truck and is locked', async () => {
    fakeServer();
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await waitForSelect('Shipment Type', 'COLLECTIVE - Collective');
    await user.selectOptions(byLabel('Shipment Type'), 'COLLECTIVE');

    await user.selectOptions(byLabel('Delivery Using Truck'), 'Y');

    expect(byLabel('Shipment Type')).toHaveValue('INDIVIDUAL_TRUCK - Individual per truck');
    expectLocked('Shipment Type');
  });

  it('given an order that came from SAP, when it is opened for edit, then its header is locked except warehouse, shipment type and delivery address, and its lines cannot be added, removed or changed', async () => {
    fakeServer({ orders: [SYNC_SAP_DO] });
    renderEditor('/SAPOrder/Editor?mode=edit&id=42');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit SAP Order', hidden: true }),
    ).toBeInTheDocument();
    await waitFor(() => expect(byLabel('Document No.')).toHaveValue('8000012345'));
    expect(screen.getByText(/This order came from SAP/)).toBeInTheDocument();
    // The delivery-order type's flags (util/order_type_fields?id=3) bring its distribution.
    await waitFor(() => expect(byLabel('Distribution')).toHaveValue('LOCAL - Local (domestic)'));
    // Locked choices and locked texts look alike: read-only texts, a choice showing its value's text.
    for (const label of [
      'Type',
      'Order Type',
      'Document Type',
      'Distribution',
      'Delivery Using Truck',
      'Document Date',
      'Incoterm 2',
      'Collective LN',
      'Company',
      'Plant',
      'Customer/Vendor',
      'Incoterm',
      'Sales Organization',
    ]) {
      expectLocked(label);
    }
    expect(combo('Warehouse')).toBeEnabled();
    expectOpen('Shipment Type');
    expect(byLabel('Delivery Address')).not.toHaveAttribute('readonly');
    // A delivery-order type shows the SO/DO columns, not the LN ones; the line is read-only.
    const table = screen.getByRole('table', { name: 'Details', hidden: true });
    for (const header of ['Item No.', 'SO/DO No.', 'SO/DO Item No.']) {
      expect(within(table).getByRole('columnheader', { name: header, hidden: true })).toBeInTheDocument();
    }
    expect(
      within(table).queryByRole('columnheader', { name: 'LN SO Item No.', hidden: true }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add row', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove row 1', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Material, row 1')).toHaveValue('FG-CPO - Crude Palm Oil');
    expect(screen.getByLabelText('Qty, row 1')).toHaveAttribute('readonly');
    // No sync is asked of an order that is SAP's own document.
    expect(screen.queryByRole('button', { name: 'Sync with SAP', hidden: true })).not.toBeInTheDocument();
  });

  it('given an order that came from SAP opened for edit, when its warehouse, shipment type and delivery address are changed and saved, then they are posted with its Type and the list opens with "Data Saved", no sync asked', async () => {
    const fake = fakeServer({
      orders: [{ ...SYNC_SAP_DO, Warehouse_Code: null }],
      saveAnswer: () =>
        HttpResponse.json(
          envelope({ header: SYNC_SAP_DO }, { message: 'SAP order 8000012345 has been saved.' }) as JsonBody,
        ),
    });
    const { user, where } = renderEditor('/SAPOrder/Editor?mode=edit&id=42');
    await waitFor(() => expect(byLabel('Document No.')).toHaveValue('8000012345'));
    await waitFor(() => expect(byLabel('Distribution')).toHaveValue('LOCAL - Local (domestic)'));

    await choose(user, combo('Warehouse'), 'WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan');
    await waitForSelect('Shipment Type', 'INDIVIDUAL_TRANSPORTER - Individual per transporter');
    await user.selectOptions(byLabel('Shipment Type'), 'INDIVIDUAL_TRANSPORTER');
    await user.clear(byLabel('Delivery Address'));
    await user.type(byLabel('Delivery Address'), 'Tangki 9, Dumai');
    expect(screen.queryByRole('button', { name: 'Sync with SAP', hidden: true })).not.toBeInTheDocument();

    await confirmSave(user);

    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(fake.posted).toHaveLength(1);
    expect(fake.posted[0]).toMatchObject({
      Id: 42,
      Type: 'SYNC SAP',
      Order_Type: 'DO',
      Warehouse_Code: 'WH-1101-CPO',
      Shipment_Type: 'INDIVIDUAL_TRANSPORTER',
      Delivery_Address: 'Tangki 9, Dumai',
      Company_Code: '1000',
    });
    expect(fake.synced).toEqual([]);
  });

  it("given list/order_type items that carry the order type's Id, when an order type is chosen, then its flags are asked by that Id", async () => {
    const fake = fakeServer({ orderTypeIds: true });
    const { user } = await openEditor('/SAPOrder/Editor?mode=create&id=0');
    await waitForSelect('Order Type', 'SO');

    await user.selectOptions(byLabel('Order Type'), 'SO');

    // The customer type's flags arrived: sales organisation and distribution show.
    expect(
      await screen.findByRole('combobox', { name: /^Sales Organization/, hidden: true }),
    ).toBeInTheDocument();
    expect(byLabel('Distribution')).toBeInTheDocument();
    expect(fake.requests).toContain('GET util/order_type_fields?id=2');
    expect(fake.requests.some((r) => r.startsWith('GET util/order_type_fields_code_name'))).toBe(false);
  });

  it('given view mode, when an order opens, then every input is read-only, there is no Save, and Info shows who created it and when', async () => {
    fakeServer({ orders: [SYNC_SAP_DO] });
    const { user } = renderEditor('/SAPOrder/Editor?mode=view&id=42');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'View SAP Order', hidden: true }),
    ).toBeInTheDocument();
    await waitFor(() => expect(byLabel('Delivery Address')).toHaveValue('Tangki 3'));
    expect(byLabel('Delivery Address')).toHaveAttribute('readonly');
    expectLocked('Shipment Type');
    expectLocked('Warehouse');
    expect(screen.queryByRole('button', { name: 'Save', hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByText(/This order came from SAP/)).not.toBeInTheDocument();
    // The stored code shows even though the create-type list does not offer it.
    expect(byLabel('Type')).toHaveValue('SYNC SAP');

    await user.click(screen.getByRole('button', { name: 'Info', hidden: true }));
    const info = definitionListOf(await screen.findByText('Created By'));
    expect(nextOf(within(info).getByText('Created By'))).toHaveTextContent('SAPUSER1');
    expect(nextOf(within(info).getByText('Created Date'))?.textContent).toMatch(/^20\/10\/2026 \d{2}:05$/);
    expect(nextOf(within(info).getByText('Edited By'))).toHaveTextContent('-');
  });

  it('given a manual SO that needs a sync, when Save is pressed before one, then "Error Saving Data" / "NOT OK" shows and nothing is sent; a failed sync shows SAP\'s message and code and still blocks', async () => {
    const fake = fakeServer({
      orders: [MANUAL_SO],
      syncAnswer: () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Sales document 0010090001 is currently being processed (by user SAPBATCH)',
            message_code: 'V1/042',
            data: [],
          },
          { status: 422 },
        ),
    });
    const { user } = renderEditor('/SAPOrder/Editor?mode=edit&id=41');
    const sync = await screen.findByRole('button', { name: 'Sync with SAP', hidden: true });
    expect(screen.getByText(/must be synchronised with SAP before it can be saved/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    const refused = toastAround(await screen.findByText(/^NOT OK/));
    expect(within(refused).getByText('Error Saving Data')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();

    await user.click(sync);
    const failed = toastAround(await screen.findByText('Error Sync to SAP'));
    expect(failed.textContent).toContain(
      'Sales document 0010090001 is currently being processed (by user SAPBATCH)\nV1/042',
    );
    expect(fake.synced).toHaveLength(1);
    expect(fake.synced[0]).toMatchObject({
      Id: 41,
      Type: 'MANUAL',
      Order_Type: 'SO',
      Details: [expect.objectContaining({ Id: 501, Material_Code: 'FG-CPO', PO_SO_No: '0010090001' })],
    });

    await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(screen.getAllByText(/^NOT OK/)).toHaveLength(2));
    expect(fake.posted).toEqual([]);
  });

  it("given the material lookup answers each material's base unit, when a material is chosen on a line, then the line's UOM takes it while empty or still the previous material's, and a unit the user chose stays", async () => {
    fakeServer({ orders: [{ ...MANUAL_SO, Order_Type: 'PO', order_type_id: 1, Sales_Organization: null }] });
    const materials = [
      item('SP-UREA', 'Pupuk Urea 46% N', { Material_Code: 'SP-UREA', Base_Uom: 'SAK' }),
      item('FG-CPO', 'Crude Palm Oil', { Material_Code: 'FG-CPO', Base_Uom: 'KG' }),
    ];
    server.use(
      http.get(`${API}/list/material_code_v2`, ({ request }) => {
        const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
        const found = materials.filter((m) => m.text.toLowerCase().includes(q));
        return HttpResponse.json(envelope({ items: found, more: false }));
      }),
    );
    const { user } = renderEditor('/SAPOrder/Editor?mode=edit&id=41');
    await waitFor(() => expect(combo('Material, row 1')).toHaveValue('FG-CPO - Crude Palm Oil'));
    const uom = (row: number) => screen.getByLabelText(`UOM, row ${row}`);

    await user.click(screen.getByRole('button', { name: 'Add row', hidden: true }));
    await choose(user, combo('Material, row 2'), 'SP-UREA - Pupuk Urea 46% N', 'ure');
    await waitFor(() => expect(uom(2)).toHaveValue('SAK'));
    // Still the previous material's unit: the next material's replaces it.
    await choose(user, combo('Material, row 2'), 'FG-CPO - Crude Palm Oil', 'cpo');
    await waitFor(() => expect(uom(2)).toHaveValue('KG'));
    // A unit the user typed stays.
    await user.clear(uom(2));
    await user.type(uom(2), 'TON');
    await choose(user, combo('Material, row 2'), 'SP-UREA - Pupuk Urea 46% N', 'ure');
    // The stored line's TON is not FG-CPO's base unit either: it stays.
    await choose(user, combo('Material, row 1'), 'SP-UREA - Pupuk Urea 46% N', 'ure');
    // Every lookup a fill would wait for has been answered.
    await requestsSettled();
    expect(uom(1)).toHaveValue('TON');
    expect(uom(2)).toHaveValue('TON');
  });

  it('given a manual SO that needs a sync, when Save is pressed, then under "NOT OK" the toast says which line\'s SAP document is not yet synced, then that its last sync failed, then that the lines changed since the sync', async () => {
    let answer: Record<string, unknown>[] | null = null;
    fakeServer({
      orders: [MANUAL_SO],
      syncAnswer: () =>
        answer
          ? HttpResponse.json(envelope(answer))
          : HttpResponse.json(
              {
                success: false,
                message: 'Sales document 0010090001 is locked',
                message_code: 'V1/042',
                data: [],
              },
              { status: 422 },
            ),
    });
    const { user } = renderEditor('/SAPOrder/Editor?mode=edit&id=41');
    const sync = await screen.findByRole('button', { name: 'Sync with SAP', hidden: true });
    const save = () => user.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    const refusal = async (detail: string) => {
      const toast = toastAround(await screen.findByText('Error Saving Data'));
      await waitFor(() => expect(toast.textContent).toContain(`NOT OK\n${detail}`));
      await user.click(within(toast).getByRole('button', { name: 'Close', hidden: true }));
      await waitFor(() => expect(screen.queryByText('Error Saving Data')).not.toBeInTheDocument());
    };

    await save();
    await refusal('Sync with SAP is needed: line 000010 has PO/SO No. 0010090001 not yet synced.');

    await user.click(sync);
    expect(await screen.findByText('Error Sync to SAP')).toBeInTheDocument();
    await save();
    await refusal('Sync with SAP is needed: the last sync of PO/SO No. 0010090001 (line 000010) failed.');

    answer = [{ ...MANUAL_SO.Details[0] }];
    await user.click(sync);
    expect(await screen.findByText(/The lines are the ones SAP answered/)).toBeInTheDocument();
    const qty = screen.getByLabelText('Qty, row 1');
    await user.clear(qty);
    await user.type(qty, '24');
    await save();
    await refusal(
      'Sync with SAP is needed: the lines changed after the last sync of PO/SO No. 0010090001 (line 000010).',
    );
  });

  it('given a type the screen does not know needs a sync, when the server refuses the save SYNC_REQUIRED with its reason, then the toast shows "NOT OK" and the reason under it, in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    const detail =
      'Sinkronisasi dengan SAP diperlukan: baris 000010 memiliki No. PO/SO 0010090001 yang belum disinkronkan.';
    fakeServer({
      orders: [{ ...MANUAL_SO, Order_Type: 'PO', order_type_id: 1, Sales_Organization: null }],
      saveAnswer: () =>
        HttpResponse.json(
          {
            success: false,
            message: 'NOT OK',
            message_code: 'SYNC_REQUIRED',
            data: { reason: 'NOT_SYNCED', line: '000010', field: 'PO_SO_No', document: '0010090001', detail },
          },
          { status: 422 },
        ),
    });
    const { user } = renderEditor('/SAPOrder/Editor?mode=edit&id=41', { Language: 'id' });
    await waitFor(() => expect(combo('Gudang')).toHaveValue('WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan'));
    expect(
      screen.queryByRole('button', { name: 'Sinkronkan dengan SAP', hidden: true }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Simpan', hidden: true }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Ya', hidden: true }));

    const toast = toastAround(await screen.findByText('Gagal Menyimpan Data'));
    expect(toast.textContent).toContain(`NOT OK\n${detail}`);
    // The server's word makes the sync required here too.
    expect(
      await screen.findByRole('button', { name: 'Sinkronkan dengan SAP', hidden: true }),
    ).toBeInTheDocument();
  });

  it('given a manual SO, when the sync succeeds, then SAP\'s lines replace the table, its message code shows as "Info SO Factory", and Save posts SAP\'s lines; a changed quantity needs another sync', async () => {
    const fake = fakeServer({
      orders: [MANUAL_SO],
      syncAnswer: () =>
        HttpResponse.json(
          envelope(
            [
              {
                Item_No: '000010',
                Material_Code: 'FG-CPO',
                material_name: 'Crude Palm Oil',
                Qty: 25,
                UOM: 'TON',
                PO_SO_No: '0010090001',
                Sales_District: 'RIAU',
              },
              {
                Item_No: '000020',
                Material_Code: 'FG-CPO',
                material_name: 'Crude Palm Oil',
                Qty: 26,
                UOM: 'TON',
                PO_SO_No: '0010090001',
                Sales_District: 'RIAU',
              },
            ],
            { message: 'SO 0010090001 is up to date', message_code: 'SO-FACTORY-7' },
          ),
        ),
    });
    const { user, where } = renderEditor('/SAPOrder/Editor?mode=edit&id=41');
    const sync = await screen.findByRole('button', { name: 'Sync with SAP', hidden: true });

    await user.click(sync);

    const info = toastAround(await screen.findByText('Info SO Factory'));
    expect(within(info).getByText('SO-FACTORY-7')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Item No., row 2')).toHaveValue('000020'));
    expect(screen.getByLabelText('Qty, row 2')).toHaveValue('26');
    expect(screen.getByLabelText('Sales District, row 1')).toHaveValue('RIAU');
    expect(screen.getByText(/The lines are the ones SAP answered/)).toBeInTheDocument();

    // Changing a quantity after the sync needs another one.
    const qty = screen.getByLabelText('Qty, row 2');
    await user.clear(qty);
    await user.type(qty, '27');
    await user.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    expect(await screen.findByText(/^NOT OK/)).toBeInTheDocument();
    await user.clear(qty);
    await user.type(qty, '26');

    await confirmSave(user);
    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
    expect(fake.posted).toHaveLength(1);
    expect(fake.posted[0]).toMatchObject({ Id: 41, Order_Type: 'SO', Shipment_Type: 'COLLECTIVE' });
    expect(
      (fake.posted[0]!.Details as Record<string, unknown>[]).map((l) => [l.Id, l.Item_No, l.Qty]),
    ).toEqual([
      [501, '000010', 25],
      [null, '000020', 26],
    ]);
  });

  it('given the server refuses the save, when its answer has field errors, then each shows under its input or cell and "Error Saving Data" toasts the message', async () => {
    fakeServer({
      orders: [{ ...MANUAL_SO, Order_Type: 'PO', order_type_id: 1, Sales_Organization: null }],
      saveAnswer: () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Validation error',
            message_code: 'VALIDATION',
            errors: {
              Plant: ['Plant 1101 does not belong to company 2000.'],
              'Details.0.Material_Code': ['Material "FG-CPO" does not exist or is inactive.'],
            },
          },
          { status: 400 },
        ),
    });
    const { user, where } = renderEditor('/SAPOrder/Editor?mode=edit&id=41');
    await waitFor(() =>
      expect(combo('Warehouse')).toHaveValue('WH-1101-CPO - Tangki Timbun CPO PKS Sei Rokan'),
    );

    await confirmSave(user);

    expect(await screen.findByText('Plant 1101 does not belong to company 2000.')).toBeInTheDocument();
    expect(screen.getByText('Material "FG-CPO" does not exist or is inactive.')).toBeInTheDocument();
    expect(combo('Material, row 1')).toHaveAttribute('aria-invalid', 'true');
    const toast = toastAround(await screen.findByText('Validation error'));
    expect(within(toast).getByText('Error Saving Data')).toBeInTheDocument();
    expect(where()).toBe('/SAPOrder/Editor?mode=edit&id=41');
  });

  it('given the order cannot be opened for edit, when the editor loads, then the server message shows and the user is back on the list', async () => {
    fakeServer({ orders: [] });
    const { where } = renderEditor('/SAPOrder/Editor?mode=edit&id=99');

    expect(await screen.findByText('The requested record was not found.')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
  });

  it('given unsaved changes, when Back is pressed, then the user is asked first and stays on No', async () => {
    fakeServer({ orders: [MANUAL_SO] });
    const { user, where } = renderEditor('/SAPOrder/Editor?mode=edit&id=41');
    const address = await screen.findByLabelText(/^Delivery Address/);
    await waitFor(() => expect(address).toHaveValue('Tangki 3'));
    await user.type(address, ' timur');

    await user.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Leave this page?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No', hidden: true }));
    expect(where()).toBe('/SAPOrder/Editor?mode=edit&id=41');

    await user.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    await user.click(
      within(await findDialog()).getByRole('button', { name: 'Leave without saving', hidden: true }),
    );
    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
  });

  it('given the Indonesian interface, when the editor opens, then its title, labels, buttons and sync hint read in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    fakeServer({ orders: [MANUAL_SO] });
    renderEditor('/SAPOrder/Editor?mode=edit&id=41', { Language: 'id' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ubah Order SAP', hidden: true }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Sinkronkan dengan SAP', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByText(/harus disinkronkan dengan SAP sebelum dapat disimpan/)).toBeInTheDocument();
    for (const label of ['Tipe Order', 'Tanggal Dokumen', 'Alamat Pengiriman', 'Pengiriman dengan Truk']) {
      expect(byLabel(label)).toBeInTheDocument();
    }
    expect(combo('Plant')).toBeInTheDocument();
    expect(combo('Organisasi Penjualan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kembali', hidden: true })).toBeInTheDocument();
    expect(
      within(byLabel('Pengiriman dengan Truk')).getByRole('option', { name: 'Tidak', hidden: true }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Detail', hidden: true });
    expect(within(table).getByRole('columnheader', { name: /^Satuan/, hidden: true })).toBeInTheDocument();
  });
});
