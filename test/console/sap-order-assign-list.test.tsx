// The assign and view-orders panels opened from the SAP order list (console/src/pages/sap-orders/list): Assign
// Transporter takes the chosen rows (Ctrl adds one) into one panel, the first loaded as the first document and the
// next with what it fixed; View Orders asks saporder/orders/{id} for the chosen row.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import SapOrderListPage from '../../console/src/pages/sap-orders/list/SapOrderListPage';
import { openScreenOnly } from './render';
import { API, envelope, permissionHandler, server } from './server';

const MASTER = { status: [], shipment_type: [], tab_status: [{ code: 'ALL', text: 'All', count: 3 }] };

function row(id: number, overrides: Record<string, unknown> = {}) {
  return {
    Id: id,
    Type: 'SYNC SAP',
    Document_No: `00100000${id}`,
    Status: 'APPROVED',
    is_relation: false,
    can_assign_transporter: true,
    can_view_orders: false,
    has_order: false,
    Details: [],
    ...overrides,
  };
}

const ROWS = [
  row(41),
  row(42),
  row(43, { can_assign_transporter: false, can_view_orders: true, has_order: true }),
];

function answers() {
  const simulated: Record<string, unknown>[] = [];
  const viewed: string[] = [];
  server.use(
    permissionHandler({ View: true, Create: true, Edit: true }),
    http.get(`${API}/saporder/master_list`, () => HttpResponse.json(envelope(MASTER))),
    http.post(`${API}/saporder/list`, () => HttpResponse.json(envelope(ROWS, { totalRecords: ROWS.length }))),
    http.get(`${API}/list/:name`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    http.post(`${API}/saporder/merge_simulate`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      simulated.push(body);
      const id = Number(String(body.sap_no).slice(-2));
      return HttpResponse.json(
        envelope({
          sap_orders: [
            {
              Id: id,
              Document_No: body.sap_no as string,
              Order_Type: 'SO',
              Shipment_Type: 'INDIVIDUAL_TRANSPORTER',
              shipment_type_category: 'INDIVIDUAL',
              Warehouse_Code: 'WH01',
              Company_Code: '1000',
            },
          ],
          sap_order_details: [
            { Id: id * 10, Document_No: body.sap_no as string, Item_No: '000010', Qty: 1, os_qty: 1 },
          ],
          assign_model: {},
        }),
      );
    }),
    http.get(`${API}/util/default_conversion_type/:wh/:company`, () => HttpResponse.json(envelope('STD'))),
    http.get(`${API}/saporder/orders/:id`, ({ params }) => {
      viewed.push(String(params.id));
      return HttpResponse.json(envelope({ header: { Id: 43 }, details: [], orders: [] }));
    }),
  );
  return { simulated, viewed };
}

describe('SAP order list: assign and view-orders panels', () => {
  it('given two assignable rows chosen with Ctrl, when Assign Transporter is pressed, then one panel loads the first as the first document and the second with what the first fixed', async () => {
    const calls = answers();
    const { user } = await openScreenOnly(SapOrderListPage, '/SAPOrder/Index', {
      user: {},
      shows: '0010000041',
    });

    await user.click(screen.getByText('0010000041'));
    await user.keyboard('{Control>}');
    await user.click(screen.getByText('0010000042'));
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('button', { name: 'Assign Transporter' }));

    const panel = await screen.findByRole('dialog', { name: /^Assign Transporter/, hidden: true });
    await within(panel).findByRole('table', { name: 'Lines', hidden: true });
    await waitFor(() => expect(calls.simulated).toHaveLength(2));
    expect(calls.simulated[0]).toMatchObject({ sap_no: '0010000041', is_first: true });
    expect(calls.simulated[1]).toMatchObject({
      sap_no: '0010000042',
      is_first: false,
      order_type: 'SO',
      warehouse_code: 'WH01',
      company_code: '1000',
    });
  });

  it('given a row with orders, when View Orders is pressed, then its orders are asked and shown in a panel', async () => {
    const calls = answers();
    const { user } = await openScreenOnly(SapOrderListPage, '/SAPOrder/Index', {
      user: {},
      shows: '0010000043',
    });

    await user.click(screen.getByText('0010000043'));
    await user.click(screen.getByRole('button', { name: 'View Orders' }));

    expect(await screen.findByText('No order was made from this SAP order.')).toBeInTheDocument();
    expect(calls.viewed).toEqual(['43']);
  });
});
