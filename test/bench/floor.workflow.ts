// Temporal's own floor for the order benchmark (orders.ts, DESIGN §6 "Workflows"): the order's lifecycle as
// the benchmark drives it, with nothing of the product in it. The same messages in the same shape as
// workflows/orders/order.workflow.ts, each change one no-op local activity:
//
//   start (the assignment; or the floorAssign Update of an update-with-start), one local activity ─▶
//     approvalLevels > 0 ─▶ waiting for approval
//       ─ floorApprove Update, one local activity ─▶ waiting for the answer
//     no approval ─▶ waiting for the answer (a timer until deadlineMs, as the order's auto-reject deadline)
//   waiting for the answer ─ floorAccept Update, one local activity ─▶ accepted
//
// Like the order, changes are applied one at a time in the order they came (an Update sent at once after the
// start waits for the assignment's write), an Update returns once its local activity has run, and the run
// stays open after the accept. No validators, search attributes, queries or payloads beyond a word: what is
// left is what Temporal and the SDK cost for this shape.
import { condition, defineUpdate, proxyLocalActivities, setHandler } from '@temporalio/workflow';

/** The floor worker's activities (floor-worker.ts): one write that does nothing. */
export interface FloorActivities {
  floorWrite(change: FloorStage): Promise<void>;
}

export type FloorStage = 'new' | 'approval' | 'answer' | 'accepted';

export interface FloorInput {
  /** Whether the lifecycle asks for one approval first (the benchmark's lifecycles) or none (its accepts). */
  approvalLevels: number;
  /** How long the transporter has to answer: the timer the order runs while it waits. */
  deadlineMs: number;
  /** The assignment comes as the floorAssign Update of an update-with-start instead of with the start. */
  assignByUpdate: boolean;
}

export const floorAssignUpdate = defineUpdate<FloorStage>('floorAssign');
export const floorApproveUpdate = defineUpdate<FloorStage>('floorApprove');
export const floorAcceptUpdate = defineUpdate<FloorStage>('floorAccept');

// The order's own local activity options (workflows/orders/order.workflow.ts).
const { floorWrite } = proxyLocalActivities<FloorActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '100 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds' },
});

export async function floorLifecycleWorkflow(input: FloorInput): Promise<void> {
  let stage = 'new' as FloorStage;
  let changes = 0;
  // One change at a time, in the order they asked (a ticket lock, as the order's).
  let nextTicket = 0;
  let serving = 0;
  const change = async (to: FloorStage): Promise<FloorStage> => {
    const ticket = nextTicket++;
    await condition(() => serving === ticket);
    try {
      await floorWrite(to);
      stage = to;
      changes++;
      return stage;
    } finally {
      serving++;
    }
  };
  const assigned = (): FloorStage => (input.approvalLevels > 0 ? 'approval' : 'answer');

  setHandler(floorAssignUpdate, () => change(assigned()));
  setHandler(floorApproveUpdate, () => change('answer'));
  setHandler(floorAcceptUpdate, () => change('accepted'));

  if (input.assignByUpdate) await condition(() => stage !== 'new');
  else await change(assigned());
  for (;;) {
    const seen = changes;
    // While the transporter is asked, a timer runs until the deadline; otherwise the next change is awaited.
    if (stage === 'answer') await condition(() => changes !== seen, input.deadlineMs);
    else await condition(() => changes !== seen);
  }
}
