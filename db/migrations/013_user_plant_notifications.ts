// Change notifications for the companies and plants each user may work for (user_plants, the User editor's
// "Authorized Companies and Plants"), under the `permissions` topic of migration 009 (with 007's notify_change):
// the API keeps each user's grants in memory with their screen permissions (api/services/permissions.ts), so the
// SAP order list no longer reads them on every page a user opens.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create trigger user_plants_notify_change after insert or update or delete or truncate on user_plants
       for each statement execute function notify_change('permissions')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists user_plants_notify_change on user_plants');
}
