// The SAP order list (console/src/pages/sap-orders/list): tabs from the master list with their counts and the
// tab sent with each request, the list protocol (page of 15, sorts, contains / date / Y/N filters), the columns of
// spec/2 §2.4 with their formats, rows expanding onto their lines, the pager and the kept page, the buttons by
// rights and row flags (spec/2 §6) with where they lead, and failures as error toasts; Indonesian labels.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { SAP_ORDER_LIST_FIELDS } from '../../console/src/pages/sap-orders/list/columns';
import SapOrderListPage from '../../console/src/pages/sap-orders/list/SapOrderListPage';
import type { UserData } from '../../console/src/api/types';
import { openScreenOnly, renderScreen } from './render';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';
import { cellTexts } from './structure';

interface ListBody {
  tab_status: string;
  start: number;
  rows: number;
  sorts: { field: string; order: number }[];
  filters: { field: string; value: unknown; matchMode: string }[];
}

/** The list screen alone at its route (no shell): where its buttons lead shows in `where()`. */
function renderList(user: Partial<UserData> = {}) {
  return renderScreen(SapOrderListPage, '/SAPOrder/Index', { user });
}

/** The list screen, opened on its first page: `shows` is shown and every request has been answered. */
function openList(shows: string, user: Partial<UserData> = {}) {
  return openScreenOnly(SapOrderListPage, '/SAPOrder/Index', { user, shows });
}

const MASTER = {
  status: [
    { code: 'WAITING FOR APPROVAL', text: 'Waiting for approval' },
    { code: 'APPROVED', text: 'Approved' },
    { code: 'REJECTED', text: 'Rejected' },
  ],
  shipment_type: [],
  tab_status: [
    { code: 'ALL', text: 'All', count: 1234 },
    { code: 'WAITING FOR APPROVAL', text: 'Waiting for approval', count: 3 },
    { code: 'OUTSTANDING', text: 'Outstanding', count: 1200 },
    { code: 'ASSIGNED', text: 'Assigned', count: 30 },
    { code: 'REJECTED', text: 'Rejected', count: 1 },
  ],
};

const MASTER_ID = {
  ...MASTER,
  status: [
    { code: 'WAITING FOR APPROVAL', text: 'Menunggu persetujuan' },
    { code: 'APPROVED', text: 'Disetujui' },
    { code: 'REJECTED', text: 'Ditolak' },
  ],
  tab_status: MASTER.tab_status.map((tab) => ({
    ...tab,
    text: { ALL: 'Semua', OUTSTANDING: 'Outstanding' }[tab.code as 'ALL'] ?? tab.text,
  })),
};

function order(id: number, overrides: Record<string, unknown> = {}) {
  const no = `00100000${String(id).padStart(2, '0')}`;
  return {
    Id: id,
    Type: 'SYNC SAP',
    Company_Code: '1000',
    order_type_name: 'SO',
    Document_Date: '2026-10-04',
    Delivery_Order_No: null,
    Document_No: no,
    Plant: '1101',
    Product_Category: 'CPO',
    Status: 'APPROVED',
    Customer_Vendor_Code: 'CUS001',
    Incoterm: 'CPT',
    Valid_From: '2026-10-01',
    Valid_To: '2026-11-30',
    shipment_type_name: 'Individual truck',
    Freight_Cost: 1250000.5,
    has_order: false,
    is_relation: false,
    Created_Date: '2026-10-04T01:05:00.000Z',
    Created_By: 'sapuser1',
    can_edit: false,
    can_assign_transporter: true,
    can_view_orders: false,
    Details: [
      {
        Id: id * 10,
        Item_No: '000010',
        Material_Code: 'FG-CPO',
        material_name: 'Crude Palm Oil',
        Qty: 25,
        os_qty: 12.5,
        real_qty: 0,
        UOM: 'TON',
      },
      {
        Id: id * 10 + 1,
        Item_No: '000020',
        Material_Code: 'FG-PK',
        material_name: 'Palm Kernel',
        Qty: 1234.5678,
        os_qty: 1234.5678,
        real_qty: 0,
        UOM: 'TON',
      },
    ],
    ...overrides,
  };
}

