// Contains filters on the SAP order list's partner and plant codes, through the codes themselves.
//
// A company, a plant or a customer/vendor code names a large share of the orders: in the sandbox one customer
// has a fifth of them. Its trigram index (006) then hands back a hundred thousand candidates that must each be
// read again to be counted, which cost most of a filtered page (measured with test/bench/sap-orders.ts). These
// columns hold few distinct values, so sap_order_values keeps them (every value ever stored, kept by statement
// triggers), and the list turns `code contains x` into `code = any(the values that contain x)` (api/list.ts
// ListField.matchingValues), which a btree index answers exactly, with no rows to read again.
import type { Knex } from 'knex';

/** The sap_orders columns whose contains filter goes through sap_order_values. */
export const SAP_ORDER_VALUE_COLUMNS = ['company_code', 'plant', 'customer_vendor_code'] as const;

/** `(field, value)` rows of `columns` of the row `n`, for a lateral VALUES list. */
const valuesOf = (columns: readonly string[]) => columns.map((c) => `('${c}', n.${c})`).join(', ');

/** (Re)defines the statement trigger function that stores the values of `columns` (migration 011 adds one). */
export async function trackSapOrderValues(knex: Knex, columns: readonly string[]): Promise<void> {
  const values = valuesOf(columns);
  await knex.raw(`
    create or replace function track_sap_order_values() returns trigger language plpgsql as $$
    begin
      insert into sap_order_values (field, value)
        select distinct v.field, v.value
          from new_rows n cross join lateral (values ${values}) v(field, value)
         where v.value is not null
        on conflict do nothing;
      return null;
    end $$;
  `);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sap_order_values', (t) => {
    t.string('field', 40).notNullable();
    t.string('value', 100).notNullable();
    t.primary(['field', 'value']);
  });
  await trackSapOrderValues(knex, SAP_ORDER_VALUE_COLUMNS);
  // Transition tables cannot go with a column list, so every update statement is looked at; a value already
  // known costs one probe of the primary key per distinct value of the statement.
  await knex.raw(`
    create trigger sap_orders_values_ins after insert on sap_orders
      referencing new table as new_rows for each statement execute function track_sap_order_values()`);
  await knex.raw(`
    create trigger sap_orders_values_upd after update on sap_orders
      referencing new table as new_rows for each statement execute function track_sap_order_values()`);
  await knex.raw(`
    insert into sap_order_values (field, value)
      select distinct v.field, v.value
        from sap_orders n cross join lateral (values ${valuesOf(SAP_ORDER_VALUE_COLUMNS)}) v(field, value)
       where v.value is not null
      on conflict do nothing`);
  // company_code is served by sap_orders_company_idx (company_code, plant).
  await knex.raw('create index sap_orders_plant_idx on sap_orders (plant)');
  await knex.raw('create index sap_orders_customer_vendor_code_idx on sap_orders (customer_vendor_code)');
  await knex.raw('drop index if exists sap_orders_customer_vendor_code_trgm_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'create index sap_orders_customer_vendor_code_trgm_idx on sap_orders using gin (customer_vendor_code gin_trgm_ops)',
  );
  await knex.raw('drop index if exists sap_orders_customer_vendor_code_idx');
  await knex.raw('drop index if exists sap_orders_plant_idx');
  await knex.raw('drop trigger if exists sap_orders_values_upd on sap_orders');
  await knex.raw('drop trigger if exists sap_orders_values_ins on sap_orders');
  await knex.raw('drop function if exists track_sap_order_values()');
  await knex.schema.dropTable('sap_order_values');
}
