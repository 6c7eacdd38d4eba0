// Change notifications for the API's in-memory caches (api/services/change-feed.ts). A statement that can
// change what a cache holds sends `NOTIFY tms_changes, '<topic>'`; PostgreSQL delivers it at commit (once per
// transaction and topic), so every API process drops its copies before it can serve one a reader could tell
// from the table:
//   auth      a token revoked or deleted, a user changed (deactivated, renamed, language...) or deleted:
//             the per-request session check (api/services/session.ts);
//   counters  a status counter total or delta written: the tab and dashboard counts (api/services/counters.ts).
// New tokens and new users need none: nothing cached can name them yet.
import type { Knex } from 'knex';

const TRIGGERS: { table: string; topic: string; events: string }[] = [
  { table: 'auth_tokens', topic: 'auth', events: 'update or delete or truncate' },
  { table: 'users', topic: 'auth', events: 'update or delete or truncate' },
  { table: 'status_counters', topic: 'counters', events: 'insert or update or delete or truncate' },
  { table: 'status_counter_deltas', topic: 'counters', events: 'insert or update or delete or truncate' },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('tms_changes', tg_argv[0]);
      return null;
    end $$;
  `);
  for (const t of TRIGGERS) {
    await knex.raw(
      `create trigger ${t.table}_notify_change after ${t.events} on ${t.table}
         for each statement execute function notify_change('${t.topic}')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TRIGGERS) await knex.raw(`drop trigger if exists ${t.table}_notify_change on ${t.table}`);
  await knex.raw('drop function if exists notify_change()');
}
