// The order sweep's run (schedules.ts `order-sweep`, every minute): one activity that starts the order workflows
// that never started and starts again those that died (sweep.ts). A workflow so the schedule, its overlap policy
// and its retries are Temporal's; the work itself is an ordinary activity, since it talks to Temporal and the
// database and may take a while when many orders are found.
//
//   start ──sweepOrderWorkflows──▶ done (what was started and resumed is the result)
import { proxyActivities } from '@temporalio/workflow';
import type { OrderSweepActivities, OrderSweepInput, OrderSweepResult } from './sweep';

const { sweepOrderWorkflows } = proxyActivities<OrderSweepActivities>({
  startToCloseTimeout: '5 minutes',
  // The next sweep comes within a minute: a few quick retries, then leave it to that one.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

export async function orderSweepWorkflow(input: OrderSweepInput): Promise<OrderSweepResult> {
  return sweepOrderWorkflows(input);
}
