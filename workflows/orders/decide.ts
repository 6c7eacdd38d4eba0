// The order's rules as a pure state machine (DESIGN §2 "Source of truth", §4 "Order states"): decide(state,
// message, now) answers the state after the message and the change to write, or a refusal. Plain TypeScript with
// no Temporal import: order.workflow.ts runs it in its serialised apply (and its Update validators ask refusalOf,
// the same rules), test/unit/order-decide.test.ts runs it without Temporal.
//
//   (a run started with the order's rows writes them with its `assign`: order.workflow.ts)
//   assign ─ approvalLevels > 0 ─▶ WAITING FOR ASSIGN TO TRANSPORTER APPROVAL, level 1 asked
//     decideApproval (an approver of the level asked) approve: level < n → level + 1 asked
//                                                         level = n → ASSIGNED TO TRANSPORTER (below)
//                                      reject (remark required) → REJECTED (quantities released)
//   assign ─ no approval ─▶ ASSIGNED TO TRANSPORTER, Dispatch_Status WAITING, Auto_Reject_Date = now + autoRejectMs
//     transporterAccept (that transporter, before the deadline) → ACCEPTED
//     transporterReject (that transporter, remark required, before the deadline) → REJECTED
//     deadline → REJECTED (Dispatch_Status AUTO REJECTED)
//   REJECTED ─ editAssignTransporter → the flow above again
//   ASSIGNED TO TRANSPORTER / ACCEPTED / ASSIGNED TO DRIVER ─ editOrder: written at once, or WAITING FOR ORDER
//     APPROVAL until its round ends (approved: written; rejected: dropped; the order back where it was)
//   cancel, mark / unmark complete, change stuffing date, reassign delivery order: while rules.ts allows them
//   shipmentProgress: the latest report per shipment is kept; ACCEPTED / ASSIGNED TO DRIVER / IN PROGRESS follow
//     deriveOrderStatus of them all (COMPLETED when every shipment is)
import type { OrderChange, OrderApprovalChange } from './changes';
import {
  ORDER_REFUSAL,
  ORDER_REMARK_MAX_LENGTH,
  type ApprovalDecisionInput,
  type ApproverRef,
  type CancelOrderInput,
  type ChangeStuffingDateInput,
  type DispatchStatus,
  type EditAssignRows,
  type EditAssignTransporterInput,
  type EditOrderInput,
  type MarkCompleteInput,
  type OrderRefusal,
  type OrderResume,
  type OrderStatus,
  type OrderWorkflowInput,
  type PendingEdit,
  type ReassignDoInput,
  type ShipmentProgressInput,
  type TransporterAcceptInput,
  type TransporterRejectInput,
  type UnmarkCompleteInput,
} from './messages';
import {
  CANCELLABLE_STATUSES,
  COMPLETABLE_STATUSES,
  EDITABLE_STATUSES,
  isIn,
  REASSIGNABLE_STATUSES,
  SHIPPING_STATUSES,
} from './rules';
import { deriveOrderStatus, type ShipmentReport } from './shipments';

export const WAITING_APPROVAL: OrderStatus = 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL';
export const WAITING_EDIT_APPROVAL: OrderStatus = 'WAITING FOR ORDER APPROVAL';
export const ASSIGNED: OrderStatus = 'ASSIGNED TO TRANSPORTER';

/** Everything the workflow knows of its order. */
export interface OrderMachineState {
  /** Null until the workflow's first change is written. */
  status: OrderStatus | null;
  dispatchStatus: DispatchStatus | null;
  /** Auto_Reject_Date (ms) while the transporter is asked, else null. */
  deadline: number | null;
  transporterCode: string;
  /** The current round's approval levels, AutoRejectSetting and approvers (undefined: anyone may decide). */
  approvalLevels: number;
  autoRejectMs: number;
  approvers: ApproverRef[] | undefined;
  /** The approval level asked now (while an approval waits). */
  level: number;
  /** Changes written so far; the next one is sequence + 1. */
  sequence: number;
  /** While COMPLETED by mark complete: the status it left (unmark complete goes back to it). */
  beforeComplete: OrderStatus | undefined;
  /** While WAITING FOR ORDER APPROVAL: the edit the approvers decide. */
  pendingEdit: PendingEdit | undefined;
  /** The latest report of each shipment, by Shipment_No. */
  shipments: Record<string, ShipmentReport>;
}

