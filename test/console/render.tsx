// Renders the whole console at a path, optionally with a stored session, and exposes the router location.
// Fluent's style rules are not inserted: jsdom lays nothing out, and inserting them into its CSSOM took most of
// each test's time (about 9 s a screen). Layout, visibility and looks are the browser tests' (test/e2e).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { createDOMRenderer, FluentProvider, RendererProvider } from '@fluentui/react-components';
import { App } from '../../console/src/App';
import { QueryProvider } from '../../console/src/api/query';
import { CurrentRoute, type AppRoute } from '../../console/src/routes/route';
import { SessionProvider } from '../../console/src/session/SessionContext';
import { ToastArea } from '../../console/src/shell/ToastArea';
import { tmsTheme } from '../../console/src/theme';
import { AppInfoProvider } from '../../console/src/util/appInfo';
import type { MenuItem, UserData } from '../../console/src/api/types';
import { requestsSettled } from './server';

export const MENUS: MenuItem[] = [
  { Id: 1, Title_En: 'Dashboard', Title_Id: 'Dasbor', Route: '/', Icon: 'pi pi-home' },
  {
    Id: 2,
    Title_En: 'Transactions',
    Title_Id: 'Transaksi',
    Icon: 'pi pi-shopping-cart',
    Items: [
      {
        Id: 3,
        Title_En: 'SAP Order',
        Title_Id: 'Pesanan SAP',
        Route: '/SAPOrder/Index',
        Controller: 'SAPOrder',
        Action: 'Index',
      },
      {
        Id: 4,
        Title_En: 'Shipment List',
        Title_Id: 'Daftar Pengiriman',
        Route: '/Shipment/Index',
        Controller: 'Shipment',
        Action: 'Index',
      },
    ],
  },
];

export function makeUser(overrides: Partial<UserData> = {}): UserData {
  return {
    Id: 7,
    Username: 'ayu',
    Full_Name: 'Ayu Pratiwi',
    Role: 'USER',
    Is_Admin: false,
    Use_AD: false,
    Department: 'LOGISTIC',
    Language: 'en',
    Menus: MENUS,
    ...overrides,
  };
}

export interface RenderOptions {
  /** A stored session for this user; `expired` stores one whose token_expiry has passed. */
  user?: Partial<UserData>;
  expired?: boolean;
}

export function storeSession(user: Partial<UserData> = {}, expired = false) {
  const expiry = new Date(Date.now() + (expired ? -60_000 : 3_600_000)).toISOString();
  window.localStorage.setItem(
    'tms.session',
    JSON.stringify({ token: 'token-abc', token_expiry: expiry, user_data: makeUser(user) }),
  );
}

export function renderApp(path: string, options: RenderOptions = {}) {
  if (options.user || options.expired) storeSession(options.user, options.expired);
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const utils = render(
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>
    </RendererProvider>,
  );
  return {
    ...utils,
    user,
    /** pathname + search of the current route. */
    where: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
  };
}

/**
 * Opens the screen at `path` and waits for its first page: `shows` (a text of that page, e.g. its first row) is
 * shown and every request the screen made has been answered.
 */
export async function openScreen(path: string, options: RenderOptions & { shows: string | RegExp }) {
  const view = renderApp(path, options);
  await screen.findByText(options.shows);
  await requestsSettled();
  return view;
}

/**
 * Mounts one screen of the console at `path`, as the router would open it, inside the providers a screen reads
 * (theme, query client, session, app info, toasts) but without the App around it: no shell, no side menu, no
 * login redirects, no lazy shell chunk. A screen test is about the screen; the app's own behaviour (routing,
 * session expiry, the shell) is tested through renderApp, and whole journeys in the browser (test/e2e).
 * `routePath` is the route pattern the screen answers to (e.g. "/Order/Index"); the default is `path` itself.
 */
export function renderScreen(
  Page: ComponentType,
  path: string,
  options: RenderOptions & { routePath?: string; route?: AppRoute; signedOut?: boolean } = {},
) {
  // A visitor who is not signed in (the login page and its dialogs) has no stored session.
  if (options.signedOut) window.localStorage.removeItem('tms.session');
  else storeSession(options.user, options.expired);
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const routePath = options.routePath ?? path.split('?')[0]!;
  const route: AppRoute = options.route ?? { path: routePath, login: true, titleKey: 'routes.dashboard' };
  const user = userEvent.setup();
  const utils = render(
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <FluentProvider theme={tmsTheme}>
        <QueryProvider>
          <SessionProvider>
            <AppInfoProvider>
              <MemoryRouter initialEntries={[path]}>
                <Suspense fallback={null}>
                  <Routes>
                    <Route
                      path={routePath}
                      element={
                        <CurrentRoute.Provider value={route}>
                          <Page />
                        </CurrentRoute.Provider>
                      }
                    />
                    <Route path="*" element={<p>elsewhere</p>} />
                  </Routes>
                </Suspense>
                <LocationProbe />
              </MemoryRouter>
            </AppInfoProvider>
          </SessionProvider>
        </QueryProvider>
        <ToastArea />
      </FluentProvider>
    </RendererProvider>,
  );
  return {
    ...utils,
    user,
    /** pathname + search of the current route. */
    where: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
  };
}

/** renderScreen, then waits for the screen's first page: `shows` is shown and every request has been answered. */
export async function openScreenOnly(
  Page: ComponentType,
  path: string,
  options: RenderOptions & { routePath?: string; route?: AppRoute; shows: string | RegExp },
) {
  const view = renderScreen(Page, path, options);
  await screen.findByText(options.shows);
  await requestsSettled();
  return view;
}

/**
 * Ticks each of `boxes` (row checkboxes) in turn, then waits for the selection to be counted: `counted` (e.g.
 * "Checked: 2") is shown and every request the selection made has been answered.
 */
export async function chooseRows(
  user: ReturnType<typeof userEvent.setup>,
  boxes: HTMLElement[],
  counted: string | RegExp,
) {
  for (const box of boxes) await user.click(box);
  await screen.findByText(counted);
  await requestsSettled();
}

/**
 * Renders one piece of a screen (a dialog, a panel, a toolbar) given its props, inside the providers a piece
 * reads (theme, query client, router, toasts) and nothing else: the piece is the subject, not the screen.
 */
export function renderPiece(node: ReactNode) {
  const user = userEvent.setup();
  const utils = render(
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <FluentProvider theme={tmsTheme}>
        <QueryProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </QueryProvider>
        <ToastArea />
      </FluentProvider>
    </RendererProvider>,
  );
  return { ...utils, user };
}
