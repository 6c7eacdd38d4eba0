// The order list's change panels with msw (console/src/pages/orders, spec/1 §2 "Panels and dialogs", §5, §7, §8):
// Cancel, Mark complete, Unmark complete, Reassign DO and Edit stuffing date show for one row whose flag allows
// them and the user's Edit right; each opens its bottom panel with the order summary; each sends the body the server
// expects, and an accepted change closes the panel and reads the list again, while a refusal shows the server's
// message and keeps the panel open with what was typed. The stuffing date's success toast stays 50 s (spec/1 §8).
// Also the history log's Change column, on the history panel given an order.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import OrderListPage from '../../console/src/pages/orders/OrderListPage';
import { OrderHistoryPanel } from '../../console/src/pages/orders/OrderHistoryPanel';
import { openScreenOnly, renderPiece } from './render';
import { API, envelope, permissionHandler, server } from './server';
import { cellTexts, surroundingRole, toastTimer } from './structure';

const MASTER = {
  status: [
    { code: 'ALL', text: 'All', count: 2 },
    { code: 'ACCEPTED', text: 'Accepted', count: 1 },
    { code: 'COMPLETED', text: 'Completed', count: 1 },
  ],
  shipment_type: [],
  transporter_status: [],
};

const ALL_FLAGS = {
  can_cancel_order: true,
  can_mark_complete: true,
  can_unmark_complete: true,
  can_reassign_do: true,
  can_edit_stuffing_date: true,
};

function order(id: number, overrides: Record<string, unknown> = {}) {
  return {
    Id: id,
    Order_No: `ORD2610000${id}`,
    SAP_No: `001000000${id}`,
    Status: 'ACCEPTED',
    Dispatch_Status: 'ACCEPTED',
    Transporter_Name: 'PT Angkut Sawit',
    Details: [],
    ...overrides,
  };
}

const HEADER = {
  Id: 1,
  Order_No: 'ORD26100001',
  Status: 'ACCEPTED',
  Business_Segment_Name: 'CPO',
  Warehouse_Name: 'Gudang Sei Mangkei',
  Document_Type: 'ZDO',
  Customer_Vendor_Address: 'Jl. Industri 7, Medan',
  Show_Conversion_Type: 'N',
  Stuffing_Date_From: '2026-10-05',
  Stuffing_Date_To: '2026-10-06',
  Valid_From: '2026-10-01',
  Valid_To: '2026-11-30',
  Revert_Qty: 0,
  Details: [
    {
      Id: 11,
      Item_No: '000010',
      sap_no: '0010000001',
      SAP_Item_No: '000020',
      Material_Code: 'FG-CPO',
      Material_Name: 'Crude Palm Oil',
      Qty: 25,
      os_qty: 10,
      real_qty: 15.25,
      shipment_qty: 15,
      Revert_Qty: 0,
      UOM: 'TON',
    },
    {
      Id: 12,
      Item_No: '000020',
      sap_no: '0010000001',
      SAP_Item_No: '000030',
      Material_Code: 'FG-PKO',
      Material_Name: 'Palm Kernel Oil',
      Qty: '5.000',
      os_qty: '5.000',
      real_qty: '0.000',
      shipment_qty: 0,
      Revert_Qty: 0,
      UOM: 'TON',
    },
  ],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The list with the given rows, the order's view, and every change answered as `answer` says (default: taken). */
function changeServer(
  options: {
    rows?: Record<string, unknown>[];
    answer?: (path: string) => Record<string, unknown> | null;
    /** Before any change is answered, so what the panel does meanwhile can be seen. */
    wait?: Promise<void>;
  } = {},
) {
  const calls: Call[] = [];
  const lists: unknown[] = [];
  const rows = options.rows ?? [order(1, ALL_FLAGS), order(2)];
  const taken = (message: string) => HttpResponse.json(envelope(HEADER, { message }));
  const reply = async (request: Request, path: string, message: string) => {
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined });
    await options.wait;
    const custom = options.answer?.(path);
    if (custom) return HttpResponse.json(custom, { status: custom.success === false ? 422 : 200 });
    return taken(message);
  };
  server.use(
    permissionHandler({ View: true, Edit: true }),
    http.get(`${API}/order/master_list`, () => HttpResponse.json(envelope(MASTER))),
    http.post(`${API}/order/list`, async ({ request }) => {
      lists.push(await request.json());
      return HttpResponse.json(envelope(rows, { totalRecords: rows.length }));
    }),
    http.get(`${API}/order/:id/view`, () =>
      HttpResponse.json(envelope({ header: HEADER, assign: { transporters: [] } })),
    ),
    http.put(`${API}/order/cancel/`, ({ request }) =>
      reply(request, 'cancel', 'Order ORD26100001 was cancelled.'),
    ),
    http.put(`${API}/order/mark_complete/:id`, ({ request, params }) =>
      reply(
        request,
        `mark_complete/${String(params.id)}`,
        'Order ORD26100001 is complete; 15 went back to the SAP order.',
      ),
    ),
    http.put(`${API}/order/unmark_complete/:id`, ({ request, params }) =>
      reply(
        request,
        `unmark_complete/${String(params.id)}`,
        'Order ORD26100001 is no longer complete; its quantity is reserved again.',
      ),
    ),
    http.put(`${API}/order/reassign_do`, ({ request }) =>
      reply(request, 'reassign_do', 'Part of order ORD26100001 went back to the SAP order.'),
    ),
    http.put(`${API}/order/change_stuffing_date`, ({ request }) =>
      reply(request, 'change_stuffing_date', 'Stuffing date has changed.'),
    ),
  );
  return { calls, lists };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/**
 * The open panel of order 1 whose title starts with `title`, found by its heading: in jsdom tabster marks the
 * drawer itself aria-hidden, which leaves the drawer without an accessible name (hence `hidden: true` throughout).
 */
