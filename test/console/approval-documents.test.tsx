// Opening a document from the Approval screen (/Approval/Index) with msw: the document number of each row is a link
// to what the approver decides on. A SAP order opens in the SAP order editor in view mode (a page of its own, so
// its link has the address, and the editor is told the Approval screen is where Back returns); an order opens its
// view panel in place, as View Order does, without choosing the row. A document with no screen yet (a shipment)
// shows its number as plain text. Only the Approval screen is mounted here.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import ApprovalPage from '../../console/src/pages/approvals/ApprovalPage';
import { APPROVAL_PATH, openApproval } from './approval-support';
import { API, envelope, permissionHandler, server } from './server';

const BASE = {
  Company_Code: '1000',
  Customer_Vendor_Code: 'CUS001',
  Customer_Vendor_Name: 'PT Minyak Nabati Sejahtera',
  Level: 1,
  Max_Level: 1,
  Requested_By: 'logistic',
  Requested_Date: '2026-10-22T03:00:00.000Z',
};

const ROWS = [
  {
    ...BASE,
    Id: 11,
    Transaction_Type: 'SAP_ORDER',
    Document_Id: '501',
    Document_No: 'MSO2610000011',
    Order_Type: 'PO',
    Document_Date: '2026-10-20',
    Plant: '1101',
    Qty_Total: 20.5,
    Summary: 'PO MSO2610000011',
  },
  {
    ...BASE,
    Id: 21,
    Transaction_Type: 'ORDER',
    Document_Id: '7',
    Document_No: 'ORD26100007',
    Order_Type: 'SO',
    Document_Date: '2026-10-22',
    Qty_Total: 25,
    Transporter_Name: 'PT Angkut Sawit',
    Freight_Total_Cost: 3750000,
    Summary: 'SO 0010000007 to TRP001',
  },
  {
    ...BASE,
    Id: 31,
    Transaction_Type: 'SHIPMENT',
    Document_Id: '9',
    Document_No: 'SHP26100009',
    Summary: 'Shipment SHP26100009',
  },
];

interface Calls {
  orders: string[];
}

function approvalServer(): Calls {
  const calls: Calls = { orders: [] };
  server.use(
    permissionHandler({ View: true, Edit: true }),
    http.get(`${API}/approval/master_list`, () =>
      HttpResponse.json(envelope({ tab_status: [{ code: 'ALL', text: 'All', count: ROWS.length }] })),
    ),
    http.post(`${API}/approval/list`, () => HttpResponse.json(envelope(ROWS, { totalRecords: ROWS.length }))),
    http.get(`${API}/order/:id/view`, ({ params }) => {
      calls.orders.push(String(params.id));
      return HttpResponse.json(
        envelope({
          header: {
            Id: 7,
            Order_No: 'ORD26100007',
            Warehouse_Name: 'Gudang Sei Mangkei',
            Details: [],
          },
          assign: { transporters: [] },
        }),
      );
    }),
    http.get(`${API}/order/process/:id`, () =>
      HttpResponse.json(
        envelope({
          Order_No: 'ORD26100007',
          Status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
          Dispatch_Status: null,
          Auto_Reject_Date: null,
          awaiting: { kind: 'approval', level: 1, approvers: ['ayu'] },
          workflow_id: 'order:ORD26100007',
          workflow_url: null,
          live: true,
        }),
      ),
    ),
  );
  return calls;
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/**
 * The Approval screen at its address; at any other address the console was sent to, that address and the page it
 * was left from (the `from` an editor's Back returns to) instead of the screen there.
 */
function ApprovalOrWhereSent() {
  const location = useLocation();
  if (location.pathname === APPROVAL_PATH) return <ApprovalPage />;
  const from = (location.state as { from?: unknown } | null)?.from;
  return <p>{`Sent to ${location.pathname}${location.search} from ${String(from)}`}</p>;
}

async function openScreen() {
  const calls = approvalServer();
  const view = await openApproval({ user: {}, routePath: '*', shows: 'ORD26100007' }, ApprovalOrWhereSent);
  return { ...view, calls };
}

describe('Approval screen: opening a document', () => {
  // The SAP order editor's view mode is its own suite's (sap-order-editor.test.tsx), and Back to the page an
  // editor was opened from is editor-frame.test.tsx's; the whole way there and back runs in the browser
  // (test/e2e/console-defects-navigation.test.ts, "the Approval screen opens its documents").
  it('given a SAP order waiting for approval, when its document number is clicked, then the SAP order editor is opened on it in view mode, with the Approval screen to go back to', async () => {
    const { user, where } = await openScreen();
    const link = within(rowOf('MSO2610000011')).getByRole('link', { name: 'MSO2610000011' });
    expect(link).toHaveAttribute('href', '/SAPOrder/Editor?mode=view&id=501');

    await user.click(link);

    expect(
      await screen.findByText('Sent to /SAPOrder/Editor?mode=view&id=501 from /Approval/Index'),
    ).toBeInTheDocument();
    expect(where()).toBe('/SAPOrder/Editor?mode=view&id=501');
  });

  it('given an order waiting for approval of its transporter, when its document number is clicked, then its view panel opens in place and the row stays unchosen', async () => {
    const { user, where, calls } = await openScreen();
    const open = within(rowOf('ORD26100007')).getByRole('button', { name: 'ORD26100007' });

    await user.click(open);

    expect(await screen.findByText('Order ORD26100007')).toBeInTheDocument();
    expect(await screen.findByText('Gudang Sei Mangkei')).toBeInTheDocument();
    expect(calls.orders).toEqual(['7']);
    expect(where()).toBe('/Approval/Index');
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('given the keyboard, when the document number cell of an order is focused and Enter is pressed, then its view panel opens', async () => {
    const { user, calls } = await openScreen();
    const cell = within(rowOf('ORD26100007'))
      .getAllByRole('gridcell')
      .find((c) => c.getAttribute('col-id') === 'Document_No');
    if (!cell) throw new Error('no Document_No cell');

    cell.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Order ORD26100007')).toBeInTheDocument();
    expect(calls.orders).toEqual(['7']);
  });

  it('given a document of a kind with no screen yet (a shipment), when the list shows, then its number is plain text, not a link', async () => {
    await openScreen();
    const row = rowOf('SHP26100009');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'SHP26100009' })).not.toBeInTheDocument();
    expect(within(row).getByText('SHP26100009')).toBeInTheDocument();
  });
});
