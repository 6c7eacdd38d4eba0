// A real deployment starts with no accounts and no demo password. The first start creates one
// administrator, `admin`, in the ADMINISTRATOR group, who must accept the privacy consent and choose a new
// password at the first login. Its initial password is ADMIN_INITIAL_PASSWORD, or, when that is unset, a
// random one that the start-up log shows once. Once any administrator exists this does nothing.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ADMINISTRATORS_GROUP } from '../resources/master/group';

export const FIRST_ADMIN_USERNAME = 'admin';

export interface FirstAdminResult {
  created: boolean;
  /** The generated password, when one was generated (to be shown once in the start-up log). */
  generatedPassword?: string;
}

/** 18 random bytes as base64url: 24 characters, with digits, letters and symbols enough for the policy. */
function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}#1a`;
}

export async function ensureFirstAdmin(
  knex: Knex,
  hashPassword: (p: string) => Promise<string>,
  groupIds: Map<string, number>,
  initialPassword?: string,
): Promise<FirstAdminResult> {
  return knex.transaction(async (trx) => {
    // Serialise concurrent first starts (API and worker processes of a new deployment).
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['ensure_first_admin']);
    const admin: unknown = await trx('users').where({ is_admin: true }).first('id');
    if (admin) return { created: false };
    const taken: unknown = await trx('users')
      .whereRaw('lower(username) = ?', [FIRST_ADMIN_USERNAME])
      .first('id');
    if (taken) return { created: false };
    const password = initialPassword ?? generatePassword();
    const [created] = (await trx('users')
      .insert({
        username: FIRST_ADMIN_USERNAME,
        full_name: 'System Administrator',
        password_hash: await hashPassword(password),
        role: 'USER',
        is_admin: true,
        department: 'LOGISTIC',
        language: 'en',
        must_change_password: true,
        change_password_reason: 'FIRST_LOGIN',
        privacy_consent_date: null,
        created_by: 'system',
      })
      .returning('id')) as { id: number }[];
    const group = groupIds.get(ADMINISTRATORS_GROUP);
    if (group) await trx('user_group_members').insert({ user_id: created!.id, group_id: group });
    return initialPassword ? { created: true } : { created: true, generatedPassword: password };
  });
}
