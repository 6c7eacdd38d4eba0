// Master data, first tables: companies, plants, locations, product categories, materials, truck types and
// transporters. Each follows its definition in db/resources/master/ (test/api/resources.test.ts checks
// that they agree): an id, the business key (unique, also case-insensitively), the fields, is_active and the
// audit columns. References point at the business key of the other table and follow a renamed key; a row
// still referenced cannot be deleted.
import type { Knex } from 'knex';
import { businessKey, common, ref } from './master-columns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.increments('id');
    t.string('company_code', 10).notNullable().unique();
    t.string('company_name', 120).notNullable();
    t.string('tax_number', 30);
    t.string('address', 500);
    t.string('city', 80);
    t.string('currency', 3);
    common(t, knex);
  });
  await businessKey(knex, 'companies', 'company_code');

  await knex.schema.createTable('plants', (t) => {
    t.increments('id');
    t.string('plant_code', 10).notNullable().unique();
    t.string('plant_name', 120).notNullable();
    ref(t, 'company_code', 'companies', 'company_code', 10).notNullable();
    t.string('plant_type', 20).notNullable();
    t.string('city', 80);
    t.string('province', 80);
    common(t, knex);
  });
  await businessKey(knex, 'plants', 'plant_code');

  await knex.schema.createTable('locations', (t) => {
    t.increments('id');
    t.string('location_code', 20).notNullable().unique();
    t.string('location_name', 120).notNullable();
    t.string('location_type', 20).notNullable();
    ref(t, 'plant_code', 'plants', 'plant_code', 10);
    t.string('address', 500);
    t.string('city', 80);
    t.string('province', 80);
    t.decimal('latitude', 9, 6);
    t.decimal('longitude', 9, 6);
    common(t, knex);
  });
  await businessKey(knex, 'locations', 'location_code');

  await knex.schema.createTable('product_categories', (t) => {
    t.increments('id');
    t.string('category_code', 20).notNullable().unique();
    t.string('category_name', 120).notNullable();
    t.boolean('is_liquid').notNullable().defaultTo(false);
    common(t, knex);
  });
  await businessKey(knex, 'product_categories', 'category_code');

  await knex.schema.createTable('materials', (t) => {
    t.increments('id');
    t.string('material_code', 40).notNullable().unique();
    t.string('material_name', 120).notNullable();
    ref(t, 'category_code', 'product_categories', 'category_code', 20).notNullable();
    t.string('base_uom', 6).notNullable();
    t.string('material_group', 20);
    t.boolean('is_bulk').notNullable().defaultTo(true);
    common(t, knex);
  });
  await businessKey(knex, 'materials', 'material_code');

  await knex.schema.createTable('truck_types', (t) => {
    t.increments('id');
    t.string('truck_type_code', 20).notNullable().unique();
    t.string('truck_type_name', 120).notNullable();
    t.decimal('capacity_kg', 12, 2).notNullable();
    t.integer('axles');
    t.boolean('is_tanker').notNullable().defaultTo(false);
    common(t, knex);
  });
  await businessKey(knex, 'truck_types', 'truck_type_code');

  await knex.schema.createTable('transporters', (t) => {
    t.increments('id');
    t.string('transporter_code', 20).notNullable().unique();
    t.string('transporter_name', 120).notNullable();
    t.string('sap_vendor_code', 20).unique();
    t.string('tax_number', 30);
    t.string('email', 120);
    t.string('phone', 30);
    t.string('address', 500);
    t.string('city', 80);
    t.boolean('excluded').notNullable().defaultTo(false);
    common(t, knex);
  });
  await businessKey(knex, 'transporters', 'transporter_code');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'transporters',
    'truck_types',
    'materials',
    'product_categories',
    'locations',
    'plants',
    'companies',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
