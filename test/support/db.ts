// A fresh, migrated database for one test file: in-memory PGlite by default, or — when DATABASE_URL is
// set — a new throwaway database on that PostgreSQL server, dropped afterwards. Test files never share
// data, so they can run in parallel.
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createDb, type Db } from '../../db/connection';
import { migrateLatest } from '../../db/migrate';

export interface TestDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  destroy(): Promise<void>;
}

export async function createTestDb(options: { forceEmbedded?: boolean } = {}): Promise<TestDb> {
  const url = options.forceEmbedded ? undefined : process.env.DATABASE_URL;
  if (!url) {
    const db = createDb({});
    await migrateLatest(db);
    return { db, kind: 'pglite', destroy: () => db.destroy() };
  }
  const name = `tms_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = createDb({ databaseUrl: target.toString(), poolMax: 5 });
  await migrateLatest(db);
  return {
    db,
    kind: 'postgres',
    destroy: async () => {
      await db.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}
