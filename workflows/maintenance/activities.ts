// Activities of routine database maintenance.
import type { Db } from '../../db/connection';

export interface FoldCounterDeltasResult {
  /** Delta rows moved into the dashboard totals. */
  moved: number;
}

export function createMaintenanceActivities({ db }: { db: Db }) {
  return {
    /**
     * Moves the dashboard counter deltas into their totals (db/migrations/002_counter_deltas.ts). One
     * statement, one transaction: readers see every change exactly once before, during and after; a retry
     * after a commit simply finds fewer deltas.
     */
    async foldCounterDeltas(): Promise<FoldCounterDeltasResult> {
      const result = await db.raw<{ rows: { moved: number | string }[] }>(
        'select fold_counter_deltas() as moved',
      );
      return { moved: Number(result.rows[0]?.moved ?? 0) };
    },
  };
}

export type MaintenanceActivities = ReturnType<typeof createMaintenanceActivities>;
