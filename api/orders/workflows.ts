// The API's side of the order workflow (`order:<Order_No>`, workflows/orders/order.workflow.ts): start it when an
// assignment creates the order, send a user's action as a Workflow Update, and read the running order's state for
// the "where is my order" view. Temporal's answers become plain outcomes here, so the routes never see a Temporal
// error: a refusal by the workflow keeps its reason (the Update validator's failure type), anything else is
// "unavailable". Tests may pass their own OrderWorkflows.
import type {
  ApprovalDecisionInput,
  EditAssignTransporterInput,
  OrderChangeResult,
  OrderRefusal,
  OrderState,
  OrderWorkflowInput,
  TransporterAcceptInput,
  TransporterRejectInput,
} from '../../workflows/orders/messages';

/** Why an Update did not happen: a refusal of the workflow, or the workflow could not be reached. */
export type OrderUpdateFailure = OrderRefusal | 'WORKFLOW_NOT_FOUND' | 'WORKFLOW_UNAVAILABLE';

export type OrderUpdateOutcome =
  { ok: true; result: OrderChangeResult } | { ok: false; code: OrderUpdateFailure; detail?: string };

/** What the order routes need from Temporal. */
export interface OrderWorkflows {
  /**
   * Starts `order:<orderNo>`; a start of one already running (or closed) with that id counts as done. Throws when
   * the start did not happen (the assignment then rolls back).
   */
  start(input: OrderWorkflowInput): Promise<void>;
  decideApproval(orderNo: string, input: ApprovalDecisionInput): Promise<OrderUpdateOutcome>;
  accept(orderNo: string, input: TransporterAcceptInput): Promise<OrderUpdateOutcome>;
  reject(orderNo: string, input: TransporterRejectInput): Promise<OrderUpdateOutcome>;
  editAssignTransporter(orderNo: string, input: EditAssignTransporterInput): Promise<OrderUpdateOutcome>;
  /** The running order's state (the `state` Query); null when there is no such workflow. */
  state(orderNo: string): Promise<OrderState | null>;
}
