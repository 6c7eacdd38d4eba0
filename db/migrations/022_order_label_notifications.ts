// Change notifications (the `master-data` topic of 021) for the rest of the master data whose names label an order
// in the order list: product categories (business segment), incoterms and companies. The list reads every label
// of its page from memory (api/orders/read.ts orderLabels) until one of their tables is written.
import type { Knex } from 'knex';
import { notifyMasterData, stopNotifyingMasterData } from './master-data-notifications';

export const ORDER_LABEL_TABLES = ['product_categories', 'incoterms', 'companies'] as const;

export async function up(knex: Knex): Promise<void> {
  await notifyMasterData(knex, ORDER_LABEL_TABLES);
}

export async function down(knex: Knex): Promise<void> {
  await stopNotifyingMasterData(knex, ORDER_LABEL_TABLES);
}
