// The session as the browser keeps it (spec/3 §4.5): `{token, token_expiry, user_data}` in localStorage, so a
// reload or a second tab stays logged in until the token expires. The interface language and the login captcha
// counter live beside it under their own keys because they outlive a session: the login page after a logout keeps
// the language the user last chose.
import type { Language, LoginData, UserData } from '../api/types';

export interface Session {
  token: string;
  token_expiry: string;
  user_data: UserData;
}

const SESSION_KEY = 'tms.session';
const LANGUAGE_KEY = 'tms.language';
const CAPTCHA_KEY = 'tms.captcha_count';
/** Per-user table state written by list screens: `tms.table.<username>.<table>` (spec/1 Logout route). */
export const TABLE_STATE_PREFIX = 'tms.table.';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadSession(): Session | null {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.token !== 'string' || !parsed.user_data) return null;
    return {
      token: parsed.token,
      token_expiry: String(parsed.token_expiry ?? ''),
      user_data: { ...parsed.user_data, Menus: parsed.user_data.Menus ?? [] },
    };
  } catch {
    return null;
  }
}

export function saveSession(data: LoginData): Session {
  const session: Session = { token: data.token, token_expiry: data.token_expiry, user_data: data.user_data };
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_KEY);
}

/** A session is expired when token_expiry is not later than now; an unreadable expiry counts as expired. */
export function isExpired(session: Pick<Session, 'token_expiry'>, now: number = Date.now()): boolean {
  const expiry = Date.parse(session.token_expiry);
  return Number.isNaN(expiry) || expiry <= now;
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'id';
}

/** The stored session language, else the last language chosen on this browser, else English (spec/1 §9). */
export function storedLanguage(): Language {
  const sessionLanguage = loadSession()?.user_data.Language?.toLowerCase();
  if (isLanguage(sessionLanguage)) return sessionLanguage;
  const chosen = storage()?.getItem(LANGUAGE_KEY);
  return isLanguage(chosen) ? chosen : 'en';
}

/** Remember the language for the session (user_data.Language) and for the next login page. */
export function storeLanguage(language: Language): void {
  storage()?.setItem(LANGUAGE_KEY, language);
  const session = loadSession();
  if (session) {
    session.user_data = { ...session.user_data, Language: language };
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  }
}

export function captchaCount(): number {
  const value = Number(storage()?.getItem(CAPTCHA_KEY) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

export function setCaptchaCount(count: number): void {
  if (count <= 0) storage()?.removeItem(CAPTCHA_KEY);
  else storage()?.setItem(CAPTCHA_KEY, String(count));
}

/** Remove every table state the given user saved in this browser. */
export function clearTableState(username: string): void {
  const store = storage();
  if (!store || !username) return;
  const prefix = `${TABLE_STATE_PREFIX}${username}`;
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) doomed.push(key);
  }
  doomed.forEach((key) => store.removeItem(key));
}

// A message for the next login page, such as the server's answer to a password change that ended the session.
// Kept in memory: it is for the page the user is sent to now, not after a reload.
let loginNotice: string | null = null;

export function setLoginNotice(message: string | null): void {
  loginNotice = message;
}

/** The pending login-page message, handed out once. */
export function takeLoginNotice(): string | null {
  const message = loginNotice;
  loginNotice = null;
  return message;
}