const ORDERS = [
  order(1),
  order(2, {
    Status: 'WAITING FOR APPROVAL',
    Type: 'MANUAL',
    can_edit: true,
    can_assign_transporter: false,
  }),
  order(3, { has_order: true, can_view_orders: true, can_assign_transporter: false }),
  order(4, { is_relation: true, Document_No: '0010000004' }),
];

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

/** Answers the master list and the list (20 orders over two pages when `paged`), recording each body. */
function sapOrders(options: { rows?: Record<string, unknown>[]; total?: number; master?: object } = {}) {
  const bodies: ListBody[] = [];
  const rows = options.rows ?? ORDERS;
  server.use(
    http.get(`${API}/saporder/master_list`, () => HttpResponse.json(envelope(options.master ?? MASTER))),
    http.post(`${API}/saporder/list`, async ({ request }) => {
      const body = (await request.json()) as ListBody;
      bodies.push(body);
      const page = options.total
        ? rows.slice(body.start, body.start + body.rows)
        : body.start === 0
          ? rows
          : [];
      return HttpResponse.json(envelope(page, { totalRecords: options.total ?? rows.length }));
    }),
  );
  return bodies;
}

function headers(): string[] {
  return screen
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim() ?? '')
    .filter(Boolean);
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('SAP order list', () => {
  it('given the master list, when the list opens, then the tabs show with their counts, ALL is chosen and the first page of 15 of ALL is asked with no sorts or filters', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const bodies = sapOrders();
    renderList();

    expect(await screen.findByRole('heading', { name: 'SAP Order', level: 1 })).toBeInTheDocument();
    await screen.findByText('0010000001');
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(5);
    [
      /^All\s*1,234/,
      /^Waiting for approval\s*3/,
      /^Outstanding\s*1,200/,
      /^Assigned\s*30/,
      /^Rejected\s*1/,
    ].forEach((text, i) => expect(tabs[i]).toHaveTextContent(text));
    expect(screen.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    expect(bodies).toEqual([{ tab_status: 'ALL', start: 0, rows: 15, sorts: [], filters: [] }]);
  });

  it('given the list, when it shows, then its columns are those of spec/2 §2.4 in order with their labels, and dates, numbers, flags and the status read as people read them', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders();
    await openList('0010000001');

    expect(SAP_ORDER_LIST_FIELDS).toHaveLength(35);
    expect(headers()).toEqual([
      'Type',
      'Company',
      'Order Type',
      'Document Date',
      'Delivery Order No.',
      'Document No.',
      'Plant',
      'Product Category',
      'Status',
      'Purchase Organization',
      'Sales Organization',
      'Customer/Vendor',
      'Incoterm',
      'Incoterm 2',
      'Estate',
      'Distribution',
      'Valid From',
      'Valid To',
      'PO No.',
      'Shipment Type',
      'Reference Doc. No.',
      'LN SO No.',
      'Collective LN',
      'Transporter',
      'Loading',
      'Destination',
      'Freight Cost',
      'Freight Cost Per',
      'Freight Cost UOM',
      'Truck Type',
      'Has Order',
      'Created Date',
      'Created By',
      'Edited Date',
      'Edited By',
    ]);
    const row = rowOf('0010000001');
    expect(row.textContent).toContain('04/10/2026');
    expect(row.textContent).toContain('30/11/2026');
    expect(row.textContent).toContain('1,250,000.50');
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(rowOf('0010000002')).getByText('Waiting for approval')).toBeInTheDocument();
    expect(row.textContent).not.toContain('2026-10-04');
  });

  it('given rows of each create type, when the list shows, then the Type cell reads the translated label while its filter still sends the code as typed', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const bodies = sapOrders({
      rows: [...ORDERS, order(5, { Type: 'TRANSFER ORDER', Document_No: '0010000005' })],
    });
    const { user } = await openList('0010000001');

    const typeCell = (document: string) =>
      within(rowOf(document))
        .getAllByRole('gridcell')
        .find((cell) => cell.getAttribute('col-id') === 'Type');
    expect(typeCell('0010000001')).toHaveTextContent(/^From SAP$/);
    expect(typeCell('0010000002')).toHaveTextContent(/^Manual$/);
    expect(typeCell('0010000005')).toHaveTextContent(/^Transfer order$/);
    expect(rowOf('0010000001').textContent).not.toContain('SYNC SAP');

    await user.type(screen.getByLabelText('Filter Type'), 'SYNC');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual([{ field: 'Type', value: 'SYNC', matchMode: 'contains' }]),
    );
  });

  it('given the Indonesian interface, when the list shows, then the Type cell reads the Indonesian label', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders({ master: MASTER_ID });
    await openList('0010000001', { Language: 'id' });

    expect(within(rowOf('0010000001')).getByText('Dari SAP')).toBeInTheDocument();
    expect(within(rowOf('0010000002')).getByText('Manual')).toBeInTheDocument();
  });

  it('given the list on its second page, when another tab is chosen, then that tab is asked from row 0', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const many = Array.from({ length: 20 }, (_, i) => order(i + 1));
    const bodies = sapOrders({ rows: many, total: 20 });
    const { user } = await openList('0010000001');
    expect(screen.getByText('1 to 15 of 20')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    await screen.findByText('0010000020');
    expect(bodies.at(-1)).toMatchObject({ tab_status: 'ALL', start: 15, rows: 15 });
    expect(screen.getByText('16 to 20 of 20')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Outstanding/ }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ tab_status: 'OUTSTANDING', start: 0 }));
    expect(screen.getByRole('tab', { name: /Outstanding/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('given the list, when the user filters text, a date range and has-order, and sorts by two columns, then the list is asked with contains, dateRange, equals Y and both sorts in order, from row 0', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const bodies = sapOrders();
    const { user } = await openList('0010000001');

    await user.type(screen.getByLabelText('Filter Document No.'), '00100');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual([
        { field: 'Document_No', value: '00100', matchMode: 'contains' },
      ]),
    );
    await user.type(screen.getByLabelText('Filter Document Date'), '01/10/2026 - 05/10/2026');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toContainEqual({
        field: 'Document_Date',
        value: ['01/10/2026', '05/10/2026'],
        matchMode: 'dateRange',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Filter Has Order'), 'Y');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toContainEqual({ field: 'has_order', value: 'Y', matchMode: 'equals' }),
    );
    await user.selectOptions(screen.getByLabelText('Filter Status'), 'Rejected');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toContainEqual({
        field: 'Status',
        value: 'REJECTED',
        matchMode: 'equals',
      }),
    );

    await user.click(screen.getByText('Document Date'));
    await waitFor(() => expect(bodies.at(-1)?.sorts).toEqual([{ field: 'Document_Date', order: 1 }]));
    await user.keyboard('{Control>}');
    await user.click(screen.getByText('Document No.'));
    await user.keyboard('{/Control}');
    await waitFor(() =>
      expect(bodies.at(-1)?.sorts).toEqual([
        { field: 'Document_Date', order: 1 },
        { field: 'Document_No', order: 1 },
      ]),
    );
    expect(bodies.at(-1)).toMatchObject({ tab_status: 'ALL', start: 0, rows: 15 });
    expect(screen.getByRole('button', { name: 'Clear filters (4 active)' })).toBeEnabled();
  });

  it('given a filtered list on a tab, when Refresh is pressed, then the same page of that tab is asked again with its filter, the tab counts are read again, and the filter stays', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const bodies = sapOrders();
    let masterCalls = 0;
    server.use(
      http.get(`${API}/saporder/master_list`, () => {
        masterCalls += 1;
        // The counts have moved by the time the user refreshes.
        const tabs = MASTER.tab_status.map((tab) =>
          tab.code === 'OUTSTANDING' ? { ...tab, count: tab.count + masterCalls - 1 } : tab,
        );
        return HttpResponse.json(envelope({ ...MASTER, status: [...MASTER.status], tab_status: tabs }));
      }),
    );
    const { user } = await openList('0010000001');
    await user.click(screen.getByRole('tab', { name: /Outstanding/ }));
    await user.type(screen.getByLabelText('Filter Company'), '1000');
    await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(1));
    const asked = bodies.length;

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByRole('tab', { name: /Outstanding\s*1,201/ })).toBeInTheDocument();
    await waitFor(() => expect(bodies.length).toBeGreaterThan(asked));
    // The grid has settled with the new counts: a filter it dropped would have been asked for in this cycle.
    await requestsSettled();
    expect(bodies.slice(asked)).toEqual([
      {
        tab_status: 'OUTSTANDING',
        start: 0,
        rows: 15,
        sorts: [],
        filters: [{ field: 'Company_Code', value: '1000', matchMode: 'contains' }],
      },
    ]);
    expect(screen.getByLabelText('Filter Company')).toHaveValue('1000');
    expect(screen.getByRole('button', { name: 'Clear filters (1 active)' })).toBeEnabled();
  });

  it('given a filter and a page, when the user comes back to the list, then the kept table state asks the same filter and page first', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const many = Array.from({ length: 20 }, (_, i) => order(i + 1));
    let bodies = sapOrders({ rows: many, total: 20 });
    const view = await openList('0010000001');
    await view.user.type(screen.getByLabelText('Filter Company'), '1000');
    await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(1));
    await view.user.click(screen.getByRole('button', { name: 'Next Page' }));
    await screen.findByText('0010000020');
    expect(window.localStorage.getItem('tms.table.ayu.SAPOrder')).toContain('1000');
    view.unmount();

    bodies = sapOrders({ rows: many, total: 20 });
    await openList('0010000020');
    expect(bodies[0]).toMatchObject({
      start: 15,
      filters: [{ field: 'Company_Code', value: '1000', matchMode: 'contains' }],
    });
  });

  it('given a row, when its chevron is pressed, then its lines show under it (item, material, quantities with 1 to 3 decimals, UOM), and pressing again hides them', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders();
    const { user } = await openList('0010000001');
    expect(screen.queryByRole('table', { name: 'Lines of 0010000001' })).not.toBeInTheDocument();

    const chevron = screen.getByRole('button', { name: 'Show the lines of 0010000001' });
    expect(chevron).toHaveAttribute('aria-expanded', 'false');
    await user.click(chevron);
    const lines = await screen.findByRole('table', { name: 'Lines of 0010000001' });
    const cells = within(lines)
      .getAllByRole('row')
      .map((r) => cellTexts(r));
    expect(cells).toEqual([
      ['Item No.', 'Material', 'Qty', 'Outstanding Qty', 'Real Qty', 'UOM'],
      ['000010', 'Crude Palm Oil', '25.0', '12.5', '0.0', 'TON'],
      ['000020', 'Palm Kernel', '1,234.568', '1,234.568', '0.0', 'TON'],
    ]);
    expect(screen.getByRole('button', { name: 'Hide the lines of 0010000001' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Other rows stay closed.
    expect(screen.queryByRole('table', { name: 'Lines of 0010000002' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide the lines of 0010000001' }));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Lines of 0010000001' })).not.toBeInTheDocument(),
    );
  });

  it('given a user who may only view, when the list opens, then View and View Orders show and Filter from SAP, Create, Edit and the assign buttons do not; View opens the chosen row read-only', async () => {
    server.use(permissionHandler({ View: true }));
    sapOrders();
    const { user, where } = await openList('0010000001');

    for (const name of [
      'Filter from SAP',
      'Create',
      'Edit',
      'Assign Transporter',
      'Assign Customer/Vendor',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'View' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'View Orders' })).toBeDisabled();

    await user.click(screen.getByText('0010000003'));
    expect(screen.getByRole('button', { name: 'View' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'View Orders' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(where()).toBe('/SAPOrder/Editor?mode=view&id=3'));
  });

  it('given every right, when rows with different flags are chosen, then Edit follows can_edit, the assign button follows can_assign_transporter and names the customer/vendor for relation orders, and View Orders follows can_view_orders', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders();
    const { user } = await openList('0010000001');
    const button = (name: string) => screen.getByRole('button', { name });
    // The toolbar follows the chosen row once the grid has told the page (a moment later on a loaded machine).
    const disabled = () =>
      [button('Edit'), button('Assign Transporter'), button('View Orders')].map((b) =>
        b.hasAttribute('disabled'),
      );

    expect(button('Filter from SAP')).toBeEnabled();
    expect(button('Create')).toBeEnabled();
    expect(button('Edit')).toBeDisabled();
    expect(button('Assign Transporter')).toBeDisabled();

    await user.click(screen.getByText('0010000001'));
    await waitFor(() => expect(disabled()).toEqual([true, false, true]));

    await user.click(screen.getByText('0010000002'));
    await waitFor(() => expect(disabled()).toEqual([false, true, true]));

    await user.click(screen.getByText('0010000003'));
    await waitFor(() => expect(disabled()).toEqual([true, true, false]));

    await user.click(screen.getByText('0010000004'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Assign Transporter' })).not.toBeInTheDocument(),
    );
    expect(button('Assign Customer/Vendor')).toBeEnabled();
  });

  it('given every right, when Create and Filter from SAP are pressed, then they lead to the editor in create mode and to the filter screen', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders();
    let view = await openList('0010000001');
    await view.user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(view.where()).toBe('/SAPOrder/Editor?mode=create&id=0'));
    view.unmount();

    view = await openList('0010000001');
    await view.user.click(screen.getByRole('button', { name: 'Filter from SAP' }));
    await waitFor(() => expect(view.where()).toBe('/SAPOrder/Filter'));
  });

  it('given every right, when Edit is pressed on an editable row or a row is double-clicked, then the editor opens in edit or view mode on that row', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders();
    let view = await openList('0010000002');
    await view.user.click(screen.getByText('0010000002'));
    await view.user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(view.where()).toBe('/SAPOrder/Editor?mode=edit&id=2'));
    view.unmount();

    view = await openList('0010000004');
    await view.user.dblClick(screen.getByText('0010000004'));
    await waitFor(() => expect(view.where()).toBe('/SAPOrder/Editor?mode=view&id=4'));
  });

  it('given the list fails, when it loads, then the server message shows as an error toast and "No records found" shows', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/saporder/master_list`, () => HttpResponse.json(envelope(MASTER))),
      http.post(`${API}/saporder/list`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Sorting by approval_status is not allowed.',
            message_code: 'VALIDATION',
          },
          { status: 400 },
        ),
      ),
    );
    renderList();

    expect(await screen.findByText('Sorting by approval_status is not allowed.')).toBeInTheDocument();
    expect((await screen.findAllByText('No records found'))[0]).toBeInTheDocument();
  });

  it('given the Indonesian interface, when the list opens, then title, tabs, columns, status, buttons and filter labels are Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(permissionHandler(ALL_RIGHTS));
    sapOrders({ master: MASTER_ID });
    renderList({ Language: 'id' });

    expect(await screen.findByRole('heading', { name: 'Order SAP', level: 1 })).toBeInTheDocument();
    await screen.findByText('0010000001');
    expect(screen.getByRole('tab', { name: /Semua/ })).toHaveAttribute('aria-selected', 'true');
    expect(headers()).toEqual(
      expect.arrayContaining(['Tipe Order', 'Tanggal Dokumen', 'Ada Order', 'Dibuat Oleh']),
    );
    expect(within(rowOf('0010000001')).getByText('Disetujui')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter dari SAP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tugaskan Transporter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tampilkan baris 0010000001' })).toBeInTheDocument();
    expect(screen.getByLabelText('Saring No. Dokumen')).toBeInTheDocument();
    expect(screen.getByText('1 sampai 4 dari 4')).toBeInTheDocument();
  });
});
