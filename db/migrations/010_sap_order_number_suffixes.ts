// Contains filters on the SAP order list's document numbers, through an index of their suffixes.
//
// Document, delivery order and PO numbers are mostly digits. Their trigram indexes (006) are poor at that: ten
// digits make only a thousand trigrams, each naming a large share of the orders, so `%008001%` read long posting
// lists to find ten thousand candidates and then read every candidate again (measured with
// test/bench/sap-orders.ts). A value contains x exactly when one of its suffixes starts with x, so each column is
// indexed by the set of its lowercase suffixes (tms_suffixes, a tsvector whose lexemes are the suffixes) and the
// filter asks for a suffix with the prefix x (tms_prefix_query, `'x':*`): a GIN prefix search over the suffixes
// themselves, which names the matching orders and no others. ILIKE lowercases both sides on a UTF-8 database, as
// these functions do, so the index finds exactly the rows `column ilike '%x%'` matches; the list still checks
// the ILIKE on the rows found (api/list.ts ListField.indexSql).
import type { Knex } from 'knex';

/** The sap_orders columns whose contains filter goes through a suffix index: those with a trigram index left. */
export const SAP_ORDER_SUFFIX_COLUMNS = ['document_no', 'delivery_order_no', 'po_no'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function tms_suffixes(v text) returns tsvector language sql immutable strict parallel safe as $$
      select array_to_tsvector(array(select substr(lower(v), i) from generate_series(1, length(v)) i))
    $$`);
  // The lexeme quoted as tsquery input reads it: quotes doubled, backslashes escaped.
  await knex.raw(`
    create function tms_prefix_query(v text) returns tsquery language sql immutable strict parallel safe as $$
      select ('''' || replace(replace(lower(v), '\\', '\\\\'), '''', '''''') || ''':*')::tsquery
    $$`);
  for (const column of SAP_ORDER_SUFFIX_COLUMNS) {
    await knex.raw(`drop index if exists sap_orders_${column}_trgm_idx`);
    await knex.raw(
      `create index sap_orders_${column}_suffix_idx on sap_orders using gin (tms_suffixes(${column}))`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const column of SAP_ORDER_SUFFIX_COLUMNS) {
    await knex.raw(`drop index if exists sap_orders_${column}_suffix_idx`);
    await knex.raw(
      `create index sap_orders_${column}_trgm_idx on sap_orders using gin (${column} gin_trgm_ops)`,
    );
  }
  await knex.raw('drop function if exists tms_prefix_query(text)');
  await knex.raw('drop function if exists tms_suffixes(text)');
}
