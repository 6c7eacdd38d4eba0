// What an order line gives back (issue 17, DESIGN §4 "Quantities"):
//   - revert_qty: what mark complete returned of the line's outstanding quantity to its SAP line (the order's
//     Revert_Qty is their sum); unmark complete takes it back as far as it is still free. An active order's line
//     holds qty - revert_qty of its SAP line.
//   - reassign delivery order lowers a line's qty by what it releases; releasing all of a line's outstanding
//     quantity leaves it at 0, a line kept for the order's record, hence qty >= 0 (the assignment itself still
//     refuses a line of 0).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table order_details
      add column revert_qty numeric(18, 3) not null default 0,
      add constraint order_details_revert_qty_check check (revert_qty >= 0 and revert_qty <= qty),
      drop constraint order_details_qty_positive,
      add constraint order_details_qty_not_negative_total check (qty >= 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table order_details
      drop constraint if exists order_details_qty_not_negative_total,
      drop column if exists revert_qty`);
  await knex.raw('alter table order_details add constraint order_details_qty_positive check (qty > 0)');
}
