// React view of the stored session. Components read `session` and call signIn / signOut / setLanguage; this is the
// only place that keeps localStorage, the API client's Authorization header and i18next in step.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { setAuthToken } from '../api/client';
import type { Language, LoginData } from '../api/types';
import i18n from '../i18n';
import {
  clearSession,
  isExpired,
  isLanguage,
  loadSession,
  saveSession,
  setCaptchaCount,
  storeLanguage,
  type Session,
} from './store';

export type SessionStatus = 'authenticated' | 'expired' | 'anonymous';

/** Evaluated at the moment of asking: a token that expires while the page is open counts as expired. */
export function sessionStatus(session: Session | null): SessionStatus {
  if (!session) return 'anonymous';
  return isExpired(session) ? 'expired' : 'authenticated';
}

interface SessionContextValue {
  session: Session | null;
  signIn: (data: LoginData) => void;
  signOut: () => void;
  setLanguage: (language: Language) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function initialSession(): Session | null {
  const session = loadSession();
  setAuthToken(session?.token ?? null);
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(initialSession);

  const signIn = useCallback((data: LoginData) => {
    const stored = saveSession(data);
    setAuthToken(stored.token);
    setCaptchaCount(0);
    const language = stored.user_data.Language?.toLowerCase();
    if (isLanguage(language)) {
      storeLanguage(language);
      void i18n.changeLanguage(language);
    }
    setSession(stored);
  }, []);

  const signOut = useCallback(() => {
    clearSession();
    setAuthToken(null);
    setSession(null);
  }, []);

  const setLanguage = useCallback((language: Language) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
    setSession(loadSession());
  }, []);

  const value = useMemo(
    () => ({ session, signIn, signOut, setLanguage }),
    [session, signIn, signOut, setLanguage],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
