// Change notifications for the master data an assignment reads on every save and check (the `master-data` topic,
// with 007's notify_change): locations, materials' conversions, warehouses, freight rates, transporters, truck
// types, approval matrices and their approvers, transporter quotas, auto-reject settings, customers, vendors,
// order types, lookups and users (approvers' names, the active administrators). The API keeps what it read of
// them in memory (api/services/master-data.ts) until one of these tables is written.
import type { Knex } from 'knex';
import { notifyMasterData, stopNotifyingMasterData } from './master-data-notifications';

export const MASTER_DATA_TABLES = [
  'locations',
  'material_conversions',
  'warehouses',
  'freight_rates',
  'transporters',
  'truck_types',
  'approval_matrices',
  'approval_matrix_approvers',
  'transporter_quotas',
  'auto_reject_settings',
  'customers',
  'vendors',
  'order_types',
  'lookups',
  'users',
] as const;

export async function up(knex: Knex): Promise<void> {
  await notifyMasterData(knex, MASTER_DATA_TABLES);
}

export async function down(knex: Knex): Promise<void> {
  await stopNotifyingMasterData(knex, MASTER_DATA_TABLES);
}