/** A message the order acts on: an Update, the deadline, a shipment's progress, or the first assignment. */
export type OrderMessage =
  | { type: 'assign'; by: string; approvalLevels: number; autoRejectMs: number; approvers?: ApproverRef[] }
  | { type: 'decideApproval'; input: ApprovalDecisionInput }
  | { type: 'transporterAccept'; input: TransporterAcceptInput }
  | { type: 'transporterReject'; input: TransporterRejectInput }
  | { type: 'editAssignTransporter'; input: EditAssignTransporterInput }
  | { type: 'editOrder'; input: EditOrderInput }
  | { type: 'cancelOrder'; input: CancelOrderInput }
  | { type: 'markComplete'; input: MarkCompleteInput }
  | { type: 'unmarkComplete'; input: UnmarkCompleteInput }
  | { type: 'changeStuffingDate'; input: ChangeStuffingDateInput }
  | { type: 'reassignDo'; input: ReassignDoInput }
  /** Auto_Reject_Date has come. */
  | { type: 'deadline' }
  | { type: 'shipmentProgress'; input: ShipmentProgressInput };

export interface Refusal {
  type: OrderRefusal;
  message: string;
}

/**
 * The answer to a message: the state after it and the change to write (null: nothing to write, as for a shipment
 * report that moves no status), or a refusal (nothing changes).
 */
export type Decision = { state: OrderMachineState; change: OrderChange | null } | { refusal: Refusal };

/** The run's first message: the assignment it was started with (by whom: `by`, else the input's, else system). */
export function assignMessage(
  input: Pick<OrderWorkflowInput, 'approvalLevels' | 'autoRejectMs' | 'approvers' | 'assignedBy'>,
  by?: string,
): OrderMessage {
  return {
    type: 'assign',
    by: by?.trim() || input.assignedBy?.trim() || 'system',
    approvalLevels: input.approvalLevels,
    autoRejectMs: input.autoRejectMs,
    approvers: input.approvers,
  };
}

/** The state a workflow starts with, before its first change. */
export function initialState(input: {
  transporterCode: string;
  approvalLevels: number;
  autoRejectMs: number;
  approvers?: ApproverRef[];
}): OrderMachineState {
  return {
    status: null,
    dispatchStatus: null,
    deadline: null,
    transporterCode: input.transporterCode.trim(),
    approvalLevels: input.approvalLevels,
    autoRejectMs: input.autoRejectMs,
    approvers: input.approvers,
    level: 1,
    sequence: 0,
    beforeComplete: undefined,
    pendingEdit: undefined,
    shipments: {},
  };
}

/** The state the order's rows hold (a run the sweep resumed, or rows found ahead of the workflow). */
export function stateFromRows(state: OrderMachineState, rows: OrderResume): OrderMachineState {
  const next: OrderMachineState = {
    ...state,
    status: rows.status,
    dispatchStatus: rows.dispatchStatus,
    transporterCode: rows.transporterCode.trim() || state.transporterCode,
    sequence: rows.sequence,
    autoRejectMs: rows.autoRejectMs,
    deadline:
      rows.status === ASSIGNED && rows.dispatchStatus === 'WAITING' && rows.autoRejectDate
        ? Date.parse(rows.autoRejectDate)
        : null,
    beforeComplete: rows.beforeComplete,
    pendingEdit: rows.status === WAITING_EDIT_APPROVAL ? rows.edit : undefined,
  };
  if (rows.approval) {
    next.level = rows.approval.level;
    next.approvalLevels = rows.approval.levels;
    next.approvers = rows.approval.approvers;
  }
  return next;
}

export const awaitingTransporter = (state: OrderMachineState): boolean =>
  state.status === ASSIGNED && state.dispatchStatus === 'WAITING';

