// Routine database maintenance, started every few minutes by the `counter-fold` schedule (workflows/schedules.ts):
// it folds the dashboard counter deltas, then runs the quantity ledger's drift check.
//
//   start ──foldCounterDeltas──▶ ──checkLedger──▶ done { moved, ledgerDrift }
//
// Writers append deltas and never wait for one another; this fold keeps the part a dashboard read must sum
// small. The schedule's SKIP overlap policy and the fold's advisory lock keep folds one at a time. The drift check
// (DESIGN §4 "Quantities") reads every SAP line's os_qty against the ledger's definition and reports the lines
// that differ; runs started before it existed replay without it (patched).
import { patched, proxyActivities } from '@temporalio/workflow';
import type { FoldCounterDeltasResult, MaintenanceActivities } from './activities';

const { foldCounterDeltas, checkLedger } = proxyActivities<MaintenanceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** The patch id of the drift check's step. */
export const LEDGER_CHECK_PATCH = 'maintenance-ledger-check';

export async function foldCounterDeltasWorkflow(): Promise<FoldCounterDeltasResult> {
  const folded = await foldCounterDeltas();
  if (!patched(LEDGER_CHECK_PATCH)) return folded;
  const { drifted } = await checkLedger();
  return { ...folded, ledgerDrift: drifted.length };
}