async function panelTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: `${title} ORD26100001`, hidden: true });
  return surroundingRole(heading, 'dialog');
}

/** Opens the list, chooses order 1 and presses a toolbar button; the panel titled `title` is returned. */
async function openPanel(button: string, title: string) {
  const view = await openScreenOnly(OrderListPage, '/Order/Index', { user: {}, shows: 'ORD26100001' });
  await view.user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
  await view.user.click(await screen.findByRole('button', { name: button }));
  const panel = await panelTitled(title);
  // The order's view has arrived: its summary shows.
  await within(panel).findByLabelText('Order summary');
  return { ...view, panel };
}

async function closed(title: string) {
  await waitFor(() =>
    expect(
      screen.queryByRole('heading', { name: `${title} ORD26100001`, hidden: true }),
    ).not.toBeInTheDocument(),
  );
}

/** The confirmation asked before cancelling, found by its title as the panels are. */
async function cancelConfirmation(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: 'Cancel this order?', hidden: true });
  return surroundingRole(heading, 'alertdialog');
}

/** How long the toast showing `text` stays: Fluent's timer runs a CSS animation of that duration. */
function toastLife(text: string): string | undefined {
  return toastTimer(screen.getByText(text))?.style.animationDuration;
}

function cellsOf(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row', { hidden: true })
    .map((r) => cellTexts(r));
}

const CHANGE_BUTTONS: [button: string, title: string][] = [
  ['Cancel Order', 'Cancel Order'],
  ['Mark Complete', 'Mark Complete'],
  ['Unmark Complete', 'Unmark Complete'],
  ['Reassign DO', 'Reassign DO'],
  ['Edit Stuffing Date', 'Edit Stuffing Date'],
];

