// The API's side of the order workflow (`order:<Order_No>`, workflows/orders/order.workflow.ts), declared on the
// Temporal kit (api/temporal/entity-workflows.ts): create the order through it (update-with-start: the run and its
// createOrder Update in one call, the rows written by its activity), send a user's
// action as a Workflow Update, and read the running order's state for the "where is my order" view. A refusal
// keeps the workflow's reason; Temporal's own failures are WORKFLOW_NOT_FOUND / _UNAVAILABLE / _TIMEOUT (see the
// kit). Tests may pass their own OrderWorkflows.
import type { Client } from '@temporalio/client';
import { orderEntity } from '../../workflows/orders/entity';
import {
  cancelOrderUpdate,
  catchUpUpdate,
  changeStuffingDateUpdate,
  createOrderUpdate,
  decideApprovalUpdate,
  editAssignTransporterUpdate,
  editOrderUpdate,
  markCompleteUpdate,
  reassignDoUpdate,
  unmarkCompleteUpdate,
  ORDER_REFUSAL,
  orderStateQuery,
  transporterAcceptUpdate,
  transporterRejectUpdate,
  type ApprovalDecisionInput,
  type CancelOrderInput,
  type ChangeStuffingDateInput,
  type EditAssignTransporterInput,
  type EditOrderInput,
  type MarkCompleteInput,
  type ReassignDoInput,
  type OrderChangeResult,
  type OrderRefusal,
  type OrderState,
  type OrderWorkflowInput,
  type TransporterAcceptInput,
  type TransporterRejectInput,
} from '../../workflows/orders/messages';
import type { AppError } from '../errors';
import {
  createEntityWorkflows,
  outcomeError,
  type EntityWorkflowOptions,
  type EntityWorkflowsDeclaration,
  type UpdateOutcome,
  type WorkflowFailure,
} from '../temporal/entity-workflows';

/** Why an Update did not answer: a refusal of the order workflow, or one of the kit's WorkflowFailure. */
export type OrderUpdateFailure = OrderRefusal | WorkflowFailure;

export type OrderUpdateOutcome = UpdateOutcome<OrderChangeResult, OrderRefusal>;

/** What the order routes need from Temporal. */
export interface OrderWorkflows {
  /**
   * Creates the order through its workflow: starts `order:<orderNo>` with `input` (its `creation`, the rows) and
   * sends the createOrder Update in the same call (update-with-start, USE_EXISTING); answers once the rows and the
   * first change are written. QUANTITY_NOT_AVAILABLE (details: the SAP line) when the quantity was gone.
   */
  create(input: OrderWorkflowInput): Promise<OrderUpdateOutcome>;
  /** Whether `order:<orderNo>` has ended (a creation refused, say); false while it runs, is not there, or is unknown. */
  closed(orderNo: string): Promise<boolean>;
  /** Has `order:<orderNo>` take the state of rows ahead of it (catchUp); true when it did. */
  catchUp(orderNo: string): Promise<boolean>;
  /**
   * Starts `order:<orderNo>` for an order whose rows are already there (its first change written at once, as the
   * sweep's start does); one already running (or closed) with that id counts as done. The API creates orders with
   * `create`; this is for rows made otherwise (tests seeding them).
   */
  start(input: OrderWorkflowInput): Promise<void>;
  decideApproval(orderNo: string, input: ApprovalDecisionInput): Promise<OrderUpdateOutcome>;
  accept(orderNo: string, input: TransporterAcceptInput): Promise<OrderUpdateOutcome>;
  reject(orderNo: string, input: TransporterRejectInput): Promise<OrderUpdateOutcome>;
  editAssignTransporter(orderNo: string, input: EditAssignTransporterInput): Promise<OrderUpdateOutcome>;
  editOrder(orderNo: string, input: EditOrderInput): Promise<OrderUpdateOutcome>;
  cancel(orderNo: string, input: CancelOrderInput): Promise<OrderUpdateOutcome>;
  markComplete(orderNo: string, input: MarkCompleteInput): Promise<OrderUpdateOutcome>;
  unmarkComplete(orderNo: string, input: MarkCompleteInput): Promise<OrderUpdateOutcome>;
  changeStuffingDate(orderNo: string, input: ChangeStuffingDateInput): Promise<OrderUpdateOutcome>;
  reassignDo(orderNo: string, input: ReassignDoInput): Promise<OrderUpdateOutcome>;
  /** The running order's state (the `state` Query); null when there is no such workflow or it cannot be asked. */
  state(orderNo: string): Promise<OrderState | null>;
}

export const ORDER_WORKFLOWS: EntityWorkflowsDeclaration<OrderWorkflowInput, string, OrderRefusal> = {
  ...orderEntity,
  refusals: ORDER_REFUSAL,
  // Refused on the state the run holds, which rows ahead of it (a change whose Update Temporal lost) would change.
  catchUp: {
    update: catchUpUpdate,
    on: [
      ORDER_REFUSAL.NOT_ALLOWED,
      ORDER_REFUSAL.ALREADY_DECIDED,
      ORDER_REFUSAL.WRONG_LEVEL,
      ORDER_REFUSAL.NOT_AN_APPROVER,
      ORDER_REFUSAL.NOT_THIS_TRANSPORTER,
      ORDER_REFUSAL.DEADLINE_PASSED,
    ],
  },
  // The order list's words for an action that did not happen.
  messagePrefix: 'order.action',
  statuses: { ORDER_NOT_FOUND: 404 },
};

/** An Update that did not happen, as the API's error: its HTTP status and the order list's words for it. */
export function updateFailure(code: OrderUpdateFailure): AppError {
  return outcomeError(ORDER_WORKFLOWS, code);
}

export type OrderWorkflowOptions = EntityWorkflowOptions;

/** The real client side of `order:<Order_No>`. */
export function createOrderWorkflows(client: Client, options: OrderWorkflowOptions): OrderWorkflows {
  const orders = createEntityWorkflows(client, ORDER_WORKFLOWS, options);
  return {
    create: (input) => orders.startWithUpdate(input, createOrderUpdate),
    closed: (orderNo) => orders.closed(orderNo),
    catchUp: (orderNo) => orders.catchUp(orderNo),
    start: (input) => orders.start(input),
    decideApproval: (orderNo, input) => orders.update(orderNo, decideApprovalUpdate, input),
    accept: (orderNo, input) => orders.update(orderNo, transporterAcceptUpdate, input),
    reject: (orderNo, input) => orders.update(orderNo, transporterRejectUpdate, input),
    editAssignTransporter: (orderNo, input) => orders.update(orderNo, editAssignTransporterUpdate, input),
    cancel: (orderNo, input) => orders.update(orderNo, cancelOrderUpdate, input),
    markComplete: (orderNo, input) => orders.update(orderNo, markCompleteUpdate, input),
    unmarkComplete: (orderNo, input) => orders.update(orderNo, unmarkCompleteUpdate, input),
    changeStuffingDate: (orderNo, input) => orders.update(orderNo, changeStuffingDateUpdate, input),
    reassignDo: (orderNo, input) => orders.update(orderNo, reassignDoUpdate, input),
    editOrder: (orderNo, input) => orders.update(orderNo, editOrderUpdate, input),
    state: (orderNo) => orders.query(orderNo, orderStateQuery),
  };
}
