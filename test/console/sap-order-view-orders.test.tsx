// The View Orders panel (console/src/pages/sap-orders/orders): `GET saporder/orders/{id}` shown as the SAP order's
// header, its lines (spec/2 §2.7: Item_No, material, order_qty, os_qty, real_qty, UOM) and the orders made from it
// with transporter, status and dispatch status, a link to the order list, and a failed load closing the panel.
import { FluentProvider, RendererProvider, createDOMRenderer } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import '../../console/src/i18n';
import { QueryProvider } from '../../console/src/api/query';
import { ViewOrdersPanel } from '../../console/src/pages/sap-orders/orders/ViewOrdersPanel';
import { attachToastListener, type ToastRequest } from '../../console/src/shell/notify';
import { tmsTheme } from '../../console/src/theme';
import { API, envelope, server } from './server';

let toasts: ToastRequest[] = [];
let detach: (() => void) | null = null;
beforeEach(() => {
  toasts = [];
  detach = attachToastListener((request) => toasts.push(request));
});
afterEach(() => detach?.());

function renderPanel() {
  const onClose = jest.fn();
  render(
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <FluentProvider theme={tmsTheme}>
        <QueryProvider>
          <MemoryRouter>
            <ViewOrdersPanel row={{ Id: 31, Document_No: '0010000031' }} onClose={onClose} />
          </MemoryRouter>
        </QueryProvider>
      </FluentProvider>
    </RendererProvider>,
  );
  return { onClose };
}

describe('View Orders panel', () => {
  it('given a SAP order with two orders, when the panel opens, then its header, its lines with their quantities and its orders with transporter and status show, with a link to the order list', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/saporder/orders/:id`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(
          envelope({
            header: {
              Id: 31,
              Document_No: '0010000031',
              Company_Code: '1000',
              Customer_Vendor_Code: 'CUS001',
              Valid_From: '2026-10-01',
            },
            details: [
              {
                Item_No: '000010',
                material_name: 'Crude Palm Oil',
                order_qty: 25,
                os_qty: 5,
                real_qty: 12.5,
                UOM: 'TON',
              },
            ],
            orders: [
              {
                Id: 1,
                Order_No: 'ORD-0001',
                Transporter_Code: 'TRP001',
                Transporter_Name: 'PT Angkut Satu',
                Status: 'ACCEPTED',
                Dispatch_Status: 'ACCEPTED',
              },
              {
                Id: 2,
                Order_No: 'ORD-0002',
                Transporter_Code: 'TRP002',
                Transporter_Name: 'PT Murah',
                Status: 'ASSIGNED TO TRANSPORTER',
                Dispatch_Status: 'WAITING',
              },
            ],
          }),
        );
      }),
    );
    renderPanel();

    const dialog = await screen.findByRole('dialog', { name: 'Orders of 0010000031' });
    const lines = await within(dialog).findByRole('table', { name: 'Lines' });
    expect(asked).toEqual(['31']);
    expect(within(dialog).getByText('CUS001')).toBeInTheDocument();
    expect(within(dialog).getByText('01/10/2026')).toBeInTheDocument();
    const [, line] = within(lines).getAllByRole('row');
    expect(
      within(line!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['000010', 'Crude Palm Oil', '25.0', '5.0', '12.5', 'TON']);

    const orders = within(dialog).getByRole('table', { name: 'Orders' });
    const rows = within(orders).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['ORD-0001', 'TRP001 - PT Angkut Satu', 'ACCEPTED', 'ACCEPTED'],
      ['ORD-0002', 'TRP002 - PT Murah', 'ASSIGNED TO TRANSPORTER', 'WAITING'],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Open the order list' })).toHaveAttribute(
      'href',
      '/Order/Index',
    );
  });

  it('given a SAP order without orders, when the panel opens, then it says so', async () => {
    server.use(
      http.get(`${API}/saporder/orders/:id`, () =>
        HttpResponse.json(envelope({ header: { Id: 31 }, details: [], orders: [] })),
      ),
    );
    renderPanel();
    expect(await screen.findByText('No order was made from this SAP order.')).toBeInTheDocument();
    expect(screen.getByText('No lines.')).toBeInTheDocument();
  });

  it('given the server refuses, when the panel opens, then its message toasts and the panel closes', async () => {
    server.use(
      http.get(`${API}/saporder/orders/:id`, () =>
        HttpResponse.json(
          { success: false, message: 'SAP order not found', message_code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    const { onClose } = renderPanel();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts).toEqual([expect.objectContaining({ intent: 'error', message: 'SAP order not found' })]);
  });
});
