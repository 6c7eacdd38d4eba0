// Transport orders (db/resources/order.ts; DESIGN §4 "Order states", §6; spec/1 §2-§3, spec/2 §3).
//
// - orders (begun in 001 with the columns the dashboard counters need) gets its header. Its counters stay those
//   of 001/002: a row trigger appends a delta per status change and per completion (entity ORDER), which the
//   dashboard's order cards and completed-orders chart read. Orders are written one at a time by their
//   workflows, unlike SAP orders, which an import inserts by the thousand, so a row trigger is the right one.
// - order_details: the order's lines, each reserving a quantity of one SAP order line (sap_order_detail_id).
// - order_transporters: who the order is given to, with the freight option chosen (several for collective).
// - order_histories: one row per transition; idempotency_key (the workflow and the change) is unique, so an
//   activity that is retried after its write writes nothing more.
//
// The list reads a million orders (DESIGN §6: a page p99 <= 25 ms at any tab and any sort on an indexed
// column). The list sorts `column <dir> nulls last, id desc` (api/list.ts), which a btree serves only when it is
// built in that very order, so each sortable column has one index per direction; the one on status also serves
// the tabs (status = x order by id desc). Transporters and relations read their own orders by tab. Contains
// filters on numbers go through their grams (tms_grams, migration 012), those on names through trigrams.
//
// Master data is referenced by code or id without foreign keys: an order is a document, which keeps the codes
// it was made with, and a rename of a master code must not rewrite a million orders (master rows in use are
// deactivated, not deleted). The order's own tables do have their foreign keys.
import type { Knex } from 'knex';

/** Copies of db/resources/order.ts's vocabularies (a migration never changes after it shipped). */
const STATUS_VOCABULARY = [
  'UNASSIGNED TRANSPORTER',
  'OUTSTANDING',
  'APPROVED',
  'REJECTED',
  'ASSIGNED TO TRANSPORTER',
  'ASSIGNED TO DRIVER',
  'VERIFIED',
  'IN PROGRESS',
  'COMPLETED',
  'ACCEPTED',
  'WAITING FOR APPROVAL',
  'WAITING FOR ORDER APPROVAL',
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
  'WAITING FOR APPOINTMENT APPROVAL',
  'CANCELLED',
];
const DISPATCH_STATUSES = ['WAITING', 'ACCEPTED', 'REJECTED', 'AUTO REJECTED'];
const SHIPMENT_TYPE_CATEGORIES = ['INDIVIDUAL', 'COLLECTIVE', 'RELATION'];

/** The orders columns the list sorts by, each with an index per direction: orders_<column>_asc_idx / _desc_idx. */
export const ORDER_SORT_COLUMNS = [
  'order_no',
  'order_date',
  'sap_no',
  'transporter_name',
  'customer_vendor_name',
  'status',
  'dispatch_status',
  'auto_reject_date',
  'order_type_name',
  'created_date',
  'edited_date',
] as const;

/** Numbers whose contains filter goes through tms_grams(<column>) (orders_<column>_grams_idx). */
export const ORDER_GRAM_COLUMNS = ['order_no', 'sap_no'] as const;
/** Names whose contains filter goes through a trigram index (orders_<column>_trgm_idx). */
export const ORDER_TRIGRAM_COLUMNS = ['transporter_name', 'customer_vendor_name'] as const;

const QTY = [18, 3] as const;
const MONEY = [18, 2] as const;

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

