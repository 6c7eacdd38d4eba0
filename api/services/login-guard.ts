// Throttling of credential checks, from the login_attempts trail:
// - after CAPTCHA_AFTER consecutive failures of one username (since its last success, within a day) every
//   further attempt must carry a solved server captcha;
// - LOCK_AFTER failures of one username inside the window lock it until the window passes;
// - IP_LIMIT failures from one address inside the window block that address.
// Failures are counted whether or not the username exists, so the answers do not reveal which do. Only a wrong
// password counts against the account: a wrong or missing captcha never reached the password check, and
// counting it would let anyone lock anyone out without guessing at all. Wrong captchas still count against the
// address, which keeps a guesser from trying captchas without end.
import type { Db } from '../../db/connection';

export interface LoginLimits {
  captchaAfter: number;
  lockAfter: number;
  ipLimit: number;
  windowMinutes: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  captchaAfter: 3,
  lockAfter: 10,
  ipLimit: 30,
  windowMinutes: 15,
};

/** Attempt reasons that count against the account: a password was checked and was wrong. */
const ACCOUNT_REASONS = ['PASSWORD'];
/** Attempt reasons that count against the address: any failed guess, of a password or of a captcha. */
const ADDRESS_REASONS = ['PASSWORD', 'CAPTCHA'];

export interface UsernameState {
  failuresSinceSuccess: number;
  failuresInWindow: number;
  /** When the lock ends, if locked. */
  lockedUntil?: Date;
}

export class LoginGuard {
  constructor(
    private readonly db: Db,
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  async usernameState(username: string, now: Date): Promise<UsernameState> {
    const key = username.trim().toLowerCase();
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const windowStart = new Date(now.getTime() - this.limits.windowMinutes * 60_000);
    const lastOk = (await this.db('login_attempts')
      .whereRaw('lower(username) = ?', [key])
      .where('success', true)
      .where('attempted_date', '>', dayAgo)
      .max('attempted_date as at')
      .first()) as { at: Date | string | null } | undefined;
    const since = lastOk?.at ? new Date(lastOk.at) : dayAgo;
    const rows = (await this.db('login_attempts')
      .whereRaw('lower(username) = ?', [key])
      .where('success', false)
      .whereIn('reason', ACCOUNT_REASONS)
      .where('attempted_date', '>', since)
      .select('attempted_date')
      .orderBy('attempted_date', 'desc')) as { attempted_date: Date | string }[];
    const inWindow = rows.filter((r) => new Date(r.attempted_date) > windowStart);
    const state: UsernameState = { failuresSinceSuccess: rows.length, failuresInWindow: inWindow.length };
    if (inWindow.length >= this.limits.lockAfter) {
      const newest = new Date(inWindow[0]!.attempted_date);
      state.lockedUntil = new Date(newest.getTime() + this.limits.windowMinutes * 60_000);
    }
    return state;
  }

  async ipFailures(ip: string, now: Date): Promise<number> {
    const windowStart = new Date(now.getTime() - this.limits.windowMinutes * 60_000);
    const row = (await this.db('login_attempts')
      .where({ ip, success: false })
      .whereIn('reason', ADDRESS_REASONS)
      .where('attempted_date', '>', windowStart)
      .count('* as n')
      .first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }

  async record(username: string, ip: string, success: boolean, reason: string, now: Date): Promise<void> {
    await this.db('login_attempts').insert({
      username: username.trim().slice(0, 100),
      ip: ip.slice(0, 64),
      success,
      reason,
      attempted_date: now,
    });
  }
}
