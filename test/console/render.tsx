// Renders the whole console at a path, optionally with a stored session, and exposes the router location.
// Fluent's style rules are not inserted: jsdom lays nothing out, and inserting them into its CSSOM took most of
// each test's time (about 9 s a screen). Layout, visibility and looks are the browser tests' (test/e2e).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { App } from '../../console/src/App';
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
