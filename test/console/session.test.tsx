import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { API, envelope, server, zeroCounts } from './server';

describe('session', () => {
  it('given a logged-in user, when any call answers HTTP 401, then the session is cleared and the user lands on Login with the session-expired banner', async () => {
    let logoutPosted = false;
    server.use(
      http.get(`${API}/dashboard/status_count`, () =>
        HttpResponse.json(
          { success: false, message: 'Unauthorized', message_code: 'UNAUTHORIZED' },
          { status: 401 },
        ),
      ),
      http.post(`${API}/logout`, () => ((logoutPosted = true), HttpResponse.json(envelope()))),
    );
    const { where } = renderApp('/', { user: { Is_Admin: true } });

    await waitFor(() => expect(where()).toBe('/Login?sessionExpired=true'));
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(window.localStorage.getItem('tms.session')).toBeNull();
    // The token is already dead: the logout call is not made with it.
    expect(logoutPosted).toBe(false);
  });

  it('given a logged-in user, when a call answers success=false with message "Unauthorized" (HTTP 200), then it is treated as an expired session', async () => {
    server.use(
      http.get(`${API}/util/important_notice`, () =>
        HttpResponse.json({ success: false, message: 'Unauthorized', message_code: '' }),
      ),
    );
    const { where } = renderApp('/', { user: {} });

    await waitFor(() => expect(where()).toBe('/Login?sessionExpired=true'));
    expect(window.localStorage.getItem('tms.session')).toBeNull();
  });

  it('given a stored session whose token_expiry has passed, when the console starts, then it goes through Logout to Login with the banner', async () => {
    const { where } = renderApp('/Order/Index', { expired: true });

    await waitFor(() => expect(where()).toBe('/Login?sessionExpired=true'));
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(window.localStorage.getItem('tms.session')).toBeNull();
  });

  it('given a logged-in user with saved table state, when Logout is chosen, then the logout is posted with the token and the user’s table state and session are removed', async () => {
    let authorization: string | null = null;
    server.use(
      http.post(`${API}/logout`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(envelope());
      }),
    );
    window.localStorage.setItem('tms.table.ayu.orders', '{"rows":15}');
    window.localStorage.setItem('tms.table.budi.orders', '{"rows":15}');
    const { user, where } = renderApp('/', { user: {} });

    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(where()).toBe('/Login'));
    expect(authorization).toBe('token-abc');
    expect(window.localStorage.getItem('tms.table.ayu.orders')).toBeNull();
    expect(window.localStorage.getItem('tms.table.budi.orders')).not.toBeNull();
    expect(window.localStorage.getItem('tms.session')).toBeNull();
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('given the Logout route with the value Y, when it opens, then Login shows the banner', async () => {
    const { where } = renderApp('/Logout/Y', { user: {} });

    await waitFor(() => expect(where()).toBe('/Login?sessionExpired=true'));
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
  });

  it('given a request, when it is sent, then it carries the token as Authorization and the language header', async () => {
    let headers: Headers | null = null;
    server.use(
      http.get(`${API}/dashboard/status_count`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json(envelope(zeroCounts));
      }),
    );
    renderApp('/', { user: { Is_Admin: true } });

    await waitFor(() => expect(headers).not.toBeNull());
    expect(headers!.get('Authorization')).toBe('token-abc');
    expect(headers!.get('language')).toBe('en');
  });
});
