// SAP orders and the ERP integration (spec/2 §2.4, spec/3 §2.1-§2.2, DESIGN §3-§4).
//
// - sap_orders (begun in 001 with the columns the dashboard counters need) gets its header: one row per ERP
//   document (sales, delivery, purchase, stock-transfer/transfer order) or per order typed in the console
//   (Type MANUAL / TRANSFER ORDER). Its lines are sap_order_details, keyed by item number within the document.
//   Quantities are numeric(18,3) in the line's UOM; os_qty (outstanding) = Qty minus what active transport
//   orders hold, never negative (DESIGN §4 "Quantities"). The header keeps the sum of its lines' outstanding
//   quantity (os_qty_total, kept by a trigger) so the list tabs (tab_status, a stored generated column) read
//   one row per document.
// - erp_changed_at is SAP's change time of the document (or line): a re-sent document whose time is not newer
//   writes nothing; changed_in_sap flags a changed line that an active order already holds, for staff to act on.
// - erp_sandbox_documents: the embedded default ERP (adapter `sandbox`) keeps its generated documents here,
//   with the columns the Filter screen searches on; the rest is the document as SAP would send it (jsonb).
// - api_logs: every inbound call of the ERP push API; api_response_logs: every outbound call to the ERP.
// - approvals / approval_approvers / approval_logs: documents waiting for people (this issue: SAP orders;
//   later ones: orders, appointments), who may decide at which level, and every decision made.
// - user_plants: the companies and plants a user may bring SAP documents in for and create or edit SAP orders
//   of (a row without a plant grants every plant of the company; admins need none). A sub-table of User.
// - sap_order_syncs: every "Sync to SAP" of the SAP order editor, with a fingerprint of the lines SAP answered,
//   so a save of an order type that needs a sync is refused unless a successful sync of those very lines came
//   after the order's last change (api/sap-orders/sync.ts).
// - Measured at 1,000,000 lines (test/bench/sap-orders.ts, issue #4): the list's contains filters read trigram
//   indexes (pg_trgm) instead of every row, and sap_orders counts its statuses per statement instead of per row.
import type { Knex } from 'knex';
import { common, ref } from './master-columns';

const QTY = [18, 3] as const;
const MONEY = [18, 2] as const;

/**
 * The list's text columns people search most by `contains` (ilike '%x%', api/list.ts): the document's numbers and
 * its partner. A btree cannot serve a pattern with a leading wildcard; a trigram index can. Each one also costs
 * every imported document (the five first tried together added about a fifth to an ERP import), so only these;
 * the low-cardinality codes (company, plant, status...) match large parts of the table whatever the index and are
 * narrowed by the others.
 */
export const SAP_ORDER_TRIGRAM_COLUMNS = [
  'document_no',
  'delivery_order_no',
  'po_no',
  'customer_vendor_code',
] as const;