describe('Order changes', () => {
  it('given one row with every change flag and one with none, when rows are chosen, then the five buttons show only for the flagged row alone, and each opens its panel with the order summary, which Escape closes', async () => {
    changeServer();
    const { user } = await openScreenOnly(OrderListPage, '/Order/Index', { user: {}, shows: 'ORD26100001' });
    const absent = () => {
      for (const [button] of CHANGE_BUTTONS) {
        expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
      }
    };
    absent();
    await user.click(within(rowOf('ORD26100002')).getByRole('checkbox'));
    absent();
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    // Two rows chosen: a change is of one order.
    absent();
    await user.click(within(rowOf('ORD26100002')).getByRole('checkbox'));
    // The grid reports its selection after the click's events: waited for, as a user would.
    expect(await screen.findByText('1 selected')).toBeInTheDocument();

    for (const [button, title] of CHANGE_BUTTONS) {
      await user.click(screen.getByRole('button', { name: button }));
      const panel = await panelTitled(title);
      const summary = await within(panel).findByLabelText('Order summary');
      expect(summary.textContent).toContain('Gudang Sei Mangkei');
      await user.keyboard('{Escape}');
      await closed(title);
    }
  });

  it('given a user without the Edit right, when a row with every change flag is chosen, then no change button shows', async () => {
    changeServer();
    server.use(permissionHandler({ View: true }));
    const { user } = await openScreenOnly(OrderListPage, '/Order/Index', { user: {}, shows: 'ORD26100001' });
    await user.click(within(rowOf('ORD26100001')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'View' })).toBeEnabled());
    for (const [button] of CHANGE_BUTTONS) {
      expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    }
  });

  it('given the cancel panel, when it is submitted without a reason, typed and emptied, then confirmed with a reason, then "Reason is required." shows each time it is empty, nothing is sent until the confirmation, and {id, reason} is sent, the toast says the server message, the panel closes and the list is read again', async () => {
    const { calls, lists } = changeServer();
    const { user, panel } = await openPanel('Cancel Order', 'Cancel Order');

    const lines = within(panel).getByRole('table', { name: 'Lines of ORD26100001', hidden: true });
    expect(cellsOf(lines)).toEqual([
      ['Item No.', 'SAP No.', 'SAP Item No.', 'Material', 'Qty', 'UOM'],
      ['000010', '0010000001', '000020', 'Crude Palm Oil', '25.0', 'TON'],
      ['000020', '0010000001', '000030', 'Palm Kernel Oil', '5.0', 'TON'],
    ]);

    const reason = within(panel).getByRole('textbox', { name: /Cancel Reason/, hidden: true });
    expect(within(panel).queryByText('Reason is required.')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel Order', hidden: true }));
    expect(await within(panel).findByText('Reason is required.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Cancel this order?')).not.toBeInTheDocument();

    await user.type(reason, 'x');
    expect(within(panel).queryByText('Reason is required.')).not.toBeInTheDocument();
    await user.clear(reason);
    expect(within(panel).getByText('Reason is required.')).toBeInTheDocument();
    await user.type(reason, '  Customer withdrew  ');
    expect(within(panel).queryByText('Reason is required.')).not.toBeInTheDocument();
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');

    // Enter asks, as the button does; nothing is sent before Yes.
    await user.keyboard('{Enter}');
    const confirm = await cancelConfirmation();
    expect(calls).toEqual([]);
    const before = lists.length;
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel the order', hidden: true }));

    expect(await screen.findByText('Order ORD26100001 was cancelled.')).toBeInTheDocument();
    expect(toastLife('Order ORD26100001 was cancelled.')).toBe('120000ms');
    expect(calls).toEqual([{ method: 'PUT', path: 'cancel', body: { id: 1, reason: 'Customer withdrew' } }]);
    await closed('Cancel Order');
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });

  it('given the server refused the cancel once, when it is confirmed again and taken, then the refusal toast closes beside "Data Saved" rather than staying its 120 s', async () => {
    let refusals = 1;
    changeServer({
      answer: () =>
        refusals-- > 0
          ? {
              success: false,
              message: 'Order ORD26100001 changed meanwhile; refresh the list and try again.',
              message_code: 'NOT_ALLOWED',
            }
          : null,
    });
    const { user, panel } = await openPanel('Cancel Order', 'Cancel Order');
    await user.type(
      within(panel).getByRole('textbox', { name: /Cancel Reason/, hidden: true }),
      'Customer withdrew',
    );
    await user.keyboard('{Enter}');
    await user.click(
      within(await cancelConfirmation()).getByRole('button', { name: 'Yes, cancel the order', hidden: true }),
    );
    expect(
      await screen.findByText('Order ORD26100001 changed meanwhile; refresh the list and try again.'),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Cancel Order', hidden: true }));
    await user.click(
      within(await cancelConfirmation()).getByRole('button', { name: 'Yes, cancel the order', hidden: true }),
    );
    expect(await screen.findByText('Order ORD26100001 was cancelled.')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(
          screen.queryByText('Order ORD26100001 changed meanwhile; refresh the list and try again.'),
        ).not.toBeInTheDocument(),
      { timeout: 5000 },
    );
  });

  it('given the server refuses the cancel, when it is confirmed, then its message shows as an error, the panel stays open with the reason, and the list is not read again', async () => {
    const { calls, lists } = changeServer({
      answer: () => ({
        success: false,
        message: 'Order ORD26100001 (REGISTRATION IN) can no longer be cancelled.',
        message_code: 'NOT_ALLOWED',
      }),
    });
    const { user, panel } = await openPanel('Cancel Order', 'Cancel Order');
    const reason = within(panel).getByRole('textbox', { name: /Cancel Reason/, hidden: true });
    await user.type(reason, 'Customer withdrew');
    await user.click(within(panel).getByRole('button', { name: 'Cancel Order', hidden: true }));
    const confirm = await cancelConfirmation();
    const before = lists.length;
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel the order', hidden: true }));

    expect(
      await screen.findByText('Order ORD26100001 (REGISTRATION IN) can no longer be cancelled.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Cancel this order?')).toBeNull());
    expect(panel).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Cancel Order ORD26100001', hidden: true }),
    ).toBeInTheDocument();
    expect(reason).toHaveValue('Customer withdrew');
    expect(within(panel).getByRole('button', { name: 'Cancel Order', hidden: true })).toBeEnabled();
    expect(lists.length).toBe(before);
  });

  it('given the server refuses the cancel reason with its message in both languages, when the language is switched, then the message under the reason reads in the new language', async () => {
    changeServer({
      answer: () => ({
        success: false,
        message: 'Validation error',
        message_code: 'VALIDATION',
        errors: { reason: ['Reason is too long.'] },
        errors_by_language: {
          en: { reason: ['Reason is too long.'] },
          id: { reason: ['Alasan terlalu panjang.'] },
        },
      }),
    });
    const { user, panel } = await openPanel('Cancel Order', 'Cancel Order');
    const reason = within(panel).getByRole('textbox', { name: /Cancel Reason/, hidden: true });
    await user.type(reason, 'Customer withdrew');
    await user.click(within(panel).getByRole('button', { name: 'Cancel Order', hidden: true }));
    const confirm = await cancelConfirmation();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel the order', hidden: true }));
    expect(await within(panel).findByText('Reason is too long.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    expect(await within(panel).findByText('Alasan terlalu panjang.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await within(panel).findByText('Reason is too long.')).toBeInTheDocument();
  });

  it('given the mark complete panel, when it opens and is confirmed, then it shows each line with quantity, outstanding, real quantity and revert quantity in 1 to 3 decimals, sends PUT order/mark_complete/1 without a body, toasts the server message and closes', async () => {
    const { calls, lists } = changeServer();
    const { user, panel } = await openPanel('Mark Complete', 'Mark Complete');

    const lines = within(panel).getByRole('table', { name: 'Lines of ORD26100001', hidden: true });
    expect(cellsOf(lines)).toEqual([
      ['Item No.', 'Material', 'Qty', 'Outstanding Qty', 'Real Qty', 'Revert Qty', 'UOM'],
      ['000010', 'Crude Palm Oil', '25.0', '10.0', '15.25', '0.0', 'TON'],
      ['000020', 'Palm Kernel Oil', '5.0', '5.0', '0.0', '0.0', 'TON'],
    ]);
    expect(within(panel).getByText('Revert Qty of the order: 0.0')).toBeInTheDocument();

    const before = lists.length;
    await user.click(within(panel).getByRole('button', { name: 'Mark Complete', hidden: true }));
    expect(
      await screen.findByText('Order ORD26100001 is complete; 15 went back to the SAP order.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: 'mark_complete/1', body: {} }]);
    await closed('Mark Complete');
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });

  it('given a change on its way, when the panel waits for the answer, then its buttons are disabled with a spinner and Escape does not close it', async () => {
    let answer = () => undefined as void;
    const { calls } = changeServer({ wait: new Promise<void>((resolve) => (answer = resolve)) });
    const { user, panel } = await openPanel('Mark Complete', 'Mark Complete');
    const confirm = within(panel).getByRole('button', { name: 'Mark Complete', hidden: true });
    await user.click(confirm);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(confirm).toBeDisabled();
    expect(within(confirm).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    const closeButtons = within(panel).getAllByRole('button', { name: 'Close', hidden: true });
    expect(closeButtons.at(-1)).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(
      screen.getByRole('heading', { name: 'Mark Complete ORD26100001', hidden: true }),
    ).toBeInTheDocument();

    answer();
    expect(
      await screen.findByText('Order ORD26100001 is complete; 15 went back to the SAP order.'),
    ).toBeInTheDocument();
    await closed('Mark Complete');
  });

  it('given the unmark complete panel, when it is confirmed and every line is reserved again, then PUT order/unmark_complete/1 is sent, the server message is a success and the panel closes', async () => {
    const { calls } = changeServer();
    const { user, panel } = await openPanel('Unmark Complete', 'Unmark Complete');
    await user.click(within(panel).getByRole('button', { name: 'Unmark Complete', hidden: true }));
    expect(
      await screen.findByText('Order ORD26100001 is no longer complete; its quantity is reserved again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Data Saved')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: 'unmark_complete/1', body: {} }]);
    await closed('Unmark Complete');
  });

  it('given an order that gave back 550,000 KG of one line and 750 TON of another, when its unmark panel opens, then what it gave back reads unit by unit, never the two added up as plain numbers', async () => {
    changeServer();
    const [first, second] = HEADER.Details;
    server.use(
      http.get(`${API}/order/:id/view`, () =>
        HttpResponse.json(
          envelope({
            header: {
              ...HEADER,
              Revert_Qty: 550750,
              Details: [
                { ...first, Revert_Qty: 550000, UOM: 'KG' },
                { ...second, Revert_Qty: 750, UOM: 'TON' },
              ],
            },
            assign: { transporters: [] },
          }),
        ),
      ),
    );
    const { panel } = await openPanel('Unmark Complete', 'Unmark Complete');
    expect(within(panel).getByText('Revert Qty of the order: 550,000.0 KG + 750.0 TON')).toBeInTheDocument();
    expect(within(panel).queryByText(/550,750/)).toBeNull();
  });

  it('given an unmark the server answers PARTLY_RESERVED, when it is confirmed, then the message is a warning rather than a success, the panel lists the lines not reserved again, and closing it reads the list again', async () => {
    const message =
      'Order ORD26100001 is no longer complete, but these lines could not be reserved again (taken by other orders): 000010 (5).';
    const { calls, lists } = changeServer({
      answer: () => ({
        success: true,
        message,
        message_code: 'PARTLY_RESERVED',
        data: { header: HEADER, unreserved: [{ Item_No: '000010', Qty: 5 }] },
      }),
    });
    const { user, panel } = await openPanel('Unmark Complete', 'Unmark Complete');
    await user.click(within(panel).getByRole('button', { name: 'Unmark Complete', hidden: true }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Data Saved')).not.toBeInTheDocument();
    const unreserved = await within(panel).findByRole('list', {
      name: 'Lines not reserved again',
      hidden: true,
    });
    expect(
      within(unreserved)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual(['Item 000010: 5.0']);
    expect(calls).toEqual([{ method: 'PUT', path: 'unmark_complete/1', body: {} }]);
    // The change is made: the panel offers only Close now.
    expect(within(panel).queryByRole('button', { name: 'Unmark Complete', hidden: true })).toBeNull();
    const before = lists.length;
    await user.click(within(panel).getAllByRole('button', { name: 'Close', hidden: true }).at(-1)!);
    await closed('Unmark Complete');
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });

  it('given the reassign panel, when a quantity above the outstanding one is typed and then a smaller one, then the line says its cap and Save waits, and Save sends only the lines that give something', async () => {
    const { calls, lists } = changeServer();
    const { user, panel } = await openPanel('Reassign DO', 'Reassign DO');

    const table = within(panel).getByRole('table', { name: 'Lines of ORD26100001', hidden: true });
    expect(cellsOf(table)[0]).toEqual([
      'Item No.',
      'SAP No.',
      'SAP Item No.',
      'Material',
      'Outstanding Qty',
      'UOM',
      'Qty to Give Back',
    ]);
    expect(cellsOf(table)[1]?.slice(0, 6)).toEqual([
      '000010',
      '0010000001',
      '000020',
      'Crude Palm Oil',
      '10.0',
      'TON',
    ]);
    const first = within(panel).getByRole('textbox', {
      name: 'Quantity item 000010 gives back (at most 10.0)',
      hidden: true,
    });
    const second = within(panel).getByRole('textbox', {
      name: 'Quantity item 000020 gives back (at most 5.0)',
      hidden: true,
    });
    expect(first).toHaveValue('0');
    expect(second).toHaveValue('0');
    const save = within(panel).getByRole('button', { name: 'Save', hidden: true });
    expect(save).toBeDisabled();

    await user.clear(first);
    await user.type(first, '12');
    expect(within(panel).getByText('At most 10.0 (the outstanding quantity).')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    // Letters and a fourth decimal are not taken.
    await user.clear(first);
    await user.type(first, '4a.1255');
    expect(first).toHaveValue('4.125');
    expect(within(panel).queryByText('At most 10.0 (the outstanding quantity).')).not.toBeInTheDocument();
    expect(save).toBeEnabled();

    const before = lists.length;
    await user.click(save);
    expect(
      await screen.findByText('Part of order ORD26100001 went back to the SAP order.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', path: 'reassign_do', body: { order_id: 1, details: [{ Id: 11, Qty: 4.125 }] } },
    ]);
    await closed('Reassign DO');
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });

  it('given the stuffing date panel, when a date outside the valid range is saved and then one inside with the second left empty, then the current and valid ranges show, the first is refused at the field, and the second is sent as YYYY-MM-DD with the end equal to the start', async () => {
    const { calls, lists } = changeServer();
    const { user, panel } = await openPanel('Edit Stuffing Date', 'Edit Stuffing Date');

    const facts = within(panel).getByLabelText('Stuffing and valid dates');
    expect(within(facts).getByText('05/10/26 – 06/10/26')).toBeInTheDocument();
    expect(within(facts).getByText('01/10/2026 – 30/11/2026')).toBeInTheDocument();
    expect(within(panel).getByText('Between 01/10/26 and 30/11/26')).toBeInTheDocument();

    const from = within(panel).getByRole('textbox', { name: /New Stuffing Date From/, hidden: true });
    const to = within(panel).getByRole('textbox', { name: /New Stuffing Date To/, hidden: true });
    expect(from).toHaveValue('05/10/26');
    expect(to).toHaveValue('06/10/26');

    await user.clear(from);
    await user.type(from, '01/12/26');
    expect(
      within(panel).getByText('The date must be within the valid range 01/10/26 – 30/11/26.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save', hidden: true })).toBeDisabled();
    expect(calls).toEqual([]);

    await user.clear(from);
    await user.type(from, '31/02/26');
    expect(within(panel).getByText('Enter a real date as dd/mm/yy.')).toBeInTheDocument();

    // Typed without slashes; the second date left empty is the first.
    await user.clear(from);
    await user.type(from, '101026');
    await user.clear(to);
    const before = lists.length;
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Stuffing date has changed.')).toBeInTheDocument();
    // spec/1 §8: this success stays 50 s, not the 120 s of other toasts.
    expect(toastLife('Stuffing date has changed.')).toBe('50000ms');
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: 'change_stuffing_date',
        body: { order_id: 1, stuffing_date_from: '2026-10-10', stuffing_date_to: '2026-10-10' },
      },
    ]);
    await closed('Edit Stuffing Date');
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });

  it('given the server refuses a new stuffing date, when it is saved, then its message shows and the panel stays open with the dates typed', async () => {
    const { calls } = changeServer({
      answer: () => ({
        success: false,
        message: 'The stuffing date of order ORD26100001 (COMPLETED) can no longer be changed.',
        message_code: 'NOT_ALLOWED',
      }),
    });
    const { user, panel } = await openPanel('Edit Stuffing Date', 'Edit Stuffing Date');
    const from = within(panel).getByRole('textbox', { name: /New Stuffing Date From/, hidden: true });
    const to = within(panel).getByRole('textbox', { name: /New Stuffing Date To/, hidden: true });
    await user.clear(from);
    await user.type(from, '12/10/26');
    await user.clear(to);
    await user.type(to, '14/10/26');
    await user.click(within(panel).getByRole('button', { name: 'Save', hidden: true }));

    expect(
      await screen.findByText('The stuffing date of order ORD26100001 (COMPLETED) can no longer be changed.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(
      screen.getByRole('heading', { name: 'Edit Stuffing Date ORD26100001', hidden: true }),
    ).toBeInTheDocument();
    expect(from).toHaveValue('12/10/26');
    expect(to).toHaveValue('14/10/26');
    expect(within(panel).getByRole('button', { name: 'Save', hidden: true })).toBeEnabled();
  });

  it('given an order whose stuffing dates lie after its valid range (issue 27 item 5), when the panel opens and dates are typed, then what the server rule refuses shows under the field at once in English and Indonesian and Save is disabled until the range keeps to it', async () => {
    const { calls } = changeServer();
    server.use(
      http.get(`${API}/order/:id/view`, () =>
        HttpResponse.json(
          envelope({
            header: { ...HEADER, Stuffing_Date_From: '2026-12-05', Stuffing_Date_To: '2026-12-06' },
            assign: { transporters: [] },
          }),
        ),
      ),
    );
    const { user, panel } = await openPanel('Edit Stuffing Date', 'Edit Stuffing Date');
    const save = () => within(panel).getByRole('button', { name: /^(Save|Simpan)$/, hidden: true });
    const outside = 'The date must be within the valid range 01/10/26 – 30/11/26.';

    // Nothing typed yet: the order's own range is judged by the rule.
    expect(within(panel).getAllByText(outside)).toHaveLength(2);
    expect(save()).toBeDisabled();

    const from = within(panel).getByRole('textbox', { name: /New Stuffing Date From/, hidden: true });
    const to = within(panel).getByRole('textbox', { name: /New Stuffing Date To/, hidden: true });
    await user.clear(from);
    await user.type(from, '10/11/26');
    await user.clear(to);
    await user.type(to, '05/11/26');
    expect(within(panel).queryByText(outside)).not.toBeInTheDocument();
    expect(within(panel).getByText('The second date cannot be before the first.')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await act(() => i18n.changeLanguage('id'));
    try {
      expect(
        within(panel).getByText('Tanggal kedua tidak boleh sebelum tanggal pertama.'),
      ).toBeInTheDocument();
      expect(save()).toBeDisabled();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }

    await user.clear(to);
    await user.type(to, '15/11/26');
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText('Stuffing date has changed.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: 'change_stuffing_date',
        body: { order_id: 1, stuffing_date_from: '2026-11-10', stuffing_date_to: '2026-11-15' },
      },
    ]);
  });

  it('given history rows with their changes, when the history panel opens, then a Change column names each change in the interface language, a row without one reads "-", and the remark shows', async () => {
    changeServer();
    server.use(
      http.get(`${API}/order/view_history/1`, () =>
        HttpResponse.json(
          envelope([
            {
              Status_From: null,
              Status_To: 'ACCEPTED',
              Created_Date: '2026-10-04T01:05:00.000Z',
              Created_By: 'logistic',
              Remark: null,
              Change: null,
            },
            {
              Status_From: 'ACCEPTED',
              Status_To: 'ACCEPTED',
              Created_Date: '2026-10-05T01:05:00.000Z',
              Created_By: 'logistic',
              Remark: null,
              Change: 'stuffing-date',
            },
            {
              Status_From: 'ACCEPTED',
              Status_To: 'CANCELLED',
              Created_Date: '2026-10-06T01:05:00.000Z',
              Created_By: 'logistic',
              Remark: 'Customer withdrew',
              Change: 'cancel',
            },
            {
              Status_From: 'CANCELLED',
              Status_To: 'CANCELLED',
              Created_Date: '2026-10-07T01:05:00.000Z',
              Created_By: 'system',
              Remark: null,
              Change: 'archive',
            },
          ]),
        ),
      ),
    );
    // The order list gives its panels the status texts of its master list, which has no CANCELLED.
    const statusText = (code: string) => MASTER.status.find((s) => s.code === code)?.text ?? code;
    renderPiece(<OrderHistoryPanel orderId={1} statusText={statusText} onClose={jest.fn()} />);

    const table = await screen.findByRole('table', { name: 'Status history', hidden: true });
    const cells = cellsOf(table);
    expect(cells[0]).toEqual(['Change', 'Status From', 'Status To', 'Created Date', 'Created By', 'Remark']);
    expect(cells.slice(1).map((row) => row[0])).toEqual([
      '-',
      'Change stuffing date',
      'Cancel',
      // A change the console has no label for reads as its name.
      'archive',
    ]);
    expect(cells[3]?.slice(1, 3)).toEqual(['Accepted', 'CANCELLED']);
    expect(cells[3]?.[5]).toBe('Customer withdrew');
  });
});
