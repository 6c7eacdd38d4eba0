// Master data an assignment reads on every check and save (locations, conversions, freight rates, approval
// matrices, quotas, auto-reject settings, order types, parties...), kept in memory while the change feed is live
// and dropped whenever one of its tables is written (the `master-data` topic, migration 021). Without a live feed
// (the worker process, a test without one) every read goes to the database, as before.
//
// The readers take the `db` they are given, which may be a transaction. Only what was read on the process's pool,
// outside any transaction, is kept, so what is kept was committed; a transaction reads through itself (asking the
// pool for another connection from inside one could starve it) and keeps nothing, but is answered from memory
// when the value is kept. Master data is not written by the transactions that read it here (an assignment, an
// approval check); a transaction that does write it drops the cache at once (change-feed.ts watches this
// process's own writes) and again, held until its notification, when it commits.
import type { Knex } from 'knex';
import { FeedCache, type ChangeFeed } from './change-feed';

interface Installed {
  db: Knex;
  cache: FeedCache<{ value: unknown }>;
}

/** Per connection configuration: a transaction's client shares its pool's configuration object. */
const installed = new WeakMap<object, Installed>();

/** The pool's configuration object, which its transactions share. */
const poolOf = (db: Knex): object => (db.client as { config: object }).config;

/**
 * Keeps master data read through `db` (and its transactions) in memory while `changes` is live. Returns the
 * function that stops it.
 */
export function installMasterDataCache(db: Knex, changes: ChangeFeed): () => void {
  const key = poolOf(db);
  installed.set(key, { db, cache: new FeedCache(changes, 'master-data', 5_000) });
  return () => void installed.delete(key);
}

/**
 * The value `read` gives for `key` (a name for the question and its arguments), kept while nothing changed. The
 * value is frozen (an array or object one level deep): callers must not change it.
 */
export async function masterRead<V>(db: Knex, key: string, read: (db: Knex) => Promise<V>): Promise<V> {
  const here = installed.get(poolOf(db));
  if (!here) return read(db);
  const frozen = (value: V) => ({
    value: value !== null && typeof value === 'object' ? Object.freeze(value) : value,
  });
  if (db.isTransaction) {
    const hit = here.cache.peek(key);
    return hit ? (hit.value as V) : read(db);
  }
  const kept = await here.cache.get(key, async () => frozen(await read(here.db)));
  return kept!.value as V;
}
