// The dashboard counters' upkeep (db/migrations/002_counter_deltas.ts): fold the appended deltas into the
// totals, then vacuum the delta tables. A fold deletes every delta row; until those dead rows are vacuumed,
// every dashboard read would scan them, so the fold cleans up after itself instead of waiting for autovacuum.
import type { Db } from './connection';

export async function foldCounterDeltas(db: Db): Promise<number> {
  const result = await db.raw<{ rows: { moved: number | string }[] }>(
    'select fold_counter_deltas() as moved',
  );
  const moved = Number(result.rows[0]?.moved ?? 0);
  // VACUUM cannot run inside a transaction; knex sends this on its own connection, outside any.
  if (moved > 0) await db.raw('vacuum status_counter_deltas, daily_completion_deltas');
  return moved;
}
