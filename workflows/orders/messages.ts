// The messages of the order workflow (order.workflow.ts, DESIGN §2 "Source of truth", §4 "Order states"): every
// user action on an order that needs an answer is a Workflow Update (approval decisions, the transporter's accept
// and reject, edit assign transporter, edit order, cancel, mark and unmark complete, reassign delivery order, change stuffing
// date), refused by its validator before anything is written when the order's
// state does not allow it; a shipment's progress, which needs no answer, is the shipmentProgress Signal; what the
// detail view shows of the running order is the `state` Query.
// Shared by the workflow bundle and the API: only @temporalio/workflow's definitions and types, nothing that runs.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ApproverRef } from '../approvals';

export type { ApproverRef };

/**
 * The order's statuses (DESIGN §4): db/resources/order.ts ORDER_STATUSES, which workflow code may not import
 * (activities.ts checks that the two stay alike). WAITING FOR ORDER APPROVAL is an edit that waits for approval;
 * ASSIGNED TO DRIVER and IN PROGRESS are set by the shipments (a later part of the order's life); the rules
 * (rules.ts) already name them.
 */
export type OrderStatus =
  | 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL'
  | 'ASSIGNED TO TRANSPORTER'
  | 'ACCEPTED'
  | 'REJECTED'
  | 'WAITING FOR ORDER APPROVAL'
  | 'ASSIGNED TO DRIVER'
  | 'IN PROGRESS'
  | 'COMPLETED'
  | 'CANCELLED';

/** The transporter's answer: db/resources/order.ts DISPATCH_STATUSES. */
export type DispatchStatus = 'WAITING' | 'ACCEPTED' | 'REJECTED' | 'AUTO REJECTED';

/** The workflow id of an order: its business key (DESIGN §2). */
export function orderWorkflowId(orderNo: string): string {
  return `order:${orderNo}`;
}

/** What `order:<Order_No>` is started with (the assign transporter save, or the sweep that restarts it). */
export interface OrderWorkflowInput {
  orderNo: string;
  /** orders.id of the order the assignment created. */
  orderId: number;
  /** How many approval levels the assignment needs (the Approval Matrix's check_approval); 0 = none. */
  approvalLevels: number;
  /**
   * Who decides each level (levels 1..approvalLevels), as the API resolved them at the assignment: the Approval
   * Matrix's approvers with the requester replaced (workflows/approvals/approvers.ts excludeRequester). The
   * approval validator refuses anyone else. Absent in runs started before approvers were passed.
   */
  approvers?: ApproverRef[];
  /** From the assignment (or the final approval) until the order auto-rejects: the AutoRejectSetting hours. */
  autoRejectMs: number;
  /** The transporter (or relation) the order is given to, who is asked to accept. */
  transporterCode: string;
  /** Who assigned the order (the history's first row); `system` when not given. */
  assignedBy?: string;
  /**
   * Set by the sweep (sweep.ts) when it starts the workflow again for an order that already has history: the
   * order as its last run left it, read from PostgreSQL (or, when a run continues as new, as its state holds it). The run takes this as its state instead of writing the
   * first change again, keeps the stored deadline and numbers its changes after the ones already written.
   */
  resume?: OrderResume;
  /**
   * Set when the run continues as new (Temporal suggests it once the history grows long): the latest report of
   * each shipment the order had, so an older `seq` is still dropped in the new run.
   */
  shipments?: ShipmentProgressInput[];
  /**
   * The order's rows, set by the assignment (api/orders/assign.ts), which starts the run with them and sends the
   * createOrder Update in the same call (update-with-start) only to hear how it went: the run writes them with its
   * first change, as a run without them writes that change alone, so an Update Temporal loses (a worker killed
   * before the task that took it completed) loses no order. Refused by the ledger (the quantity gone meanwhile),
   * nothing is written and the run ends without an order. Absent in runs started before the creation went through
   * the workflow, in runs the sweep starts and in a run continued as new.
   */
  creation?: OrderCreation;
}

/**
 * The new order's rows as the assignment checked, priced and numbered them (api/orders/assign.ts): written by the
 * workflow's activity with its first change, in one transaction, the quantities reserved through the ledger
 * (db/ledger.ts reserve), refused with nothing written when the SAP lines no longer have them.
 */
