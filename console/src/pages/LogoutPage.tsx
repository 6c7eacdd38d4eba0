// Logout route (spec/1): post the logout when a live token is set, then drop the header, the user's stored table
// state and the session, and go to Login — carrying the session-expired flag so the banner shows there.
// The flag arrives as a route value (/Logout/Y, /Logout/N) or a query flag (?sessionExpired=true).
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api, getAuthToken, setAuthToken } from '../api/client';
import { PageLoading } from '../components/PageLoading';
import { sessionStatus, useSession } from '../session/SessionContext';
import { clearTableState } from '../session/store';

export default function LogoutPage() {
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const { session, signOut } = useSession();
  const started = useRef(false);

  const routeFlag = (params.sessionExpired ?? '').toUpperCase() === 'Y';
  const queryFlag = (search.get('sessionExpired') ?? '').toLowerCase() === 'true';
  const expired = routeFlag || queryFlag;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const username = session?.user_data.Username ?? '';
    const postLogout = getAuthToken() !== null && sessionStatus(session) === 'authenticated';
    void (async () => {
      if (postLogout) {
        try {
          await api.post('logout', {}, { ignoreUnauthorized: true });
        } catch {
          // The token is dropped locally either way; a failed logout call must not keep the user in.
        }
      }
      setAuthToken(null);
      clearTableState(username);
      signOut();
      void navigate(expired ? '/Login?sessionExpired=true' : '/Login', { replace: true });
    })();
  }, [session, signOut, navigate, expired]);

  return <PageLoading />;
}
