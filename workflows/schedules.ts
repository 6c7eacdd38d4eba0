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
import { BUSINESS_TIME_ZONE } from '../db/business-time';
import type { SweptEntity } from './sweeps';
import type * as workflows from './workflows';

export const USER_INACTIVITY_SCHEDULE_ID = 'user-inactivity';
export const COUNTER_FOLD_SCHEDULE_ID = 'counter-fold';
export const ERP_PULL_SCHEDULE_ID = 'erp-pull';
export const ORDER_SWEEP_SCHEDULE_ID = 'order-sweep';
export const SAP_APPROVAL_SWEEP_SCHEDULE_ID = 'sap-approval-sweep';
/** How often entities whose workflow never started or died are looked for (DESIGN §2). */
export const SWEEP_EVERY = '1m';
export const ORDER_SWEEP_EVERY = SWEEP_EVERY;
/** One sweep schedule per swept entity (workflows/sweeps.ts). */
const SWEEP_SCHEDULES: { scheduleId: string; entity: SweptEntity }[] = [
  { scheduleId: ORDER_SWEEP_SCHEDULE_ID, entity: 'order' },
  { scheduleId: SAP_APPROVAL_SWEEP_SCHEDULE_ID, entity: 'sap-approval' },
];
/** The note of an `erp-pull` schedule paused because its lookup switched the pull off. */
export const ERP_PULL_OFF_NOTE =
  'Switched off: lookup SAP_SYNC_SETTING / PULL_INTERVAL_MINUTES is inactive or 0.';
/** How often the dashboard counter deltas are folded into their totals. */
export const COUNTER_FOLD_EVERY = '5m';

export interface ScheduleSettings {
  taskQueue: string;
  /** Days without login before an account is deactivated (config INACTIVITY_DAYS). */
  inactivityDays: number;
  /**
   * Minutes between ERP pulls (workflows/erp/settings.ts readErpPullInterval); null pauses the `erp-pull`
   * schedule, undefined leaves it as it is.
   */
  erpPullEveryMinutes?: number | null;
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

function erpPullSchedule(settings: ScheduleSettings, minutes: number) {
  const spec: ScheduleSpec = { intervals: [{ every: `${minutes}m` }] };
  const action: ScheduleOptionsStartWorkflowAction<typeof workflows.erpPullWorkflow> = {
    type: 'startWorkflow',
    workflowType: 'erpPullWorkflow' satisfies keyof typeof workflows,
    workflowId: ERP_PULL_SCHEDULE_ID,
    taskQueue: settings.taskQueue,
    args: [{}],
  };
  // A slow pull (SAP down, retries) is not joined by the next one; the next one starts where it ends.
  return { spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } };
}

function sweepSchedule(settings: ScheduleSettings, scheduleId: string, entity: SweptEntity) {
  const spec: ScheduleSpec = { intervals: [{ every: SWEEP_EVERY }] };
  const action: ScheduleOptionsStartWorkflowAction<typeof workflows.entitySweepWorkflow> = {
    type: 'startWorkflow',
    workflowType: 'entitySweepWorkflow' satisfies keyof typeof workflows,
    workflowId: scheduleId,
    taskQueue: settings.taskQueue,
    args: [{ entity, taskQueue: settings.taskQueue }],
  };
  // A sweep that finds many entities may outlast a minute; the next one starts after it.
  return { spec, action, policies: { overlap: ScheduleOverlapPolicy.SKIP } };
}

/** Creates or updates every product schedule. Idempotent and safe to run from several processes at once. */
export async function ensureSchedules(client: Client, settings: ScheduleSettings): Promise<void> {
  // Each definition is type-checked against its workflow above; the list only needs the common shape.
  const schedules: (ScheduleOptions & { spec: ScheduleSpec })[] = [
    { scheduleId: USER_INACTIVITY_SCHEDULE_ID, ...userInactivitySchedule(settings) },
    { scheduleId: COUNTER_FOLD_SCHEDULE_ID, ...counterFoldSchedule(settings) },
    ...SWEEP_SCHEDULES.map(({ scheduleId, entity }) => ({
      scheduleId,
      ...sweepSchedule(settings, scheduleId, entity),
    })),
  ];
  const pullMinutes = settings.erpPullEveryMinutes;
  if (pullMinutes !== undefined) {
    schedules.push({
      scheduleId: ERP_PULL_SCHEDULE_ID,
      ...erpPullSchedule(settings, pullMinutes ?? 15),
      ...(pullMinutes === null ? { state: { paused: true, note: ERP_PULL_OFF_NOTE } } : {}),
    });
  }
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
  if (pullMinutes !== undefined) {
    // The lookup switches the pull off and on; a pause an operator made for another reason is theirs to lift.
    const handle = client.schedule.getHandle(ERP_PULL_SCHEDULE_ID);
    const { state } = await handle.describe();
    if (pullMinutes === null && !state.paused) await handle.pause(ERP_PULL_OFF_NOTE);
    if (pullMinutes !== null && state.paused && state.note === ERP_PULL_OFF_NOTE) {
      await handle.unpause('Switched on: lookup SAP_SYNC_SETTING / PULL_INTERVAL_MINUTES has an interval.');
    }
  }
}
