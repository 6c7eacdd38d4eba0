// A sweep's run (schedules.ts, one schedule per swept entity, every minute): one activity that starts the entity's
// workflows that never started and starts again those that died (kit/sweep.ts, workflows/sweeps.ts). A workflow so
// the schedule, its overlap policy and its retries are Temporal's; the work itself is an ordinary activity, since
// it talks to Temporal and the database and may take a while when many entities are found.
//
//   start ──sweepEntityWorkflows──▶ done (what was started and resumed is the result)
import { proxyActivities } from '@temporalio/workflow';
import type { EntitySweepActivities, EntitySweepInput, SweepResult } from './sweep';

const { sweepEntityWorkflows } = proxyActivities<EntitySweepActivities>({
  startToCloseTimeout: '5 minutes',
  // The next sweep comes within a minute: a few quick retries, then leave it to that one.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

export async function entitySweepWorkflow(input: EntitySweepInput): Promise<SweepResult> {
  return sweepEntityWorkflows(input);
}
