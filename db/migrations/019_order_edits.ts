// Edit order (issue 17, spec/2 §2.2, DESIGN §4 "WAITING FOR ORDER APPROVAL"): what an edit asks of an order is kept
// as one row before the order's workflow takes it, so the workflow's Update carries only its id and a run the sweep
// starts again finds the edit that waits for approval:
//   - changes: the order's new header values, lines (each SAP line it takes and how much) and transporters, as the
//     API checked and priced them (never the client's figures);
//   - status: REQUESTED (written by the API, not yet taken) → APPLIED (the edit is the order now), or WAITING FOR
//     APPROVAL (the order waits in WAITING FOR ORDER APPROVAL) → APPLIED | REJECTED | CANCELLED; REFUSED when the
//     workflow refused it (the order moved on, the quantity was taken): nothing of it was written;
//   - status_before: the order's status when the edit was asked, where a rejected edit takes the order back.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_edits', (t) => {
    t.bigIncrements('id');
    t.integer('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('status', 30).notNullable().defaultTo('REQUESTED');
    t.string('status_before', 60);
    t.boolean('transporter_changed').notNullable().defaultTo(false);
    // The lead transporter once the edit applies, and its AutoRejectSetting (the deadline when it is asked again).
    t.string('transporter_code', 20).notNullable();
    t.bigInteger('auto_reject_ms').notNullable();
    t.integer('approval_levels').notNullable().defaultTo(0);
    t.jsonb('changes').notNullable();
    t.string('remark', 1000);
    t.timestamp('created_date', { useTz: true }).notNullable();
    t.string('created_by', 100).notNullable();
    t.timestamp('decided_date', { useTz: true });
    t.check(
      `?? in ('REQUESTED', 'WAITING FOR APPROVAL', 'APPLIED', 'REJECTED', 'CANCELLED', 'REFUSED')`,
      ['status'],
      'order_edits_status_check',
    );
    t.index(['order_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_edits');
}
