// Activities of the user domain. The inactivity rule (spec/3 §6): an account nobody has logged into for
// `inactivityDays` is deactivated and its sessions are revoked, so a forgotten account cannot be used.
import type { Db } from '../../db/connection';
import { USER_ACTIVITY_SQL } from '../../db/schema-contract';

export interface DeactivateInactiveUsersInput {
  inactivityDays: number;
  /**
   * The moment of the sweep (ISO). The workflow passes its own start time so that a retried activity
   * computes the same cut-off and stamps the same inactive_date as the first attempt.
   */
  now?: string;
}

export interface DeactivateInactiveUsersResult {
  /** Usernames deactivated by this sweep, sorted. */
  deactivated: string[];
}

export const INACTIVITY_REASON = 'INACTIVITY';
export const DEACTIVATED_TOKEN_REASON = 'DEACTIVATED';
const SYSTEM_USER = 'system';
const DAY_MS = 24 * 60 * 60 * 1000;

export function createUserActivities({ db }: { db: Db }) {
  return {
    /**
     * Deactivates every active user whose last login (or creation, for a user who never logged in) and last
     * reactivation are older than the cut-off, and revokes their open tokens, in one transaction.
     *
     * Idempotent: a repeated run finds nobody new. The result is keyed by `now`: a retry after a commit whose
     * completion was lost still reports the users stamped at that same moment, and revokes any token left.
     */
    async deactivateInactiveUsers(
      input: DeactivateInactiveUsersInput,
    ): Promise<DeactivateInactiveUsersResult> {
      if (!Number.isFinite(input.inactivityDays) || input.inactivityDays <= 0) {
        throw new Error(`inactivityDays must be a positive number, got ${input.inactivityDays}`);
      }
      const now = input.now ? new Date(input.now) : new Date();
      if (Number.isNaN(now.getTime())) throw new Error(`Invalid time ${input.now}`);
      const cutoff = new Date(now.getTime() - input.inactivityDays * DAY_MS);

      // Every statement goes through trx: the accounts deactivated and the list of them returned are one
      // transaction's view.
      return db.transaction(async (trx) => {
        await trx('users')
          .where('is_active', true)
          // Same expression as the users_activity_idx index, so the sweep stays an index range scan.
          .whereRaw(`${USER_ACTIVITY_SQL} < ?`, [cutoff])
          .update({
            is_active: false,
            inactive_reason: INACTIVITY_REASON,
            inactive_date: now,
            edited_date: now,
            edited_by: SYSTEM_USER,
          });

        const swept = await trx('users')
          .select<{ id: number; username: string }[]>('id', 'username')
          .where({ is_active: false, inactive_reason: INACTIVITY_REASON, inactive_date: now })
          .orderBy('username');
        if (swept.length > 0) {
          await trx('auth_tokens')
            .whereIn(
              'user_id',
              swept.map((u) => u.id),
            )
            .whereNull('revoked_date')
            .update({ revoked_date: now, revoked_reason: DEACTIVATED_TOKEN_REASON });
        }
        return { deactivated: swept.map((u) => u.username) };
      });
    },
  };
}

export type UserActivities = ReturnType<typeof createUserActivities>;
