// The SAP order list's code filters answered from one index, without reading the orders.
//
// The list turns `code contains x` into `code = any(the codes that contain x)` (migration 008,
// api/sap-orders/code-values.ts). The incoterm now goes the same way: it holds a handful of values.
//
// sap_orders_filter_idx is keyed by the codes a planner narrows by (company, plant, customer/vendor, incoterm) and
// carries the tab, the document number and the id. A search that names the company (and perhaps the next codes)
// reads one range of it and checks the other filters on the index entries themselves: an index-only scan, with no
// order read unless autovacuum has not yet seen its page. The document number's contains is then a LIKE on those
// entries. The carried columns are not keys, so an import compares only the codes to place an entry: with all
// seven as keys, inserting 49,000 orders took 0.3 s longer (3.17 s against 2.85 s, the mean of three each).
// The suffix index (010) would instead hand back every order whose number matches: with a vague number, a sixth of
// the table, each read to check its codes and counted. On the benchmark's database (test/bench/sap-orders.ts,
// 536,441 orders), a company, plant, customer, incoterm and a five-digit number leave 16,433 matches among 90,202
// numbers: pgbench at 8 connections ran 34 searches/s as the list read them through the suffix index, and 174/s
// with the count and the sorted ids read from this index (42,684 entries). Which of the two a search takes is
// decided in api/sap-orders/list.ts.
//
// It replaces sap_orders_company_idx (company_code, plant), its first two columns.
import type { Knex } from 'knex';
import { SAP_ORDER_VALUE_COLUMNS as VALUE_COLUMNS_008, trackSapOrderValues } from './008_sap_order_values';

/** The sap_orders columns whose contains filter goes through sap_order_values. */
export const SAP_ORDER_VALUE_COLUMNS = [...VALUE_COLUMNS_008, 'incoterm'] as const;

/** The keys of sap_orders_filter_idx: the codes whose values a search pins, in the index's order. */
export const SAP_ORDER_FILTER_INDEX_CODES = [
  'company_code',
  'plant',
  'customer_vendor_code',
  'incoterm',
] as const;

export async function up(knex: Knex): Promise<void> {
  await trackSapOrderValues(knex, SAP_ORDER_VALUE_COLUMNS);
  await knex.raw(`
    insert into sap_order_values (field, value)
      select distinct 'incoterm', incoterm from sap_orders where incoterm is not null
      on conflict do nothing`);
  await knex.raw(
    `create index sap_orders_filter_idx on sap_orders
       (${SAP_ORDER_FILTER_INDEX_CODES.join(', ')}) include (tab_status, document_no, id)`,
  );
  await knex.raw('drop index if exists sap_orders_company_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index sap_orders_company_idx on sap_orders (company_code, plant)');
  await knex.raw('drop index if exists sap_orders_filter_idx');
  await knex.raw(`delete from sap_order_values where field = 'incoterm'`);
  await trackSapOrderValues(knex, VALUE_COLUMNS_008);
}
