// The document number's contains filter through an index of its six-character grams instead of its suffixes.
//
// The suffix index (010) names exactly the orders whose number contains a fragment, but it holds every suffix of
// every number: 1.8 million distinct lexemes over the benchmark's 536,441 orders (132 MB), nearly all of them new
// with each imported order, so each import placed ten new keys per order across the whole index. Inserting
// 48,947 orders (test/bench/sap-orders.ts's push, in one statement on that database) took 5.5-6.5 s with it,
// 3.7-4.6 s with this index instead and 2.2-2.7 s with neither: about 2 s of the 10 s push budget.
//
// tms_grams holds the lowercase substring of (at most) six characters that starts at each position of the value:
// the six-character windows, then the value's last five, four, ... characters. 251,781 distinct lexemes on the
// same database (31 MB). A value contains x exactly when
// - x has at most six characters: a lexeme starts with x (tms_grams_query: the prefix query `'x':*`), as with the
//   suffixes;
// - x is longer: every six-character window of x is a lexeme. tms_grams_query asks for the windows that cover x
//   (at 1, 7, 13, ... and the last), which is true of every value containing x and of a few others; the list
//   checks the ILIKE on the rows found (api/list.ts ListField.indexSql), so the answer is exact.
// Counted through each index on that database (rows, suffix ms / gram ms): '008001' 10,029, 6-12 / 14;
// '00800' 90,202, 62-87 / 35-44; '0080012' 1,003, 3.1 / 2.4; '0080012345' 1, 2.5 / 2.1; '12345' 19, 2.7 / 1.6.
//
// With this index the planner estimates a fragment's matches well, and a few thousand of them made it plan a
// parallel heap scan, slower than a plain one by the cost of starting two workers (17-24 ms against 13-15 ms for
// the list's five-filter search). Parallel scans of sap_orders are turned off (parallel_workers = 0): the list
// is read by many users at once, whose searches would take each other's cores.
import type { Knex } from 'knex';
import {
  createSuffixSearch,
  SAP_ORDER_SUFFIX_COLUMNS,
  substringVectorFunction,
  tsqueryLexeme,
} from './010_sap_order_search_indexes';

/** The sap_orders columns whose contains filter goes through a gram index (tms_grams). */
export const SAP_ORDER_GRAM_COLUMNS = SAP_ORDER_SUFFIX_COLUMNS;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(substringVectorFunction('tms_grams', 'substr(l, i, 6)'));
  await knex.raw(`
    create function tms_grams_query(v text) returns tsquery language plpgsql immutable strict parallel safe as $$
    declare
      l text := lower(v);
      n int := length(l);
      terms text[] := '{}';
    begin
      if n <= 6 then
        return (${tsqueryLexeme('l')} || ':*')::tsquery;
      end if;
      for p in 1..n - 6 by 6 loop
        terms := terms || substr(l, p, 6);
      end loop;
      terms := terms || substr(l, n - 5);
      return (select string_agg(${tsqueryLexeme('t')}, ' & ')
                from unnest(terms) t)::tsquery;
    end $$`);
  for (const column of SAP_ORDER_GRAM_COLUMNS) {
    await knex.raw(
      `create index sap_orders_${column}_grams_idx on sap_orders using gin (tms_grams(${column}))`,
    );
    await knex.raw(`drop index if exists sap_orders_${column}_suffix_idx`);
  }
  await knex.raw('drop function if exists tms_prefix_query(text)');
  await knex.raw('drop function if exists tms_suffixes(text)');
  await knex.raw('alter table sap_orders set (parallel_workers = 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table sap_orders reset (parallel_workers)');
  await createSuffixSearch(knex);
  for (const column of SAP_ORDER_GRAM_COLUMNS)
    await knex.raw(`drop index if exists sap_orders_${column}_grams_idx`);
  await knex.raw('drop function if exists tms_grams_query(text)');
  await knex.raw('drop function if exists tms_grams(text)');
}
