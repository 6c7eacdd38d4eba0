// One knex instance per process, on a pool of real PostgreSQL connections: the server of DATABASE_URL, or the
// embedded cluster that `npm start` runs beside the API (db/embedded-postgres.ts). Either way a request waits
// a bounded time for everything it asks of the database, so a dead or stuck database makes requests fail
// with an error instead of hanging: opening a connection, waiting for a free one in the pool, and each
// statement have their limits.
import os from 'node:os';
import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import type { Logger } from 'pino';

// PostgreSQL returns NUMERIC and BIGINT as strings to avoid precision loss; quantities and counts in this
// product fit a double, and every layer above expects numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = Knex;

/** Defaults of the limits below; api/config.ts lets a deployment change the statement timeout. */
export const DB_TIMEOUTS = {
  /** Opening a connection (TCP, TLS, authentication): a server that does not answer fails the request. */
  connectMs: 5_000,
  /** Waiting for a pooled connection while every one is busy. */
  acquireMs: 30_000,
  /**
   * One statement. The largest legitimate statements (a 20,000-row master-data import, a 5,000-document ERP
   * push) take a few seconds; migrations lift the limit for their own transaction (db/migrate.ts).
   */
  statementMs: 60_000,
} as const;

export interface DbOptions {
  /** postgres://user:password@host:port/database */
  databaseUrl: string;
  poolMax?: number;
  /** Milliseconds one statement may run; 0: no limit (bulk loads of the benchmarks). */
  statementTimeoutMs?: number;
  /**
   * Niceness (1 to 19) given to the server process behind each connection of this pool, so its work yields the
   * CPU to other connections' (the bulk threads' pools, api/bulk). Only for a server on this host running as a
   * process this one may renice (the embedded cluster): a pid of another host or PID namespace names some
   * other process here.
   */
  backendNice?: number;
  /** Where knex's own warnings go (a connection lost, one that could not be opened); else the console. */
  logger?: Pick<Logger, 'warn' | 'error' | 'debug'>;
}

/** What `pg` is given for each connection: the URL with the limits above. */
export function connectionConfig(options: DbOptions): pg.ClientConfig {
  return {
    connectionString: options.databaseUrl,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    statement_timeout: options.statementTimeoutMs ?? DB_TIMEOUTS.statementMs,
    // A server that vanished without closing the connection (a host gone, a network cut) is noticed.
    keepAlive: true,
    // No JIT compilation: the app's statements are short, and one the planner misjudges as large (a transporter's
    // count over a million orders estimated at half of them) spent 250-350 ms compiling before it ran
    // (bench:orders-list). Servers ship with jit = on; this is set per connection, whatever the server says.
    options: '-c jit=off',
  };
}

export function createDb(options: DbOptions): Db {
  const db = knexFactory({
    client: 'pg',
    connection: connectionConfig(options) as Knex.PgConnectionConfig,
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      ...(options.backendNice !== undefined && {
        afterCreate: reniceBackend(options.backendNice, options.logger),
      }),
    },
    acquireConnectionTimeout: DB_TIMEOUTS.acquireMs,
    ...(options.logger && { log: knexLog(options.logger) }),
  });
  Model.knex(db);
  return db;
}

function reniceBackend(nice: number, logger: DbOptions['logger']) {
  return (connection: pg.Client, done: (err: Error | null, connection: pg.Client) => void) => {
    connection.query('select pg_backend_pid() as pid').then(
      (result: pg.QueryResult<{ pid: number }>) => {
        try {
          os.setPriority(result.rows[0]!.pid, nice);
        } catch (err) {
          // Not ours to renice (another user's server): the work still runs, at the usual priority.
          logger?.debug({ err: (err as Error).message }, 'database connection not reniced');
        }
        done(null, connection);
      },
      (err: Error) => done(err, connection),
    );
  };
}

function knexLog(logger: NonNullable<DbOptions['logger']>): Knex.Logger {
  const text = (message: unknown) => (message instanceof Error ? message.message : String(message));
  return {
    warn: (message: unknown) => logger.warn({ knex: text(message) }, 'database connection'),
    error: (message: unknown) => logger.error({ knex: text(message) }, 'database connection'),
    deprecate: (method: string, alternative: string) =>
      logger.debug({ knex: `${method} is deprecated, use ${alternative}` }, 'knex'),
    debug: (message: unknown) => logger.debug({ knex: text(message) }, 'knex'),
  };
}
