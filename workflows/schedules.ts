// Temporal Schedules owned by the product. Every API and worker process may call ensureSchedules at start:
// it creates what is missing and brings an existing schedule back to the definition in this file, so a
// deployment that changes a time or an argument takes effect without manual steps.
import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptionsStartWorkflowAction,
  type ScheduleSpec,
} from '@temporalio/client';
import { BUSINESS_TIME_ZONE } from '../db/migrations/001_platform';
import type * as workflows from './workflows';

export const USER_INACTIVITY_SCHEDULE_ID = 'user-inactivity';

export interface ScheduleSettings {
  taskQueue: string;
  /** Days without login before an account is deactivated (config INACTIVITY_DAYS). */
  inactivityDays: number;
}

function userInactivitySchedule(settings: ScheduleSettings) {
  // 01:00 company time: after the working day, before the early shift logs in.
  const spec: ScheduleSpec = { calendars: [{ hour: 1, minute: 0 }], timezone: BUSINESS_TIME_ZONE };
  // The type is named by string so this client-side module never loads workflow code; `satisfies` keeps the
  // name and the arguments checked against the bundle's exports.
  const action: ScheduleOptionsStartWorkflowAction<typeof workflows.deactivateInactiveUsersWorkflow> = {
    type: 'startWorkflow',
    workflowType: 'deactivateInactiveUsersWorkflow' satisfies keyof typeof workflows,
    workflowId: USER_INACTIVITY_SCHEDULE_ID,
    taskQueue: settings.taskQueue,
    args: [{ inactivityDays: settings.inactivityDays }],
  };
  // A sweep still running (database down, retries) must not be joined by a second one.
  const policies = { overlap: ScheduleOverlapPolicy.SKIP };
  return { spec, action, policies };
}

/** Creates or updates every product schedule. Idempotent and safe to run from several processes at once. */
export async function ensureSchedules(client: Client, settings: ScheduleSettings): Promise<void> {
  const wanted = userInactivitySchedule(settings);
  try {
    await client.schedule.create({ scheduleId: USER_INACTIVITY_SCHEDULE_ID, ...wanted });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    // Keep the schedule's runtime state (paused by an operator, its note) and replace only its definition.
    await client.schedule.getHandle(USER_INACTIVITY_SCHEDULE_ID).update((previous) => ({
      ...previous,
      spec: wanted.spec,
      action: wanted.action,
      policies: { ...previous.policies, ...wanted.policies },
    }));
  }
}
