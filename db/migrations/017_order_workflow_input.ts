// What an order's workflow is started with (workflows/orders/messages.ts OrderWorkflowInput: approval levels and
// their approvers, the auto-reject duration, the transporter asked), kept on the order by the assignment that
// creates it. The workflow is started in the same request; when that start was lost (Temporal away, the process
// killed between commit and start) or the run died, the sweep starts `order:<Order_No>` again from this, so the
// order's life goes on with the approvers and deadline it was assigned with.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table orders add column workflow_input jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table orders drop column if exists workflow_input');
}
