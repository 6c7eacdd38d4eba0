// Filter from SAP (console/src/pages/sap-orders/filter): what each order type requires before anything is sent
// (spec/3 §5 messages, in English and Indonesian) and which fields it shows, the transfer type read from the order
// type, SAP numbers as chips without duplicates, the body of saporder/filter, a server refusal as a closable banner
// with the field's message and the "Error Filtering Data" toast, and the Result tab: unauthorised rows coloured and
// not checkable, check-all skipping them, one row open at a time and expand-all, and Save posting only the checked
// rows after "Are you sure?" before going to the list with the server's message.
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import SapOrderFilterPage from '../../console/src/pages/sap-orders/filter/SapOrderFilterPage';
import type { UserData } from '../../console/src/api/types';
import { renderScreen } from './render';
import { API, envelope, permissionHandler, server } from './server';
import { describedText, surroundingRole } from './structure';

const FLAG_NAMES = ['Use_GR', 'Use_DO', 'Use_SO', 'Use_LN', 'Use_PO', 'Use_STO', 'Use_Distribution'] as const;

function orderType(
  code: string,
  name: string,
  info1: string | null,
  ...flags: (typeof FLAG_NAMES)[number][]
) {
  return {
    Code: code,
    Name: name,
    Info1: info1,
    ...Object.fromEntries(FLAG_NAMES.map((f) => [f, flags.includes(f)])),
  };
}

/** The demo's order types (db/seeds/master-demo/settings.ts) plus a transfer code without its direction. */
const ORDER_TYPES = [
  orderType('DO', 'DO', null, 'Use_DO', 'Use_Distribution'),
  orderType('IPB', 'IPB IN', 'IN', 'Use_GR', 'Use_PO'),
  orderType('PO', 'PO', null, 'Use_GR', 'Use_PO'),
  orderType('SO', 'SO', null, 'Use_SO', 'Use_Distribution'),
  orderType('STO', 'STO', null, 'Use_STO'),
  orderType('STO', 'STO OUT', 'OUT', 'Use_STO'),
];

const COMPANIES = [
  { id: '1000', text: '1000 - PT Sawit Nusantara Agro' },
  { id: '2000', text: '2000 - PT Kebun Riau Lestari' },
  { id: '3000', text: '3000 - PT Agro Sumatera Utara' },
];

function resultRow(documentNo: string, company: string, overrides: Record<string, unknown> = {}) {
  return {
    document_date: '2026-10-01',
    delivery_order_no: null,
    document_no: documentNo,
    order_type: 'SO',
    customer_vendor: 'CUS001',
    po_no: null,
    incoterm: 'CPT',
    plant: `${company.slice(0, 1)}101`,
    distribution: 'LOCAL',
    document_type: 'OR',
    company,
    sales_organization: 'S100',
    freight_cost: null,
    valid_from: null,
    valid_to: null,
    mark_deleted: false,
    is_checked: false,
    disabled: false,
    is_saved: false,
    details: [
      {
        document_item_no: '000010',
        commodity: 'FG-CPO',
        commodity_name: 'Crude Palm Oil',
        qty: 25,
        uom: 'TON',
        so_do_no: null,
        po_so_no: documentNo,
        mark_delete: false,
      },
    ],
    ...overrides,
  };
}

const RESULT = [
  resultRow('0010070003', '3000', { disabled: true }),
  resultRow('0010070002', '2000', { is_saved: true }),
  resultRow('0010070001', '1000'),
];

type Body = Record<string, unknown>;

/** Answers the screen's calls; records the filter and save bodies. */
function filterScreen(options: { filter?: () => Response } = {}) {
  const filters: Body[] = [];
  const saves: Body[][] = [];
  const flagsAsked: string[] = [];
  /** The page each lookup call asked for. */
  const lookupPages: string[] = [];
  server.use(
    permissionHandler({ View: true, Create: true, Edit: true }),
    http.get(`${API}/list/order_type`, ({ request }) => {
      lookupPages.push(`order_type|${new URL(request.url).searchParams.get('page')}`);
      return HttpResponse.json(
        envelope({ items: ORDER_TYPES.map((o) => ({ id: o.Name, text: o.Name, ...o })), more: false }),
      );
    }),
    http.get(`${API}/util/order_type_fields_code_name`, ({ request }) => {
      const url = new URL(request.url);
      flagsAsked.push(`${url.searchParams.get('code')}|${url.searchParams.get('name')}`);
      const found = ORDER_TYPES.find((o) => o.Name === url.searchParams.get('name'));
      return HttpResponse.json(envelope(found));
    }),
    http.get(`${API}/list/company_code`, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      lookupPages.push(`company_code|${new URL(request.url).searchParams.get('page')}`);
      return HttpResponse.json(envelope({ items: COMPANIES.filter((c) => c.text.includes(q)), more: false }));
    }),
    http.post(`${API}/saporder/filter`, async ({ request }) => {
      filters.push((await request.json()) as Body);
      if (options.filter) return options.filter();
      return HttpResponse.json(
        envelope(RESULT, { message: '3 documents found.', message_code: '', totalRecords: 3 }),
      );
    }),
    http.post(`${API}/saporder/save_filter`, async ({ request }) => {
      saves.push((await request.json()) as Body[]);
      return HttpResponse.json(
        envelope(
          { documents: 1, inserted: 1, updated: 0, unchanged: 0 },
          { message: 'SAP Order has been saved successfully' },
        ),
      );
    }),
    // The list the save leads to.
    http.get(`${API}/saporder/master_list`, () =>
      HttpResponse.json(envelope({ status: [], shipment_type: [], tab_status: [] })),
    ),
    http.post(`${API}/saporder/list`, () => HttpResponse.json(envelope([], { totalRecords: 0 }))),
  );
  return { filters, saves, flagsAsked, lookupPages };
}