const refusal = (type: OrderRefusal, message: string): Refusal => ({ type, message });
const clean = (text: string | null | undefined) => text?.trim().slice(0, ORDER_REMARK_MAX_LENGTH) || null;
/** yyyy-mm-dd as the screens show a day: dd/mm/yyyy. */
const shownDay = (iso: string) => iso.split('-').reverse().join('/');
const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isList = (value: unknown): value is readonly (Partial<ApproverRef> | null)[] => Array.isArray(value);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An assignment's numbers as data from outside (the input is JSON whatever its type says). */
export function assignmentRefusal(
  levels: number,
  autoRejectMs: number,
  transporterCode: string,
  approvers: readonly ApproverRef[] | undefined,
): Refusal | null {
  if (!Number.isInteger(levels) || levels < 0 || levels > 20) {
    return refusal(
      ORDER_REFUSAL.INVALID_INPUT,
      `approvalLevels must be an integer from 0 to 20, not ${levels}.`,
    );
  }
  if (approvers !== undefined) {
    const named = (a: Partial<ApproverRef> | null) =>
      typeof a?.username === 'string' && a.username.trim() !== '' && Number.isInteger(a.level);
    if (!isList(approvers) || !approvers.every(named)) {
      return refusal(ORDER_REFUSAL.INVALID_INPUT, 'Every approver needs a username and a level.');
    }
    // A level nobody may decide would wait forever.
    for (let level = 1; level <= levels; level++) {
      if (!approvers.some((a) => a.level === level)) {
        return refusal(ORDER_REFUSAL.INVALID_INPUT, `Approval level ${level} has no approver.`);
      }
    }
  }
  if (!Number.isFinite(autoRejectMs) || autoRejectMs <= 0) {
    return refusal(ORDER_REFUSAL.INVALID_INPUT, `autoRejectMs must be positive, not ${autoRejectMs}.`);
  }
  if (!transporterCode?.trim()) return refusal(ORDER_REFUSAL.INVALID_INPUT, 'A transporter is required.');
  return null;
}

/** The approver of the level asked that `by` names (any letter case), or undefined. */
const approverOnLevel = (state: OrderMachineState, by: string): ApproverRef | undefined =>
  state.approvers?.find((a) => a.level === state.level && sameCode(a.username, by));

// ---- refusals: what the state does not allow (validators, and the apply again once it is the message's turn).
// While the first change is not written yet (status null) only the message itself is judged. ----

function approvalRefusal(state: OrderMachineState, decision: ApprovalDecisionInput): Refusal | null {
  if (!decision.by?.trim()) return refusal(ORDER_REFUSAL.INVALID_INPUT, 'The approver is required.');
  if (!Number.isInteger(decision.level) || decision.level < 1) {
    return refusal(ORDER_REFUSAL.INVALID_INPUT, `Level ${decision.level} is not an approval level.`);
  }
  if (!decision.approve && !decision.remark?.trim()) {
    return refusal(ORDER_REFUSAL.REMARK_REQUIRED, 'A rejection needs a remark.');
  }
  const { status, level } = state;
  if (status === null) return null;
  if (status !== WAITING_APPROVAL && status !== WAITING_EDIT_APPROVAL) {
    return refusal(ORDER_REFUSAL.ALREADY_DECIDED, `The order is ${status}; its approval is not pending.`);
  }
  if (decision.level < level) {
    return refusal(ORDER_REFUSAL.ALREADY_DECIDED, `Level ${decision.level} has already approved.`);
  }
  if (decision.level !== level) {
    return refusal(ORDER_REFUSAL.WRONG_LEVEL, `Level ${level} is asked now, not level ${decision.level}.`);
  }
  if (state.approvers !== undefined && !approverOnLevel(state, decision.by)) {
    return refusal(
      ORDER_REFUSAL.NOT_AN_APPROVER,
      `${decision.by.trim()} is not an approver of level ${level}.`,
    );
  }
  return null;
}

function transporterRefusal(
  state: OrderMachineState,
  answer: TransporterAcceptInput,
  now: number,
  rejecting: { remark: string | null | undefined } | null,
): Refusal | null {
  if (!answer.by?.trim()) return refusal(ORDER_REFUSAL.INVALID_INPUT, 'The user is required.');
  if (!answer.transporterCode?.trim())
    return refusal(ORDER_REFUSAL.INVALID_INPUT, 'The transporter is required.');
  if (rejecting && !rejecting.remark?.trim()) {
    return refusal(ORDER_REFUSAL.REMARK_REQUIRED, 'A rejection needs a remark.');
  }
  const { status, dispatchStatus, transporterCode, deadline } = state;
  if (status === null) return null;
  if (status !== ASSIGNED) {
    return status === WAITING_APPROVAL || status === WAITING_EDIT_APPROVAL
      ? refusal(ORDER_REFUSAL.NOT_ALLOWED, 'The order is waiting for approval.')
      : refusal(ORDER_REFUSAL.ALREADY_DECIDED, `The order is ${status}.`);
  }
  if (dispatchStatus !== 'WAITING') {
    return refusal(ORDER_REFUSAL.ALREADY_DECIDED, `The transporter's answer is ${dispatchStatus}.`);
  }
  if (!sameCode(answer.transporterCode, transporterCode)) {
    return refusal(
      ORDER_REFUSAL.NOT_THIS_TRANSPORTER,
      `The order waits for ${transporterCode}, not ${answer.transporterCode}.`,
    );
  }
  if (deadline !== null && now >= deadline) {
    return refusal(ORDER_REFUSAL.DEADLINE_PASSED, 'The deadline to answer has passed.');
  }
  return null;
}

