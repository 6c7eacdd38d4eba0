// The `master-data` change notifications (007's notify_change) of migrations 021 and 022: a statement trigger per
// table, so the API's cached master data (api/services/master-data.ts) is read again after any write to it.
// Migrations that have run depend on the triggers these create (their names included): add, never alter.
import type { Knex } from 'knex';

export async function notifyMasterData(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await knex.raw(
      `create trigger ${table}_notify_master_data after insert or update or delete or truncate on ${table}
         for each statement execute function notify_change('master-data')`,
    );
  }
}

export async function stopNotifyingMasterData(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await knex.raw(`drop trigger if exists ${table}_notify_master_data on ${table}`);
  }
}
