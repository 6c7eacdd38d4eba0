// Temporal Schedules owned by the product. Every API and worker process may call ensureSchedules at start:
// it creates what is missing and brings an existing schedule back to the definition in this file, so a
// deployment that changes a time or an argument takes effect without manual steps.
import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
  type ScheduleSpec,
} from '@temporalio/client';
import { BUSINESS_TIME_ZONE } from '../db/migrations/001_platform';
import type * as workflows from './workflows';

export const USER_INACTIVITY_SCHEDULE_ID = 'user-inactivity';
export const COUNTER_FOLD_SCHEDULE_ID = 'counter-fold';
/** How often the dashboard counter deltas are folded into their totals. */
export const COUNTER_FOLD_EVERY = '5m';

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

function counterFoldSchedule(settings: ScheduleSettings) {
  const spec: ScheduleSpec = { intervals: [{ every: COUNTER_FOLD_EVERY }] };
  const action: ScheduleOptionsStartWorkflowAction<typeof workflows.foldCounterDeltasWorkflow> = {
    type: 'startWorkflow',
    workflowType: 'foldCounterDeltasWorkflow' satisfies keyof typeof workflows,
    workflowId: COUNTER_FOLD_SCHEDULE_ID,
    taskQueue: settings.taskQueue,
    args: [],
  };
  return { spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } };
}

/** Creates or updates every product schedule. Idempotent and safe to run from several processes at once. */
export async function ensureSchedules(client: Client, settings: ScheduleSettings): Promise<void> {
  // Each definition is type-checked against its workflow above; the list only needs the common shape.
  const schedules: (ScheduleOptions & { spec: ScheduleSpec })[] = [
    { scheduleId: USER_INACTIVITY_SCHEDULE_ID, ...userInactivitySchedule(settings) },
    { scheduleId: COUNTER_FOLD_SCHEDULE_ID, ...counterFoldSchedule(settings) },
  ];
  for (const wanted of schedules) {
    try {
      await client.schedule.create(wanted);
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      // Keep the schedule's runtime state (paused by an operator, its note) and replace only its definition.
      await client.schedule.getHandle(wanted.scheduleId).update((previous) => ({
        ...previous,
        spec: wanted.spec,
        action: wanted.action,
        policies: { ...previous.policies, ...wanted.policies },
      }));
    }
  }
}