function editAssignRefusal(state: OrderMachineState, edit: EditAssignTransporterInput): Refusal | null {
  if (!edit.by?.trim()) return refusal(ORDER_REFUSAL.INVALID_INPUT, 'The user is required.');
  const invalid = assignmentRefusal(
    edit.approvalLevels,
    edit.autoRejectMs,
    edit.transporterCode,
    edit.approvers,
  );
  if (invalid) return invalid;
  if (state.status === null) return null;
  if (state.status !== 'REJECTED') {
    return refusal(
      ORDER_REFUSAL.NOT_ALLOWED,
      `Only a rejected order is assigned again; this one is ${state.status}.`,
    );
  }
  return null;
}

/** The order's later-life actions: allowed by the status (rules.ts, the same lists as the row flags). */
function statusRefusal(
  state: OrderMachineState,
  by: string | undefined,
  allowed: readonly OrderStatus[],
  action: string,
): Refusal | null {
  if (!by?.trim()) return refusal(ORDER_REFUSAL.INVALID_INPUT, 'The user is required.');
  if (state.status === null) return null;
  if (!isIn(allowed, state.status)) {
    return refusal(ORDER_REFUSAL.NOT_ALLOWED, `An order ${state.status} cannot be ${action}.`);
  }
  return null;
}

function editOrderRefusal(state: OrderMachineState, edit: EditOrderInput): Refusal | null {
  const refused = statusRefusal(state, edit.by, EDITABLE_STATUSES, 'edited');
  if (refused) return refused;
  if (!Number.isInteger(edit.editId) || edit.editId < 1) {
    return refusal(ORDER_REFUSAL.INVALID_INPUT, 'editId must be a positive integer.');
  }
  const invalid = assignmentRefusal(
    edit.approvalLevels,
    edit.autoRejectMs,
    edit.transporterCode,
    edit.approvers,
  );
  if (invalid) return invalid;
  const { status } = state;
  if (edit.transporterChanged && status !== null && status !== ASSIGNED && status !== 'ACCEPTED') {
    return refusal(
      ORDER_REFUSAL.NOT_ALLOWED,
      `An order ${status} keeps its transporter: its trucks are already assigned.`,
    );
  }
  return null;
}

function cancelRefusal(state: OrderMachineState, cancel: CancelOrderInput): Refusal | null {
  if (!cancel.reason?.trim()) return refusal(ORDER_REFUSAL.REMARK_REQUIRED, 'A cancel needs a reason.');
  return statusRefusal(state, cancel.by, CANCELLABLE_STATUSES, 'cancelled');
}

function unmarkRefusal(state: OrderMachineState, unmark: UnmarkCompleteInput): Refusal | null {
  const refused = statusRefusal(state, unmark.by, ['COMPLETED'], 'unmarked');
  if (refused || state.status === null) return refused;
  // Only an order that mark complete finished returns to where it was.
  return state.beforeComplete === undefined
    ? refusal(ORDER_REFUSAL.NOT_ALLOWED, 'The order was not marked complete.')
    : null;
}

function stuffingRefusal(state: OrderMachineState, change: ChangeStuffingDateInput): Refusal | null {
  if (!ISO_DAY.test(change.from ?? '') || !ISO_DAY.test(change.to ?? '') || change.from > change.to) {
    return refusal(
      ORDER_REFUSAL.INVALID_INPUT,
      'The stuffing range needs two dates, the first not after the second.',
    );
  }
  return statusRefusal(state, change.by, EDITABLE_STATUSES, 'given another stuffing date');
}

