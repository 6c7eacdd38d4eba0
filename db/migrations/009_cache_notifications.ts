// Change notifications for more of what the API keeps in memory (the topics of migration 007, with its
// notify_change function):
//   lookups      any write to lookups: the lookup values of the master lists (api/services/lookups.ts);
//   permissions  any write to the groups, their members, menus and grants: a user's screen permissions
//                (api/services/permissions.ts).
import type { Knex } from 'knex';

const TRIGGERS: { table: string; topic: string }[] = [
  { table: 'lookups', topic: 'lookups' },
  { table: 'user_groups', topic: 'permissions' },
  { table: 'user_group_members', topic: 'permissions' },
  { table: 'menus', topic: 'permissions' },
  { table: 'group_menus', topic: 'permissions' },
];

export async function up(knex: Knex): Promise<void> {
  for (const t of TRIGGERS) {
    await knex.raw(
      `create trigger ${t.table}_notify_change after insert or update or delete or truncate on ${t.table}
         for each statement execute function notify_change('${t.topic}')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const t of TRIGGERS) await knex.raw(`drop trigger if exists ${t.table}_notify_change on ${t.table}`);
}