async function chooseOrderType(user: UserEvent, name: string, label = /^Order Type/) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name }));
}

/** The messages shown under the fields, by field label. */
function fieldMessage(label: RegExp): string | null {
  const input = screen.getAllByLabelText(label)[0]!;
  return describedText(input);
}

async function chooseCompanies(user: UserEvent, names: string[]) {
  await user.click(screen.getByRole('combobox', { name: /^Company/ }));
  for (const name of names) await user.click(await screen.findByRole('option', { name }));
  await user.keyboard('{Escape}');
}

async function fillSoFilter(user: UserEvent) {
  await chooseOrderType(user, 'SO');
  await chooseCompanies(user, [COMPANIES[0]!.text, COMPANIES[1]!.text]);
  await user.click(screen.getByLabelText(/^Doc\. Date From/));
  await user.paste('01/10/2026');
  await user.click(screen.getByLabelText(/^Doc\. Date To/));
  await user.paste('31/10/2026');
}

/** The quickest filter that finds the result: a PO by one SAP number. */
async function filterByPo(user: UserEvent) {
  await chooseOrderType(user, 'PO');
  await user.click(screen.getByLabelText(/^SAP No\./));
  await user.paste('4500070001 ');
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  await screen.findByText('0010070001');
}

function resultRowOf(documentNo: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(documentNo));
  if (!row) throw new Error(`no result row ${documentNo}`);
  return row;
}

/** The filter screen alone at its route (no shell): where Save leads shows in `where()`. */
function renderFilter(user: Partial<UserData> = {}) {
  return renderScreen(SapOrderFilterPage, '/SAPOrder/Filter', { user });
}

function checkboxOf(documentNo: string): HTMLInputElement {
  return within(resultRowOf(documentNo)).getByRole('checkbox') as HTMLInputElement;
}

