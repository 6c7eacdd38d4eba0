// The sweep of order workflows (DESIGN §2 "A schedule sweeps for entities whose workflow never started or died and
// restarts it"; issue 16): every order whose life is still open must have its `order:<Order_No>` running, since
// every change of the order goes through it. Two ways one can be missing:
//   - never started: the assignment committed the order but its start was lost (Temporal away, the process killed
//     between the two). The order has no workflow_id yet (the workflow's first write sets it), and its
//     workflow_input (migration 017) is exactly what the assignment would have started it with: started from it.
//   - died: its run was terminated, failed or timed out. Found among the order runs that closed lately (Temporal's
//     visibility; an order's run never closes by itself while the order exists), and started again with `resume`:
//     the state the order's rows hold (status, dispatch status, the stored Auto_Reject_Date, the open approval
//     round and its approvers, the last change number), so the new run writes nothing twice, re-opens nothing that
//     was decided, and keeps the deadline the transporter was given.
// Starting is idempotent (conflict policy USE_EXISTING), so a sweep that races the API's own start, or a run
// that came back meanwhile, changes nothing.
//
// Which orders: those whose workflow should be running. CANCELLED and COMPLETED orders are finished; a REJECTED
// order's run stays open for edit assign transporter, so it counts. A run that died is resumed only in the
// statuses the workflow handles today (orders/messages.ts OrderStatus); later statuses join as it learns them.
import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../../db/connection';
import { orderWorkflowId, type OrderStatus, type OrderWorkflowInput } from './messages';
import { ORDER_RESUME_COLUMNS, readOrderResume, storedInput, type OrderRow } from './resume';
import { OrderNo, Status, TransporterCode } from '../search-attributes';

/** Orders whose life is over: their workflow is not restarted. */
const FINISHED = ['CANCELLED'];
/**
 * The statuses the order workflow runs in today: a run that died in one of them is resumed. COMPLETED too: an
 * order marked complete may be unmarked, through its run.
 */
const RESUMABLE: OrderStatus[] = [
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
  'ASSIGNED TO TRANSPORTER',
  'ACCEPTED',
  'REJECTED',
  'COMPLETED',
];
const WORKFLOW_ID_PREFIX = orderWorkflowId('');
/** How far back closed runs are looked at: a sweep that was stopped this long still finds what died meanwhile. */
export const ORDER_SWEEP_LOOKBACK_MS = 24 * 3_600_000;
/** Orders never started, at most, per sweep (the next sweep takes the rest). */
export const ORDER_SWEEP_BATCH = 500;

export interface OrderSweepInput {
  /** Where the started workflows run (the worker's task queue). */
  taskQueue: string;
  lookbackMs?: number;
  batch?: number;
}

export interface OrderSweepResult {
  /** Order numbers started for the first time. */
  started: string[];
  /** Order numbers whose dead run was started again with `resume`. */
  resumed: string[];
}

export function createOrderSweepActivities({ db, client }: { db: Db; client?: Client }) {
  const start = async (taskQueue: string, input: OrderWorkflowInput, status: string): Promise<void> => {
    await client!.workflow.start('orderWorkflow', {
      taskQueue,
      workflowId: orderWorkflowId(input.orderNo),
      args: [input],
      // A run that is there (the API's own start won the race, or it came back) is kept as it is.
      workflowIdConflictPolicy: 'USE_EXISTING',
      typedSearchAttributes: [
        { key: OrderNo, value: input.orderNo },
        { key: Status, value: status },
        { key: TransporterCode, value: input.transporterCode },
      ],
    });
  };

  return {
    /** Starts the order workflows that never started, and starts again those whose run died; see the header. */
    async sweepOrderWorkflows(input: OrderSweepInput): Promise<OrderSweepResult> {
      if (!client) {
        throw ApplicationFailure.nonRetryable(
          'The order sweep needs a Temporal client (createWorker client option).',
          'NO_TEMPORAL_CLIENT',
        );
      }
      const result: OrderSweepResult = { started: [], resumed: [] };

      const unstarted = (await db('orders')
        .whereNull('workflow_id')
        .whereNotNull('workflow_input')
        .whereNotIn('status', FINISHED)
        .orderBy('id')
        .limit(input.batch ?? ORDER_SWEEP_BATCH)
        .select(ORDER_RESUME_COLUMNS)) as OrderRow[];
      for (const row of unstarted) {
        await start(input.taskQueue, storedInput(row), row.status);
        result.started.push(row.order_no);
      }

      const since = new Date(Date.now() - (input.lookbackMs ?? ORDER_SWEEP_LOOKBACK_MS)).toISOString();
      const closed = new Set<string>();
      for await (const run of client.workflow.list({
        query: `WorkflowType = 'orderWorkflow' AND ExecutionStatus != 'Running' AND CloseTime > '${since}'`,
      })) {
        if (run.workflowId.startsWith(WORKFLOW_ID_PREFIX)) closed.add(run.workflowId);
      }
      for (const workflowId of closed) {
        const row = (await db('orders')
          .where('order_no', workflowId.slice(WORKFLOW_ID_PREFIX.length))
          .whereIn('status', RESUMABLE)
          .whereNotNull('workflow_input')
          .first(ORDER_RESUME_COLUMNS)) as OrderRow | undefined;
        if (!row) continue;
        // The latest run of the id: one started since (by an earlier sweep) is running and is left alone.
        const { status } = await client.workflow.getHandle(workflowId).describe();
        if (status.name === 'RUNNING') continue;
        const resume = await readOrderResume(db, row);
        await start(input.taskQueue, { ...storedInput(row), ...(resume ? { resume } : {}) }, row.status);
        result.resumed.push(row.order_no);
      }
      return result;
    },
  };
}

export type OrderSweepActivities = ReturnType<typeof createOrderSweepActivities>;