function reassignRefusal(state: OrderMachineState, change: ReassignDoInput): Refusal | null {
  const lines = Array.isArray(change.lines) ? change.lines : [];
  const valid = (l: { orderDetailId: number; qty: number } | null) =>
    Number.isInteger(l?.orderDetailId) && Number.isFinite(l?.qty) && l!.qty > 0;
  if (!lines.length || !lines.every(valid)) {
    return refusal(ORDER_REFUSAL.INVALID_INPUT, 'Reassign needs at least one line with a quantity above 0.');
  }
  return statusRefusal(state, change.by, REASSIGNABLE_STATUSES, 'reassigned');
}

function shipmentRefusal(state: OrderMachineState, report: ShipmentProgressInput): Refusal | null {
  if (typeof report?.shipmentNo !== 'string' || !report.shipmentNo.trim()) {
    return refusal(ORDER_REFUSAL.INVALID_INPUT, 'A shipment report needs its Shipment_No.');
  }
  if (!Number.isInteger(report.seq) || report.seq < 0 || typeof report.status !== 'string') {
    return refusal(ORDER_REFUSAL.INVALID_INPUT, 'A shipment report needs a seq and a status.');
  }
  const known = state.shipments[report.shipmentNo.trim()];
  if (known && report.seq <= known.seq) {
    return refusal(
      ORDER_REFUSAL.ALREADY_DECIDED,
      `Shipment ${report.shipmentNo} has reported seq ${known.seq}.`,
    );
  }
  return null;
}

/** What the state does not allow of a message (null: allowed). The Update validators' rule. */
export function refusalOf(state: OrderMachineState, message: OrderMessage, now: number): Refusal | null {
  switch (message.type) {
    case 'assign':
      return assignmentRefusal(
        message.approvalLevels,
        message.autoRejectMs,
        state.transporterCode,
        message.approvers,
      );
    case 'decideApproval':
      return approvalRefusal(state, message.input);
    case 'transporterAccept':
      return transporterRefusal(state, message.input, now, null);
    case 'transporterReject':
      return transporterRefusal(state, message.input, now, { remark: message.input.remark });
    case 'editAssignTransporter':
      return editAssignRefusal(state, message.input);
    case 'editOrder':
      return editOrderRefusal(state, message.input);
    case 'cancelOrder':
      return cancelRefusal(state, message.input);
    case 'markComplete':
      return statusRefusal(state, message.input.by, COMPLETABLE_STATUSES, 'marked complete');
    case 'unmarkComplete':
      return unmarkRefusal(state, message.input);
    case 'changeStuffingDate':
      return stuffingRefusal(state, message.input);
    case 'reassignDo':
      return reassignRefusal(state, message.input);
    case 'deadline':
      return awaitingTransporter(state)
        ? null
        : refusal(ORDER_REFUSAL.ALREADY_DECIDED, `The order is ${state.status}; nobody is asked.`);
    case 'shipmentProgress':
      return shipmentRefusal(state, message.input);
  }
}

// ---- transitions: the change each allowed message makes ----

/**
 * A change as the rules make it, before its time: `deadlineMs` starts a new transporter deadline that long from
 * now, `keepDeadline` keeps the one running (a change beside the transporter's answer).
 */
