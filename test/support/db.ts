// A fresh, migrated database for one test file: a new throwaway database on the PostgreSQL server of
// DATABASE_URL, dropped afterwards. Without DATABASE_URL, jest's global setup (test/support/embedded-cluster.ts)
// has started one embedded cluster for the run and set DATABASE_URL to it. Test files never share data, so
// they can run in parallel.
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createDb, type Db } from '../../db/connection';
import { migrateLatest } from '../../db/migrate';

export interface TestDb {
  db: Db;
  /** The database's URL, credentials included. */
  url: string;
  destroy(): Promise<void>;
}

export async function createTestDb(options: { poolMax?: number } = {}): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'DATABASE_URL is not set: run the tests through jest, whose global setup starts an embedded PostgreSQL',
    );
  }
  const name = `tms_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = createDb({ databaseUrl: target.toString(), poolMax: options.poolMax ?? 5 });
  await migrateLatest(db);
  return {
    db,
    url: target.toString(),
    destroy: async () => {
      await db.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/** Counter totals (folded + pending deltas) that differ from count(*) of the documents they mirror. */
export async function counterDrift(db: Db): Promise<unknown[]> {
  const result = await db.raw<{ rows: unknown[] }>(`
    select coalesce(c.entity, x.entity) as entity, coalesce(c.status, x.status) as status,
           coalesce(c.total, 0)::int as counted, coalesce(x.n, 0)::int as actual
      from status_counter_totals c
      full join (
        select 'SAP_ORDER' as entity, status, count(*) as n from sap_orders group by status
        union all select 'SAP_ORDER_TAB', tab_status, count(*) from sap_orders group by tab_status
        union all select 'ORDER', status, count(*) from orders group by status
        union all select 'ORDER_TRANSPORTER', p.transporter_code || '|' || o.status || '|' || coalesce(o.dispatch_status, ''),
                         count(*)
                    from (select distinct order_id, transporter_code from order_transporters) p
                    join orders o on o.id = p.order_id group by 2
        union all select 'SHIPMENT', case when status in ('COMPLETED', 'CANCELLED') then status
                                           else coalesce(progress_status, status) end, count(*)
                    from shipments group by 2
      ) x on x.entity = c.entity and x.status = c.status
     where coalesce(c.total, 0) <> coalesce(x.n, 0)`);
  return result.rows;
}
