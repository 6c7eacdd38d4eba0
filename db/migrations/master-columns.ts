// Column habits shared by the master-data migrations (003-005). Migrations that have run depend on these
// producing the same schema: change them only by adding new helpers, never by altering what these create.
import type { Knex } from 'knex';

/** is_active and the audit columns every master-data table has. */
export function common(t: Knex.CreateTableBuilder, knex: Knex): void {
  t.boolean('is_active').notNullable().defaultTo(true);
  t.timestamp('created_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.string('created_by', 100);
  t.timestamp('edited_date', { useTz: true });
  t.string('edited_by', 100);
}

/** The business key: unique as stored, and unique ignoring case (what users mean by "the same code"). */
export async function businessKey(knex: Knex, table: string, column: string): Promise<void> {
  await knex.raw(`create unique index ${table}_${column}_ci on ${table} (lower(${column}))`);
}

/** A reference to another table's business key: follows a renamed key, keeps a referenced row, indexed. */
export function ref(
  t: Knex.CreateTableBuilder,
  column: string,
  table: string,
  targetColumn: string,
  length: number,
) {
  const c = t.string(column, length);
  t.foreign(column).references(targetColumn).inTable(table).onUpdate('CASCADE').onDelete('RESTRICT');
  t.index([column]);
  return c;
}