describe('Filter from SAP: the Filter tab', () => {
  it('given no order type, when Filter is pressed, then "Order Type is required" shows and nothing is sent', async () => {
    const { filters } = filterScreen();
    const { user } = renderFilter();
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(fieldMessage(/^Order Type/)).toBe('Order Type is required'));
    expect(filters).toEqual([]);
  });

  it('given each kind of order type, when Filter is pressed without criteria, then the messages of spec/3 §5 show under their fields and nothing is sent', async () => {
    const { filters, flagsAsked } = filterScreen();
    const { user } = renderFilter();
    await screen.findByRole('heading', { name: 'Filter from SAP', level: 1 });
    const filter = () => user.click(screen.getByRole('button', { name: 'Filter' }));

    // A purchase type: SAP No only.
    await chooseOrderType(user, 'PO');
    await waitFor(() => expect(flagsAsked).toContain('PO|PO'));
    await filter();
    await waitFor(() => expect(fieldMessage(/^SAP No\./)).toBe('SAP No. is required'));
    expect(fieldMessage(/^Company/)).toBeNull();
    expect(fieldMessage(/^Doc\. Date From/)).toBeNull();

    // A transfer type without its direction: transfer type, company, doc date.
    await chooseOrderType(user, 'STO', /^Order Type/);
    await waitFor(() => expect(flagsAsked).toContain('STO|STO'));
    await filter();
    await waitFor(() => expect(fieldMessage(/^Transfer Type/)).toBe('Transfer type is required'));
    expect(fieldMessage(/^Company/)).toBe('Company is required');
    expect(fieldMessage(/^Doc\. Date From/)).toBe('Doc. date is required');
    expect(fieldMessage(/^SAP No\./)).toBeNull();

    // With its direction the transfer type is read from the order type and no longer missing.
    await chooseOrderType(user, 'STO OUT');
    await waitFor(() => expect(screen.getByLabelText(/^Transfer Type/)).toHaveValue('OUT'));
    await filter();
    await waitFor(() => expect(fieldMessage(/^Company/)).toBe('Company is required'));
    expect(fieldMessage(/^Transfer Type/)).toBeNull();

    // A goods-receipt type: discharge port too.
    await chooseOrderType(user, 'IPB IN');
    await waitFor(() => expect(screen.getByLabelText(/^Transfer Type/)).toHaveValue('IN'));
    await filter();
    await waitFor(() => expect(fieldMessage(/^Discharge Port/)).toBe('Discharge port is required'));
    expect(fieldMessage(/^Company/)).toBe('Company is required');
    expect(fieldMessage(/^Doc\. Date From/)).toBe('Doc. date is required');

    // A delivery-order type: company and doc date; a sales type also shows location and distribution.
    expect(screen.queryByLabelText(/^Location/)).not.toBeInTheDocument();
    await chooseOrderType(user, 'DO');
    expect(await screen.findByLabelText(/^Location/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Distribution/)).toBeInTheDocument();
    await filter();
    await waitFor(() => expect(fieldMessage(/^Company/)).toBe('Company is required'));
    expect(fieldMessage(/^Discharge Port/)).toBeNull();
    expect(screen.getByLabelText(/^Transfer Type/)).toHaveValue('');
    expect(filters).toEqual([]);
  });

  it('given the Indonesian interface, when an SO filter lacks company and dates, then the messages are Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    const { filters } = filterScreen();
    const { user } = renderFilter({ Language: 'id' });
    await screen.findByRole('heading', { name: 'Filter dari SAP', level: 1 });

    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(fieldMessage(/^Tipe Order/)).toBe('Tipe Order wajib diisi'));
    await chooseOrderType(user, 'SO', /^Tipe Order/);
    expect(await screen.findByLabelText(/^Distribusi/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(fieldMessage(/^Perusahaan/)).toBe('Perusahaan wajib diisi'));
    expect(fieldMessage(/^Tgl\. Dokumen Dari/)).toBe('Tgl. dokumen wajib diisi');
    // The first field with a message has the focus.
    expect(screen.getByLabelText(/^Tgl\. Dokumen Dari/)).toHaveFocus();
    expect(filters).toEqual([]);
  });

  it('given SAP numbers typed, pasted and repeated, when they are entered, then each becomes one chip, duplicates and blanks dropped, and a PO filter sends them joined by ";" with nothing else required', async () => {
    const { filters } = filterScreen();
    const { user } = renderFilter();
    await screen.findByRole('heading', { name: 'Filter from SAP', level: 1 });
    await chooseOrderType(user, 'PO');
    const sapNo = screen.getByLabelText(/^SAP No\./);

    await user.type(sapNo, '4500000001 4500000002  4500000001{Enter}');
    await user.click(sapNo);
    await user.paste('4500000003;4500000002\n 4500000004 ');
    const chips = () =>
      within(screen.getByRole('toolbar', { name: 'SAP No.' }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    await waitFor(() => expect(chips()).toEqual(['4500000001', '4500000002', '4500000003', '4500000004']));
    expect(sapNo).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove 4500000003' }));
    await waitFor(() => expect(chips()).toEqual(['4500000001', '4500000002', '4500000004']));
    // Backspace in the empty input takes the last chip back for editing.
    await user.type(sapNo, '{Backspace}');
    expect(sapNo).toHaveValue('4500000004');
    expect(chips()).toEqual(['4500000001', '4500000002']);

    // Enter with text makes its chip; Enter in the empty input filters.
    await user.type(sapNo, '{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(filters).toHaveLength(1));
    expect(filters[0]).toEqual({
      filter_order_type: 'PO',
      filter_transfer_type: null,
      filter_sap_no: '4500000001;4500000002;4500000004',
      filter_document_date_from: null,
      filter_document_date_to: null,
      filter_company: null,
      filter_location: null,
      filter_document_type: null,
      filter_business_segment: null,
      filter_plant: null,
      filter_distribution: null,
      filter_material: null,
      filter_create_by: null,
      filter_discharge_port: null,
    });
  });

  it('given the server refuses the filter, when it answers 400 with a field error, then a closable error banner shows its message, the field shows it and an "Error Filtering Data" toast appears', async () => {
    filterScreen({
      filter: () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Plant 9999 does not belong to company 1000.',
            message_code: 'VALIDATION',
            errors: { filter_company: ['Plant 9999 does not belong to company 1000.'] },
          },
          { status: 400 },
        ),
    });
    const { user } = renderFilter();
    await screen.findByRole('heading', { name: 'Filter from SAP', level: 1 });
    await fillSoFilter(user);
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    // The banner is the alert with a Close button (the field's message is an alert too).
    const close = await within(screen.getByRole('form', { name: 'Filter' })).findByRole('button', {
      name: 'Close',
    });
    const banner = surroundingRole(close, 'alert');
    expect(banner).toHaveTextContent('Plant 9999 does not belong to company 1000.');
    expect(fieldMessage(/^Company/)).toBe('Plant 9999 does not belong to company 1000.');
    expect(await screen.findByText('Error Filtering Data')).toBeInTheDocument();
    // Still on the Filter tab.
    expect(screen.getByRole('tab', { name: 'Filter' })).toHaveAttribute('aria-selected', 'true');

    await user.click(close);
    await waitFor(() => expect(banner).not.toBeInTheDocument());
    expect(fieldMessage(/^Company/)).toBe('Plant 9999 does not belong to company 1000.');
  });
});

