// The console: theme, session, toasts and the router view. Unauthenticated visitors see only the routed page
// (login); authenticated users see it inside the shell (top bar, side menu, footer), which is loaded lazily so
// the login page does not carry it (DESIGN.md §6 first-screen budget).
import { FluentProvider, makeStyles } from '@fluentui/react-components';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Navigate, Route, Routes, matchRoutes, useLocation, useNavigate } from 'react-router-dom';
import { setAuthToken, setUnauthorizedHandler } from './api/client';
import { QueryProvider } from './api/query';
import { PageLoading } from './components/PageLoading';
import './i18n';
import { NotAvailablePage } from './pages/NotAvailablePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { CurrentRoute, type AppRoute } from './routes/route';
import { ROUTES } from './routes/routeTable';
import { useRouteTitle } from './routes/title';
import { SessionProvider, sessionStatus, useSession } from './session/SessionContext';
import { loadSession } from './session/store';
import { ToastArea } from './shell/ToastArea';
import { tmsTheme } from './theme';
import { AppInfoProvider, PRODUCT_LABEL, useAppInfo } from './util/appInfo';
import { watchStaleAriaHidden } from './util/staleAriaHidden';

const Shell = lazy(() => import('./shell/Shell'));

const SESSION_EXPIRED_LOGOUT = '/Logout?sessionExpired=true';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
  },
});

const routeObjects = ROUTES.map((route) => ({ path: route.path, route }));

function useMatchedRoute(): AppRoute | undefined {
  const location = useLocation();
  const matches = matchRoutes(routeObjects, location);
  return matches?.[0]?.route.route;
}

/** Login-required page while not authenticated (spec/3 §2.3): expired → Logout with the flag, else Login. */
function GuardRedirect({ expired }: { expired: boolean }) {
  useEffect(() => {
    setAuthToken(null);
  }, []);
  return <Navigate to={expired ? SESSION_EXPIRED_LOGOUT : '/Login'} replace />;
}

function RouteView({ route }: { route: AppRoute }) {
  const { session } = useSession();
  const title = useRouteTitle(route);
  const status = sessionStatus(session);
  if (route.login && status !== 'authenticated') return <GuardRedirect expired={status === 'expired'} />;
  if (route.path.startsWith('/Login') && status === 'authenticated') return <Navigate to="/" replace />;
  const Page = route.page;
  return Page ? (
    <CurrentRoute.Provider value={route}>
      <Page />
    </CurrentRoute.Provider>
  ) : (
    <NotAvailablePage title={title} />
  );
}

function RoutedView() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RouteView route={route} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

function AppBody() {
  const navigate = useNavigate();
  const location = useLocation();
  const { session } = useSession();
  const { version } = useAppInfo();
  const route = useMatchedRoute();
  const title = useRouteTitle(route);

  // A 401 (or "Unauthorized") from any call: drop the token so nothing else is sent with it, then let the Logout
  // route clear the stored session and show the session-expired banner (spec/1 §7).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      setAuthToken(null);
      void navigate(SESSION_EXPIRED_LOGOUT, { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  // On start an expired session goes to Logout with sessionExpired (spec/3 §4.5), whatever the page.
  const [startStatus] = useState(() => sessionStatus(loadSession()));
  const startChecked = useRef(false);
  useEffect(() => {
    if (startChecked.current) return;
    startChecked.current = true;
    if (startStatus === 'expired' && !/^\/logout/i.test(location.pathname)) {
      void navigate(SESSION_EXPIRED_LOGOUT, { replace: true });
    }
  }, [startStatus, location.pathname, navigate]);

  // Every navigation starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname, location.search]);

  useEffect(() => {
    document.title = `${title} - ${PRODUCT_LABEL}${version?.environment ? ` ${version.environment}` : ''}`;
  }, [title, version]);

  if (sessionStatus(session) === 'authenticated') {
    return (
      <Suspense fallback={<PageLoading />}>
        <Shell>
          <RoutedView />
        </Shell>
      </Suspense>
    );
  }
  return <RoutedView />;
}

export function App() {
  const styles = useStyles();
  useEffect(() => watchStaleAriaHidden(), []);
  return (
    // The layout class sits on an inner element: FluentProvider copies its own classes onto every portal
    // (toasts, dialogs, menus), and a full-height class there would lay a white sheet over the page.
    <FluentProvider theme={tmsTheme}>
      <div className={styles.root}>
        <QueryProvider>
          <SessionProvider>
            <AppInfoProvider>
              <AppBody />
            </AppInfoProvider>
          </SessionProvider>
        </QueryProvider>
      </div>
      <ToastArea />
    </FluentProvider>
  );
}
