// The order list's panels and dialogs with msw (console/src/pages/orders): Accept and Reject (spec/1 "Accept order
// and Reject order": one line per order as ERP no / order no, remarks, per-order results, Close blocked while the
// answer is awaited; a reject without a remark is refused naming the order), tested on the dialog given its
// orders, and opened from the list with the chosen rows, the history log (summary left, the
// transitions right), and the view with "where is my order" (step, approvers awaited, the Temporal UI link, the
// stored state when the workflow could not be asked, and the countdown that moves every second).
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { http, HttpResponse } from 'msw';
import { Countdown } from '../../console/src/pages/orders/OrderProcess';
import OrderListPage from '../../console/src/pages/orders/OrderListPage';
import { OrderHistoryPanel } from '../../console/src/pages/orders/OrderHistoryPanel';
import { OrderViewPanel } from '../../console/src/pages/orders/OrderViewPanel';
import { TransporterActionDialog } from '../../console/src/pages/orders/TransporterActionDialog';
import type { OrderRow } from '../../console/src/pages/orders/types';
import { openScreenOnly, renderApp, renderPiece, type RenderOptions } from './render';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';
import { cellTexts, definitionPairs, textInside } from './structure';

const MASTER = {
  status: [
    { code: 'ALL', text: 'All', count: 3 },
    { code: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', text: 'Waiting for approval', count: 1 },
    { code: 'ASSIGNED TO TRANSPORTER', text: 'Assigned to transporter', count: 2 },
    { code: 'ACCEPTED', text: 'Accepted', count: 0 },
    { code: 'REJECTED', text: 'Rejected', count: 0 },
  ],
  shipment_type: [],
  transporter_status: [
    { code: 'ALL', text: 'All', count: 2 },
    { code: 'WAITING', text: 'Waiting', count: 2 },
  ],
};

function order(id: number, overrides: Record<string, unknown> = {}) {
  return {
    Id: id,
    Order_No: `ORD2610000${id}`,
    SAP_No: `001000000${id}`,
    Status: 'ASSIGNED TO TRANSPORTER',
    Dispatch_Status: 'WAITING',
    Transporter_Name: 'PT Angkut Sawit',
    need_transporter_action: true,
    Details: [],
    ...overrides,
  };
}

const HEADER = {
  Id: 1,
  Order_No: 'ORD26100001',
  Business_Segment_Name: 'CPO',
  Warehouse_Name: 'Gudang Sei Mangkei',
  warehouse_location_name: 'Pabrik Sei Mangkei',
  Incoterm_Name: 'Carriage Paid To',
  Distribution: 'LOCAL',
  Document_Type: 'ZSO',
  Delivery_Address: null,
  Customer_Vendor_Address: 'Jl. Industri 7, Medan',
  shipment_type_name: 'Individual truck',
  Transporter_Notes: 'Call before arrival',
  Show_Conversion_Type: 'N',
  Details: [
    {
      Item_No: '000010',
      sap_no: '0010000001',
      Material_Name: 'Crude Palm Oil',
      Qty: 25,
      os_qty: 25,
      real_qty: 0,
      UOM: 'TON',
    },
  ],
};

function orderServer(rows = [order(1), order(2)]) {
  const actions: unknown[] = [];
  const lists: unknown[] = [];
  server.use(
    http.get(`${API}/order/master_list`, () => HttpResponse.json(envelope(MASTER))),
    http.post(`${API}/order/list`, async ({ request }) => {
      lists.push(await request.json());
      return HttpResponse.json(envelope(rows, { totalRecords: rows.length }));
    }),
    http.get(`${API}/order/:id/view`, () =>
      HttpResponse.json(envelope({ header: HEADER, assign: { transporters: [] } })),
    ),
  );
  return { actions, lists };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const TRANSPORTER = { user: { Role: 'TRANSPORTER', Department: null, Transporter_Code: 'TRP001' } };

/** Status code → text as the order list gives it to its panels, from its master list. */
const statusText = (code: string) => MASTER.status.find((s) => s.code === code)?.text ?? code;

/** The order list alone (no shell), opened on its first page with every request answered. */
function openList(options: RenderOptions = { user: {} }) {
  return openScreenOnly(OrderListPage, '/Order/Index', { ...options, shows: 'ORD26100001' });
}

describe('Order actions', () => {
  it('given two chosen orders, when Accept is pressed on the list, then its dialog lists both, and once they are answered and the dialog is closed the list is read again', async () => {
    server.use(permissionHandler({ View: true, Edit: true }));
    const { actions, lists } = orderServer();
    server.use(
      http.post(`${API}/order/transporter_action`, async ({ request }) => {
        actions.push(await request.json());
        return HttpResponse.json(
          envelope({
            data: [
              { ref_no: '0010000001 / ORD26100001', reason: null, success: true, message: 'Accepted.' },
              { ref_no: '0010000002 / ORD26100002', reason: null, success: true, message: 'Accepted.' },
            ],
          }),
        );
      }),
    );
    const { user } = await openList(TRANSPORTER);
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    await user.click(within(rowOf('ORD26100002')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    const items = within(within(dialog).getByRole('list', { hidden: true })).getAllByRole('listitem', {
      hidden: true,
    });
    expect(items.map((li) => textInside(li, 'span'))).toEqual([
      '0010000001 / ORD26100001',
      '0010000002 / ORD26100002',
    ]);
    const loads = lists.length;
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
    expect(await within(dialog).findAllByText('Accepted')).toHaveLength(2);
    expect(actions).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument());
    await waitFor(() => expect(lists.length).toBeGreaterThan(loads));
  });

  it('given the history panel of an order, when it opens, then it shows the order summary on the left and its transitions with their texts, dates, users and remarks on the right', async () => {
    server.use(permissionHandler({ View: true }));
    orderServer([order(1, { need_transporter_action: false })]);
    server.use(
      http.get(`${API}/order/view_history/1`, () =>
        HttpResponse.json(
          envelope([
            {
              Status_From: null,
              Status_To: 'ASSIGNED TO TRANSPORTER',
              Created_Date: '2026-10-04T01:05:00.000Z',
              Created_By: 'logistic',
              Remark: null,
            },
            {
              Status_From: 'ASSIGNED TO TRANSPORTER',
              Status_To: 'REJECTED',
              Created_Date: '2026-10-04T02:00:00.000Z',
              Created_By: 'transporter',
              Remark: 'No truck',
            },
          ]),
        ),
      ),
    );
    renderPiece(<OrderHistoryPanel orderId={1} statusText={statusText} onClose={jest.fn()} />);

    const table = await screen.findByRole('table', { name: 'Status history', hidden: true });
    const cells = within(table)
      .getAllByRole('row', { hidden: true })
      .map((r) => cellTexts(r));
    expect(cells[0]).toEqual(['Change', 'Status From', 'Status To', 'Created Date', 'Created By', 'Remark']);
    expect(cells[1]?.slice(0, 3)).toEqual(['-', '-', 'Assigned to transporter']);
    expect(cells[1]?.[3]).toMatch(/^04\/10\/2026 \d\d:\d\d$/);
    expect(cells[2]).toEqual([
      '-',
      'Assigned to transporter',
      'Rejected',
      expect.stringMatching(/^04\/10\/2026/),
      'transporter',
      'No truck',
    ]);
    const summary = screen.getByLabelText('Order summary');
    expect(summary.textContent).toContain('Gudang Sei Mangkei');
    // No delivery address: the customer's address stands in.
    expect(summary.textContent).toContain('Jl. Industri 7, Medan');
    expect(summary.textContent).toContain('Call before arrival');
  });

  it('given the view panel of an order waiting for approval, when it opens, then it shows its summary, its lines, its step, the level and approvers awaited, and a link to the workflow in the Temporal UI', async () => {
    server.use(permissionHandler({ View: true }));
    orderServer([
      order(1, { Status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', need_transporter_action: false }),
    ]);
    server.use(
      http.get(`${API}/order/process/1`, () =>
        HttpResponse.json(
          envelope({
            Order_No: 'ORD26100001',
            Status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
            Dispatch_Status: null,
            Auto_Reject_Date: null,
            awaiting: { kind: 'approval', level: 1, approvers: ['supervisor', 'admin'] },
            workflow_id: 'order:ORD26100001',
            workflow_url: 'http://127.0.0.1:8233/namespaces/default/workflows/order%3AORD26100001',
            live: true,
          }),
        ),
      ),
    );
    renderPiece(<OrderViewPanel orderId={1} statusText={statusText} onClose={jest.fn()} />);

    const block = await screen.findByRole('region', { name: 'Where is my order?', hidden: true });
    expect(await within(block).findByText('Waiting for approval')).toBeInTheDocument();
    expect(within(block).getByText('Approval level 1: supervisor, admin')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: /Open in Temporal UI/, hidden: true })).toHaveAttribute(
      'href',
      'http://127.0.0.1:8233/namespaces/default/workflows/order%3AORD26100001',
    );
    expect(screen.getByRole('table', { name: 'Lines of ORD26100001', hidden: true })).toHaveTextContent(
      'Crude Palm Oil',
    );
    expect(screen.getByText('Gudang Sei Mangkei')).toBeInTheDocument();
  });

  it('given an accepted collective order, when View and History are pressed, then each shows its status, its transporters by name, the freight cost per unit, the total and the stuffing dates; and its own page at /Order/Editor?mode=view&id=1 shows the same view', async () => {
    server.use(permissionHandler({ View: true }));
    orderServer([order(1, { Status: 'ACCEPTED', need_transporter_action: false })]);
    const header = {
      ...HEADER,
      Status: 'ACCEPTED',
      Dispatch_Status: 'ACCEPTED',
      Transporter_Code: 'TRP001',
      Transporter_Name: 'PT Angkut Sawit',
      Truck_Type_Name: 'Tangki 25 T',
      Loading_Destination_From_Name: 'Pabrik Sei Mangkei',
      Loading_Destination_To_Name: 'Pelabuhan Dumai',
      Freight_Cost: 150,
      Freight_Cost_UOM: 'KG',
      Stuffing_Date_From: '2026-11-21',
      Stuffing_Date_To: '2026-11-22',
    };
    const transporters = [
      {
        transporter_code: 'TRP001',
        transporter_name: 'PT Angkut Sawit',
        freight_cost: 150,
        freight_uom: 'KG',
        freight_total_cost_user_not: 3750000,
      },
      {
        transporter_code: 'TRP003',
        transporter_name: 'CV Dumai Jaya',
        freight_cost: 150,
        freight_uom: 'KG',
        freight_total_cost_user_not: 1250000,
      },
    ];
    server.use(
      http.get(`${API}/order/1/view`, () =>
        HttpResponse.json(envelope({ header, assign: { transporters } })),
      ),
      http.get(`${API}/order/view_history/1`, () => HttpResponse.json(envelope([]))),
      http.get(`${API}/order/process/1`, () =>
        HttpResponse.json(
          envelope({
            Order_No: 'ORD26100001',
            Status: 'ACCEPTED',
            Dispatch_Status: 'ACCEPTED',
            Auto_Reject_Date: null,
            awaiting: null,
            workflow_id: null,
            workflow_url: null,
            live: true,
          }),
        ),
      ),
    );
    const expectFacts = async () => {
      const facts = await screen.findByLabelText('Assignment');
      const pairs = definitionPairs(facts);
      expect(pairs).toEqual([
        ['Status', 'Accepted'],
        ['Dispatch Status', 'Accepted'],
        ['Transporter', 'PT Angkut Sawit (TRP001), CV Dumai Jaya (TRP003)'],
        ['Truck Type', 'Tangki 25 T'],
        ['Loading → Destination', 'Pabrik Sei Mangkei → Pelabuhan Dumai'],
        ['Freight Cost', '150.00 per KG'],
        ['Total Freight Cost', '5,000,000.00'],
        ['Stuffing Date', '21/11/2026 – 22/11/2026'],
      ]);
    };
    const { user } = await openList();
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'View' }));
    await expectFacts();
    expect(screen.getByRole('link', { name: /on its own page/, hidden: true })).toHaveAttribute(
      'href',
      '/Order/Editor?mode=view&id=1',
    );
    await user.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByLabelText('Assignment')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'History' }));
    await expectFacts();
  });

  it("given a link to an order, when /Order/Editor?mode=view&id=1 opens, then the page is the order's view: its summary, where it stands and its process", async () => {
    server.use(permissionHandler({ View: true }));
    orderServer();
    server.use(
      http.get(`${API}/order/1/view`, () =>
        HttpResponse.json(
          envelope({
            header: {
              ...HEADER,
              Status: 'REJECTED',
              Dispatch_Status: 'REJECTED',
              Dispatch_Status_Remarks: 'No truck',
            },
            assign: { transporters: [{ transporter_code: 'TRP001', transporter_name: 'PT Angkut Sawit' }] },
          }),
        ),
      ),
      http.get(`${API}/order/process/1`, () =>
        HttpResponse.json(
          envelope({
            Order_No: 'ORD26100001',
            Status: 'REJECTED',
            Dispatch_Status: 'REJECTED',
            Auto_Reject_Date: null,
            awaiting: null,
            workflow_id: null,
            workflow_url: null,
            live: true,
          }),
        ),
      ),
    );
    renderApp('/Order/Editor?mode=view&id=1', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Order ORD26100001', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Not available yet')).not.toBeInTheDocument();
    const facts = await screen.findByLabelText('Assignment');
    expect(facts).toHaveTextContent('Rejected: No truck');
    expect(facts).toHaveTextContent('PT Angkut Sawit (TRP001)');
    expect(screen.getByLabelText('Order summary')).toHaveTextContent('Gudang Sei Mangkei');
    const block = await screen.findByRole('region', { name: 'Where is my order?' });
    expect(await within(block).findAllByText('Rejected')).toHaveLength(2);
  });

  it('given a workflow that could not be asked, when View is pressed, then the view says so and shows the stored state with the transporter awaited', async () => {
    server.use(permissionHandler({ View: true }));
    orderServer([order(1)]);
    server.use(
      http.get(`${API}/order/process/1`, () =>
        HttpResponse.json(
          envelope({
            Order_No: 'ORD26100001',
            Status: 'ASSIGNED TO TRANSPORTER',
            Dispatch_Status: 'WAITING',
            Auto_Reject_Date: '2020-01-01T00:00:00.000Z',
            awaiting: { kind: 'transporter', code: 'TRP001', name: 'PT Angkut Sawit', deadline: null },
            workflow_id: 'order:ORD26100001',
            workflow_url: null,
            live: false,
          }),
        ),
      ),
    );
    const { user } = await openList();
    await user.dblClick(within(rowOf('ORD26100001')).getByText('ORD26100001'));
    const block = await screen.findByRole('region', { name: 'Where is my order?', hidden: true });
    expect(
      await within(block).findByText("The order's process could not be reached. This is its stored state."),
    ).toBeInTheDocument();
    expect(
      within(block).getByText('Transporter PT Angkut Sawit (TRP001) to accept or reject'),
    ).toBeInTheDocument();
    expect(within(block).getByText('Deadline passed')).toBeInTheDocument();
    expect(within(block).queryByRole('link', { hidden: true })).not.toBeInTheDocument();
  });
});

