// The SAP order list's indexes, as the benchmark (test/bench/sap-orders.ts) showed them to be needed.
//
// Contains filters on the document number, through an index of its suffixes.
//
// Document numbers are digits. Their trigram index (006) is poor at that: ten digits make only a thousand
// trigrams, each naming a large share of the orders, so `%008001%` read long posting lists to find ten thousand
// candidates and then read every candidate again (measured with test/bench/sap-orders.ts). A value contains x
// exactly when one of its suffixes starts with x, so the column is indexed by the set of its lowercase suffixes (tms_suffixes, a tsvector whose lexemes are the suffixes) and the
// filter asks for a suffix with the prefix x (tms_prefix_query, `'x':*`): a GIN prefix search over the suffixes
// themselves, which names the matching orders and no others. ILIKE lowercases both sides on a UTF-8 database, as
// these functions do, so the index finds exactly the rows `column ilike '%x%'` matches; the list still checks
// the ILIKE on the rows found (api/list.ts ListField.indexSql). tms_suffixes runs for every row an import
// writes, so it is a loop of plpgsql (substringVectorFunction). The delivery
// order and PO numbers keep their trigram indexes: a suffix index on each added about two seconds to the
// import of 100,000 lines (measured), and they are searched far less.
//
// sap_orders_id_desc_idx (006) goes: the primary key's index serves `order by id desc` read backwards, and each
// index costs every imported row.
import type { Knex } from 'knex';

/** The sap_orders columns whose contains filter goes through a suffix index. */
export const SAP_ORDER_SUFFIX_COLUMNS = ['document_no'] as const;

/**
 * CREATE FUNCTION `name`(v text) returns tsvector: the lexemes are `piece` (an expression of the lowercase value
 * `l` and each position `i`) at every position of the value. A loop of plpgsql: it runs for every row an import
 * writes, and as a set-returning SQL function it cost about twice as much.
 */
export function substringVectorFunction(name: string, piece: string): string {
  return `
    create function ${name}(v text) returns tsvector language plpgsql immutable strict parallel safe as $$
    declare
      l text := lower(v);
      pieces text[] := '{}';
    begin
      for i in 1..length(l) loop
        pieces := pieces || ${piece};
      end loop;
      return array_to_tsvector(pieces);
    end $$`;
}

/**
 * SQL text of the tsquery input that reads the text expression `expr` as one lexeme: quoted, its quotes doubled
 * and its backslashes escaped. For SQL inside a dollar-quoted function body, as written here.
 */
export function tsqueryLexeme(expr: string): string {
  return `'''' || replace(replace(${expr}, '\\', '\\\\'), '''', '''''') || ''''`;
}

/**
 * tms_suffixes, tms_prefix_query and the suffix index of each SAP_ORDER_SUFFIX_COLUMNS; also what migration 012
 * undoes to.
 */
export async function createSuffixSearch(knex: Knex): Promise<void> {
  await knex.raw(substringVectorFunction('tms_suffixes', 'substr(l, i)'));
  await knex.raw(`
    create function tms_prefix_query(v text) returns tsquery language sql immutable strict parallel safe as $$
      select (${tsqueryLexeme('lower(v)')} || ':*')::tsquery
    $$`);
  for (const column of SAP_ORDER_SUFFIX_COLUMNS) {
    await knex.raw(
      `create index sap_orders_${column}_suffix_idx on sap_orders using gin (tms_suffixes(${column}))`,
    );
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists sap_orders_id_desc_idx');
  for (const column of SAP_ORDER_SUFFIX_COLUMNS)
    await knex.raw(`drop index if exists sap_orders_${column}_trgm_idx`);
  await createSuffixSearch(knex);
}

export async function down(knex: Knex): Promise<void> {
  for (const column of SAP_ORDER_SUFFIX_COLUMNS) {
    await knex.raw(`drop index if exists sap_orders_${column}_suffix_idx`);
    await knex.raw(
      `create index sap_orders_${column}_trgm_idx on sap_orders using gin (${column} gin_trgm_ops)`,
    );
  }
  await knex.raw('create index sap_orders_id_desc_idx on sap_orders (id desc)');
  await knex.raw('drop function if exists tms_prefix_query(text)');
  await knex.raw('drop function if exists tms_suffixes(text)');
}
