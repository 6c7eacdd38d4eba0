// The sweep of order workflows, declared on the kit's sweep (workflows/kit/sweep.ts; issue 16): every order whose
// life is still open must have its `order:<Order_No>` running, since every change of the order goes through it.
//   - never started: the order has no workflow_id yet, and its workflow_input (migration 017) is exactly what the
//     assignment would have started it with: started from it. Only orders saved before their creation went through
//     their workflow can be so: the workflow now writes the row itself, workflow_id included, with its first change.
//   - died: started again with `resume`, the state the order's rows hold (status, dispatch status, the stored
//     Auto_Reject_Date, the open approval round and its approvers, the last change number; resume.ts), so the new
//     run writes nothing twice, re-opens nothing that was decided, and keeps the deadline the transporter was given.
//
// Which orders: those whose workflow should be running. CANCELLED and COMPLETED orders are finished; a REJECTED
// order's run stays open for edit assign transporter, so it counts. A run that died is resumed only in the
// statuses the workflow handles today (orders/messages.ts OrderStatus); later statuses join as it learns them.
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/connection';
import {
  defineEntitySweep,
  runEntitySweep,
  SWEEP_BATCH,
  SWEEP_LOOKBACK_MS,
  type SweepInput,
  type SweepResult,
} from '../kit/sweep';
import { orderEntity } from './entity';
import type { OrderStatus } from './messages';
import { ORDER_RESUME_COLUMNS, readOrderResume, storedInput, type OrderRow } from './resume';

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
export const ORDER_SWEEP_LOOKBACK_MS = SWEEP_LOOKBACK_MS;
export const ORDER_SWEEP_BATCH = SWEEP_BATCH;

export const orderSweep = defineEntitySweep({
  workflow: orderEntity,
  unstarted: async (db, limit) =>
    (await db('orders')
      .whereNull('workflow_id')
      .whereNotNull('workflow_input')
      .whereNotIn('status', FINISHED)
      .orderBy('id')
      .limit(limit)
      .select(ORDER_RESUME_COLUMNS)) as OrderRow[],
  stillOpen: async (db, orderNo) =>
    (await db('orders')
      .where('order_no', orderNo)
      .whereIn('status', RESUMABLE)
      .whereNotNull('workflow_input')
      .first(ORDER_RESUME_COLUMNS)) as OrderRow | undefined,
  input: async (db, row: OrderRow, resumed) => {
    const resume = resumed ? await readOrderResume(db, row) : undefined;
    return { ...storedInput(row), ...(resume ? { resume } : {}) };
  },
  keyOf: (row) => row.order_no,
  status: (row) => row.status,
});

export type OrderSweepInput = SweepInput;
export type OrderSweepResult = SweepResult;

export function createOrderSweepActivities(deps: { db: Db; client?: Client }) {
  return {
    /**
     * The order sweep as one activity: kept for orderSweepWorkflow runs started by the `order-sweep` schedule
     * before it started entitySweepWorkflow (schedules.ts); the sweep itself is the kit's.
     */
    async sweepOrderWorkflows(input: OrderSweepInput): Promise<OrderSweepResult> {
      return runEntitySweep(orderSweep, deps, input);
    },
  };
}

export type OrderSweepActivities = ReturnType<typeof createOrderSweepActivities>;
