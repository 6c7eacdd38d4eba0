// Change notifications for more of what the API keeps in memory (the topics of migration 007, with its
// notify_change function):
//   lookups      any write to lookups: the lookup values of the master lists (api/services/lookups.ts);
//   permissions  any write to the groups, their members, menus and grants: a user's screen permissions
//                (api/services/permissions.ts);
//   sap-order-values  a code stored in sap_order_values for the first time (a row inserted; an import that
//                only meets known codes inserts none and sends nothing), or any removal: the codes the SAP
//                order list's filters match (api/sap-orders/code-values.ts).
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
  // Per row, so that an insert that conflicts on every row (codes already known) sends nothing.
  await knex.raw(
    `create trigger sap_order_values_notify_insert after insert on sap_order_values
       for each row execute function notify_change('sap-order-values')`,
  );
  await knex.raw(
    `create trigger sap_order_values_notify_change after update or delete or truncate on sap_order_values
       for each statement execute function notify_change('sap-order-values')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists sap_order_values_notify_insert on sap_order_values');
  await knex.raw('drop trigger if exists sap_order_values_notify_change on sap_order_values');
  for (const t of TRIGGERS) await knex.raw(`drop trigger if exists ${t.table}_notify_change on ${t.table}`);
}
