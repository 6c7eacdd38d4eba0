// Folds the dashboard counter deltas, started every few minutes by the `counter-fold` schedule
// (workflows/schedules.ts).
//
//   start ──foldCounterDeltas──▶ done { moved }
//
// Writers append deltas and never wait for one another; this fold keeps the part a dashboard read must sum
// small. The schedule's SKIP overlap policy and the fold's advisory lock keep folds one at a time.
import { proxyActivities } from '@temporalio/workflow';
import type { FoldCounterDeltasResult, MaintenanceActivities } from './activities';

const { foldCounterDeltas } = proxyActivities<MaintenanceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

export async function foldCounterDeltasWorkflow(): Promise<FoldCounterDeltasResult> {
  return foldCounterDeltas();
}
