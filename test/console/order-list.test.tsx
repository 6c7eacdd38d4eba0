// The order list (console/src/pages/orders, spec/1 §2 "Order list screen") with msw: the staff's tabs with their
// counts and the tab sent with each request, the transporters' tabs, the list protocol (15 rows, a contains filter,
// the Dispatch_Status dropdown, the Status column without a filter), the columns of spec/1, rows expanding onto
// the transporter notes and the lines (with the conversion columns and their total when Show_Conversion_Type is
// Y), the empty text, the toolbar by rights and row flags, the "next release" notice, and the Customer/Vendor
// label a relation reads.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { ORDER_LIST_FIELDS } from '../../console/src/pages/orders/columns';
import OrderListPage from '../../console/src/pages/orders/OrderListPage';
import type { UserData } from '../../console/src/api/types';
import { openScreenOnly, renderScreen } from './render';
import { API, envelope, permissionHandler, server } from './server';
import { cellTexts } from './structure';

interface ListBody {
  tab_status: string;
  start: number;
  rows: number;
  sorts: { field: string; order: number }[];
  filters: { field: string; value: unknown; matchMode: string }[];
}

const STATUS = [
  { code: 'ALL', text: 'All', count: 1234 },
  { code: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', text: 'Waiting for approval', count: 4 },
  { code: 'ASSIGNED TO TRANSPORTER', text: 'Assigned to transporter', count: 12 },
  { code: 'ACCEPTED', text: 'Accepted', count: 30 },
  { code: 'REJECTED', text: 'Rejected', count: 2 },
];
const MASTER = {
  status: STATUS,
  shipment_type: [
    { code: 'INDIVIDUAL', text: 'Individual truck' },
    { code: 'COLLECTIVE', text: 'Collective' },
  ],
  transporter_status: [
    { code: 'WAITING', text: 'Waiting for my answer', count: 3 },
    { code: 'ACCEPTED', text: 'Accepted by me', count: 11 },
  ],
};

function order(id: number, overrides: Record<string, unknown> = {}) {
  return {
    Id: id,
    Order_No: `ORD26100${String(id).padStart(3, '0')}`,
    Order_Type_Name: 'SO',
    Order_Date: '2026-10-04',
    SAP_No: `00100000${String(id).padStart(2, '0')}`,
    Transporter_Name: 'PT Angkut Sawit',
    Loading_Destination_From_Name: 'Pabrik Sei Mangkei',
    Loading_Destination_To_Name: 'Pelabuhan Kuala Tanjung',
    Business_Segment_Name: 'CPO',
    Customer_Vendor_Name: 'PT Minyak Nabati',
    Delivery_Address: 'Jl. Pelabuhan 1',
    Status: 'ASSIGNED TO TRANSPORTER',
    Dispatch_Status: 'WAITING',
    Auto_Reject_Date: '2026-10-05T03:00:00.000Z',
    Valid_From: '2026-10-01',
    Valid_To: '2026-11-30',
    has_shipment: false,
    Created_Date: '2026-10-04T01:05:00.000Z',
    Created_By: 'logistic',
    Transporter_Notes: null,
    Show_Conversion_Type: 'N',
    need_transporter_action: false,
    can_assign_transporter: false,
    Details: [
      {
        Item_No: '000010',
        sap_no: `00100000${String(id).padStart(2, '0')}`,
        Material_Name: 'Crude Palm Oil',
        Qty: 25,
        os_qty: 25,
        real_qty: 0,
        UOM: 'TON',
        Conversion_Type: 'TON-KG',
        Conversion: 1000,
      },
    ],
    ...overrides,
  };
}

function orders(options: { rows?: Record<string, unknown>[] } = {}) {
  const bodies: ListBody[] = [];
  const rows = options.rows ?? [order(1), order(2)];
  server.use(
    http.get(`${API}/order/master_list`, () => HttpResponse.json(envelope(MASTER))),
    http.post(`${API}/order/list`, async ({ request }) => {
      const body = (await request.json()) as ListBody;
      bodies.push(body);
      return HttpResponse.json(envelope(body.start === 0 ? rows : [], { totalRecords: rows.length }));
    }),
  );
  return bodies;
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const EDIT = { View: true, Edit: true };

/** The order list alone at its route (no shell). */
function renderList(user: Partial<UserData> = {}) {
  return renderScreen(OrderListPage, '/Order/Index', { user });
}

/** The order list, opened on its first page: `shows` is shown and every request has been answered. */
function openList(shows: string, user: Partial<UserData> = {}) {
  return openScreenOnly(OrderListPage, '/Order/Index', { user, shows });
}

describe('Order list', () => {
  it('given the master list, when the list opens as staff, then the status tabs show with their counts, ALL is chosen, the first 15 rows of ALL are asked, and every column of spec/1 shows with its status and dates as people read them', async () => {
    server.use(permissionHandler(EDIT));
    const bodies = orders();
    const { user } = renderList();

    expect(await screen.findByRole('heading', { name: 'Order', level: 1 })).toBeInTheDocument();
    await screen.findByText('ORD26100001');
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(5);
    [
      /^All\s*1,234/,
      /^Waiting for approval\s*4/,
      /^Assigned to transporter\s*12/,
      /^Accepted\s*30/,
      /^Rejected\s*2/,
    ].forEach((text, i) => expect(tabs[i]).toHaveTextContent(text));
    expect(screen.getByRole('tab', { name: /All/ })).toHaveAttribute('aria-selected', 'true');
    expect(bodies).toEqual([{ tab_status: 'ALL', start: 0, rows: 15, sorts: [], filters: [] }]);

    expect(ORDER_LIST_FIELDS).toHaveLength(29);
    const headers = screen
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim() ?? '')
      .filter(Boolean);
    expect(headers).toEqual([
      'Order No.',
      'Order Type',
      'Order Date',
      'SAP No.',
      'Transporter',
      'Loading',
      'Destination',
      'Product Category',
      'Customer/Vendor',
      'Delivery Address',
      'Status',
      'Dispatch Status',
      'Dispatch Remarks',
      'Truck Type',
      'Shipment Type',
      'Auto Reject Date',
      'Incoterm',
      'Incoterm 2',
      'Distribution',
      'Document Type',
      'Company',
      'Valid From',
      'Valid To',
      'Has Shipment',
      'Revert Qty',
      'Created Date',
      'Created By',
      'Edited Date',
      'Edited By',
    ]);
    const row = rowOf('ORD26100001');
    expect(within(row).getByText('Assigned to transporter')).toBeInTheDocument();
    expect(row.textContent).toContain('04/10/2026');
    expect(row.textContent).not.toContain('2026-10-04');
    // The tabs filter by status: its column has no filter of its own.
    expect(screen.queryByLabelText('Filter Status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Rejected/ }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ tab_status: 'REJECTED', start: 0, rows: 15 }));
  });

  it('given the list, when the user types in a text filter and picks a dispatch status and a shipment type, then the list is asked with contains and equals filters from row 0, and Clear filters counts them', async () => {
    server.use(permissionHandler(EDIT));
    const bodies = orders();
    const { user } = await openList('ORD26100001');

    await user.type(screen.getByLabelText('Filter Order No.'), '2610');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual([{ field: 'Order_No', value: '2610', matchMode: 'contains' }]),
    );
    const dispatch = screen.getByLabelText('Filter Dispatch Status');
    expect(
      within(dispatch)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.any(String), 'Waiting', 'Accepted', 'Rejected', 'Auto rejected']);
    await user.selectOptions(dispatch, 'Auto rejected');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toContainEqual({
        field: 'Dispatch_Status',
        value: 'AUTO REJECTED',
        matchMode: 'equals',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Filter Shipment Type'), 'Collective');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toContainEqual({
        field: 'shipment_type_name',
        value: 'COLLECTIVE',
        matchMode: 'equals',
      }),
    );
    expect(bodies.at(-1)).toMatchObject({ start: 0, rows: 15 });
    expect(screen.getByRole('button', { name: 'Clear filters (3 active)' })).toBeEnabled();
  });

  it('given the Rejected tab with a text filter, when Export Excel is pressed, then order/export is posted with the tab, the filter and the format, and the file is saved', async () => {
    server.use(permissionHandler(EDIT));
    const bodies = orders();
    let exported: unknown = null;
    server.use(
      http.post(`${API}/order/export`, async ({ request }) => {
        exported = await request.json();
        return new HttpResponse(new Blob(['bytes']), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="Orders.xlsx"',
          },
        });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:orders'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      const { user } = await openList('ORD26100001');
      await user.click(screen.getByRole('tab', { name: /Rejected/ }));
      await waitFor(() => expect(bodies.at(-1)).toMatchObject({ tab_status: 'REJECTED' }));
      await user.type(screen.getByLabelText('Filter Order No.'), '2610');
      await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(1));

      await user.click(screen.getByRole('button', { name: 'Export Excel' }));

      await waitFor(() => expect(saved).toEqual(['Orders.xlsx']));
      expect(exported).toEqual({
        format: 'xlsx',
        tab_status: 'REJECTED',
        sorts: [],
        filters: [{ field: 'Order_No', value: '2610', matchMode: 'contains' }],
      });
    } finally {
      click.mockRestore();
    }
  });

  it('given a row that shows its conversions and has transporter notes, when its chevron is pressed, then the notes and its lines show with the conversion columns and their total, while a row without conversions shows no conversion columns', async () => {
    server.use(permissionHandler(EDIT));
    orders({
      rows: [
        order(1, {
          Show_Conversion_Type: 'Y',
          Transporter_Notes: 'Bring a tarpaulin',
          Details: [
            { ...order(1).Details[0] },
            {
              Item_No: '000020',
              sap_no: '0010000001',
              Material_Name: 'Palm Kernel',
              Qty: 2.5,
              os_qty: 2.5,
              real_qty: 0,
              UOM: 'TON',
              Conversion_Type: 'TON-KG',
              Conversion: 1000,
            },
          ],
        }),
        order(2),
      ],
    });
    const { user } = await openList('ORD26100001');

    await user.click(screen.getByRole('button', { name: 'Show the lines of ORD26100001' }));
    const lines = await screen.findByRole('table', { name: 'Lines of ORD26100001' });
    const cells = within(lines)
      .getAllByRole('row')
      .map((r) => cellTexts(r));
    expect(cells).toEqual([
      [
        'Item No.',
        'SAP No.',
        'Material',
        'Qty',
        'Outstanding Qty',
        'Real Qty',
        'UOM',
        'Conversion Type',
        'Conversion',
        'Conversion Total',
      ],
      [
        '000010',
        '0010000001',
        'Crude Palm Oil',
        '25.0',
        '25.0',
        '0.0',
        'TON',
        'TON-KG',
        '1,000.000000',
        '25,000.0',
      ],
      [
        '000020',
        '0010000001',
        'Palm Kernel',
        '2.5',
        '2.5',
        '0.0',
        'TON',
        'TON-KG',
        '1,000.000000',
        '2,500.0',
      ],
      ['Total', '27,500.0'],
    ]);
    expect(screen.getByText('Transporter notes: Bring a tarpaulin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show the lines of ORD26100002' }));
    const plain = await screen.findByRole('table', { name: 'Lines of ORD26100002' });
    expect(within(plain).queryByText('Conversion Type')).not.toBeInTheDocument();
    expect(within(plain).getAllByRole('row')).toHaveLength(2);
  });

  it('given no orders, when the list opens, then it says "No records found"', async () => {
    server.use(permissionHandler(EDIT));
    orders({ rows: [] });
    renderList();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it('given rows with flags, when rows are chosen, then View and History need one row, Accept and Reject need every chosen row waiting for the answer, Edit assign needs a re-assignable row, and a later action shows by its flag and says it comes in the next release', async () => {
    server.use(permissionHandler(EDIT));
    orders({
      rows: [
        order(1, { need_transporter_action: true }),
        order(2, { need_transporter_action: true }),
        order(3, { Status: 'REJECTED', can_assign_transporter: true, can_view_shipments: true }),
      ],
    });
    const { user } = await openList('ORD26100001');
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('View')).toBeDisabled();
    expect(button('Accept')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'View Shipments' })).not.toBeInTheDocument();

    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    await user.click(within(rowOf('ORD26100002')).getByRole('checkbox'));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    expect(button('View')).toBeDisabled();
    expect(button('History')).toBeDisabled();
    expect(button('Accept')).toBeEnabled();
    expect(button('Reject')).toBeEnabled();
    expect(button('Edit Assign Transporter')).toBeDisabled();

    await user.click(within(rowOf('ORD26100003')).getByRole('checkbox'));
    expect(button('Accept')).toBeDisabled();
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    await user.click(within(rowOf('ORD26100002')).getByRole('checkbox'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    expect(button('View')).toBeEnabled();
    expect(button('Edit Assign Transporter')).toBeEnabled();

    await user.click(button('View Shipments'));
    const notice = await screen.findByRole('dialog', { hidden: true });
    expect(within(notice).getByText('Coming in the next release.')).toBeInTheDocument();
  });

  it('given a user with View only, when the list opens, then there is no Accept, Reject or Edit assign button', async () => {
    server.use(permissionHandler({ View: true }));
    orders({ rows: [order(1, { need_transporter_action: true })] });
    await openList('ORD26100001');
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Assign Transporter' })).not.toBeInTheDocument();
  });

  it('given a customer signed in as a relation, when the list opens, then its tabs are ALL and its answers (which filter Dispatch_Status), and the transporter column reads Customer/Vendor', async () => {
    server.use(permissionHandler(EDIT));
    const bodies = orders();
    const { user } = await openList('ORD26100001', { Role: 'CUSTOMER', Department: null });
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    [/^All\s*1,234/, /^Waiting for my answer\s*3/, /^Accepted by me\s*11/].forEach((text, i) =>
      expect(tabs[i]).toHaveTextContent(text),
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers.filter((h) => h === 'Customer/Vendor')).toHaveLength(2);
    expect(headers).not.toContain('Transporter');
    expect(screen.queryByRole('button', { name: 'Edit Assign Transporter' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Waiting for my answer/ }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        tab_status: 'ALL',
        start: 0,
        filters: [{ field: 'Dispatch_Status', value: 'WAITING', matchMode: 'equals' }],
      }),
    );
    // The tab's answer replaces the column's dropdown filter on the same field.
    await user.selectOptions(screen.getByLabelText('Filter Dispatch Status'), 'Accepted');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual([
        { field: 'Dispatch_Status', value: 'WAITING', matchMode: 'equals' },
      ]),
    );
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        tab_status: 'ALL',
        filters: [{ field: 'Dispatch_Status', value: 'ACCEPTED', matchMode: 'equals' }],
      }),
    );
  });

  // Issue 27 item 9: a transporter or relation reads its company's name in Created By / Edited By, and the server
  // answers 400 to a filter or sort on them (neither sorts for anyone: ORDER_SORTABLE); staff keep the filters.
  it.each([
    ['a transporter', 'TRANSPORTER', false],
    ['a customer (relation)', 'CUSTOMER', false],
    ['staff', 'LOGISTIC_STAFF', true],
  ] as const)(
    'given %s signed in, when the list opens, then Created By and Edited By offer a filter only to staff, and a staff filter is sent',
    async (_who, role, offered) => {
      server.use(permissionHandler(EDIT));
      const bodies = orders();
      const { user } = await openList('ORD26100001', { Role: role, Department: null });

      expect(screen.getByLabelText('Filter Order No.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Filter Edited By') !== null).toBe(offered);
      const createdBy = screen.queryByLabelText('Filter Created By');
      expect(createdBy !== null).toBe(offered);
      if (createdBy) {
        await user.type(createdBy, 'budi');
        await waitFor(() =>
          expect(bodies.at(-1)?.filters).toEqual([
            { field: 'Created_By', value: 'budi', matchMode: 'contains' },
          ]),
        );
      }
    },
  );

  it('given the Indonesian interface, when the list opens, then its buttons, columns and dispatch statuses read in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(permissionHandler(EDIT));
    orders({ rows: [order(1, { Dispatch_Status: 'AUTO REJECTED' })] });
    await openList('ORD26100001', { Language: 'id' });
    expect(screen.getByRole('button', { name: 'Terima' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tolak' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riwayat' })).toBeInTheDocument();
    expect(screen.getByText('No. Order')).toBeInTheDocument();
    expect(within(rowOf('ORD26100001')).getByText('Ditolak otomatis')).toBeInTheDocument();
  });

  it('given a row ticked on the ALL tab, when the user switches to a tab that lists it too and ticks another, then the first is no longer ticked and the toolbar counts what is ticked: one truth for the selection', async () => {
    server.use(permissionHandler(EDIT));
    orders({ rows: [order(1, { need_transporter_action: true }), order(2)] });
    const { user } = await openList('ORD26100001');
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Assigned to transporter/ }));
    expect(await screen.findByText('0 selected')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('ORD26100001')).getByRole('checkbox')).not.toBeChecked());

    await user.click(within(rowOf('ORD26100002')).getByRole('checkbox'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    const ticked = screen
      .getAllByRole('row')
      .filter((r) => within(r).queryByRole('checkbox')?.matches(':checked'));
    expect(
      ticked.map((r) => (r.textContent?.includes('ORD26100002') ? 'ORD26100002' : r.textContent)),
    ).toEqual(['ORD26100002']);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('given a typed filter and a chosen row, when an action is done and the list and its counts are read again, then the filter is still typed and sent, and the row is still chosen with its new flags', async () => {
    server.use(permissionHandler({ View: true, Edit: true }));
    let accepted = false;
    const bodies: ListBody[] = [];
    server.use(
      http.get(`${API}/order/master_list`, () =>
        HttpResponse.json(
          envelope({
            ...MASTER,
            status: STATUS.map((s) => ({ ...s, count: accepted ? s.count + 1 : s.count })),
          }),
        ),
      ),
      http.post(`${API}/order/list`, async ({ request }) => {
        bodies.push((await request.json()) as ListBody);
        const row = accepted
          ? order(1, { Status: 'ACCEPTED', Dispatch_Status: 'ACCEPTED', need_transporter_action: false })
          : order(1, { need_transporter_action: true });
        return HttpResponse.json(envelope([row, order(2)], { totalRecords: 2 }));
      }),
      http.post(`${API}/order/transporter_action`, () => {
        accepted = true;
        return HttpResponse.json(
          envelope({
            data: [{ ref_no: '0010000001 / ORD26100001', reason: null, success: true, message: 'Accepted.' }],
          }),
        );
      }),
    );
    const { user } = await openList('ORD26100001');
    await user.type(screen.getByLabelText('Filter Order No.'), '2610');
    await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(1));
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
    await within(dialog).findByText('Accepted', {}, { timeout: 10_000 });
    const reads = bodies.length;
    await user.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));

    await waitFor(() => expect(bodies.length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.getAllByRole('tab')[0]).toHaveTextContent(/1,235/));
    expect(bodies.at(-1)?.filters).toEqual([{ field: 'Order_No', value: '2610', matchMode: 'contains' }]);
    expect(screen.getByLabelText('Filter Order No.')).toHaveValue('2610');
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('ORD26100001')).getByRole('checkbox')).toBeChecked());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'View' })).toBeEnabled();
  });
});