describe('Accept and Reject dialog (given its orders)', () => {
  it('given two orders waiting for the transporter, when Accept is confirmed, then one line per order reads "ERP no / order no", one request carries both, Close is blocked until the answer, and each line shows its result: Accepted, or the reason it failed', async () => {
    const actions: unknown[] = [];
    // The answer waits until the test has seen the dialog hold while it is awaited.
    let releaseAnswer: () => void = () => undefined;
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    server.use(
      http.post(`${API}/order/transporter_action`, async ({ request }) => {
        actions.push(await request.json());
        await answerHeld;
        return HttpResponse.json(
          envelope({
            data: [
              { ref_no: '0010000001 / ORD26100001', reason: null, success: true, message: 'Accepted.' },
              {
                ref_no: '0010000002 / ORD26100002',
                reason: null,
                success: false,
                message: 'ORD26100002: the deadline has passed.',
              },
            ],
          }),
        );
      }),
    );
    const onClose = jest.fn();
    const { user } = renderPiece(
      <TransporterActionDialog
        orders={[order(1), order(2)] as OrderRow[]}
        action="ACCEPTED"
        onClose={onClose}
      />,
    );

    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText('Accept Order')).toBeInTheDocument();
    const items = within(within(dialog).getByRole('list', { hidden: true })).getAllByRole('listitem', {
      hidden: true,
    });
    expect(items.map((li) => textInside(li, 'span'))).toEqual([
      '0010000001 / ORD26100001',
      '0010000002 / ORD26100002',
    ]);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Remarks for 0010000001 / ORD26100001', hidden: true }),
      'Truck ready',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    // While the answer is awaited nothing closes the dialog.
    expect(within(dialog).getByRole('button', { name: 'No', hidden: true })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    releaseAnswer();

    expect(await within(dialog).findByText('Accepted')).toBeInTheDocument();
    expect(within(dialog).getByText('ORD26100002: the deadline has passed.')).toBeInTheDocument();
    expect(actions).toEqual([
      [
        { id: 1, status: 'ACCEPTED', reason: 'Truck ready', ref_no: '0010000001 / ORD26100001' },
        { id: 2, status: 'ACCEPTED', reason: null, ref_no: '0010000002 / ORD26100002' },
      ],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    // Something was sent: the list behind it is to be read again.
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('given a chosen order, when Reject is confirmed without a remark, then an error toast names the order with "Reason is required." and nothing is sent; with one, the rejection is sent and the line reads Rejected', async () => {
    const actions: unknown[] = [];
    server.use(
      http.post(`${API}/order/transporter_action`, async ({ request }) => {
        actions.push(await request.json());
        return HttpResponse.json(
          envelope({
            data: [{ ref_no: '0010000001 / ORD26100001', reason: 'No truck', success: true, message: '' }],
          }),
        );
      }),
    );
    const { user } = renderPiece(
      <TransporterActionDialog orders={[order(1)] as OrderRow[]} action="REJECTED" onClose={jest.fn()} />,
    );
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText('Reject Order')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
    expect(await screen.findByText('0010000001 / ORD26100001: Reason is required.')).toBeInTheDocument();
    await requestsSettled();
    expect(actions).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Remarks for 0010000001 / ORD26100001', hidden: true }),
      'No truck',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
    expect(await within(dialog).findByText('Rejected')).toBeInTheDocument();
    expect(actions).toEqual([
      [{ id: 1, status: 'REJECTED', reason: 'No truck', ref_no: '0010000001 / ORD26100001' }],
    ]);
  });
});

describe('Auto-reject countdown', () => {
  afterEach(() => jest.useRealTimers());

  it('given a deadline 1 day, 1 hour, 1 minute and 2 seconds away, when seconds pass, then the countdown moves every second, reads "Deadline passed" once it is reached, and asks for the process again', () => {
    jest.useFakeTimers({ now: new Date('2026-10-04T00:00:00.000Z') });
    const passed = jest.fn();
    render(
      <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
        <Countdown deadline="2026-10-05T01:01:02.000Z" onPassed={passed} />
      </RendererProvider>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('1d 01:01:02 left');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('1d 01:01:01 left');
    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer')).toHaveTextContent('1d 01:00:00 left');
    act(() => jest.advanceTimersByTime(90_060_000 - 62_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:02 left');
    expect(passed).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('timer')).toHaveTextContent('Deadline passed');
    // Passed while watched: the view reads the process again (once) to show the auto-reject.
    expect(passed).toHaveBeenCalledTimes(1);
  });

  it('given a deadline that had passed already, when the countdown shows, then it reads "Deadline passed" and asks for nothing more', () => {
    jest.useFakeTimers({ now: new Date('2026-10-06T00:00:00.000Z') });
    const passed = jest.fn();
    render(
      <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
        <Countdown deadline="2026-10-05T01:01:02.000Z" onPassed={passed} />
      </RendererProvider>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Deadline passed');
    act(() => jest.advanceTimersByTime(5000));
    expect(passed).not.toHaveBeenCalled();
  });
});
