// Mounts the login page alone, as a visitor who is not signed in sees it: the providers of renderScreen
// (render.tsx) without a stored session, so the page's own behaviour (validation, consent, captcha, password
// change, toasts) is tested without the App's redirects or the shell. The login flow into the shell is the App's
// (login.test.tsx keeps it on renderApp) and the browser's (test/e2e).
import type { ComponentType } from 'react';
import LoginPage from '../../console/src/pages/login/LoginPage';
import { ROUTES } from '../../console/src/routes/routeTable';
import { renderScreen } from './render';

const LOGIN_ROUTE = ROUTES.find((route) => route.path.startsWith('/Login'))!;

/** The login page at `path` (e.g. "/Login?sessionExpired=true"); anything it navigates to shows "elsewhere". */
export function renderLoginPage(path = '/Login') {
  return renderSignedOut(LoginPage, path);
}

/** `Page` in the login page's place, for a visitor who is not signed in (e.g. a dialog of the login page). */
export function renderSignedOut(Page: ComponentType, path = '/Login') {
  return renderScreen(Page, path, { signedOut: true, route: LOGIN_ROUTE, routePath: LOGIN_ROUTE.path });
}