describe('Filter from SAP: the Result tab', () => {
  it('given an SO filter with two companies and a date range, when it is sent, then the body carries them and the Result tab lists the documents with the warning, the unauthorised row marked and not checkable, and the saved one marked', async () => {
    const { filters, lookupPages } = filterScreen();
    const { user } = renderFilter();
    await screen.findByRole('heading', { name: 'Filter from SAP', level: 1 });
    await fillSoFilter(user);
    // The order types and the company choices were asked from the first page, which is page 0 (spec/3 §7).
    expect(new Set(lookupPages)).toEqual(new Set(['order_type|0', 'company_code|0']));
    expect(
      within(screen.getByRole('toolbar', { name: 'Company' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([COMPANIES[0]!.text, COMPANIES[1]!.text]);
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    await screen.findByText('0010070001');
    expect(filters).toEqual([
      expect.objectContaining({
        filter_order_type: 'SO',
        filter_transfer_type: null,
        filter_company: '1000;2000',
        filter_document_date_from: '01/10/2026',
        filter_document_date_to: '31/10/2026',
        filter_sap_no: null,
      }),
    ]);
    expect(screen.getByRole('tab', { name: 'Result' })).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.getByText('Coloured rows are documents you are not authorized for: they cannot be saved.'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 documents found.')).toBeInTheDocument();
    expect(within(resultRowOf('0010070003')).getByText('Not authorized')).toBeInTheDocument();
    expect(within(resultRowOf('0010070002')).getByText('Already saved')).toBeInTheDocument();
    expect(resultRowOf('0010070001').textContent).toContain('01/10/2026');
    expect(checkboxOf('0010070003')).toBeDisabled();
    expect(checkboxOf('0010070001')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('given the result, when check-all is ticked, then only the authorised rows are checked, and Save posts exactly those after "Are you sure?" and goes to the list with the server\'s message', async () => {
    const { saves } = filterScreen();
    const { user, where } = renderFilter();
    await screen.findByRole('heading', { name: 'Filter from SAP', level: 1 });
    await filterByPo(user);

    const header = screen.getAllByRole('columnheader').find((cell) => within(cell).queryByRole('checkbox'));
    await user.click(within(header!).getByRole('checkbox'));
    await waitFor(() => expect(checkboxOf('0010070001')).toBeChecked());
    expect(checkboxOf('0010070002')).toBeChecked();
    expect(checkboxOf('0010070003')).not.toBeChecked();
    // The count follows the selection a render later: waited for, not read at once.
    expect(await screen.findByText('Checked: 2')).toBeInTheDocument();

    // One unchecked by hand: only the other goes.
    await user.click(checkboxOf('0010070002'));
    expect(await screen.findByText('Checked: 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(saves).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.map((row) => [row.document_no, row.is_checked])).toEqual([['0010070001', true]]);
    expect(await screen.findByText('SAP Order has been saved successfully')).toBeInTheDocument();
  });

  it('given the result, when a row is clicked, then its lines open and the others close; expand-all opens every row; Back returns to the filter with its values', async () => {
    filterScreen();
    const { user } = renderFilter();
    await screen.findByRole('heading', { name: 'Filter from SAP', level: 1 });
    await filterByPo(user);
    const lines = (no: string) => screen.queryByRole('table', { name: `Lines of ${no}` });

    await user.click(screen.getByText('0010070001'));
    const table = await screen.findByRole('table', { name: 'Lines of 0010070001' });
    expect(table.textContent).toContain('Crude Palm Oil');
    expect(table.textContent).toContain('25.0');

    await user.click(screen.getByText('0010070002'));
    await waitFor(() => expect(lines('0010070002')).toBeInTheDocument());
    // AG Grid keeps a removed row in the page while it animates out.
    await waitFor(() => expect(lines('0010070001')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    await waitFor(() => expect(lines('0010070003')).toBeInTheDocument());
    expect(lines('0010070001')).toBeInTheDocument();
    expect(lines('0010070002')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'Filter' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('toolbar', { name: 'SAP No.' })).getByRole('button')).toHaveTextContent(
      '4500070001',
    );
  });
});
