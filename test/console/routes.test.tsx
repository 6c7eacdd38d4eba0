import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { API, envelope, permissionHandler, server } from './server';

describe('routes', () => {
  it('given a logged-in user, when an unbuilt route (/Shipment/Index) opens, then the "not available yet" page shows with the menu title and a way back', async () => {
    const { where } = renderApp('/Shipment/Index', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Shipment List', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(where()).toBe('/Shipment/Index');
  });

  it('given a logged-in user, when a route without a server menu entry opens, then its own translated title is used', async () => {
    renderApp('/IPB/Editor', { user: {} });

    expect(await screen.findByRole('heading', { name: 'IPB Editor', level: 1 })).toBeInTheDocument();
    await screen.findByText('Not available yet');
    expect(document.title).toMatch(/^IPB Editor - TMS/);
  });

  it('given any user, when an unknown path opens, then the translated 404 page shows', async () => {
    renderApp('/No/Such/Page', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();
  });

  it('given nobody is logged in, when a public route (/Vessel/Index) opens, then it renders without a login', async () => {
    server.use(http.post(`${API}/vessel/list`, () => HttpResponse.json(envelope([], { totalRecords: 0 }))));
    const { where } = renderApp('/Vessel/Index');

    expect(await screen.findByRole('heading', { name: 'Vessel', level: 1 })).toBeInTheDocument();
    expect(where()).toBe('/Vessel/Index');
  });

  it('given nobody is logged in, when a login-required route opens, then the user is sent to Login without the expiry banner', async () => {
    const { where } = renderApp('/Order/Index');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(where()).toBe('/Login');
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('given a logged-in user, when /Login opens, then the user is sent to the dashboard', async () => {
    const { where } = renderApp('/Login', { user: {} });

    expect(await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ })).toBeInTheDocument();
    expect(where()).toBe('/');
  });

  it('given the transporter list route with a type, when it opens, then it matches /Transporter/Index/:type', async () => {
    server.use(
      permissionHandler({ View: true }),
      http.post(`${API}/transporter/list`, () => HttpResponse.json(envelope([], { totalRecords: 0 }))),
    );
    renderApp('/Transporter/Index/MasterData', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Transporter', level: 1 })).toBeInTheDocument();
  });

  describe("a screen outside the user's rights (spec/1 §6: error toast, back one page)", () => {
    const NO_RIGHTS = { View: false, Create: false, Edit: false, Delete: false };
    /**
     * The API as it answers a user without the screen: all flags false, and the screen's calls (its tabs and its
     * list) refused with 403. Answers the calls the screen made.
     */
    function refusedScreen(listPath: string) {
      const calls: string[] = [];
      const refused = (call: string) => {
        calls.push(call);
        return HttpResponse.json(
          { success: false, message: 'You do not have permission to do this.', message_code: 'FORBIDDEN' },
          { status: 403 },
        );
      };
      server.use(
        permissionHandler(NO_RIGHTS),
        http.get(`${API}/${listPath}/master_list`, () => refused(`${listPath}/master_list`)),
        http.post(`${API}/${listPath}/list`, () => refused(`${listPath}/list`)),
      );
      return calls;
    }

    it('given a user without the SAP order screen, when they type its URL, then an error toast says so, they land on the dashboard and no list is asked for (no grid left loading)', async () => {
      const calls = refusedScreen('saporder');
      const { where } = renderApp('/SAPOrder/Index', { user: {} });

      expect(await screen.findByText('You do not have permission to open this screen.')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ })).toBeInTheDocument();
      expect(where()).toBe('/');
      expect(screen.queryByRole('heading', { name: 'SAP Order', level: 1 })).not.toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it.each([
      ['/Approval/Index', 'approval'],
      ['/Order/Index', 'order'],
    ])(
      'given a user without the screen, when they type its URL (%s), then only the one toast shows, nothing of the screen is asked for and they land on the dashboard',
      async (path, listPath) => {
        const calls = refusedScreen(listPath);
        const { where } = renderApp(path, { user: {} });

        expect(
          await screen.findByText('You do not have permission to open this screen.'),
        ).toBeInTheDocument();
        expect(await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ })).toBeInTheDocument();
        expect(where()).toBe('/');
        expect(calls).toEqual([]);
        expect(screen.queryByText('You do not have permission to do this.')).not.toBeInTheDocument();
      },
    );

    it('given a user without a master-data screen, when they type its URL, then the toast shows and they land on the dashboard', async () => {
      const calls = refusedScreen('company');
      const { where } = renderApp('/Company/Index', { user: {} });

      expect(await screen.findByText('You do not have permission to open this screen.')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ })).toBeInTheDocument();
      expect(where()).toBe('/');
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it('given a user on the dashboard, when they follow a link to a screen outside their rights, then the toast shows and they are back on the page they came from', async () => {
      const calls = refusedScreen('saporder');
      const { user, where } = renderApp('/', { user: {} });
      await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ });
      const nav = await screen.findByRole('navigation', { name: 'Main Menu' });
      await user.click(within(nav).getByRole('button', { name: 'Transactions' }));
      await user.click(await within(nav).findByRole('link', { name: 'SAP Order' }));

      expect(await screen.findByText('You do not have permission to open this screen.')).toBeInTheDocument();
      await waitFor(() => expect(where()).toBe('/'));
      expect(await screen.findByRole('heading', { name: /Welcome, Ayu Pratiwi/ })).toBeInTheDocument();
      expect(calls).toEqual([]);
    });
  });
});
