// Activities of routine database maintenance.
import type { Db } from '../../db/connection';
import { foldCounterDeltas } from '../../db/counters';
import { driftedLines, type LedgerDrift } from '../../db/ledger';

export interface FoldCounterDeltasResult {
  /** Delta rows moved into the dashboard totals. */
  moved: number;
  /** SAP lines whose os_qty is not what the quantity ledger says it is (checkLedger), when that check ran. */
  ledgerDrift?: number;
}

export interface LedgerCheckResult {
  /** The SAP lines (at most LEDGER_DRIFT_LIMIT) whose os_qty is not max(0, Qty − held). */
  drifted: LedgerDrift[];
}

/** How many drifted lines one check reports (the first by id; more only means more of the same fault). */
export const LEDGER_DRIFT_LIMIT = 100;

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

    /**
     * The drift check of the quantity ledger (DESIGN §4 "Quantities"): every SAP line's os_qty against the
     * ledger's own definition of held, on the live database. Reads only; a drifted line is logged (with its
     * numbers) for staff to look into, never corrected behind their back.
     */
    async checkLedger(): Promise<LedgerCheckResult> {
      const drifted = await driftedLines(db, LEDGER_DRIFT_LIMIT);
      if (drifted.length) {
        console.warn(
          `quantity ledger: ${drifted.length} SAP line(s) whose os_qty is not Qty - held`,
          JSON.stringify(drifted.slice(0, 10)),
        );
      }
      return { drifted };
    },
  };
}

export type MaintenanceActivities = ReturnType<typeof createMaintenanceActivities>;
