// Orders on the Approval screen (/Approval/Index) with msw: an order waiting for approval of its transporter
// assignment (Transaction_Type ORDER) is listed beside SAP orders with its summary, transporter and freight cost,
// and View Order opens the order's view with where it is in its process; a SAP order row opens nothing.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { openApproval } from './approval-support';
import { chooseRows } from './render';
import { API, envelope, permissionHandler, server } from './server';

const ROWS = [
  {
    Id: 21,
    Transaction_Type: 'ORDER',
    Document_Id: '7',
    Document_No: 'ORD26100007',
    Company_Code: '1000',
    Order_Type: 'SO',
    Document_Date: '2026-10-22',
    Customer_Vendor_Code: 'CUS001',
    Customer_Vendor_Name: 'PT Minyak Nabati Sejahtera',
    Plant: null,
    Qty_Total: 25,
    Sap_No: '0010000007',
    Transporter_Code: 'TRP001',
    Transporter_Name: 'PT Angkut Sawit',
    Freight_Total_Cost: 3750000,
    Level: 1,
    Max_Level: 2,
    Requested_By: 'logistic',
    Requested_Date: '2026-10-22T03:00:00.000Z',
    Summary: 'SO 0010000007 to TRP001, HIGHER',
  },
  {
    Id: 11,
    Transaction_Type: 'SAP_ORDER',
    Document_Id: '501',
    Document_No: 'MSO2610000011',
    Company_Code: '1000',
    Order_Type: 'PO',
    Document_Date: '2026-10-20',
    Customer_Vendor_Name: 'KUD Sawit Jaya',
    Plant: '1101',
    Qty_Total: 20.5,
    Level: 1,
    Max_Level: 1,
    Requested_By: 'newstaff',
    Requested_Date: '2026-10-20T03:00:00.000Z',
    Summary: 'PO MSO2610000011',
  },
];

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('Approval screen: orders', () => {
  it('given an order waiting for approval of its transporter, when the screen opens and the row is chosen, then it shows with its summary, transporter and freight cost, and View Order opens its view with the approval level awaited', async () => {
    server.use(
      permissionHandler({ View: true, Edit: true }),
      http.get(`${API}/approval/master_list`, () =>
        HttpResponse.json(
          envelope({
            tab_status: [
              { code: 'ALL', text: 'All', count: 2 },
              { code: 'SAP_ORDER', text: 'SAP Order', count: 1 },
              { code: 'ORDER', text: 'Order', count: 1 },
            ],
          }),
        ),
      ),
      http.post(`${API}/approval/list`, () => HttpResponse.json(envelope(ROWS, { totalRecords: 2 }))),
      http.get(`${API}/order/7/view`, () =>
        HttpResponse.json(
          envelope({
            header: {
              Id: 7,
              Order_No: 'ORD26100007',
              Business_Segment_Name: 'CPO',
              Warehouse_Name: 'Gudang Sei Mangkei',
              Details: [
                {
                  Item_No: '000010',
                  sap_no: '0010000007',
                  Material_Name: 'Crude Palm Oil',
                  Qty: 25,
                  os_qty: 25,
                  real_qty: 0,
                  UOM: 'TON',
                },
              ],
            },
            assign: { transporters: [] },
          }),
        ),
      ),
      http.get(`${API}/order/process/7`, () =>
        HttpResponse.json(
          envelope({
            Order_No: 'ORD26100007',
            Status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
            Dispatch_Status: null,
            Auto_Reject_Date: null,
            awaiting: { kind: 'approval', level: 1, approvers: ['supervisor'] },
            workflow_id: 'order:ORD26100007',
            workflow_url: 'http://127.0.0.1:8233/namespaces/default/workflows/order%3AORD26100007',
            live: true,
          }),
        ),
      ),
    );
    const { user } = await openApproval({ user: {}, shows: 'ORD26100007' });
    const row = rowOf('ORD26100007');
    expect(row.textContent).toMatch(
      /Order.*ORD26100007.*1000.*SO.*22\/10\/2026.*PT Minyak Nabati Sejahtera.*25\.000.*SO 0010000007 to TRP001, HIGHER.*PT Angkut Sawit.*3,750,000\.00.*logistic/,
    );
    const view = screen.getByRole('button', { name: 'View Order' });
    expect(view).toBeDisabled();

    // A SAP order is not an order: chosen, it opens nothing here.
    const sapOrderBox = within(rowOf('MSO2610000011')).getByRole('checkbox');
    await chooseRows(user, [sapOrderBox], '1 selected');
    expect(view).toBeDisabled();
    await chooseRows(user, [sapOrderBox], '0 selected');

    await chooseRows(user, [within(row).getByRole('checkbox')], '1 selected');
    expect(view).toBeEnabled();
    await user.click(view);
    const block = await screen.findByRole('region', { name: 'Where is my order?', hidden: true });
    expect(await within(block).findByText('Approval level 1: supervisor')).toBeInTheDocument();
    // The step reads as words, not as the status code.
    expect(within(block).getByText('Waiting for assign to transporter approval')).toBeInTheDocument();
    expect(within(block).queryByText('WAITING FOR ASSIGN TO TRANSPORTER APPROVAL')).not.toBeInTheDocument();
    expect(screen.getByText('Order ORD26100007')).toBeInTheDocument();
    expect(screen.getByText('Gudang Sei Mangkei')).toBeInTheDocument();
  });

  it('given an order edit and an assignment waiting for approval, when the screen opens, then each row says what it asks (Assignment or Order edit), why (the criterion), the reason given, the cost beside the suggested one, the quantity in KG and unit by unit, and the edit what it changes before → after', async () => {
    server.use(
      permissionHandler({ View: true, Edit: true }),
      http.get(`${API}/approval/master_list`, () =>
        HttpResponse.json(
          envelope({
            tab_status: [
              { code: 'ALL', text: 'All', count: 2 },
              { code: 'ORDER', text: 'Order', count: 2 },
            ],
          }),
        ),
      ),
      http.post(`${API}/approval/list`, () =>
        HttpResponse.json(
          envelope(
            [
              {
                ...ROWS[0],
                Request_Kind: 'ASSIGN',
                Qty_Total: 600750,
                Qty_By_UOM: '750 KG + 600 TON',
                Freight_Cost: 60,
                Freight_Suggested: 48,
                Freight_Criteria: 'HIGHER',
                Assign_Reason: 'Urgent delivery',
                Changes: null,
              },
              {
                ...ROWS[0],
                Id: 22,
                Document_Id: '8',
                Document_No: 'ORD26100008',
                Request_Kind: 'EDIT',
                Transporter_Name: 'CV Dua Angkut',
                Freight_Total_Cost: 1400000,
                Qty_Total: 20000,
                Qty_By_UOM: '20 TON',
                Freight_Cost: 70,
                Freight_Suggested: 48,
                Freight_Criteria: 'EXCEED',
                Assign_Reason: 'Urgent delivery: Port closes Friday',
                Changes: '0010000008/000010: 25 → 20 TON; Transporter TRP001 → TRP002',
              },
            ],
            { totalRecords: 2 },
          ),
        ),
      ),
    );
    await openApproval({ user: {}, shows: 'ORD26100008' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const header of [
      'Request',
      'Total Qty (KG)',
      'Qty',
      'Freight Cost',
      'Suggested Cost',
      'Criterion',
      'Reason',
      'Changes (before → after)',
    ]) {
      expect(headers).toContain(header);
    }
    expect(rowOf('ORD26100007').textContent).toMatch(
      /Assignment.*ORD26100007.*600,750\.000.*750 KG \+ 600 TON.*60\.00.*48\.00.*Higher: total KG differs from the recommended.*Urgent delivery/,
    );
    expect(rowOf('ORD26100008').textContent).toMatch(
      /Order edit.*ORD26100008.*20,000\.000.*20 TON.*CV Dua Angkut.*1,400,000\.00.*70\.00.*48\.00.*Transporter quota exceeded.*Urgent delivery: Port closes Friday.*0010000008\/000010: 25 → 20 TON; Transporter TRP001 → TRP002/,
    );
  });
});
