// The order sweep's former run: the `order-sweep` schedule now starts entitySweepWorkflow (kit/sweep.workflow.ts)
// with entity `order`. Kept registered so a run the schedule started before that change (or its history, replayed)
// still finds its workflow and its activity; remove once no such run can be open.
//
//   start ──sweepOrderWorkflows──▶ done (what was started and resumed is the result)
import { proxyActivities } from '@temporalio/workflow';
import type { OrderSweepActivities, OrderSweepInput, OrderSweepResult } from './sweep';

const { sweepOrderWorkflows } = proxyActivities<OrderSweepActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
});

export async function orderSweepWorkflow(input: OrderSweepInput): Promise<OrderSweepResult> {
  return sweepOrderWorkflows(input);
}
