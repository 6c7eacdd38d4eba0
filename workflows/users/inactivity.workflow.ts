// Daily inactivity sweep, started by the `user-inactivity` schedule (workflows/schedules.ts).
//
//   start ──deactivateInactiveUsers(inactivityDays, now = workflow start time)──▶ done { deactivated }
//
// One activity does the whole sweep in one database transaction; the workflow exists so the sweep gets
// Temporal's retries, history and visibility, and so the schedule (not a cron in every API process) decides
// when it runs. The schedule's SKIP overlap policy guarantees at most one sweep at a time.
import { proxyActivities } from '@temporalio/workflow';
import type { DeactivateInactiveUsersResult, UserActivities } from './activities';

const { deactivateInactiveUsers } = proxyActivities<UserActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', maximumAttempts: 10 },
});

export async function deactivateInactiveUsersWorkflow({
  inactivityDays,
}: {
  inactivityDays: number;
}): Promise<DeactivateInactiveUsersResult> {
  // Date.now() in a workflow is the deterministic workflow-task time; passing it makes retries of the
  // activity use the same cut-off.
  return deactivateInactiveUsers({ inactivityDays, now: new Date(Date.now()).toISOString() });
}
