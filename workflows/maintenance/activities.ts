// Activities of routine database maintenance.
import type { Db } from '../../db/connection';
import { foldCounterDeltas } from '../../db/counters';

export interface FoldCounterDeltasResult {
  /** Delta rows moved into the dashboard totals. */
  moved: number;
}

export function createMaintenanceActivities({ db }: { db: Db }) {
  return {
    /**
     * Moves the dashboard counter deltas into their totals (db/counters.ts). The fold is one statement, one
     * transaction: readers see every change exactly once before, during and after; a retry after a commit
     * simply finds fewer deltas.
     */
    async foldCounterDeltas(): Promise<FoldCounterDeltasResult> {
      return { moved: await foldCounterDeltas(db) };
    },
  };
}

export type MaintenanceActivities = ReturnType<typeof createMaintenanceActivities>;
