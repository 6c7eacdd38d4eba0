// Runtime code reads what it must know of the schema from db/schema-contract.ts and db/business-time.ts, never
// from a migration file; the migrations keep copies of their own. These checks hold each of those facts against
// the database the migrations built, so a migration that changes an index, a trigger or the business time zone
// without the runtime module (or the other way round) fails here instead of in a slow plan or a wrong day.
import { BUSINESS_TIME_ZONE } from '../../db/business-time';
import {
  SAP_ORDER_FILTER_INDEX_CODES,
  SAP_ORDER_GRAM_COLUMNS,
  SAP_ORDER_VALUE_COLUMNS,
  USER_ACTIVITY_SQL,
} from '../../db/schema-contract';
import { createTestDb, type TestDb } from '../support/db';

/**
 * An SQL text with PostgreSQL's own spelling evened out (case, spaces, the casts it adds to a varchar column
 * given to a text function), to compare expressions.
 */
const even = (sql: string) =>
  sql
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/\((\w+)\)::text/g, '$1');

describe('the runtime schema contract against the migrated database', () => {
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.destroy();
  });

  const indexDef = async (name: string): Promise<string> => {
    const { rows } = await t.db.raw<{ rows: { def: string }[] }>(
      `select pg_get_indexdef(c.oid) as def from pg_class c where c.relname = ? and c.relkind = 'i'`,
      [name],
    );
    return rows[0]?.def ?? '';
  };

  const functionSource = async (name: string): Promise<string> => {
    const { rows } = await t.db.raw<{ rows: { src: string }[] }>(
      'select prosrc as src from pg_proc where proname = ?',
      [name],
    );
    return rows.map((r) => r.src).join('\n');
  };

  test('given users_activity_idx, then it is built over USER_ACTIVITY_SQL, the expression the inactivity sweep filters on', async () => {
    expect(even(await indexDef('users_activity_idx'))).toContain(even(USER_ACTIVITY_SQL));
  });

  test('given the gram indexes, then each column of SAP_ORDER_GRAM_COLUMNS has one over tms_grams(column)', async () => {
    for (const column of SAP_ORDER_GRAM_COLUMNS) {
      expect(even(await indexDef(`sap_orders_${column}_grams_idx`))).toContain(even(`tms_grams(${column})`));
    }
  });

  test('given sap_orders_filter_idx, then its keys are SAP_ORDER_FILTER_INDEX_CODES in that order', async () => {
    const def = await indexDef('sap_orders_filter_idx');
    const keys = /\(([^)]*)\)\s+include/i
      .exec(def)?.[1]
      ?.split(',')
      .map((k) => k.trim());
    expect(keys).toEqual([...SAP_ORDER_FILTER_INDEX_CODES]);
  });

  test('given the trigger that keeps sap_order_values, then it stores exactly the columns of SAP_ORDER_VALUE_COLUMNS', async () => {
    const source = await functionSource('track_sap_order_values');
    const stored = [...source.matchAll(/\('(\w+)', n\.(\w+)\)/g)].map((m) => m[2]);
    expect(stored.sort()).toEqual([...SAP_ORDER_VALUE_COLUMNS].sort());
  });

  test('given the daily completion counter, then its business day is that of BUSINESS_TIME_ZONE', async () => {
    const source = await functionSource('bump_daily_completion');
    const zones = [...source.matchAll(/at time zone '([^']+)'/g)].map((m) => m[1]);
    expect(zones.length).toBeGreaterThan(0);
    expect(new Set(zones)).toEqual(new Set([BUSINESS_TIME_ZONE]));
  });
});