type Step = DistributiveOmit<OrderChange, 'autoRejectDate' | 'at'> & {
  deadlineMs?: number;
  keepDeadline?: boolean;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Transition {
  /** Null: the message changes the workflow's state only (nothing to write). */
  step: Step | null;
  /** The rest of the state the change sets, besides status, dispatch status, transporter and sequence. */
  state?: Partial<OrderMachineState>;
}

/** The change that starts (or restarts) the flow: approval from level 1, or the transporter asked. */
function entry(
  kind: 'assign' | 'edit-assign',
  by: string,
  assignment: {
    approvalLevels: number;
    autoRejectMs: number;
    approvers: ApproverRef[] | undefined;
    transporterCode?: string;
    rows?: EditAssignRows;
  },
): Transition {
  const { approvalLevels, autoRejectMs, approvers, transporterCode, rows } = assignment;
  const reassigned =
    transporterCode !== undefined
      ? {
          transporterCode,
          assignment: { transporterCode, approvalLevels, approvers, autoRejectMs },
          ...(rows ? { rows } : {}),
        }
      : {};
  const common = {
    by,
    remark: transporterCode !== undefined ? `Assigned to ${transporterCode}` : null,
    dispatchRemark: null,
  };
  const state = { level: 1, approvalLevels, autoRejectMs, approvers };
  if (approvalLevels > 0) {
    const approval = { kind: 'open' as const, levels: approvalLevels, approvers: approvers ?? [] };
    const to = WAITING_APPROVAL;
    const step: Step =
      kind === 'assign'
        ? { kind, ...common, to, dispatchStatus: null, approval }
        : { kind, ...common, ...reassigned, to, dispatchStatus: null, approval };
    return { step, state };
  }
  const asked = { to: ASSIGNED, dispatchStatus: 'WAITING' as const, deadlineMs: autoRejectMs };
  const step: Step =
    kind === 'assign' ? { kind, ...common, ...asked } : { kind, ...common, ...reassigned, ...asked };
  return { step, state };
}

/** A change beside the order's status: the status, the transporter's answer and its deadline stay. */
const beside = (state: OrderMachineState, by: string, remark: string | null) => ({
  to: state.status!,
  dispatchStatus: state.dispatchStatus,
  dispatchRemark: undefined,
  keepDeadline: true,
  remark,
  by,
});

/**
 * Where an order goes back once its edit's round ends: where it was, or asked again (a new deadline) when the
 * transporter changed or had not answered yet.
 */
function backFromEdit(state: OrderMachineState, edit: PendingEdit, applied: boolean) {
  const asked =
    (applied && edit.transporterChanged) || (edit.before === ASSIGNED && edit.beforeDispatch === 'WAITING');
  if (asked) {
    return {
      to: ASSIGNED,
      dispatchStatus: 'WAITING' as DispatchStatus,
      dispatchRemark: null,
      deadlineMs: applied ? edit.autoRejectMs : state.autoRejectMs,
    };
  }
  return { to: edit.before, dispatchStatus: edit.beforeDispatch, dispatchRemark: undefined };
}

function approvalDecision(state: OrderMachineState, decision: ApprovalDecisionInput): Transition {
  const remark = clean(decision.remark);
  // The name as the approvers list spells it, so the log and the history read alike whatever was typed.
  const by = approverOnLevel(state, decision.by)?.username ?? decision.by.trim();
  const logged = (
    action: 'APPROVED' | 'REJECTED',
    final: boolean,
  ): Extract<OrderApprovalChange, { kind: 'decide' }> => ({
    kind: 'decide',
    level: decision.level,
    username: by,
    action,
    remark,
    final,
  });
  const rejected = `Level ${decision.level} rejected: ${remark}`;
  const approved = `Level ${decision.level} approved${remark ? `: ${remark}` : ''}`;
  const edit = state.status === WAITING_EDIT_APPROVAL ? state.pendingEdit : undefined;
  if (edit) {
    if (!decision.approve) {
      return {
        step: {
          kind: 'edit-reject',
          ...backFromEdit(state, edit, false),
          remark: rejected,
          by,
          approval: logged('REJECTED', true),
          edit: { id: edit.id, action: 'reject' },
        },
        state: { pendingEdit: undefined },
      };
    }
    if (decision.level < state.approvalLevels) {
      return {
        step: {
          kind: 'approve',
          to: WAITING_EDIT_APPROVAL,
          dispatchStatus: state.dispatchStatus,
          dispatchRemark: undefined,
          remark: approved,
          by,
          approval: logged('APPROVED', false),
        },
        state: { level: decision.level + 1 },
      };
    }
    const reassigned = edit.transporterChanged
      ? {
          transporterCode: edit.transporterCode,
          assignment: {
            transporterCode: edit.transporterCode,
            approvalLevels: state.approvalLevels,
            approvers: state.approvers,
            autoRejectMs: edit.autoRejectMs,
          },
        }
      : {};
    return {
      step: {
        kind: 'edit-approve',
        ...backFromEdit(state, edit, true),
        ...reassigned,
        remark: approved,
        by,
        approval: logged('APPROVED', true),
        edit: { id: edit.id, action: 'apply' },
      },
      state: {
        pendingEdit: undefined,
        ...(edit.transporterChanged ? { autoRejectMs: edit.autoRejectMs } : {}),
      },
    };
  }
  if (!decision.approve) {
    return {
      step: {
        kind: 'approval-reject',
        to: 'REJECTED',
        dispatchStatus: null,
        dispatchRemark: null,
        remark: rejected,
        by,
        approval: logged('REJECTED', true),
      },
    };
  }
  if (decision.level < state.approvalLevels) {
    // Changes nothing but the level asked: recorded as a history row of the same status.
    return {
      step: {
        kind: 'approve',
        to: WAITING_APPROVAL,
        dispatchStatus: null,
        dispatchRemark: null,
        remark: approved,
        by,
        approval: logged('APPROVED', false),
      },
      state: { level: decision.level + 1 },
    };
  }
  return {
    step: {
      kind: 'approve',
      to: ASSIGNED,
      dispatchStatus: 'WAITING',
      dispatchRemark: null,
      deadlineMs: state.autoRejectMs,
      remark: approved,
      by,
      approval: logged('APPROVED', true),
    },
  };
}

function editOrder(state: OrderMachineState, edit: EditOrderInput): Transition {
  const by = edit.by.trim();
  const remark = clean(edit.summary);
  const transporterCode = edit.transporterCode.trim();
  if (edit.approvalLevels > 0) {
    const pendingEdit: PendingEdit = {
      id: edit.editId,
      before: state.status!,
      beforeDispatch: state.dispatchStatus,
      transporterChanged: edit.transporterChanged,
      transporterCode,
      autoRejectMs: edit.autoRejectMs,
    };
    // The order stays as it is (and its transporter's deadline stops) until the approvers decide.
    return {
      step: {
        kind: 'edit-request',
        to: WAITING_EDIT_APPROVAL,
        dispatchStatus: state.dispatchStatus,
        dispatchRemark: undefined,
        remark,
        by,
        approval: { kind: 'open', levels: edit.approvalLevels, approvers: edit.approvers ?? [] },
        edit: { id: edit.editId, action: 'request' },
      },
      state: { pendingEdit, level: 1, approvalLevels: edit.approvalLevels, approvers: edit.approvers },
    };
  }
  if (edit.transporterChanged) {
    return {
      step: {
        kind: 'edit',
        to: ASSIGNED,
        dispatchStatus: 'WAITING',
        dispatchRemark: null,
        deadlineMs: edit.autoRejectMs,
        transporterCode,
        assignment: {
          transporterCode,
          approvalLevels: 0,
          approvers: edit.approvers,
          autoRejectMs: edit.autoRejectMs,
        },
        remark,
        by,
        edit: { id: edit.editId, action: 'apply' },
      },
      state: { autoRejectMs: edit.autoRejectMs },
    };
  }
  return { step: { kind: 'edit', ...beside(state, by, remark), edit: { id: edit.editId, action: 'apply' } } };
}

function cancel(state: OrderMachineState, input: CancelOrderInput): Transition {
  const waitingApproval = state.status === WAITING_APPROVAL || state.status === WAITING_EDIT_APPROVAL;
  const dropped = state.pendingEdit;
  return {
    step: {
      kind: 'cancel',
      to: 'CANCELLED',
      dispatchStatus: state.dispatchStatus,
      dispatchRemark: undefined,
      remark: clean(input.reason),
      by: input.by.trim(),
      // A round of approval that waits ends with the order, and so does the edit it was deciding.
      ...(waitingApproval ? { approval: { kind: 'cancel' as const } } : {}),
      ...(dropped ? { edit: { id: dropped.id, action: 'cancel' as const } } : {}),
    },
    state: { pendingEdit: undefined },
  };
}

/** A shipment's report: kept; the order's status follows its shipments while it is shipping. */
function shipmentProgress(state: OrderMachineState, report: ShipmentProgressInput): Transition {
  const shipmentNo = report.shipmentNo.trim();
  const shipments = { ...state.shipments, [shipmentNo]: { ...report, shipmentNo } };
  const derived = deriveOrderStatus(Object.values(shipments));
  if (!isIn(SHIPPING_STATUSES, state.status) || derived === state.status)
    return { step: null, state: { shipments } };
  return {
    step: {
      kind: 'shipment-progress',
      ...beside(state, 'system', `Shipment ${shipmentNo}: ${report.status}`),
      to: derived,
    },
    state: { shipments },
  };
}

function transition(state: OrderMachineState, message: OrderMessage): Transition {
  switch (message.type) {
    case 'assign':
      return entry('assign', message.by.trim() || 'system', {
        approvalLevels: message.approvalLevels,
        autoRejectMs: message.autoRejectMs,
        approvers: message.approvers,
      });
    case 'decideApproval':
      return approvalDecision(state, message.input);
    case 'transporterAccept':
      return {
        step: {
          kind: 'accept',
          to: 'ACCEPTED',
          dispatchStatus: 'ACCEPTED',
          dispatchRemark: null,
          remark: null,
          by: message.input.by.trim(),
        },
      };
    case 'transporterReject': {
      const remark = clean(message.input.remark);
      return {
        step: {
          kind: 'reject',
          to: 'REJECTED',
          dispatchStatus: 'REJECTED',
          dispatchRemark: remark,
          remark,
          by: message.input.by.trim(),
        },
      };
    }
    case 'deadline':
      return {
        step: {
          kind: 'auto-reject',
          to: 'REJECTED',
          dispatchStatus: 'AUTO REJECTED',
          dispatchRemark: null,
          remark: null,
          by: 'system',
        },
      };
    case 'editAssignTransporter': {
      const edit = message.input;
      return entry('edit-assign', edit.by.trim(), {
        approvalLevels: edit.approvalLevels,
        autoRejectMs: edit.autoRejectMs,
        approvers: edit.approvers,
        transporterCode: edit.transporterCode.trim(),
        rows: edit.rows,
      });
    }
    case 'editOrder':
      return editOrder(state, message.input);
    case 'cancelOrder':
      return cancel(state, message.input);
    case 'markComplete':
      return {
        step: {
          kind: 'mark-complete',
          to: 'COMPLETED',
          dispatchStatus: state.dispatchStatus,
          dispatchRemark: undefined,
          remark: null,
          by: message.input.by.trim(),
        },
        state: { beforeComplete: state.status! },
      };
    case 'unmarkComplete':
      return {
        step: {
          kind: 'unmark-complete',
          to: state.beforeComplete!,
          dispatchStatus: state.dispatchStatus,
          dispatchRemark: undefined,
          remark: null,
          by: message.input.by.trim(),
        },
        state: { beforeComplete: undefined },
      };
    case 'changeStuffingDate': {
      const { by, from, to } = message.input;
      // The range as every screen shows dates (dd/mm/yyyy), in the history's remark.
      return {
        step: {
          kind: 'stuffing-date',
          ...beside(state, by.trim(), `${shownDay(from)} – ${shownDay(to)}`),
          stuffing: { from, to },
        },
      };
    }
    case 'reassignDo': {
      const reassign = message.input.lines.map((l) => ({ orderDetailId: l.orderDetailId, qty: l.qty }));
      return { step: { kind: 'reassign-do', ...beside(state, message.input.by.trim(), null), reassign } };
    }
    case 'shipmentProgress':
      return shipmentProgress(state, message.input);
  }
}

/**
 * The order's answer to a message at `now` (workflow time): a refusal, or the state once the change is written
 * and the change. The deadline in the answered state is the one the change writes; the workflow takes the one the
 * rows store (a retried write keeps its first deadline).
 */
export function decide(state: OrderMachineState, message: OrderMessage, now: number): Decision {
  const refused = refusalOf(state, message, now);
  if (refused) return { refusal: refused };
  const made = transition(state, message);
  const next: OrderMachineState = { ...state, ...made.state };
  if (!made.step) return { state: next, change: null };
  const { deadlineMs, keepDeadline, ...step } = made.step;
  const autoRejectDate =
    deadlineMs !== undefined
      ? new Date(now + deadlineMs).toISOString()
      : keepDeadline && state.deadline !== null
        ? new Date(state.deadline).toISOString()
        : null;
  const change = { ...step, autoRejectDate, at: new Date(now).toISOString() } as OrderChange;
  return {
    state: {
      ...next,
      status: change.to,
      dispatchStatus: change.dispatchStatus,
      deadline: autoRejectDate ? Date.parse(autoRejectDate) : null,
      transporterCode:
        'transporterCode' in change && change.transporterCode !== undefined
          ? change.transporterCode
          : next.transporterCode,
      sequence: state.sequence + 1,
    },
    change,
  };
}