const HEADER_COLUMNS = [
  'order_date',
  'sap_no',
  'document_no',
  'dispatch_status',
  'dispatch_status_remarks',
  'auto_reject_date',
  'order_type_id',
  'order_type_name',
  'company_code',
  'business_segment_code',
  'warehouse_code',
  'document_type',
  'distribution',
  'incoterm',
  'incoterm2',
  'customer_vendor_code',
  'customer_vendor_name',
  'customer_vendor_address',
  'delivery_address',
  'valid_from',
  'valid_to',
  'shipment_type',
  'shipment_type_category',
  'transporter_code',
  'transporter_name',
  'truck_type_id',
  'loading_destination_from_id',
  'loading_destination_to_id',
  'charge_oa_company',
  'freight_date',
  'stuffing_date_from',
  'stuffing_date_to',
  'trip_type',
  'vessel',
  'ln_type',
  'ln_inco_rule',
  'transporter_notes',
  'multiple_weighing',
  'show_conversion_type',
  'is_relation',
  'has_shipment',
  'revert_qty',
  'workflow_id',
  'version',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    // The business day the order was made on (Western Indonesia Time, as the daily counters count).
    t.date('order_date').notNullable().defaultTo(knex.raw(`((now() at time zone 'Asia/Jakarta')::date)`));
    t.string('sap_no', 500);
    t.string('document_no', 50);
    t.string('dispatch_status', 30);
    t.string('dispatch_status_remarks', 1000);
    t.timestamp('auto_reject_date', { useTz: true });
    t.integer('order_type_id');
    t.string('order_type_name', 50);
    t.string('company_code', 10);
    t.string('business_segment_code', 20);
    t.string('warehouse_code', 20);
    t.string('document_type', 50);
    t.string('distribution', 50);
    t.string('incoterm', 10);
    t.string('incoterm2', 200);
    t.string('customer_vendor_code', 20);
    t.string('customer_vendor_name', 200);
    t.string('customer_vendor_address', 500);
    t.string('delivery_address', 500);
    t.date('valid_from');
    t.date('valid_to');
    t.string('shipment_type', 30);
    t.string('shipment_type_category', 20);
    t.string('transporter_code', 20);
    t.string('transporter_name', 200);
    t.integer('truck_type_id');
    t.integer('loading_destination_from_id');
    t.integer('loading_destination_to_id');
    t.string('charge_oa_company', 10);
    t.date('freight_date');
    t.date('stuffing_date_from');
    t.date('stuffing_date_to');
    t.string('trip_type', 30);
    t.string('vessel', 50);
    t.string('ln_type', 30);
    t.string('ln_inco_rule', 20);
    t.string('transporter_notes', 1000);
    t.string('multiple_weighing', 1).notNullable().defaultTo('N');
    t.string('show_conversion_type', 1).notNullable().defaultTo('N');
    t.boolean('is_relation').notNullable().defaultTo(false);
    t.boolean('has_shipment').notNullable().defaultTo(false);
    t.decimal('revert_qty', ...QTY)
      .notNullable()
      .defaultTo(0);
    t.string('workflow_id', 200);
    t.integer('version').notNullable().defaultTo(0);
  });
  await knex.raw(`
    alter table orders
      add constraint orders_status_check check (status in (${inList(STATUS_VOCABULARY)})),
      add constraint orders_dispatch_status_check check (dispatch_status in (${inList(DISPATCH_STATUSES)})),
      add constraint orders_shipment_type_category_check
        check (shipment_type_category in (${inList(SHIPMENT_TYPE_CATEGORIES)})),
      add constraint orders_multiple_weighing_check check (multiple_weighing in ('Y', 'N')),
      add constraint orders_show_conversion_type_check check (show_conversion_type in ('Y', 'N')),
      add constraint orders_stuffing_range_check check (stuffing_date_from <= stuffing_date_to),
      add constraint orders_revert_qty_check check (revert_qty >= 0)`);

  for (const column of ORDER_SORT_COLUMNS) {
    for (const dir of ['asc', 'desc'] as const) {
      await knex.raw(
        `create index orders_${column}_${dir}_idx on orders (${column} ${dir} nulls last, id desc)`,
      );
    }
  }
  // A transporter's and a relation's own orders, by tab (status, or their answer) newest first.
  await knex.raw('create index orders_transporter_status_idx on orders (transporter_code, status, id desc)');
  await knex.raw(
    'create index orders_transporter_dispatch_idx on orders (transporter_code, dispatch_status, id desc)',
  );
  await knex.raw(
    'create index orders_customer_vendor_status_idx on orders (customer_vendor_code, status, id desc)',
  );
  for (const column of ORDER_GRAM_COLUMNS) {
    await knex.raw(`create index orders_${column}_grams_idx on orders using gin (tms_grams(${column}))`);
  }
  for (const column of ORDER_TRIGRAM_COLUMNS) {
    await knex.raw(`create index orders_${column}_trgm_idx on orders using gin (${column} gin_trgm_ops)`);
  }
  // The orders waiting for a transporter's answer, by deadline: what an auto-reject check or sweep reads.
  await knex.raw(`
    create index orders_auto_reject_idx on orders (auto_reject_date)
      where status = 'ASSIGNED TO TRANSPORTER' and dispatch_status = 'WAITING'`);
  // Orders whose workflow was never started, for the sweep that starts them.
  await knex.raw('create index orders_without_workflow_idx on orders (id) where workflow_id is null');

  await knex.schema.createTable('order_details', (t) => {
    t.bigIncrements('id');
    t.integer('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    // A SAP line an order holds is never deleted under it (the import flags it changed_in_sap instead).
    t.bigInteger('sap_order_detail_id')
      .notNullable()
      .references('id')
      .inTable('sap_order_details')
      .onDelete('RESTRICT');
    t.string('item_no', 10).notNullable();
    t.string('sap_no', 50).notNullable();
    t.string('sap_item_no', 10).notNullable();
    t.string('material_code', 40).notNullable();
    t.decimal('qty', ...QTY).notNullable();
    for (const column of ['os_qty', 'sto_qty', 'shipment_qty', 'real_qty', 'tolerance_qty']) {
      t.decimal(column, ...QTY)
        .notNullable()
        .defaultTo(0);
    }
    t.string('uom', 10).notNullable();
    t.string('conversion_type', 20);
    t.decimal('conversion', 18, 6);
    t.string('charge_oa_company', 10);
    t.string('ln_type', 30);
    t.string('incoterm_rule', 20);
    t.string('so_factory_no', 50);
    t.string('so_factory_item_no', 10);
    t.string('po_so_factory', 50);
    t.string('so_factory_result', 20);
    t.string('so_factory_result_reason', 500);
    t.unique(['order_id', 'item_no']);
    // What the active orders hold of a SAP line is summed over its order lines (os_qty, DESIGN §4).
    t.index(['sap_order_detail_id', 'order_id']);
    t.check('?? > 0', ['qty'], 'order_details_qty_positive');
    t.check(
      '?? >= 0 and ?? >= 0 and ?? >= 0 and ?? >= 0',
      ['os_qty', 'sto_qty', 'shipment_qty', 'real_qty'],
      'order_details_qty_not_negative',
    );
    t.check('?? >= 0', ['conversion'], 'order_details_conversion_not_negative');
  });

  await knex.schema.createTable('order_transporters', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('transporter_code', 20).notNullable();
    t.string('transporter_name', 200);
    t.integer('truck_type_id');
    t.string('freight_master', 50);
    t.decimal('freight_cost', ...MONEY);
    t.decimal('freight_suggested', ...MONEY);
    t.boolean('freight_value');
    t.string('freight_per', 20);
    t.string('freight_uom', 10);
    t.decimal('freight_total_cost', ...MONEY);
    t.decimal('freight_total_cost_user_not', ...MONEY);
    t.integer('freight_container');
    t.decimal('freight_kg', ...QTY);
    t.string('freight_material', 40);
    t.decimal('truck_capacity', ...QTY);
    t.integer('system_not');
    t.integer('user_not');
    t.boolean('truck_rental').notNullable().defaultTo(false);
    t.boolean('multiple_weighing').notNullable().defaultTo(false);
    t.boolean('exclude_approval');
    t.string('zfrcost_no', 50);
    t.string('freight_criteria', 20);
    t.string('assign_reason', 50);
    t.string('assign_reason_others', 500);
    t.string('route_no', 50);
    t.string('tender_no', 50);
    t.string('trip_type', 30);
    t.boolean('sto_spo_per_shipment').notNullable().defaultTo(false);
    t.date('freight_date');
    t.index(['order_id']);
    // A transporter's orders, collective ones included (ownership checks and the transporter's list).
    t.index(['transporter_code', 'order_id']);
    t.check('?? >= 0', ['freight_cost'], 'order_transporters_freight_cost_not_negative');
    t.check('?? >= 1', ['user_not'], 'order_transporters_user_not_positive');
    t.check('?? >= 1', ['freight_container'], 'order_transporters_freight_container_positive');
  });

  await knex.schema.createTable('order_histories', (t) => {
    t.bigIncrements('id');
    t.integer('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('status_from', 60);
    t.string('status_to', 60).notNullable();
    t.string('remark', 1000);
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('created_by', 100);
    // The workflow and the change that wrote the row (e.g. `order:ORD0001/accept/3`): a retry writes nothing.
    t.string('idempotency_key', 200).notNullable().unique();
    t.index(['order_id', 'id']);
    t.check(`?? in (${inList(STATUS_VOCABULARY)})`, ['status_to'], 'order_histories_status_to_check');
    t.check(`?? in (${inList(STATUS_VOCABULARY)})`, ['status_from'], 'order_histories_status_from_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['order_histories', 'order_transporters', 'order_details']) {
    await knex.schema.dropTableIfExists(table);
  }
  const indexes = [
    ...ORDER_SORT_COLUMNS.flatMap((c) => [`orders_${c}_asc_idx`, `orders_${c}_desc_idx`]),
    ...ORDER_GRAM_COLUMNS.map((c) => `orders_${c}_grams_idx`),
    ...ORDER_TRIGRAM_COLUMNS.map((c) => `orders_${c}_trgm_idx`),
    'orders_transporter_status_idx',
    'orders_transporter_dispatch_idx',
    'orders_customer_vendor_status_idx',
    'orders_auto_reject_idx',
    'orders_without_workflow_idx',
  ];
  for (const index of indexes) await knex.raw(`drop index if exists ${index}`);
  for (const check of [
    'status',
    'dispatch_status',
    'shipment_type_category',
    'multiple_weighing',
    'show_conversion_type',
    'stuffing_range',
    'revert_qty',
  ]) {
    await knex.raw(`alter table orders drop constraint if exists orders_${check}_check`);
  }
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumns(...HEADER_COLUMNS);
  });
}