export interface OrderCreation {
  /** The orders row: every column the assignment sets, `id` and `order_no` (the run's) among them. */
  order: Record<string, unknown>;
  /** The order_details rows the ledger reserves (without order_id). */
  lines: (Record<string, unknown> & { sap_order_detail_id: number; qty: number })[];
  /** The order_transporters rows (without order_id). */
  transporters: Record<string, unknown>[];
  /** The SAP orders that now have an order (sap_orders.has_order). */
  sapOrderIds: number[];
}

/** The details of a QUANTITY_NOT_AVAILABLE refusal of the creation: the SAP line whose quantity is gone. */
export interface CreationRefusalDetails {
  sapLineId: string;
}

/**
 * A shipment's progress, signalled to each of its orders on every change an order cares about (created, gate in,
 * real quantity, completed, cancelled; DESIGN §4 "Shipments"). `seq` grows with each report of one shipment: a
 * report with a `seq` the order has already seen, or an older one, is dropped.
 */
export interface ShipmentProgressInput {
  shipmentNo: string;
  seq: number;
  /** The shipment's Status: NEW, WAITING FOR APPOINTMENT APPROVAL, IN PROGRESS, COMPLETED, CANCELLED. */
  status: string;
  /** Its Progress_Status (APPOINTMENT CREATED, REGISTRATION IN, IN WAREHOUSE, REGISTRATION OUT...). */
  progress?: string | null;
  /** What the shipment carries of the order's lines, and what was really weighed. */
  lines?: { orderDetailId: number; qty: number; realQty?: number | null }[];
}

/** Where a restarted run picks the order up (OrderWorkflowInput.resume). */
export interface OrderResume {
  status: OrderStatus;
  dispatchStatus: DispatchStatus | null;
  /** The stored Auto_Reject_Date (ISO) while the transporter is asked, else null. */
  autoRejectDate: string | null;
  /** The order's transporter now (an edit assign may have changed it since the assignment). */
  transporterCode: string;
  /** The highest change number the workflow id has written (its history rows' idempotency keys). */
  sequence: number;
  /**
   * While WAITING FOR ASSIGN TO TRANSPORTER APPROVAL: the level asked, how many there are, and who decides
   * (absent: the run was started without approvers, and anyone the API lets through decides).
   */
  approval?: { level: number; levels: number; approvers?: ApproverRef[] };
  /** The current assignment's AutoRejectSetting, for the deadline that starts once the approval ends. */
  autoRejectMs: number;
  /** While COMPLETED by mark complete: the status it left, which unmark complete goes back to. */
  beforeComplete?: OrderStatus;
  /** While WAITING FOR ORDER APPROVAL: the edit that waits (order_edits), and where a rejection takes the order. */
  edit?: PendingEdit;
}

/** An edit of the order that waits for its approval (WAITING FOR ORDER APPROVAL). */
export interface PendingEdit {
  /** order_edits.id. */
  id: number;
  /** The status the order had when the edit was asked: a rejected edit takes it back there. */
  before: OrderStatus;
  beforeDispatch: DispatchStatus | null;
  /** The edit gives the order to another transporter, who is asked again once it is approved. */
  transporterChanged: boolean;
  /** The order's (lead) transporter once the edit applies. */
  transporterCode: string;
  /** That transporter's AutoRejectSetting: the deadline when the approved edit asks the transporter again. */
  autoRejectMs: number;
}

export interface ApprovalDecisionInput {
  /** The level decided; only the level being asked now may decide (level n+1 after level n approves). */
  level: number;
  approve: boolean;
  /**
   * The signed-in approver (the API passes the token's user, never a name from the request). Refused
   * (NOT_AN_APPROVER) unless the assignment's approvers name them on the level asked, in any letter case.
   */
  by: string;
  /** Required for a rejection. */
  remark?: string | null;
}

export interface TransporterAcceptInput {
  /** The signed-in user (the transporter's own account, or staff acting for it). */
  by: string;
  /** Whose answer this is: refused unless it is the transporter the order waits for. */
  transporterCode: string;
}

export interface TransporterRejectInput extends TransporterAcceptInput {
  /** Required (spec/1 "Accept order and Reject order" dialog). */
  remark: string;
}

