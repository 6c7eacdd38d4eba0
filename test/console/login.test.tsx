import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { renderLoginPage } from './login-support';
import { renderApp, makeUser } from './render';
import { API, envelope, server } from './server';

const loginSuccess = () =>
  HttpResponse.json(
    envelope({
      token: 'token-new',
      token_expiry: new Date(Date.now() + 3_600_000).toISOString(),
      user_data: makeUser({ Language: 'en' }),
    }),
  );

type Body = Record<string, unknown>;

async function fillCredentials(
  user: ReturnType<typeof renderLoginPage>['user'],
  username = 'ayu',
  password = 'secret-pass',
) {
  await user.type(await screen.findByRole('textbox', { name: /Username|Nama Pengguna/ }), username);
  await user.type(screen.getByLabelText(/^(Password|Kata Sandi)/, { selector: 'input' }), password);
}

// The login page's own behaviour is tested on the page alone (renderLoginPage: no App, nobody signed in); the
// login flow into the shell, through the App (renderApp).
describe('login page', () => {
  it('given an empty form, when Login is pressed, then "Username is required." and "Password is required." show inline and nothing is posted', async () => {
    let posted = false;
    server.use(
      http.post(`${API}/auth/check_consent`, () => ((posted = true), HttpResponse.json(envelope()))),
    );
    const { user } = renderLoginPage();

    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('given the Indonesian interface, when Masuk is pressed on an empty form, then the messages are in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    const { user } = renderLoginPage();

    await user.click(await screen.findByRole('button', { name: 'Masuk' }));

    expect(await screen.findByText('Nama pengguna wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Kata sandi wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Kata Sandi')).toBeInTheDocument();
  });

  it('given the inline messages of an empty form, when the language is switched on the login page and back, then they read in the new language', async () => {
    const { user } = renderLoginPage();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Indonesia' }));
    // The Indonesian wording as the locale files have it (read from them, so a reworded message still counts).
    const id = i18n.getFixedT('id');
    expect(await screen.findByText(id('login.validation.usernameRequired'))).toBeInTheDocument();
    expect(screen.getByText(id('login.validation.passwordRequired'))).toBeInTheDocument();
    expect(screen.queryByText('Username is required.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it('given the server needs consent, when the user logs in, then the consent dialog opens, Accept waits for the tick, and Accept saves consent before logging in', async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${API}/auth/check_consent`, () => {
        calls.push('check_consent');
        return HttpResponse.json(envelope(undefined, { message_code: 'NEED_CONSENT' }));
      }),
      http.post(`${API}/auth/save_consent`, async ({ request }) => {
        calls.push(`save_consent:${((await request.json()) as Body).Username as string}`);
        return HttpResponse.json(envelope());
      }),
      http.post(`${API}/auth/login`, () => {
        calls.push('login');
        return loginSuccess();
      }),
    );
    const { user, where } = renderLoginPage();
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Login' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Privacy consent' });
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy.html',
    );
    expect(await within(dialog).findByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service.html',
    );
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    expect(calls).toEqual(['check_consent']);

    await user.click(within(dialog).getByRole('checkbox'));
    expect(accept).toBeEnabled();
    await user.click(accept);

    await waitFor(() => expect(where()).toBe('/'));
    expect(calls).toEqual(['check_consent', 'save_consent:ayu', 'login']);
    expect(JSON.parse(window.localStorage.getItem('tms.session') ?? '{}')).toMatchObject({
      token: 'token-new',
    });
  });

  it('given a first login, when the user logs in, then Change Password opens without the current password, a mismatched confirmation is refused, and success shows the server message', async () => {
    let changeBody: Body | null = null;
    server.use(
      http.post(`${API}/auth/check_consent`, () => HttpResponse.json(envelope())),
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({
          success: false,
          message: 'Please change your password.',
          message_code: 'FIRST_LOGIN',
          data: { change_token: 'chg-1' },
        }),
      ),
      http.post(`${API}/auth/change_password`, async ({ request }) => {
        changeBody = (await request.json()) as Body;
        return HttpResponse.json({ success: true, message: 'Password changed.', message_code: '' });
      }),
    );
    const { user, where } = renderLoginPage();
    await fillCredentials(user, 'ayu', 'first-pass');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Change Password' });
    expect(within(dialog).getByText('Please change your password.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Current Password/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^New Password/), 'brand-new-pass');
    await user.type(within(dialog).getByLabelText(/^Confirm New Password/), 'another-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Password confirmation does not match the new password.'),
    ).toBeInTheDocument();
    expect(changeBody).toBeNull();

    await user.clear(within(dialog).getByLabelText(/^Confirm New Password/));
    await user.type(within(dialog).getByLabelText(/^Confirm New Password/), 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(/Password changed\. Please log in with your new password\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(changeBody).toEqual({
      username: 'ayu',
      currentPass: 'first-pass',
      newPass: 'brand-new-pass',
      confirmPass: 'brand-new-pass',
      changeFirstLogin: true,
      change_token: 'chg-1',
    });
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('');
    expect(where()).toBe('/Login');
  });

  it('given a message in the Change Password dialog, when the language is switched, then it reads in the new language', async () => {
    server.use(
      http.post(`${API}/auth/check_consent`, () => HttpResponse.json(envelope())),
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({
          success: false,
          message: 'Please change your password.',
          message_code: 'FIRST_LOGIN',
          data: { change_token: 'chg-1' },
        }),
      ),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user, 'ayu', 'first-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText(/^New Password/), 'brand-new-pass');
    await user.type(within(dialog).getByLabelText(/^Confirm New Password/), 'another-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Password confirmation does not match the new password.'),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    // The Indonesian wording as the locale files have it (read from them, so a reworded message still counts).
    expect(
      await within(dialog).findByText(i18n.getFixedT('id')('changePassword.validation.mismatch')),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByText('Password confirmation does not match the new password.'),
    ).not.toBeInTheDocument();
  });

  it('given the change is refused by the server, when Save is pressed, then "Failed: <message>" shows inside the dialog and it stays open', async () => {
    server.use(
      http.post(`${API}/auth/check_consent`, () => HttpResponse.json(envelope())),
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ success: false, message: 'Change it.', message_code: 'CHANGE_PASS', data: {} }),
      ),
      http.post(`${API}/auth/change_password`, () =>
        HttpResponse.json(
          { success: false, message: 'Password was used before.', message_code: 'RULE' },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Password' });

    await user.type(within(dialog).getByLabelText(/^New Password/), 'short');
    await user.type(within(dialog).getByLabelText(/^Confirm New Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^New Password/));
    await user.clear(within(dialog).getByLabelText(/^Confirm New Password/));
    await user.type(within(dialog).getByLabelText(/^New Password/), 'long-enough-1');
    await user.type(within(dialog).getByLabelText(/^Confirm New Password/), 'long-enough-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Failed: Password was used before.')).toBeInTheDocument();
  });

  it('given wrong credentials three times, when the server answers CAPTCHA, then the captcha field and image appear, and the 4th attempt sends Captcha and Captcha_Id', async () => {
    const bodies: Body[] = [];
    server.use(
      http.post(`${API}/auth/check_consent`, async ({ request }) => {
        const body = (await request.json()) as Body;
        bodies.push(body);
        if (bodies.length <= 3) {
          return HttpResponse.json(
            {
              success: false,
              message: 'Invalid username or password.',
              message_code: 'CAPTCHA',
              data: { captcha_required: false },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json(envelope());
      }),
      http.post(`${API}/auth/login`, async ({ request }) => {
        bodies.push({ login: true, ...((await request.json()) as Body) });
        return loginSuccess();
      }),
    );
    const { user, where } = renderLoginPage();
    await fillCredentials(user);
    const login = screen.getByRole('button', { name: 'Login' });

    await user.click(login);
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    await user.click(login);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(screen.queryByRole('img', { name: 'Captcha image' })).not.toBeInTheDocument();
    await user.click(login);
    await waitFor(() => expect(bodies).toHaveLength(3));

    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(bodies.every((body) => !('Captcha' in body))).toBe(true);

    await user.click(login);
    expect(await screen.findByText('Captcha is required.')).toBeInTheDocument();
    expect(bodies).toHaveLength(3);

    await user.type(screen.getByRole('textbox', { name: /Captcha/ }), 'x7k2p');
    await user.click(login);

    await waitFor(() => expect(where()).toBe('/'));
    expect(bodies[3]).toMatchObject({ Username: 'ayu', Captcha: 'x7k2p', Captcha_Id: 'cap-1' });
    expect(bodies[4]).toMatchObject({ login: true, Captcha: 'x7k2p', Captcha_Id: 'cap-1' });
  });

  it('given the server says captcha_required, when the first attempt fails, then the captcha shows at once', async () => {
    server.use(
      http.post(`${API}/auth/check_consent`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Type the captcha.',
            message_code: 'CAPTCHA',
            data: { captcha_required: true },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('img', { name: 'Captcha image' })).toBeInTheDocument();
  });

  it('given the captcha shows, when another image is asked for, then a new captcha is fetched and the next attempt sends its id', async () => {
    let captchas = 0;
    const bodies: Body[] = [];
    server.use(
      http.get(`${API}/auth/captcha`, () => {
        captchas += 1;
        return HttpResponse.json(
          envelope({ captcha_id: `cap-${captchas}`, image: `data:image/svg+xml;base64,${captchas}` }),
        );
      }),
      http.post(`${API}/auth/check_consent`, async ({ request }) => {
        bodies.push((await request.json()) as Body);
        return HttpResponse.json(
          {
            success: false,
            message: 'Type the captcha.',
            message_code: 'CAPTCHA',
            data: { captcha_required: true },
          },
          { status: 422 },
        );
      }),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,1',
    );

    await user.type(screen.getByRole('textbox', { name: /Captcha/ }), 'typed-for-1');
    await user.click(screen.getByRole('button', { name: 'Show another image' }));

    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,2',
    );
    // The answer typed for the old image is void.
    expect(screen.getByRole('textbox', { name: /Captcha/ })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: /Captcha/ }), 'x7k2p');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ Captcha: 'x7k2p', Captcha_Id: 'cap-2' });
    // A refused attempt used the captcha up: a third image is shown for the next one.
    expect(await screen.findByRole('img', { name: 'Captcha image' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,3',
    );
  });

  it('given the captcha cannot be fetched, when it is needed, then "Image not available" shows and another image can be asked for', async () => {
    server.use(
      http.get(`${API}/auth/captcha`, () =>
        HttpResponse.json({ success: false, message: 'No captcha.', message_code: 'ERROR' }, { status: 500 }),
      ),
      http.post(`${API}/auth/check_consent`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Type the captcha.',
            message_code: 'CAPTCHA',
            data: { captcha_required: true },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Image not available')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Captcha image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show another image' })).toBeEnabled();
  });

  it('given a locked account, when login is refused with 429, then an error toast titled Error shows the server message', async () => {
    server.use(
      http.post(`${API}/auth/check_consent`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Too many attempts. Try again later.',
            message_code: 'TOO_MANY_ATTEMPTS',
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Too many attempts. Try again later.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('given the Android app is missing, when its link is clicked, then a "File not found" toast shows', async () => {
    server.use(
      http.get(`${API}/auth/download_mobile/`, () =>
        HttpResponse.json(
          { success: false, message: 'File not found', message_code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    const { user } = renderLoginPage();

    await user.click(await screen.findByRole('link', { name: 'Download the Android app' }));

    expect(await screen.findByText('File not found')).toBeInTheDocument();
  });

  it('given the sessionExpired flag, when the login page opens, then the Session Expired banner shows', async () => {
    renderLoginPage('/Login?sessionExpired=true');

    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('given the same wrong password twice, when both attempts are refused, then their error toast shows once', async () => {
    let attempts = 0;
    server.use(
      http.post(`${API}/auth/check_consent`, () => {
        attempts += 1;
        return HttpResponse.json(
          { success: false, message: 'Invalid username or password.', message_code: 'CAPTCHA', data: {} },
          { status: 422 },
        );
      }),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());

    await waitFor(() => expect(screen.getAllByText('Invalid username or password.')).toHaveLength(1), {
      timeout: 3000,
    });
  });

  it('given a first login, when Change Password opens, then it cannot be dismissed: no Cancel, no close button, and Escape leaves it open', async () => {
    server.use(
      http.post(`${API}/auth/check_consent`, () => HttpResponse.json(envelope())),
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({
          success: false,
          message: 'Please change your password.',
          message_code: 'FIRST_LOGIN',
          data: { change_token: 'chg-1' },
        }),
      ),
    );
    const { user } = renderLoginPage();
    await fillCredentials(user, 'ayu', 'first-pass');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Change Password' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Save']);
    await user.click(within(dialog).getByLabelText(/^New Password/));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Change Password' })).toBeInTheDocument();
  });
});

describe('login into the shell', () => {
  it('given a successful login, when the user has Indonesian as language, then the session is stored and the interface switches to Indonesian', async () => {
    server.use(
      http.post(`${API}/auth/check_consent`, () => HttpResponse.json(envelope())),
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(
          envelope({
            token: 'token-id',
            token_expiry: new Date(Date.now() + 3_600_000).toISOString(),
            user_data: makeUser({ Language: 'id' }),
          }),
        ),
      ),
    );
    const { user, where } = renderApp('/Login');
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Menu Utama')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/'));
    expect(i18n.language).toBe('id');
  });

  it('given a failed login whose error toast is showing, when the next login succeeds, then the dashboard shows no toast from the login page', async () => {
    let attempts = 0;
    server.use(
      http.post(`${API}/auth/check_consent`, () => {
        attempts += 1;
        if (attempts > 1) return HttpResponse.json(envelope());
        return HttpResponse.json(
          {
            success: false,
            message: 'Invalid username or password.',
            message_code: 'CAPTCHA',
            data: { captcha_required: false },
          },
          { status: 422 },
        );
      }),
      http.post(`${API}/auth/login`, () => loginSuccess()),
    );
    const { user, where } = renderApp('/Login');
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('navigation', { name: 'Main Menu' })).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/'));
    await waitFor(() => expect(screen.queryByText('Invalid username or password.')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });
});
