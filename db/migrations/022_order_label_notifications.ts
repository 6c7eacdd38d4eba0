// Change notifications (the `master-data` topic of 021) for the rest of the master data whose names label an order
// in the order list: product categories (business segment), incoterms and companies. The list reads every label
// of its page from memory (api/orders/read.ts orderLabels) until one of their tables is written.
import type { Knex } from 'knex';

export const ORDER_LABEL_TABLES = ['product_categories', 'incoterms', 'companies'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of ORDER_LABEL_TABLES) {
    await knex.raw(
      `create trigger ${table}_notify_master_data after insert or update or delete or truncate on ${table}
         for each statement execute function notify_change('master-data')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ORDER_LABEL_TABLES) {
    await knex.raw(`drop trigger if exists ${table}_notify_master_data on ${table}`);
  }
}