export interface EditAssignTransporterInput {
  by: string;
  /** The new transporter (may be the same one). */
  transporterCode: string;
  /** The approval levels the new assignment needs, checked again by the API (0 = none). */
  approvalLevels: number;
  /** The new transporter's AutoRejectSetting, as at the assignment. */
  autoRejectMs: number;
  /** Who decides each level of the new assignment's approval (as OrderWorkflowInput.approvers). */
  approvers?: ApproverRef[];
  /**
   * The order's rows as the new assignment leaves them, checked and priced by the API: written by the workflow's
   * activity with the change (DESIGN §2 "One way to change state"), so a refused Update leaves the rows as they
   * were. Absent in Updates sent before the rows travelled with them (the API wrote them itself then).
   */
  rows?: EditAssignRows;
}

/** The order's header values and transporters an edit assign writes (EditAssignTransporterInput.rows). */
export interface EditAssignRows {
  /** orders columns (changes.ts EDIT_ASSIGN_COLUMNS; anything else is ignored). */
  header: Record<string, unknown>;
  /** order_transporters rows (without order_id) that replace the order's. */
  transporters: Record<string, unknown>[];
}

export interface EditOrderInput {
  by: string;
  /**
   * The edit the API checked, priced and wrote as an order_edits row (REQUESTED): lines, header and transporters.
   * The workflow writes it to the order (now, or once approved); the activity refuses an id that is not this
   * order's REQUESTED edit.
   */
  editId: number;
  /** The approval levels the edited freight needs (the Approval Matrix's check_approval); 0 = none. */
  approvalLevels: number;
  /** Who decides each level (as OrderWorkflowInput.approvers). */
  approvers?: ApproverRef[];
  /** The (new) transporter's AutoRejectSetting: the deadline when the transporter is asked again. */
  autoRejectMs: number;
  /** The order's lead transporter once edited. */
  transporterCode: string;
  /** True when the edit gives the order to another transporter (asked again, with a new deadline). */
  transporterChanged: boolean;
  /** What the edit changes, in a line for the history (quantities, cost, transporter). */
  summary: string | null;
}

export interface CancelOrderInput {
  by: string;
  /** Required (spec/1 "Cancel order": 'Reason is required.'); the history row's remark. */
  reason: string;
}

export interface MarkCompleteInput {
  by: string;
}

export type UnmarkCompleteInput = MarkCompleteInput;

export interface ChangeStuffingDateInput {
  by: string;
  /** The new stuffing range, ISO dates (YYYY-MM-DD), from <= to; the API checks it lies in the valid range. */
  from: string;
  to: string;
}

export interface ReassignDoInput {
  by: string;
  /**
   * Per order line (order_details.id), the quantity released back to the SAP order: more than 0 and at most the
   * line's outstanding quantity (checked by the activity under the row locks).
   */
  lines: { orderDetailId: number; qty: number }[];
}

/** Who or what the order waits for now. */
export type OrderAwaiting =
  /** Approvers: who may decide the level (empty for a run started without approvers: anyone the API lets). */
  | { kind: 'approval'; level: number; levels: number; approvers: string[] }
  /** deadline: Auto_Reject_Date (ISO). */
  | { kind: 'transporter'; code: string; deadline: string }
  | null;

export interface OrderState {
  /** Null until the workflow's first change is written (the orders row may still be being committed). */
  status: OrderStatus | null;
  dispatchStatus: DispatchStatus | null;
  awaiting: OrderAwaiting;
}

/** What an accepted Update answers: the order after the change, as written to PostgreSQL. */
export interface OrderChangeResult {
  status: OrderStatus;
  dispatchStatus: DispatchStatus | null;
  /** Auto_Reject_Date (ISO) while the transporter is asked, else null. */
  autoRejectDate: string | null;
  /** The change's number within the workflow (its history row's idempotency key ends with it). */
  sequence: number;
  /** Unmark complete: the lines whose returned quantity could not all be reserved again (taken meanwhile). */
  unreserved?: UnreservedLine[];
}

/** An order line unmark complete could not wholly reserve again. */
export interface UnreservedLine {
  itemNo: string;
  /** What is still returned to the SAP order (not reserved). */
  qty: number;
}

