// Mounts the login page alone, as a visitor who is not signed in sees it: the providers of renderScreen
// (render.tsx) without a stored session, so the page's own behaviour (validation, consent, captcha, password
// change, toasts) is tested without the App's redirects or the shell. The login flow into the shell is the App's
// (login.test.tsx keeps it on renderApp) and the browser's (test/e2e).
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { createDOMRenderer, FluentProvider, RendererProvider } from '@fluentui/react-components';
import { QueryProvider } from '../../console/src/api/query';
import LoginPage from '../../console/src/pages/login/LoginPage';
import { CurrentRoute } from '../../console/src/routes/route';
import { ROUTES } from '../../console/src/routes/routeTable';
import { SessionProvider } from '../../console/src/session/SessionContext';
import { ToastArea } from '../../console/src/shell/ToastArea';
import { tmsTheme } from '../../console/src/theme';
import { AppInfoProvider } from '../../console/src/util/appInfo';

const LOGIN_ROUTE = ROUTES.find((route) => route.path.startsWith('/Login'))!;

/** The login page at `path` (e.g. "/Login?sessionExpired=true"); anything it navigates to shows "elsewhere". */
export function renderLoginPage(path = '/Login') {
  return renderSignedOut(LoginPage, path);
}

/** `Page` in the login page's place, for a visitor who is not signed in (e.g. a dialog of the login page). */
export function renderSignedOut(Page: ComponentType, path = '/Login') {
  window.localStorage.removeItem('tms.session');
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
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
                      path={LOGIN_ROUTE.path}
                      element={
                        <CurrentRoute.Provider value={LOGIN_ROUTE}>
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
