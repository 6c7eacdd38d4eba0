import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserData } from '../../console/src/api/types';
import DashboardPage from '../../console/src/pages/dashboard/DashboardPage';
import { renderScreen } from './render';
import { API, envelope, requestsSettled, server, zeroCounts } from './server';

// nivo itself is exercised in the browser; here the dashboard's choice between chart and empty state is tested.
jest.mock('../../console/src/pages/dashboard/CompletedChart', () => ({
  __esModule: true,
  default: ({ data }: { data: { date: string; total: number }[] }) => (
    <div data-testid="completed-chart">{data.map((day) => `${day.date}:${day.total}`).join(' ')}</div>
  ),
}));

const counts = {
  ...zeroCounts,
  sap_order_total: 1284,
  order_total: 962,
  order_waiting_approval: 12,
  order_assigned: 85,
  order_completed: 803,
  shipment_total: 1540,
  shipment_new: 42,
  shipment_appointment: 58,
  shipment_regis_in: 19,
  shipment_regis_out: 11,
  shipment_completed: 1380,
};

function countCalls() {
  const calls = { statusCount: 0, completed: 0 };
  server.use(
    http.get(`${API}/dashboard/status_count`, () => {
      calls.statusCount += 1;
      return HttpResponse.json(envelope(counts));
    }),
    http.get(`${API}/dashboard/completed`, () => {
      calls.completed += 1;
      return HttpResponse.json(envelope([{ date: '2025-03-07', total: 0 }]));
    }),
  );
  return calls;
}

const cards = () => ({
  sap: screen.queryByRole('region', { name: 'Total SAP Orders' }),
  orders: screen.queryByRole('region', { name: 'Orders' }),
  shipments: screen.queryByRole('region', { name: 'Shipments' }),
});

async function openDashboard(user: Partial<UserData>) {
  renderScreen(DashboardPage, '/', { user });
  await screen.findByRole('heading', { name: /Welcome/ });
}

describe('dashboard', () => {
  it('given an admin, when the dashboard opens, then Total SAP Orders, Orders and Shipments show with their counts', async () => {
    countCalls();
    await openDashboard({ Is_Admin: true, Role: 'USER', Department: 'WAREHOUSE' });

    expect(await screen.findByText('1,284')).toBeInTheDocument();
    const { sap, orders, shipments } = cards();
    expect(sap).toBeInTheDocument();
    expect(orders).toHaveTextContent('962');
    expect(orders).toHaveTextContent('Assigned to Transporter85');
    expect(shipments).toHaveTextContent('Registration Out11');
  });

  it('given a logistic user, when the dashboard opens, then all three cards show', async () => {
    countCalls();
    await openDashboard({ Role: 'USER', Department: 'LOGISTIC' });

    await screen.findByText('1,540');
    const { sap, orders, shipments } = cards();
    expect(sap).toBeInTheDocument();
    expect(orders).toBeInTheDocument();
    expect(shipments).toBeInTheDocument();
  });

  it('given a warehouse user, when the dashboard opens, then only the Shipments card shows', async () => {
    countCalls();
    await openDashboard({ Role: 'USER', Department: 'WAREHOUSE' });

    await screen.findByText('1,540');
    const { sap, orders, shipments } = cards();
    expect(shipments).toBeInTheDocument();
    expect(sap).not.toBeInTheDocument();
    expect(orders).not.toBeInTheDocument();
  });

  it('given a transporter, when the dashboard opens, then a welcome text shows instead of the cards and no dashboard call is made', async () => {
    const calls = countCalls();
    await openDashboard({ Role: 'TRANSPORTER', Department: null, Transporter_Code: 'TR01' });

    expect(screen.getByText(/work on the orders assigned to you/)).toBeInTheDocument();
    const { sap, orders, shipments } = cards();
    expect(sap).not.toBeInTheDocument();
    expect(orders).not.toBeInTheDocument();
    expect(shipments).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Total orders completed last 7 days' }),
    ).not.toBeInTheDocument();
    await requestsSettled();
    expect(calls).toEqual({ statusCount: 0, completed: 0 });
  });

  it('given an important notice with a script and an onerror handler, when it is shown, then only the harmless HTML survives', async () => {
    server.use(
      http.get(`${API}/util/important_notice`, () =>
        HttpResponse.json(
          envelope(
            '<p><b>Planned maintenance</b> tonight.<script>window.hacked = true</script><img src="x" onerror="window.hacked = true"></p>',
          ),
        ),
      ),
    );
    await openDashboard({ Role: 'TRANSPORTER' });

    const notice = await screen.findByTestId('important-notice');
    expect(notice).toHaveTextContent('Planned maintenance tonight.');
    // The sanitised markup itself is the subject here: which elements survived.
    /* eslint-disable testing-library/no-node-access */
    expect(notice.querySelector('b')).not.toBeNull();
    expect(notice.querySelector('script')).toBeNull();
    expect(notice.querySelector('img')).not.toHaveAttribute('onerror');
    /* eslint-enable testing-library/no-node-access */
    expect(notice.innerHTML).not.toMatch(/onerror|script/i);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('given an empty notice, when the dashboard opens, then no notice banner shows', async () => {
    await openDashboard({ Role: 'TRANSPORTER' });

    await waitFor(() => expect(screen.queryByTestId('important-notice')).not.toBeInTheDocument());
  });

  it('given no order was completed in the last 7 days, when the chart loads, then a friendly empty state shows', async () => {
    await openDashboard({ Is_Admin: true });

    expect(await screen.findByText('No orders were completed in the last 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Total orders completed last 7 days' })).toBeInTheDocument();
  });

  it('given orders completed in the last 7 days, when the chart loads, then the chart is shown instead of the empty state', async () => {
    server.use(
      http.get(`${API}/dashboard/completed`, () =>
        HttpResponse.json(
          envelope(
            ['01', '02', '03', '04', '05', '06', '07'].map((day, i) => ({
              date: `2025-03-${day}`,
              total: i * 3,
            })),
          ),
        ),
      ),
    );
    await openDashboard({ Is_Admin: true });

    expect(await screen.findByTestId('completed-chart')).toHaveTextContent('2025-03-01:0 2025-03-02:3');
    expect(screen.queryByText('No orders were completed in the last 7 days.')).not.toBeInTheDocument();
  });

  it('given the counts cannot be loaded, when the dashboard opens, then the failure is only logged', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get(`${API}/dashboard/status_count`, () =>
        HttpResponse.json(
          { success: false, message: 'Forbidden', message_code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    await openDashboard({ Is_Admin: true });

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
