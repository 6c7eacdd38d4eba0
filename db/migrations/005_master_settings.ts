// Master data, settings batch: order types, sales/purchase organizations, purchase groups, incoterms and
// their rules, condition types, FRC and quantity terms, services, contract PICs, VAT regulations, running
// numbers, lookups, appointment matrices (with hourly slots), approval matrices (with approvers), auto-reject
// settings, POD and appointment requirements, and vessels. Each table follows its definition in
// db/resources/master/ (test/api/resources.test.ts checks that they agree) and the habits of 003: an id, the
// business key unique also case-insensitively, references to the other table's business key that follow a
// renamed key and keep a referenced row from being deleted, is_active and the audit columns. Child tables
// hold an id, their parent's id (their rows go with the parent) and their fields.
import type { Knex } from 'knex';
import { businessKey, common, ref } from './master-columns';

/** A master row with a code and a name, the shape most of this batch shares. */
function codeAndName(
  t: Knex.CreateTableBuilder,
  code: string,
  codeLength: number,
  name: string,
  nameLength = 120,
): void {
  t.increments('id');
  t.string(code, codeLength).notNullable().unique();
  t.string(name, nameLength).notNullable();
}

// A foreign key needs a plain unique index on the referenced column; users only has the case-insensitive
// one of 001 (lower(username)), which cannot serve. Usernames are already unique ignoring case, so they are
// unique as stored too and this index can always be built.
const USERNAME_INDEX = 'users_username_ref_uq';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create unique index ${USERNAME_INDEX} on users (username)`);

  await knex.schema.createTable('order_types', (t) => {
    t.increments('id');
    t.string('code', 20).notNullable();
    t.string('name', 50).notNullable().unique();
    for (const flag of [
      'use_customer',
      'use_vendor',
      'use_gr',
      'use_do',
      'use_so',
      'use_ln',
      'use_po',
      'use_sto',
      'use_distribution',
    ]) {
      t.boolean(flag).notNullable().defaultTo(false);
    }
    t.string('info1', 50);
    t.index(['code']);
    common(t, knex);
  });
  await businessKey(knex, 'order_types', 'name');

  await knex.schema.createTable('sales_organizations', (t) => {
    codeAndName(t, 'sales_organization_code', 10, 'sales_organization_name');
    ref(t, 'company_code', 'companies', 'company_code', 10).notNullable();
    common(t, knex);
  });
  await businessKey(knex, 'sales_organizations', 'sales_organization_code');

  await knex.schema.createTable('purchase_organizations', (t) => {
    codeAndName(t, 'purchase_organization_code', 10, 'purchase_organization_name');
    ref(t, 'company_code', 'companies', 'company_code', 10);
    common(t, knex);
  });
  await businessKey(knex, 'purchase_organizations', 'purchase_organization_code');

  await knex.schema.createTable('purchase_groups', (t) => {
    codeAndName(t, 'purchase_group_code', 10, 'purchase_group_name');
    t.string('email', 120);
    t.string('phone', 30);
    common(t, knex);
  });
  await businessKey(knex, 'purchase_groups', 'purchase_group_code');

  await knex.schema.createTable('incoterms', (t) => {
    codeAndName(t, 'incoterm_code', 10, 'incoterm_name');
    common(t, knex);
  });
  await businessKey(knex, 'incoterms', 'incoterm_code');

  await knex.schema.createTable('incoterm_rules', (t) => {
    codeAndName(t, 'incoterm_rule_code', 20, 'incoterm_rule_name');
    t.string('ln_type', 20);
    ref(t, 'incoterm_code', 'incoterms', 'incoterm_code', 10);
    t.index(['ln_type']);
    common(t, knex);
  });
  await businessKey(knex, 'incoterm_rules', 'incoterm_rule_code');

  await knex.schema.createTable('condition_types', (t) => {
    codeAndName(t, 'condition_type_code', 10, 'condition_type_name');
    t.string('condition_category', 50).notNullable().defaultTo('FREIGHT');
    common(t, knex);
  });
  await businessKey(knex, 'condition_types', 'condition_type_code');

  await knex.schema.createTable('frc_terms', (t) => {
    codeAndName(t, 'frc_term_code', 10, 'frc_term_name');
    t.string('description', 500);
    common(t, knex);
  });
  await businessKey(knex, 'frc_terms', 'frc_term_code');

  await knex.schema.createTable('quantity_terms', (t) => {
    codeAndName(t, 'quantity_term_code', 10, 'quantity_term_name');
    t.string('weighbridge_type', 20).notNullable().defaultTo('LOADING');
    t.decimal('tolerance_percent', 5, 2);
    common(t, knex);
  });
  await businessKey(knex, 'quantity_terms', 'quantity_term_code');

  await knex.schema.createTable('services', (t) => {
    codeAndName(t, 'service_code', 20, 'service_name');
    t.string('service_type', 50).notNullable();
    ref(t, 'condition_type_code', 'condition_types', 'condition_type_code', 10);
    t.string('uom', 6);
    common(t, knex);
  });
  await businessKey(knex, 'services', 'service_code');

  await knex.schema.createTable('pic_contracts', (t) => {
    codeAndName(t, 'pic_contract_code', 20, 'pic_name');
    t.string('position', 80);
    t.string('email', 120);
    t.string('phone', 30);
    ref(t, 'company_code', 'companies', 'company_code', 10);
    common(t, knex);
  });
  await businessKey(knex, 'pic_contracts', 'pic_contract_code');

  await knex.schema.createTable('vat_regulations', (t) => {
    codeAndName(t, 'vat_code', 10, 'vat_name');
    t.decimal('vat_rate', 5, 2).notNullable();
    t.date('valid_from').notNullable();
    t.date('valid_to');
    common(t, knex);
  });
  await businessKey(knex, 'vat_regulations', 'vat_code');

  await knex.schema.createTable('running_numbers', (t) => {
    t.increments('id');
    t.string('running_number_code', 30).notNullable().unique();
    t.string('prefix', 20);
    t.bigInteger('next_number').notNullable().defaultTo(1);
    t.integer('padding').notNullable().defaultTo(6);
    t.string('reset_period', 10).notNullable().defaultTo('YEARLY');
    t.string('current_period', 10);
    common(t, knex);
  });
  await businessKey(knex, 'running_numbers', 'running_number_code');

  await knex.schema.createTable('lookups', (t) => {
    t.increments('id');
    t.string('lookup_group', 50).notNullable();
    t.string('lookup_code', 50).notNullable();
    t.string('lookup_text_en', 200).notNullable();
    t.string('lookup_text_id', 200);
    t.string('lookup_info1', 100);
    t.string('lookup_info2', 100);
    t.integer('sort_order').notNullable().defaultTo(0);
    // Dropdowns read one group's values in their order.
    t.index(['lookup_group', 'sort_order']);
    common(t, knex);
  });
  // A code is unique within its group, ignoring case (nothing references a lookup row by a foreign key, so
  // no plain unique index is needed beside it).
  await knex.raw('create unique index lookups_group_code_ci on lookups (lookup_group, lower(lookup_code))');

  await knex.schema.createTable('appointment_matrices', (t) => {
    t.increments('id');
    t.string('appointment_matrix_code', 20).notNullable().unique();
    ref(t, 'warehouse_code', 'warehouses', 'warehouse_code', 20).notNullable();
    t.string('day_of_week', 10).notNullable();
    t.string('description', 200);
    t.unique(['warehouse_code', 'day_of_week']);
    common(t, knex);
  });
  await businessKey(knex, 'appointment_matrices', 'appointment_matrix_code');

  await knex.schema.createTable('appointment_matrix_slots', (t) => {
    t.increments('id');
    t.integer('appointment_matrix_id')
      .notNullable()
      .references('id')
      .inTable('appointment_matrices')
      .onDelete('CASCADE');
    t.integer('hour_start').notNullable();
    t.integer('hour_end').notNullable();
    t.integer('capacity_truck').notNullable();
    // One slot per starting hour; the unique index also serves reading a matrix's slots.
    t.unique(['appointment_matrix_id', 'hour_start']);
    // The editor checks each hour's range; only the table can see that a slot ends after it starts.
    t.check('?? < ??', ['hour_start', 'hour_end'], 'appointment_matrix_slots_hours_ordered');
  });

  await knex.schema.createTable('approval_matrices', (t) => {
    t.increments('id');
    t.string('approval_matrix_code', 20).notNullable().unique();
    ref(t, 'company_code', 'companies', 'company_code', 10).notNullable();
    ref(t, 'business_segment_code', 'product_categories', 'category_code', 20);
    ref(t, 'order_type', 'order_types', 'name', 50).notNullable();
    ref(t, 'purchase_organization_code', 'purchase_organizations', 'purchase_organization_code', 10);
    t.string('document_type', 50);
    t.string('distribution', 50);
    t.string('info1', 20).notNullable();
    t.string('description', 200);
    common(t, knex);
  });
  await businessKey(knex, 'approval_matrices', 'approval_matrix_code');
  // One matrix per scope and criteria; an empty scope field means "any", and two "any"s are the same scope.
  await knex.raw(
    `create unique index approval_matrices_scope_uq on approval_matrices
       (company_code, business_segment_code, order_type, purchase_organization_code, document_type,
        distribution, info1) nulls not distinct`,
  );

  await knex.schema.createTable('approval_matrix_approvers', (t) => {
    t.increments('id');
    t.integer('approval_matrix_id')
      .notNullable()
      .references('id')
      .inTable('approval_matrices')
      .onDelete('CASCADE');
    ref(t, 'username', 'users', 'username', 100).notNullable();
    t.integer('level').notNullable();
    // A person approves once per matrix; the index also serves reading a matrix's approvers.
    t.unique(['approval_matrix_id', 'username']);
    t.check('?? >= 1', ['level'], 'approval_matrix_approvers_level_positive');
  });

  await knex.schema.createTable('auto_reject_settings', (t) => {
    t.increments('id');
    t.string('auto_reject_setting_code', 20).notNullable().unique();
    ref(t, 'company_code', 'companies', 'company_code', 10).notNullable();
    ref(t, 'order_type', 'order_types', 'name', 50);
    ref(t, 'transporter_code', 'transporters', 'transporter_code', 20);
    t.integer('auto_reject_hours').notNullable().defaultTo(24);
    t.string('description', 200);
    common(t, knex);
  });
  await businessKey(knex, 'auto_reject_settings', 'auto_reject_setting_code');
  await knex.raw(
    `create unique index auto_reject_settings_scope_uq on auto_reject_settings
       (company_code, order_type, transporter_code) nulls not distinct`,
  );

  await knex.schema.createTable('pod_requirements', (t) => {
    codeAndName(t, 'pod_requirement_code', 20, 'pod_requirement_name');
    ref(t, 'order_type', 'order_types', 'name', 50);
    t.boolean('is_mandatory').notNullable().defaultTo(true);
    t.string('description', 500);
    common(t, knex);
  });
  await businessKey(knex, 'pod_requirements', 'pod_requirement_code');

  await knex.schema.createTable('appointment_requirements', (t) => {
    codeAndName(t, 'appointment_requirement_code', 20, 'appointment_requirement_name');
    ref(t, 'warehouse_code', 'warehouses', 'warehouse_code', 20);
    t.boolean('is_mandatory').notNullable().defaultTo(true);
    t.string('description', 500);
    common(t, knex);
  });
  await businessKey(knex, 'appointment_requirements', 'appointment_requirement_code');

  await knex.schema.createTable('vessels', (t) => {
    codeAndName(t, 'vessel_code', 20, 'vessel_name');
    t.string('imo_no', 7).unique();
    t.string('flag', 60);
    t.decimal('capacity_ton', 12, 2);
    common(t, knex);
  });
  await businessKey(knex, 'vessels', 'vessel_code');
  await businessKey(knex, 'vessels', 'imo_no');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'vessels',
    'appointment_requirements',
    'pod_requirements',
    'auto_reject_settings',
    'approval_matrix_approvers',
    'approval_matrices',
    'appointment_matrix_slots',
    'appointment_matrices',
    'lookups',
    'running_numbers',
    'vat_regulations',
    'pic_contracts',
    'services',
    'quantity_terms',
    'frc_terms',
    'condition_types',
    'incoterm_rules',
    'incoterms',
    'purchase_groups',
    'purchase_organizations',
    'sales_organizations',
    'order_types',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw(`drop index if exists ${USERNAME_INDEX}`);
}
