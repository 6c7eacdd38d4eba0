// The one gate every password check goes through (check_consent, save_consent, login, change_password):
// address limit -> account lock -> captcha when required -> password -> account active. Each outcome is
// written to login_attempts, so the limits and the audit trail come from the same rows.
import type { AppDeps } from '../deps';
import { AppError, RuleError, TooManyRequestsError } from '../errors';
import { verifyPassword } from './passwords';

export interface CredentialInput {
  Username: string;
  Password: string;
  Captcha?: string;
  Captcha_Id?: string;
}

export interface UserRow {
  id: number;
  username: string;
  password_hash: string | null;
  full_name: string;
  is_active: boolean;
  inactive_reason: string | null;
  use_ad: boolean;
  must_change_password: boolean;
  change_password_reason: string | null;
  privacy_consent_date: Date | null;
  language: 'en' | 'id';
}

export async function findUserByUsername(deps: AppDeps, username: string): Promise<UserRow | undefined> {
  return (await deps.db('users').whereRaw('lower(username) = lower(?)', [username.trim()]).first()) as
    UserRow | undefined;
}

export async function verifyCredentials(deps: AppDeps, input: CredentialInput, ip: string): Promise<UserRow> {
  const now = deps.now();
  const { loginGuard, captcha } = deps;
  const minutes = (until: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

  if ((await loginGuard.ipFailures(ip, now)) >= loginGuard.limits.ipLimit) {
    const window = loginGuard.limits.windowMinutes;
    throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', 'auth.ipLimited', { minutes: window }, window * 60);
  }
  const state = await loginGuard.usernameState(input.Username, now);
  if (state.lockedUntil) {
    throw new TooManyRequestsError(
      'TOO_MANY_ATTEMPTS',
      'auth.accountLocked',
      { minutes: minutes(state.lockedUntil) },
      Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000),
    );
  }
  const captchaRequired = state.failuresSinceSuccess >= loginGuard.limits.captchaAfter;
  if (captchaRequired) {
    if (!input.Captcha?.trim()) {
      throw new RuleError('CAPTCHA', 'auth.captchaRequired', {}, { captcha_required: true });
    }
    if (!(await captcha.consume(input.Captcha_Id, input.Captcha, now))) {
      await loginGuard.record(input.Username, ip, false, 'CAPTCHA', now);
      throw new RuleError('CAPTCHA', 'auth.captchaInvalid', {}, { captcha_required: true });
    }
  }

  const user = await findUserByUsername(deps, input.Username);
  const passwordOk = await verifyPassword(user?.password_hash, input.Password);
  if (!user || !passwordOk) {
    await loginGuard.record(input.Username, ip, false, 'PASSWORD', now);
    const failures = state.failuresSinceSuccess + 1;
    throw new RuleError(
      'CAPTCHA',
      'auth.invalidCredentials',
      {},
      { captcha_required: failures >= loginGuard.limits.captchaAfter, failed_attempts: failures },
    );
  }
  if (!user.is_active) {
    await loginGuard.record(input.Username, ip, false, 'INACTIVE', now);
    throw new AppError(
      403,
      'INACTIVE',
      user.inactive_reason === 'INACTIVITY' ? 'auth.inactive90' : 'auth.inactive',
    );
  }
  await loginGuard.record(input.Username, ip, true, 'OK', now);
  return user;
}
