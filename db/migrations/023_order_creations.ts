// The assign save's request rows (DESIGN §2 "One way to change state", api/orders/assign.ts): one row per save that
// started an order's creation through its workflow, keyed by what was saved (request_key: the user and the checked
// model). A save sent again while its order is not written yet (the first one answered "not in time, look again",
// the worker away) takes the same Order_No and id, so Temporal's USE_EXISTING gives it the same run and a user who
// saves twice gets one order. The row is the API's; the order's rows stay the workflow's to write.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_creations', (t) => {
    t.bigIncrements('id');
    t.string('request_key', 64).notNullable().unique();
    t.integer('order_id').notNullable();
    t.string('order_no', 50).notNullable();
    t.timestamp('created_date', { useTz: true }).notNullable();
    t.string('created_by', 100).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_creations');
}
