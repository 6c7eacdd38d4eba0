// The API's side of the order workflow (`order:<Order_No>`, workflows/orders/order.workflow.ts): start it when an
// assignment creates the order, send a user's action as a Workflow Update, and read the running order's state for
// the "where is my order" view. Temporal's answers become plain outcomes here, so the routes never see a Temporal
// error: a refusal by the workflow keeps its reason (the Update validator's failure type), anything else is
// "unavailable". Tests may pass their own OrderWorkflows.
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { isUpdateTimeout } from '../../workflows/client';
import { AppError } from '../errors';
import type { orderWorkflow } from '../../workflows/orders/order.workflow';
import {
  cancelOrderUpdate,
  changeStuffingDateUpdate,
  decideApprovalUpdate,
  editAssignTransporterUpdate,
  editOrderUpdate,
  markCompleteUpdate,
  reassignDoUpdate,
  unmarkCompleteUpdate,
  ORDER_REFUSAL,
  orderStateQuery,
  orderWorkflowId,
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
import { OrderNo, Status, TransporterCode } from '../../workflows/search-attributes';

/**
 * Why an Update did not answer: a refusal of the workflow; no such workflow; Temporal could not be reached; or the
 * Update was sent but not answered in time (WORKFLOW_TIMEOUT: it may still be applied once a worker takes it, so
 * the user is told to look again rather than that nothing happened).
 */
export type OrderUpdateFailure =
  OrderRefusal | 'WORKFLOW_NOT_FOUND' | 'WORKFLOW_UNAVAILABLE' | 'WORKFLOW_TIMEOUT';

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
  editOrder(orderNo: string, input: EditOrderInput): Promise<OrderUpdateOutcome>;
  cancel(orderNo: string, input: CancelOrderInput): Promise<OrderUpdateOutcome>;
  markComplete(orderNo: string, input: MarkCompleteInput): Promise<OrderUpdateOutcome>;
  unmarkComplete(orderNo: string, input: MarkCompleteInput): Promise<OrderUpdateOutcome>;
  changeStuffingDate(orderNo: string, input: ChangeStuffingDateInput): Promise<OrderUpdateOutcome>;
  reassignDo(orderNo: string, input: ReassignDoInput): Promise<OrderUpdateOutcome>;
  /** The running order's state (the `state` Query); null when there is no such workflow or it cannot be asked. */
  state(orderNo: string): Promise<OrderState | null>;
}

const FAILURE_STATUS: Partial<Record<OrderUpdateFailure, number>> = {
  WORKFLOW_UNAVAILABLE: 503,
  WORKFLOW_TIMEOUT: 504,
  WORKFLOW_NOT_FOUND: 409,
  ORDER_NOT_FOUND: 404,
};

/** An Update that did not happen, as the API's error: its HTTP status and the order list's words for it. */
export function updateFailure(code: OrderUpdateFailure): AppError {
  return new AppError(FAILURE_STATUS[code] ?? 422, code, `order.action.${code}`);
}

export interface OrderWorkflowOptions {
  taskQueue: string;
  /** How long an Update may take before the action is reported unavailable (no worker, say). */
  updateTimeoutMs?: number;
}

const REFUSALS = new Set<string>(Object.values(ORDER_REFUSAL));

/** The refusal type an Update failed with, if it is one of the workflow's. */
function refusalOf(err: unknown): OrderRefusal | undefined {
  if (!(err instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = err.cause;
  return cause instanceof ApplicationFailure && cause.type && REFUSALS.has(cause.type)
    ? (cause.type as OrderRefusal)
    : undefined;
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof WorkflowNotFoundError ||
    // A query to an id that has no run is answered by the server with gRPC NOT_FOUND (5).
    (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 5)
  );
}

/** The real client side of `order:<Order_No>`. */
export function createOrderWorkflows(client: Client, options: OrderWorkflowOptions): OrderWorkflows {
  const timeoutMs = options.updateTimeoutMs ?? 15_000;

  const update = async <I>(
    orderNo: string,
    definition: UpdateDefinition<OrderChangeResult, [I]>,
    input: I,
  ): Promise<OrderUpdateOutcome> => {
    const handle = client.workflow.getHandle(orderWorkflowId(orderNo));
    const deadline = Date.now() + timeoutMs;
    try {
      const result = await client.connection.withDeadline(deadline, () =>
        handle.executeUpdate(definition, { args: [input] }),
      );
      return { ok: true, result };
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) return { ok: false, code: refusal };
      const detail = err instanceof Error ? err.message : String(err);
      if (isNotFound(err)) return { ok: false, code: 'WORKFLOW_NOT_FOUND', detail };
      if (isUpdateTimeout(err, Date.now() >= deadline))
        return { ok: false, code: 'WORKFLOW_TIMEOUT', detail };
      return { ok: false, code: 'WORKFLOW_UNAVAILABLE', detail };
    }
  };

  return {
    async start(input) {
      try {
        await client.workflow.start<typeof orderWorkflow>('orderWorkflow', {
          taskQueue: options.taskQueue,
          workflowId: orderWorkflowId(input.orderNo),
          args: [input],
          // The same order started twice (a retried request, the sweep at the same moment) is one run.
          workflowIdConflictPolicy: 'USE_EXISTING',
          typedSearchAttributes: [
            { key: OrderNo, value: input.orderNo },
            {
              key: Status,
              value:
                input.approvalLevels > 0
                  ? 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL'
                  : 'ASSIGNED TO TRANSPORTER',
            },
            { key: TransporterCode, value: input.transporterCode },
          ],
        });
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        throw err;
      }
    },
    decideApproval: (orderNo, input) => update(orderNo, decideApprovalUpdate, input),
    accept: (orderNo, input) => update(orderNo, transporterAcceptUpdate, input),
    reject: (orderNo, input) => update(orderNo, transporterRejectUpdate, input),
    editAssignTransporter: (orderNo, input) => update(orderNo, editAssignTransporterUpdate, input),
    cancel: (orderNo, input) => update(orderNo, cancelOrderUpdate, input),
    markComplete: (orderNo, input) => update(orderNo, markCompleteUpdate, input),
    unmarkComplete: (orderNo, input) => update(orderNo, unmarkCompleteUpdate, input),
    changeStuffingDate: (orderNo, input) => update(orderNo, changeStuffingDateUpdate, input),
    reassignDo: (orderNo, input) => update(orderNo, reassignDoUpdate, input),
    editOrder: (orderNo, input) => update(orderNo, editOrderUpdate, input),
    async state(orderNo) {
      try {
        return await client.connection.withDeadline(Date.now() + timeoutMs, () =>
          client.workflow.getHandle(orderWorkflowId(orderNo)).query(orderStateQuery),
        );
      } catch {
        // No such workflow, or Temporal or the worker away: the view shows the order from PostgreSQL without
        // its live part rather than failing.
        return null;
      }
    },
  };
}
