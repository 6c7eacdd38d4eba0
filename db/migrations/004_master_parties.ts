// Master data, parties batch: factories, warehouses (with docks), routes, material conversions, customers,
// vendors, drivers, vehicles (with helper locations), freight rates and transporter quotas. Each table follows
// its definition in db/resources/master/ (test/api/resources.test.ts checks that they agree) and the habits of
// 003: an id, the business key unique also case-insensitively, references to the other table's business key
// that follow a renamed key and keep a referenced row from being deleted, is_active and the audit columns.
// Child tables belong to their parent row and go with it.
import type { Knex } from 'knex';
import { businessKey, common, ref } from './master-columns';

/**
 * Rates, quotas and conversions have no code a person would choose, yet imports and other screens need one
 * to name a row. The engine writes an empty optional field as null, so a column default would never apply:
 * this trigger gives a new row the next readable number (prefix + 7 digits, skipping any typed by hand) and
 * keeps a row's code when an edit leaves it empty.
 */
const GENERATED_CODE_FUNCTION = `
create function master_parties_fill_code() returns trigger language plpgsql as $$
declare
  code_column text := tg_argv[0];
  code text := to_jsonb(new) ->> code_column;
  taken boolean;
begin
  if code is not null and btrim(code) <> '' then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    code := to_jsonb(old) ->> code_column;
  else
    loop
      code := tg_argv[1] || lpad(nextval(tg_argv[2]::regclass)::text, 7, '0');
      execute format('select exists (select 1 from %I.%I where lower(%I) = lower($1))',
                     tg_table_schema, tg_table_name, code_column)
        into taken using code;
      exit when not taken;
    end loop;
  end if;
  return jsonb_populate_record(new, jsonb_build_object(code_column, code));
end $$`;

