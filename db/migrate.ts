// Migrations are listed explicitly (not discovered from the file system) so the same list runs under tsx,
// jest and a bundled build, and the order is visible in one place.
import type { Knex } from 'knex';
import type { Db } from './connection';
import * as m001 from './migrations/001_platform';
import * as m002 from './migrations/002_counter_deltas';
import * as m003 from './migrations/003_master_data';
import * as m004 from './migrations/004_master_parties';
import * as m005 from './migrations/005_master_settings';
import * as m006 from './migrations/006_sap_orders';
import * as m007 from './migrations/007_change_notifications';
import * as m008 from './migrations/008_sap_order_values';
import * as m009 from './migrations/009_cache_notifications';
import * as m010 from './migrations/010_sap_order_search_indexes';
import * as m011 from './migrations/011_sap_order_filter_index';
import * as m012 from './migrations/012_sap_order_number_grams';
import * as m013 from './migrations/013_user_plant_notifications';
import * as m014 from './migrations/014_user_reactivation';
import * as m015 from './migrations/015_sap_order_erp_content';
import * as m016 from './migrations/016_orders';
import * as m017 from './migrations/017_order_workflow_input';
import * as m018 from './migrations/018_order_line_returns';
import * as m019 from './migrations/019_order_edits';
import * as m020 from './migrations/020_order_transporter_counters';
import * as m021 from './migrations/021_master_data_notifications';
import * as m022 from './migrations/022_order_label_notifications';
import * as m023 from './migrations/023_order_creations';

const migrations: Record<string, Knex.Migration> = {
  '001_platform': m001,
  '002_counter_deltas': m002,
  '003_master_data': m003,
  '004_master_parties': m004,
  '005_master_settings': m005,
  '006_sap_orders': m006,
  '007_change_notifications': m007,
  '008_sap_order_values': m008,
  '009_cache_notifications': m009,
  '010_sap_order_search_indexes': m010,
  '011_sap_order_filter_index': m011,
  '012_sap_order_number_grams': m012,
  '013_user_plant_notifications': m013,
  '014_user_reactivation': m014,
  '015_sap_order_erp_content': m015,
  '016_orders': m016,
  '017_order_workflow_input': m017,
  '018_order_line_returns': m018,
  '019_order_edits': m019,
  '020_order_transporter_counters': m020,
  '021_master_data_notifications': m021,
  '022_order_label_notifications': m022,
  '023_order_creations': m023,
};

/**
 * A migration may rewrite a large table, which can take longer than the statement timeout that protects
 * requests (db/connection.ts): each one lifts it for its own transaction (`set local` ends with it).
 */
function withoutStatementTimeout(migration: Knex.Migration): Knex.Migration {
  const lifted =
    (step: (knex: Knex) => PromiseLike<unknown>) =>
    async (knex: Knex): Promise<void> => {
      await knex.raw('set local statement_timeout = 0');
      await step(knex);
    };
  return { ...migration, up: lifted(migration.up), ...(migration.down && { down: lifted(migration.down) }) };
}

const source: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(Object.keys(migrations)),
  getMigrationName: (name) => name,
  getMigration: (name) => Promise.resolve(withoutStatementTimeout(migrations[name]!)),
};

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource: source }, true);
}
