// An administrator's reactivation restarts a user's inactivity clock.
//
// The inactivity sweep (workflows/users/activities.ts) deactivates an account whose last login (or creation) is
// older than the limit. A reactivated account keeps its old last login until the user logs in again, so the
// next night's sweep deactivated it again. users.reactivated_date is stamped whenever is_active turns from false
// to true, whoever writes it (the User editor, an import, SQL), and the sweep counts from the latest of the
// three; users_activity_idx follows the new expression so the sweep stays an index range scan.
import type { Knex } from 'knex';

/** The moment a user's inactivity is counted from; the sweep and users_activity_idx use this same expression. */
export const USER_ACTIVITY_SQL = 'greatest(coalesce(last_login_date, created_date), reactivated_date)';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table users add column reactivated_date timestamptz');
  await knex.raw(`
    create function users_stamp_reactivation() returns trigger language plpgsql as $$
    begin
      new.reactivated_date := now();
      return new;
    end $$`);
  await knex.raw(`
    create trigger users_reactivation before update of is_active on users
      for each row when (not old.is_active and new.is_active) execute function users_stamp_reactivation()`);
  await knex.raw('drop index if exists users_activity_idx');
  await knex.raw(`create index users_activity_idx on users (is_active, (${USER_ACTIVITY_SQL}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_activity_idx');
  await knex.raw(
    'create index users_activity_idx on users (is_active, coalesce(last_login_date, created_date))',
  );
  await knex.raw('drop trigger if exists users_reactivation on users');
  await knex.raw('drop function if exists users_stamp_reactivation()');
  await knex.raw('alter table users drop column if exists reactivated_date');
}