async function generatedCode(knex: Knex, table: string, column: string, prefix: string): Promise<void> {
  await knex.raw(`create sequence ${table}_${column}_seq`);
  await knex.raw(
    `create trigger ${table}_${column}_fill before insert or update on ${table}
       for each row execute function master_parties_fill_code('${column}', '${prefix}', '${table}_${column}_seq')`,
  );
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(GENERATED_CODE_FUNCTION);

  await knex.schema.createTable('factories', (t) => {
    t.increments('id');
    t.string('factory_code', 20).notNullable().unique();
    t.string('factory_name', 120).notNullable();
    ref(t, 'plant_code', 'plants', 'plant_code', 10).notNullable();
    t.string('factory_type', 20).notNullable();
    ref(t, 'location_code', 'locations', 'location_code', 20);
    t.decimal('capacity_ton_per_day', 12, 2);
    t.string('address', 500);
    t.string('city', 80);
    common(t, knex);
  });
  await businessKey(knex, 'factories', 'factory_code');

  await knex.schema.createTable('warehouses', (t) => {
    t.increments('id');
    t.string('warehouse_code', 20).notNullable().unique();
    t.string('warehouse_name', 120).notNullable();
    ref(t, 'plant_code', 'plants', 'plant_code', 10).notNullable();
    ref(t, 'location_code', 'locations', 'location_code', 20);
    t.string('sap_storage_location', 4);
    t.string('conversion_type', 50);
    t.boolean('use_appointment').notNullable().defaultTo(true);
    t.string('address', 500);
    t.string('city', 80);
    common(t, knex);
  });
  await businessKey(knex, 'warehouses', 'warehouse_code');

  await knex.schema.createTable('warehouse_docks', (t) => {
    t.increments('id');
    t.integer('warehouse_id').notNullable().references('id').inTable('warehouses').onDelete('CASCADE');
    t.string('dock_code', 20).notNullable();
    t.string('dock_name', 120).notNullable();
    t.string('dock_type', 20).notNullable();
  });
  // Appointments and shipments name a dock by warehouse and dock code, so a code is unique in its warehouse.
  await knex.raw(
    'create unique index warehouse_docks_code_ci on warehouse_docks (warehouse_id, lower(dock_code))',
  );

  await knex.schema.createTable('routes', (t) => {
    t.increments('id');
    t.string('route_code', 20).notNullable().unique();
    t.string('route_name', 120).notNullable();
    ref(t, 'origin_location_code', 'locations', 'location_code', 20).notNullable();
    ref(t, 'destination_location_code', 'locations', 'location_code', 20).notNullable();
    t.decimal('distance_km', 10, 2).notNullable();
    t.decimal('lead_time_hours', 8, 2).notNullable();
    t.unique(['origin_location_code', 'destination_location_code']);
    common(t, knex);
  });
  await businessKey(knex, 'routes', 'route_code');

  await knex.schema.createTable('material_conversions', (t) => {
    t.increments('id');
    t.string('conversion_code', 20).notNullable().unique();
    t.string('description', 120);
    ref(t, 'material_code', 'materials', 'material_code', 40).notNullable();
    t.string('from_uom', 6).notNullable();
    t.string('conversion_type', 50).notNullable();
    t.decimal('factor_kg', 18, 6).notNullable();
    ref(t, 'company_code', 'companies', 'company_code', 10);
    t.boolean('is_default').notNullable().defaultTo(false);
    common(t, knex);
  });
  await businessKey(knex, 'material_conversions', 'conversion_code');
  await generatedCode(knex, 'material_conversions', 'conversion_code', 'CNV');
  // One factor per material, unit, type and company (no company: the whole group).
  await knex.raw(
    `create unique index material_conversions_factor_uq on material_conversions
       (lower(from_uom), material_code, conversion_type, company_code) nulls not distinct`,
  );
  // Only one default type per material and unit for a company, or the conversion would be ambiguous.
  await knex.raw(
    `create unique index material_conversions_default_uq on material_conversions
       (material_code, lower(from_uom), company_code) nulls not distinct where is_default`,
  );

  for (const [table, code] of [
    ['customers', 'customer_code'],
    ['vendors', 'vendor_code'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      t.increments('id');
      t.string(code, 10).notNullable().unique();
      t.string(code.replace('_code', '_name'), 120).notNullable();
      t.string('tax_number', 30);
      t.string('sap_account_group', 4);
      ref(t, 'location_code', 'locations', 'location_code', 20);
      t.string('address', 500);
      t.string('city', 80);
      t.string('province', 80);
      t.string('postal_code', 10);
      t.string('phone', 30);
      t.string('email', 120);
      common(t, knex);
    });
    await businessKey(knex, table, code);
  }

  await knex.schema.createTable('drivers', (t) => {
    t.increments('id');
    t.string('driver_code', 20).notNullable().unique();
    t.string('driver_name', 120).notNullable();
    ref(t, 'transporter_code', 'transporters', 'transporter_code', 20).notNullable();
    t.string('license_no', 30).notNullable();
    t.string('license_type', 10).notNullable();
    t.date('license_expiry_date').notNullable();
    t.string('phone', 30);
    t.string('id_card_no', 20);
    t.date('date_of_birth');
    t.string('address', 500);
    t.index(['license_no']);
    common(t, knex);
  });
  await businessKey(knex, 'drivers', 'driver_code');

  await knex.schema.createTable('vehicles', (t) => {
    t.increments('id');
    t.string('plate_no', 20).notNullable().unique();
    ref(t, 'transporter_code', 'transporters', 'transporter_code', 20).notNullable();
    ref(t, 'truck_type_code', 'truck_types', 'truck_type_code', 20).notNullable();
    t.decimal('capacity_kg', 12, 2).notNullable();
    t.decimal('tare_kg', 12, 2);
    t.string('brand', 60);
    t.integer('year_built');
    t.string('chassis_no', 30);
    t.string('engine_no', 30);
    t.date('stnk_expiry_date');
    t.string('kir_no', 30);
    t.date('kir_expiry_date');
    common(t, knex);
  });
  await businessKey(knex, 'vehicles', 'plate_no');

  await knex.schema.createTable('vehicle_helper_locations', (t) => {
    t.increments('id');
    t.integer('vehicle_id').notNullable().references('id').inTable('vehicles').onDelete('CASCADE');
    ref(t, 'location_code', 'locations', 'location_code', 20).notNullable();
    t.unique(['vehicle_id', 'location_code']);
  });

  await knex.schema.createTable('freight_rates', (t) => {
    t.increments('id');
    t.string('freight_code', 20).notNullable().unique();
    ref(t, 'loading_location_code', 'locations', 'location_code', 20).notNullable();
    ref(t, 'destination_location_code', 'locations', 'location_code', 20).notNullable();
    ref(t, 'transporter_code', 'transporters', 'transporter_code', 20).notNullable();
    ref(t, 'truck_type_code', 'truck_types', 'truck_type_code', 20).notNullable();
    ref(t, 'category_code', 'product_categories', 'category_code', 20);
    ref(t, 'material_code', 'materials', 'material_code', 40);
    ref(t, 'charge_oa_company_code', 'companies', 'company_code', 10).notNullable();
    t.string('trip_type', 50).notNullable();
    t.boolean('is_value').notNullable().defaultTo(false);
    t.decimal('cost', 18, 2).notNullable();
    t.string('uom', 2).notNullable();
    t.string('currency', 3).notNullable();
    t.decimal('truck_capacity_kg', 12, 2).notNullable();
    t.date('valid_from').notNullable();
    t.date('valid_to').notNullable();
    t.string('remark', 200);
    common(t, knex);
  });
  await businessKey(knex, 'freight_rates', 'freight_code');
  await generatedCode(knex, 'freight_rates', 'freight_code', 'FRT');
  await knex.raw(
    `create unique index freight_rates_rate_uq on freight_rates
       (loading_location_code, destination_location_code, transporter_code, truck_type_code, category_code,
        material_code, charge_oa_company_code, trip_type, valid_from) nulls not distinct`,
  );
  // Freight options look rates up by lane and date.
  await knex.raw(
    `create index freight_rates_lane_idx on freight_rates
       (loading_location_code, destination_location_code, valid_from, valid_to)`,
  );

  await knex.schema.createTable('transporter_quotas', (t) => {
    t.increments('id');
    t.string('quota_code', 20).notNullable().unique();
    ref(t, 'transporter_code', 'transporters', 'transporter_code', 20).notNullable();
    ref(t, 'company_code', 'companies', 'company_code', 10);
    ref(t, 'plant_code', 'plants', 'plant_code', 10);
    ref(t, 'category_code', 'product_categories', 'category_code', 20);
    t.string('period_type', 10).notNullable();
    t.string('quota_by', 20).notNullable();
    t.decimal('quota_value', 12, 2).notNullable();
    t.date('valid_from').notNullable();
    t.date('valid_to').notNullable();
    t.string('remark', 200);
    common(t, knex);
  });
  await businessKey(knex, 'transporter_quotas', 'quota_code');
  await generatedCode(knex, 'transporter_quotas', 'quota_code', 'TQ');
  await knex.raw(
    `create unique index transporter_quotas_scope_uq on transporter_quotas
       (transporter_code, company_code, plant_code, category_code, period_type, quota_by, valid_from)
       nulls not distinct`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'transporter_quotas',
    'freight_rates',
    'vehicle_helper_locations',
    'vehicles',
    'drivers',
    'vendors',
    'customers',
    'material_conversions',
    'routes',
    'warehouse_docks',
    'warehouses',
    'factories',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  for (const sequence of [
    'transporter_quotas_quota_code_seq',
    'freight_rates_freight_code_seq',
    'material_conversions_conversion_code_seq',
  ]) {
    await knex.raw(`drop sequence if exists ${sequence}`);
  }
  await knex.raw('drop function if exists master_parties_fill_code()');
}
