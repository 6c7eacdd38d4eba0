// One knex instance per process. With DATABASE_URL it is a pooled PostgreSQL connection; without it the
// embedded PGlite database under DATA_DIR. PGlite is a single-session database, so its pool is exactly one
// connection: concurrent transactions from the console, the worker and background jobs queue for that one
// session and run one after another, which keeps them serializable (proved in test/api/embedded-db.test.ts).
// Code that runs inside a transaction must therefore use the transaction object, never the global knex.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { Model } from 'objection';
import pg from 'pg';

// PostgreSQL returns NUMERIC and BIGINT as strings to avoid precision loss; quantities and counts in this
// product fit a double, and every layer above expects numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = Knex;

export interface DbOptions {
  /** postgres://... for a real server; undefined for embedded PGlite. */
  databaseUrl?: string;
  /** Directory for PGlite data; 'memory://' (or undefined) keeps it in memory, for tests. */
  pgliteDir?: string;
  poolMax?: number;
}

/** The PGlite instance behind an embedded database (its notification listener lives there). */
const pglites = new WeakMap<Db, PGlite>();
export function pgliteOf(db: Db): PGlite | undefined {
  return pglites.get(db);
}

export function createDb(options: DbOptions): Db {
  let db: Knex;
  if (options.databaseUrl) {
    db = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 30_000,
    });
  } else {
    const dir = options.pgliteDir;
    if (dir && dir !== 'memory://') fs.mkdirSync(path.dirname(dir), { recursive: true });
    // The instance is made here rather than by knex-pglite, which cannot pass extensions: the SAP order list's
    // contains filters use pg_trgm's indexes (db/migrations/006_sap_orders.ts).
    const pglite = new PGlite({
      ...(dir && dir !== 'memory://' ? { dataDir: dir } : {}),
      extensions: { pg_trgm },
    });
    db = knexFactory({
      client: ClientPgLite as unknown as typeof knexFactory.Client,
      dialect: 'postgres',
      connection: { pglite } as unknown as Knex.StaticConnectionConfig,
      acquireConnectionTimeout: 120_000,
    } as Knex.Config);
    pglites.set(db, pglite);
  }
  Model.knex(db);
  return db;
}

export function isEmbedded(db: Db): boolean {
  return (
    (db.client as { config?: { dialect?: string } }).config?.dialect === 'postgres' &&
    (db.client as { config?: { client?: unknown } }).config?.client !== 'pg'
  );
}