export const decideApprovalUpdate = defineUpdate<OrderChangeResult, [ApprovalDecisionInput]>(
  'decideApproval',
);
export const transporterAcceptUpdate = defineUpdate<OrderChangeResult, [TransporterAcceptInput]>(
  'transporterAccept',
);
export const transporterRejectUpdate = defineUpdate<OrderChangeResult, [TransporterRejectInput]>(
  'transporterReject',
);
export const editAssignTransporterUpdate = defineUpdate<OrderChangeResult, [EditAssignTransporterInput]>(
  'editAssignTransporter',
);
export const editOrderUpdate = defineUpdate<OrderChangeResult, [EditOrderInput]>('editOrder');
export const cancelOrderUpdate = defineUpdate<OrderChangeResult, [CancelOrderInput]>('cancelOrder');
export const markCompleteUpdate = defineUpdate<OrderChangeResult, [MarkCompleteInput]>('markComplete');
export const unmarkCompleteUpdate = defineUpdate<OrderChangeResult, [UnmarkCompleteInput]>('unmarkComplete');
export const changeStuffingDateUpdate = defineUpdate<OrderChangeResult, [ChangeStuffingDateInput]>(
  'changeStuffingDate',
);
/**
 * How the order's creation went (OrderWorkflowInput.creation): sent with the start (update-with-start), answered
 * once the rows and the first change are written, or refused as the creation was (QUANTITY_NOT_AVAILABLE); sent
 * again, it answers the order as it is.
 */
export const createOrderUpdate = defineUpdate<OrderChangeResult, []>('createOrder');
/** What the catchUp Update answers: the order as its run now holds it, and whether it took the rows' state. */
export interface OrderCatchUpResult extends OrderChangeResult {
  caughtUp: boolean;
}
/**
 * The rows ahead of the run: a change written by its activity whose Update Temporal then lost (the workflow's
 * context evicted, its Update Registry with it, before the task that ran it completed). The run reads its rows and,
 * where they hold later changes than it recorded, takes their state, as a write that finds them ahead does. The API
 * sends it when an action is refused on a state the rows may have left behind, then sends the action again
 * (api/temporal/entity-workflows.ts catchUp).
 */
export const catchUpUpdate = defineUpdate<OrderCatchUpResult, []>('catchUp');
export const reassignDoUpdate = defineUpdate<OrderChangeResult, [ReassignDoInput]>('reassignDo');
export const shipmentProgressSignal = defineSignal<[ShipmentProgressInput]>('shipmentProgress');
export const orderStateQuery = defineQuery<OrderState>('state');

/**
 * Why an action is refused: the ApplicationFailure type an Update validator (or, for an Update that waited behind
 * another change, its handler) fails with. The API answers them as message codes.
 */
export const ORDER_REFUSAL = {
  /** The order is not in a state where this action applies (e.g. accept while approval is pending). */
  NOT_ALLOWED: 'NOT_ALLOWED',
  /** The decision or answer was already given (level approved, order accepted, rejected or auto-rejected). */
  ALREADY_DECIDED: 'ALREADY_DECIDED',
  /** An approval decision for a level that is not being asked now. */
  WRONG_LEVEL: 'WRONG_LEVEL',
  /** The approval decision comes from someone who is not an approver of the level asked. */
  NOT_AN_APPROVER: 'NOT_AN_APPROVER',
  /** The answer comes from another transporter than the one the order waits for. */
  NOT_THIS_TRANSPORTER: 'NOT_THIS_TRANSPORTER',
  /** The transporter answers after Auto_Reject_Date. */
  DEADLINE_PASSED: 'DEADLINE_PASSED',
  /** A rejection, or a cancel, without a remark (reason). */
  REMARK_REQUIRED: 'REMARK_REQUIRED',
  /** Reassign delivery order: a line's quantity is more than its outstanding quantity, or not the order's line. */
  QUANTITY_TOO_HIGH: 'QUANTITY_TOO_HIGH',
  /** A message whose fields are missing or out of range (no user, no transporter, negative levels...). */
  INVALID_INPUT: 'INVALID_INPUT',
  /** Edit assign transporter: the SAP lines no longer have the quantity the order would reserve again. */
  QUANTITY_NOT_AVAILABLE: 'QUANTITY_NOT_AVAILABLE',
  /** The orders row is gone (its creation was rolled back, or it was deleted). */
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
} as const;
export type OrderRefusal = (typeof ORDER_REFUSAL)[keyof typeof ORDER_REFUSAL];

/** Longest remark kept (order_histories.remark, orders.dispatch_status_remarks). */
export const ORDER_REMARK_MAX_LENGTH = 1000;

/** db/resources/approvals.ts's code of an order's approval (not imported: it is the workflow's own word here). */
export const ORDER_APPROVAL_TRANSACTION_TYPE = 'ORDER';
