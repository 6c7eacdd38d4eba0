import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { ChangelogPanel } from '../../console/src/shell/ChangelogPanel';
import { renderApp, renderScreen } from './render';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';

describe('shell', () => {
  // Tests that open the SAP Order screen end when its heading shows; the screen's permission check may still be
  // on its way then.
  beforeEach(() => server.use(permissionHandler({ View: true })));

  it('given a logged-in user, when the console opens, then the top bar, the server menu titled Main Menu and the footer render', async () => {
    const { user, where } = renderApp('/', { user: {} });

    const nav = await screen.findByRole('navigation', { name: 'Main Menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    await user.click(within(nav).getByRole('button', { name: 'Transactions' }));
    const leaf = await within(nav).findByRole('link', { name: 'SAP Order' });
    expect(screen.getByText('TMS')).toBeInTheDocument();
    expect(await screen.findByText('TEST')).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} TMS`)).toBeInTheDocument();
    expect(screen.getByText('Version 1.2.3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy.html',
    );

    await user.click(leaf);

    await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
    expect(await screen.findByRole('heading', { name: 'SAP Order', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('SAP Order - TMS TEST');
  });

  it('given a directory (Use_AD) user, when the settings menu opens, then Change Password is not offered', async () => {
    const { user } = renderApp('/', { user: { Use_AD: true } });

    await user.click(await screen.findByRole('button', { name: 'Settings' }));

    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('given a local-password user, when Change Password is chosen from settings, then the current password is asked and sent, and on success the user is signed out to the login page with the message', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(`${API}/auth/change_password`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, message: 'Password changed.', message_code: '' });
      }),
    );
    const { user } = renderApp('/', { user: {} });

    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Password is required.')).toHaveLength(3);

    await user.type(within(dialog).getByLabelText(/^Current Password/), 'old-password');
    await user.type(within(dialog).getByLabelText(/^New Password/), 'new-password');
    await user.type(within(dialog).getByLabelText(/^Confirm New Password/), 'new-password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(body).toEqual({
      username: 'ayu',
      currentPass: 'old-password',
      newPass: 'new-password',
      confirmPass: 'new-password',
      changeFirstLogin: false,
    });
    // The server revoked the session with the change: the login page shows its message and the hint.
    expect(
      await screen.findByText('Password changed. Please log in with your new password.'),
    ).toBeInTheDocument();
    // Exposed to assistive technology again (role queries skip aria-hidden content).
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('tms.session')).toBeNull();
  });

  it('given a local-password user, when Change Password is chosen from settings and Cancel is pressed, then the dialog closes and the user stays signed in', async () => {
    const { user, where } = renderApp('/', { user: {} });

    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(where()).toBe('/');
    expect(window.localStorage.getItem('tms.session')).not.toBeNull();
  });

  it('given the English interface, when Indonesia is chosen in the language menu, then change_language is posted and the texts switch', async () => {
    let posted: unknown = null;
    let headerAfter: string | null = null;
    server.use(
      http.post(`${API}/util/change_language`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(envelope());
      }),
      http.get(`${API}/util/changelog`, ({ request }) => {
        headerAfter = request.headers.get('language');
        return HttpResponse.json(envelope([]));
      }),
    );
    const { user } = renderApp('/', { user: {} });
    expect(await screen.findByText('Main Menu')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Language' }));
    const indonesia = await screen.findByRole('menuitemradio', { name: 'Indonesia' });
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await user.click(indonesia);

    expect(await screen.findByText('Menu Utama')).toBeInTheDocument();
    expect(posted).toEqual({ language: 'id' });
    expect(screen.getByText('ID')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('tms.session') ?? '{}').user_data.Language).toBe('id');

    // Later calls carry the new language.
    await user.click(screen.getByRole('button', { name: 'Catatan Perubahan' }));
    await waitFor(() => expect(headerAfter).toBe('id'));
  });

  it('given the server refuses the language change, when Indonesia is chosen, then the interface stays in English', async () => {
    server.use(
      http.post(`${API}/util/change_language`, () =>
        HttpResponse.json({ success: false, message: 'No.', message_code: '' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/', { user: {} });

    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Indonesia' }));

    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Please wait…' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Main Menu')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('given the changelog is open, when a menu item is clicked, then the changelog closes and the page shows', async () => {
    server.use(
      http.get(`${API}/util/changelog`, () =>
        HttpResponse.json(
          envelope([
            {
              Version: '1.2.3',
              Version_Date: '2025-03-07',
              Details: [{ Id: 1, Description: 'Faster order list.' }],
            },
          ]),
        ),
      ),
    );
    const { user, where } = renderApp('/', { user: {} });

    await user.click(await screen.findByRole('button', { name: 'Changelog' }));
    expect(await screen.findByText('Faster order list.')).toBeInTheDocument();
    expect(screen.getByText('07/03/2025')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main Menu' });
    await user.click(within(nav).getByRole('button', { name: 'Transactions' }));
    await user.click(await within(nav).findByRole('link', { name: 'Shipment List' }));

    await waitFor(() => expect(where()).toBe('/Shipment/Index'));
    expect(screen.queryByText('Faster order list.')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Shipment List', level: 1 })).toBeInTheDocument();
  });

  it('given the changelog cannot be loaded, when the panel shows, then it stays in its loading state', async () => {
    server.use(http.get(`${API}/util/changelog`, () => HttpResponse.error()));
    renderScreen(ChangelogPanel, '/', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Changelog' })).toBeInTheDocument();
    await requestsSettled();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText(i18n.t('changelog.empty'))).not.toBeInTheDocument();
  });

  it('given a narrow screen (800 px), when the menu button is pressed, then the menu opens as an overlay and closes after choosing an item', async () => {
    const width = window.innerWidth;
    window.innerWidth = 800;
    try {
      const { user, where } = renderApp('/', { user: {} });
      await screen.findByRole('heading', { name: /Welcome/ });
      expect(screen.queryByRole('navigation', { name: 'Main Menu' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show menu' }));
      const drawer = await screen.findByRole('dialog', { name: 'Main Menu' });
      await user.click(within(drawer).getByRole('button', { name: 'Transactions' }));
      await user.click(await within(drawer).findByRole('link', { name: 'SAP Order' }));

      await waitFor(() => expect(where()).toBe('/SAPOrder/Index'));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Main Menu' })).not.toBeInTheDocument(),
      );
    } finally {
      window.innerWidth = width;
    }
  });

  it('given the Indonesian session language, when the shell renders, then menu titles come from Title_Id', async () => {
    await act(() => i18n.changeLanguage('id'));
    renderApp('/', { user: { Language: 'id' } });

    const nav = await screen.findByRole('navigation', { name: 'Menu Utama' });
    expect(within(nav).getByRole('link', { name: 'Dasbor' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Transaksi' })).toBeInTheDocument();
  });
});