function audit(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.string('created_by', 100);
  t.timestamp('edited_date', { useTz: true });
  t.string('edited_by', 100);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sap_orders', (t) => {
    // MANUAL, SYNC SAP or TRANSFER ORDER (spec/3 §4.1 "Order create types").
    t.string('type', 20).notNullable().defaultTo('SYNC SAP');
    // The order type's Name (order_types.name: "SO", "STO OUT", ...) and its Code.
    t.string('order_type', 50).notNullable().defaultTo('SO');
    t.string('order_type_code', 20).notNullable().defaultTo('SO');
    t.date('document_date');
    t.string('delivery_order_no', 50);
    t.date('valid_from');
    t.date('valid_to');
    t.string('company_code', 10);
    t.string('product_category', 20);
    t.string('plant', 10);
    t.string('ln_so_no', 50);
    t.string('ln_sto_no', 50);
    t.string('ln_do_third_party', 50);
    t.string('sales_organization', 10);
    t.string('purchase_organization', 10);
    t.string('document_type', 50);
    t.string('customer_vendor_code', 20);
    t.string('address', 500);
    t.string('distribution', 50);
    t.string('incoterm', 10);
    t.string('incoterm2', 200);
    t.string('estate', 100);
    t.string('collective_ln', 50);
    t.string('delivery_using_truck', 1).notNullable().defaultTo('N');
    t.boolean('sto_spo_per_shipment').notNullable().defaultTo(false);
    t.string('langsir_type', 30);
    t.string('plant_destination', 10);
    t.string('factory_destination', 20);
    t.string('warehouse_code', 20);
    t.string('shipment_type', 30);
    t.string('delivery_address', 500);
    t.string('transfer_type', 20);
    t.string('po_no', 50);
    t.string('reference_doc_no', 50);
    t.string('transporter', 20);
    t.string('loading', 20);
    t.string('destination', 20);
    t.decimal('freight_cost', ...MONEY);
    t.string('freight_cost_per', 20);
    t.string('freight_cost_uom', 10);
    t.decimal('freight_total_cost', ...MONEY);
    t.string('truck_type', 20);
    t.boolean('is_relation').notNullable().defaultTo(false);
    t.timestamp('erp_changed_at', { useTz: true });
    t.boolean('changed_in_sap').notNullable().defaultTo(false);
    // Where the document came from: sandbox, sap-odata, push (the ERP push API) or console.
    t.string('source', 20).notNullable().defaultTo('console');
    t.decimal('qty_total', ...QTY)
      .notNullable()
      .defaultTo(0);
    t.decimal('os_qty_total', ...QTY)
      .notNullable()
      .defaultTo(0);
    t.boolean('has_order').notNullable().defaultTo(false);
    t.string('approval_status', 30);
  });
  await knex.raw(`
    alter table sap_orders add column tab_status varchar(30) generated always as (
      case when status = 'APPROVED' and os_qty_total > 0 then 'OUTSTANDING'
           when status = 'APPROVED' then 'ASSIGNED'
           else status end) stored`);
  await knex.raw('create unique index sap_orders_document_no_uq on sap_orders (document_no)');
  await knex.raw('create index sap_orders_tab_idx on sap_orders (tab_status, id desc)');
  await knex.raw('create index sap_orders_id_desc_idx on sap_orders (id desc)');
  // The list sorts nulls last and breaks ties newest first (api/list.ts, api/sap-orders/list.ts): one index per
  // direction of the list's most used sort, so either is read from an index instead of sorting every row.
  await knex.raw(
    'create index sap_orders_document_date_idx on sap_orders (document_date desc nulls last, id desc)',
  );
  await knex.raw(
    'create index sap_orders_document_date_asc_idx on sap_orders (document_date asc nulls last, id desc)',
  );
  await knex.raw('create index sap_orders_company_idx on sap_orders (company_code, plant)');
  // pg_trgm ships with PostgreSQL's contrib (the embedded cluster's binaries include it). 006 is not released yet,
  // so the extension is created here rather than in a migration of its own.
  await knex.raw('create extension if not exists pg_trgm');
  for (const column of SAP_ORDER_TRIGRAM_COLUMNS) {
    await knex.raw(
      `create index sap_orders_${column}_trgm_idx on sap_orders using gin (${column} gin_trgm_ops)`,
    );
  }
  await knex.raw(
    `alter table sap_orders add constraint sap_orders_type_check
       check (type in ('MANUAL', 'SYNC SAP', 'TRANSFER ORDER'))`,
  );
  await knex.raw(
    `alter table sap_orders add constraint sap_orders_status_check
       check (status in ('WAITING FOR APPROVAL', 'APPROVED', 'REJECTED'))`,
  );

  // Counters of sap_orders, appended as deltas like every counter (002) and exact the same way (written in the
  // transaction of the change they count): by status for the dashboard (entity SAP_ORDER, as 001 began it) and
  // by list tab for the tab counts (entity SAP_ORDER_TAB, api/sap-orders/list.ts tabCounts), which then read a
  // handful of rows instead of counting the OUTSTANDING tab, a large part of a million orders when little is
  // planned yet. Inserts and deletes are counted per statement: an ERP import inserts thousands of headers in
  // one statement, and the transition table gives one delta row per status instead of a trigger call and a
  // delta row per document (001/002 track_document_counters). A change stays per row: a statement-level update
  // trigger cannot be limited to the columns that matter (PostgreSQL refuses transition tables with a column
  // list), and would then run for every update of a header.
  await knex.raw(`
    create function track_sap_order_counters() returns trigger
    language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        insert into status_counter_deltas (entity, status, delta)
          select 'SAP_ORDER', status, count(*)::int from new_rows group by status
          union all
          select 'SAP_ORDER_TAB', tab_status, count(*)::int from new_rows group by tab_status;
      else
        insert into status_counter_deltas (entity, status, delta)
          select 'SAP_ORDER', status, -count(*)::int from old_rows group by status
          union all
          select 'SAP_ORDER_TAB', tab_status, -count(*)::int from old_rows group by tab_status;
      end if;
      return null;
    end $$;
  `);
  await knex.raw(`
    create function track_sap_order_change() returns trigger
    language plpgsql as $$
    begin
      if old.status is distinct from new.status then
        insert into status_counter_deltas (entity, status, delta)
          values ('SAP_ORDER', old.status, -1), ('SAP_ORDER', new.status, 1);
      end if;
      if old.tab_status is distinct from new.tab_status then
        insert into status_counter_deltas (entity, status, delta)
          values ('SAP_ORDER_TAB', old.tab_status, -1), ('SAP_ORDER_TAB', new.tab_status, 1);
      end if;
      return null;
    end $$;
  `);
  await knex.raw('drop trigger sap_orders_counters on sap_orders');
  await knex.raw(`
    create trigger sap_orders_counters_ins after insert on sap_orders
      referencing new table as new_rows for each statement execute function track_sap_order_counters()`);
  await knex.raw(`
    create trigger sap_orders_counters_del after delete on sap_orders
      referencing old table as old_rows for each statement execute function track_sap_order_counters()`);
  // tab_status is generated from status and os_qty_total.
  await knex.raw(`
    create trigger sap_orders_counters_upd after update of status, os_qty_total on sap_orders
      for each row when (old.status is distinct from new.status or old.tab_status is distinct from new.tab_status)
      execute function track_sap_order_change()`);
  // Orders made before this migration (tables of 001 in a development database).
  await knex.raw(`
    insert into status_counters (entity, status, total)
      select 'SAP_ORDER_TAB', tab_status, count(*) from sap_orders group by tab_status`);

  await knex.schema.createTable('sap_order_details', (t) => {
    t.bigIncrements('id');
    t.integer('sap_order_id').notNullable().references('id').inTable('sap_orders').onDelete('CASCADE');
    t.string('item_no', 10).notNullable();
    t.string('material_code', 40).notNullable();
    t.decimal('qty', ...QTY).notNullable();
    t.decimal('os_qty', ...QTY).notNullable();
    t.decimal('real_qty', ...QTY)
      .notNullable()
      .defaultTo(0);
    t.string('uom', 10).notNullable();
    t.decimal('tolerance', 9, 3);
    t.string('po_so_no', 50);
    t.string('so_do_no', 50);
    t.string('so_do_item_no', 10);
    t.string('ln_so_item_no', 10);
    t.string('ln_sto_item_no', 10);
    t.string('sales_district', 50);
    t.string('charge_oa_company', 10);
    t.string('conversion_type', 20);
    t.string('ln_type', 30);
    t.string('incoterm_rule', 20);
    t.timestamp('erp_changed_at', { useTz: true });
    t.boolean('changed_in_sap').notNullable().defaultTo(false);
    t.boolean('mark_deleted').notNullable().defaultTo(false);
    t.unique(['sap_order_id', 'item_no']);
    t.index(['material_code']);
    t.check('?? > 0', ['qty'], 'sap_order_details_qty_positive');
    t.check('?? >= 0 and ?? <= ??', ['os_qty', 'os_qty', 'qty'], 'sap_order_details_os_qty_range');
  });

  // The header's totals follow its lines, in the same transaction as the line change.
  await knex.raw(`
    create function sap_order_totals() returns trigger
    language plpgsql as $$
    declare
      v_ids int[];
    begin
      if TG_OP = 'INSERT' then
        select array_agg(distinct sap_order_id) into v_ids from new_rows;
      elsif TG_OP = 'DELETE' then
        select array_agg(distinct sap_order_id) into v_ids from old_rows;
      else
        select array_agg(distinct sap_order_id) into v_ids
          from (select sap_order_id from new_rows union select sap_order_id from old_rows) x;
      end if;
      update sap_orders s
         set qty_total = coalesce(d.qty, 0), os_qty_total = coalesce(d.os_qty, 0)
        from (select o.id, sum(l.qty) as qty, sum(l.os_qty) as os_qty
                from unnest(v_ids) as o(id)
                left join sap_order_details l on l.sap_order_id = o.id and not l.mark_deleted
               group by o.id) d
       where s.id = d.id
         and (s.qty_total, s.os_qty_total) is distinct from (coalesce(d.qty, 0), coalesce(d.os_qty, 0));
      return null;
    end $$;
  `);
  await knex.raw(`
    create trigger sap_order_details_totals_ins after insert on sap_order_details
      referencing new table as new_rows for each statement execute function sap_order_totals()`);
  await knex.raw(`
    create trigger sap_order_details_totals_upd after update on sap_order_details
      referencing new table as new_rows old table as old_rows
      for each statement execute function sap_order_totals()`);
  await knex.raw(`
    create trigger sap_order_details_totals_del after delete on sap_order_details
      referencing old table as old_rows for each statement execute function sap_order_totals()`);

  await knex.schema.createTable('erp_sandbox_documents', (t) => {
    t.increments('id');
    // The order type's Name the document belongs to ("SO", "DO", "PO", "STO OUT", ...).
    t.string('order_type', 50).notNullable();
    t.string('document_no', 50).notNullable().unique();
    t.date('document_date').notNullable();
    t.string('company_code', 10).notNullable();
    t.string('plant', 10);
    t.string('product_category', 20);
    t.string('location', 20);
    t.string('discharge_port', 20);
    t.string('distribution', 50);
    t.string('document_type', 50);
    t.string('transfer_type', 20);
    t.string('created_by', 100);
    t.specificType('materials', 'varchar(40)[]').notNullable();
    // Every number the Filter screen's "SAP No" finds the document by (its own, delivery, PO, reference...).
    t.specificType('sap_nos', 'varchar(50)[]').notNullable();
    t.timestamp('changed_at', { useTz: true }).notNullable();
    // The document as the ERP gives it (header fields and Details), in the push API's shape.
    t.jsonb('document').notNullable();
    t.index(['order_type', 'document_date']);
    t.index(['company_code', 'document_date']);
    // The ERP pull pages by (changed_at, id).
    t.index(['changed_at', 'id']);
  });
  await knex.raw(
    'create index erp_sandbox_documents_materials_idx on erp_sandbox_documents using gin (materials)',
  );
  await knex.raw(
    'create index erp_sandbox_documents_sap_nos_idx on erp_sandbox_documents using gin (sap_nos)',
  );

  // The two logs are read-only resources of the generic engine (db/resources/logs), whose rows all carry
  // is_active and the audit columns; created_by names who caused the row (the API key's name, the adapter).
  // request_id / call_id identify one call: the X-Request-Id the caller was answered with, or a generated id.
  await knex.schema.createTable('api_logs', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('request_id', 64).notNullable().defaultTo(knex.raw('gen_random_uuid()::text'));
    t.string('method', 10).notNullable();
    t.string('path', 300).notNullable();
    // Which API key called (its name, never the key).
    t.string('client', 100);
    t.string('remote_address', 100);
    t.integer('status_code').notNullable();
    t.boolean('success').notNullable();
    t.string('message', 1000);
    t.integer('documents').notNullable().defaultTo(0);
    t.integer('written').notNullable().defaultTo(0);
    t.integer('duration_ms').notNullable().defaultTo(0);
    t.jsonb('request');
    t.jsonb('response');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('created_by', 100);
    t.timestamp('edited_date', { useTz: true });
    t.string('edited_by', 100);
    t.index(['created_date']);
    t.index(['request_id']);
  });

  await knex.schema.createTable('api_response_logs', (t) => {
    t.bigIncrements('id');
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('call_id', 64).notNullable().defaultTo(knex.raw('gen_random_uuid()::text'));
    // The ERP adapter that called (sap-odata, sandbox) and what it did (filter, read, sync_do, post_sto...).
    t.string('system', 30).notNullable();
    t.string('operation', 60).notNullable();
    t.string('method', 10).notNullable();
    t.string('url', 2000).notNullable();
    t.integer('status_code');
    t.boolean('success').notNullable();
    t.string('message', 1000);
    t.integer('duration_ms').notNullable().defaultTo(0);
    t.string('reference', 100);
    t.jsonb('request');
    t.text('response');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('created_by', 100);
    t.timestamp('edited_date', { useTz: true });
    t.string('edited_by', 100);
    t.index(['created_date']);
    t.index(['reference']);
    t.index(['call_id']);
  });

  await knex.schema.createTable('approvals', (t) => {
    t.increments('id');
    // SAP_ORDER now; ORDER, APPOINTMENT, SPO_ADJUSTMENT later (spec/3 §4.1 transaction types).
    t.string('transaction_type', 30).notNullable();
    t.string('document_id', 50).notNullable();
    t.string('document_no', 50).notNullable();
    t.string('company_code', 10);
    t.string('status', 30).notNullable().defaultTo('WAITING FOR APPROVAL');
    t.integer('current_level').notNullable().defaultTo(1);
    t.integer('max_level').notNullable().defaultTo(1);
    t.string('workflow_id', 200);
    t.string('summary', 500);
    t.timestamp('decided_date', { useTz: true });
    audit(t, knex);
    t.index(['status', 'transaction_type']);
    t.check(
      "?? in ('WAITING FOR APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED')",
      ['status'],
      'approvals_status_check',
    );
  });
  // One open approval per document and kind.
  await knex.raw(
    `create unique index approvals_open_uq on approvals (transaction_type, document_id)
       where status = 'WAITING FOR APPROVAL'`,
  );
  await knex.schema.createTable('approval_approvers', (t) => {
    t.increments('id');
    t.integer('approval_id').notNullable().references('id').inTable('approvals').onDelete('CASCADE');
    t.string('username', 100).notNullable();
    t.integer('level').notNullable();
    t.unique(['approval_id', 'username', 'level']);
    t.index(['username']);
  });
  await knex.schema.createTable('approval_logs', (t) => {
    t.bigIncrements('id');
    t.integer('approval_id').references('id').inTable('approvals').onDelete('SET NULL');
    t.string('transaction_type', 30).notNullable();
    t.string('document_no', 50).notNullable();
    t.integer('level').notNullable();
    t.string('username', 100).notNullable();
    // APPROVED or REJECTED.
    t.string('action', 20).notNullable();
    t.string('remark', 500);
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The log is a read-only resource of the generic engine (db/resources/logs/approval-log.ts), whose rows all
    // carry is_active and the audit columns; created_by is the approver.
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('created_by', 100);
    t.timestamp('edited_date', { useTz: true });
    t.string('edited_by', 100);
    t.index(['created_date']);
    t.index(['document_no']);
    // One decision per person and level of an approval: a repeated decision activity finds it and writes nothing.
    t.unique(['approval_id', 'level', 'username']);
  });

  // API keys for the ERP push API: only a hash is kept; the key is shown once when it is made.
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.string('key_hash', 128).notNullable().unique();
    common(t, knex);
  });

  await knex.schema.createTable('user_plants', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    ref(t, 'company_code', 'companies', 'company_code', 10).notNullable();
    // Null: every plant of the company, including plants added later.
    ref(t, 'plant_code', 'plants', 'plant_code', 10);
    t.index(['user_id']);
  });
  await knex.raw(
    `create unique index user_plants_uq on user_plants (user_id, company_code, coalesce(plant_code, ''))`,
  );

  await knex.schema.createTable('sap_order_syncs', (t) => {
    t.bigIncrements('id');
    // The order synced; null while it is being created (the sync then belongs to the user who made it).
    t.integer('sap_order_id').references('id').inTable('sap_orders').onDelete('CASCADE');
    t.string('username', 100).notNullable();
    // The SAP document asked, and the TMS order type's Name.
    t.string('document_no', 50).notNullable();
    t.string('order_type', 50).notNullable();
    // sha256 of the order type and the lines SAP answered (material, quantity, unit), hex.
    t.string('fingerprint', 64).notNullable();
    t.boolean('success').notNullable();
    t.string('message', 1000);
    t.string('message_code', 100);
    t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['sap_order_id', 'id']);
    t.index(['username', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'sap_order_syncs',
    'user_plants',
    'api_keys',
    'approval_logs',
    'approval_approvers',
    'approvals',
    'api_response_logs',
    'api_logs',
    'erp_sandbox_documents',
    'sap_order_details',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('drop function if exists sap_order_totals()');
  await knex.raw('drop trigger if exists sap_orders_counters_ins on sap_orders');
  await knex.raw('drop trigger if exists sap_orders_counters_del on sap_orders');
  await knex.raw('drop trigger if exists sap_orders_counters_upd on sap_orders');
  await knex.raw('drop function if exists track_sap_order_counters()');
  await knex.raw('drop function if exists track_sap_order_change()');
  await knex.raw(`delete from status_counter_deltas where entity = 'SAP_ORDER_TAB'`);
  await knex.raw(`delete from status_counters where entity = 'SAP_ORDER_TAB'`);
  await knex.raw(`
    create trigger sap_orders_counters after insert or update of status or delete on sap_orders
      for each row execute function track_document_counters('SAP_ORDER')`);
  for (const column of SAP_ORDER_TRIGRAM_COLUMNS) {
    await knex.raw(`drop index if exists sap_orders_${column}_trgm_idx`);
  }
  // Nothing else in the schema uses it; without `cascade`, so a later user of the extension stops the rollback.
  await knex.raw('drop extension if exists pg_trgm');
  await knex.raw('alter table sap_orders drop column if exists tab_status');
  await knex.raw('drop index if exists sap_orders_document_no_uq');
  await knex.raw('drop index if exists sap_orders_tab_idx');
  await knex.raw('drop index if exists sap_orders_id_desc_idx');
  await knex.raw('drop index if exists sap_orders_document_date_idx');
  await knex.raw('drop index if exists sap_orders_document_date_asc_idx');
  await knex.raw('drop index if exists sap_orders_company_idx');
  await knex.raw('alter table sap_orders drop constraint if exists sap_orders_type_check');
  await knex.raw('alter table sap_orders drop constraint if exists sap_orders_status_check');
  await knex.schema.alterTable('sap_orders', (t) => {
    t.dropColumns(
      'type',
      'order_type',
      'order_type_code',
      'document_date',
      'delivery_order_no',
      'valid_from',
      'valid_to',
      'company_code',
      'product_category',
      'plant',
      'ln_so_no',
      'ln_sto_no',
      'ln_do_third_party',
      'sales_organization',
      'purchase_organization',
      'document_type',
      'customer_vendor_code',
      'address',
      'distribution',
      'incoterm',
      'incoterm2',
      'estate',
      'collective_ln',
      'delivery_using_truck',
      'sto_spo_per_shipment',
      'langsir_type',
      'plant_destination',
      'factory_destination',
      'warehouse_code',
      'shipment_type',
      'delivery_address',
      'transfer_type',
      'po_no',
      'reference_doc_no',
      'transporter',
      'loading',
      'destination',
      'freight_cost',
      'freight_cost_per',
      'freight_cost_uom',
      'freight_total_cost',
      'truck_type',
      'is_relation',
      'erp_changed_at',
      'changed_in_sap',
      'source',
      'qty_total',
      'os_qty_total',
      'has_order',
      'approval_status',
    );
  });
}
