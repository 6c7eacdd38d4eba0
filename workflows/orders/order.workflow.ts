// The life of one transport order, id `order:<Order_No>` (DESIGN §4 "Order states"; issue 16, first half):
//
//   start ─ approvalLevels > 0 ─▶ WAITING FOR ASSIGN TO TRANSPORTER APPROVAL, level 1 asked (an ORDER row opens
//                                  in the Approval screen, with the approvers of each level)
//     decideApproval (an approver of the level asked now) approve: level < n → level + 1 asked
//                                                                  level = n → assigned (below)
//                                          reject (remark required) → REJECTED (quantities released)
//   start ─ no approval ─▶ ASSIGNED TO TRANSPORTER, Dispatch_Status WAITING, Auto_Reject_Date = now + autoRejectMs
//     transporterAccept (that transporter, before the deadline) → ACCEPTED (Dispatch_Status ACCEPTED)
//     transporterReject (that transporter, remark required, before the deadline) → REJECTED (Dispatch_Status
//         REJECTED, quantities released)
//     the deadline passes → REJECTED (Dispatch_Status AUTO REJECTED, quantities released)
//   REJECTED ─ editAssignTransporter (new transporter, levels, approvers and deadline) → the flow above again
//     (quantities reserved again, refused when they are no longer there; a new approval round)
//   ASSIGNED TO TRANSPORTER / ACCEPTED / ASSIGNED TO DRIVER ─ editOrder (an order_edits row the API checked):
//     no approval → written at once; the status stays, unless the transporter changed (ASSIGNED TO TRANSPORTER,
//                   asked again with a new deadline)
//     approval needed → WAITING FOR ORDER APPROVAL (the order as it was, the edit kept aside, an ORDER approval
//                   round) → last level approves: the edit is written, the order back where it was (asked again
//                   when the transporter changed or it was still waiting for the answer) │ a level rejects: the
//                   edit is dropped, the order back where it was
//   cancel, mark / unmark complete, change stuffing date, reassign delivery order: while the status allows them
//     (rules.ts)
//   start with `resume` (the sweep, for an order whose run died): the state the order's rows hold, nothing
//     written again; the stored Auto_Reject_Date stays the deadline and the changes go on numbering after it.
//
// Update validators refuse what the state does not allow before anything is written (DESIGN §2). Changes are
// made one at a time in the order they were accepted: an Update that waited behind another change is checked
// again against the state it left, so an accept that races the deadline, or two answers at once, decide once.
// Each accepted change is written by the local activity writeOrderChange (the orders row, one history row keyed by
// the workflow and the change's sequence, the SAP lines' os_qty) before the Update returns. Temporal holds an Update
// in memory until the workflow task that accepts it completes: a server restart (a shard moving) meanwhile forgets
// it, while its change, written inside that task, stays in PostgreSQL. The next write then finds the rows ahead of
// the workflow (BEHIND, with where they left the order): the workflow takes that state, as a run the sweep resumes
// does, and decides its own change again against it, so an ACCEPTED order whose accept Temporal lost is not
// auto-rejected, and nothing is written twice under one change number. The run stays open
// after ACCEPTED: the order's later life (drivers, shipments, cancel, complete) belongs to it (later issues).
import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { OrderNo, Status, TransporterCode } from '../search-attributes';
import type {
  OrderActivities,
  OrderApprovalChange,
  OrderAssignmentChange,
  OrderChangeKind,
  OrderEditChange,
} from './activities';
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
  ORDER_REMARK_MAX_LENGTH,
  orderStateQuery,
  transporterAcceptUpdate,
  transporterRejectUpdate,
  type ApprovalDecisionInput,
  type ApproverRef,
  type CancelOrderInput,
  type ChangeStuffingDateInput,
  type DispatchStatus,
  type EditAssignTransporterInput,
  type EditOrderInput,
  type PendingEdit,
  type OrderChangeResult,
  type OrderRefusal,
  type OrderStatus,
  type OrderState,
  type OrderResume,
  type OrderWorkflowInput,
  type ReassignDoInput,
  type TransporterAcceptInput,
  type TransporterRejectInput,
} from './messages';
import {
  CANCELLABLE_STATUSES,
  COMPLETABLE_STATUSES,
  EDITABLE_STATUSES,
  isIn,
  REASSIGNABLE_STATUSES,
} from './rules';

const { writeOrderChange } = proxyLocalActivities<OrderActivities>({
  startToCloseTimeout: '10 seconds',
  // The user waits on the Update: retry quickly, and keep retrying while the database is away (a change that was
  // accepted must not be lost).
  retry: { initialInterval: '100 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds' },
});

const WAITING_APPROVAL: OrderStatus = 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL';
const WAITING_EDIT_APPROVAL: OrderStatus = 'WAITING FOR ORDER APPROVAL';
const ASSIGNED: OrderStatus = 'ASSIGNED TO TRANSPORTER';

export interface OrderOutcome {
  status: OrderStatus | null;
  dispatchStatus: DispatchStatus | null;
}

const refuse = (type: OrderRefusal, message: string) => ApplicationFailure.nonRetryable(message, type);

/** Thrown by a write that found the rows ahead of the workflow; the workflow has taken their state meanwhile. */
class Behind extends Error {}
/** Writes of one change that may find the rows ahead before it gives up (each takes their state; one is enough). */
const BEHIND_TRIES = 3;
const clean = (text: string | null | undefined) => text?.trim().slice(0, ORDER_REMARK_MAX_LENGTH) || null;
/** yyyy-mm-dd as the screens show a day: dd/mm/yyyy. */
const shownDay = (iso: string) => iso.split('-').reverse().join('/');
const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const isList = (value: unknown): value is readonly (Partial<ApproverRef> | null)[] => Array.isArray(value);

function checkAssignment(
  levels: number,
  autoRejectMs: number,
  transporterCode: string,
  approvers: readonly ApproverRef[] | undefined,
): void {
  if (!Number.isInteger(levels) || levels < 0 || levels > 20) {
    throw refuse(
      ORDER_REFUSAL.INVALID_INPUT,
      `approvalLevels must be an integer from 0 to 20, not ${levels}.`,
    );
  }
  if (approvers !== undefined) {
    // Checked as data from outside: the input is JSON whatever its type says.
    const named = (a: Partial<ApproverRef> | null) =>
      typeof a?.username === 'string' && a.username.trim() !== '' && Number.isInteger(a.level);
    if (!isList(approvers) || !approvers.every(named)) {
      throw refuse(ORDER_REFUSAL.INVALID_INPUT, 'Every approver needs a username and a level.');
    }
    // A level nobody may decide would wait forever.
    for (let level = 1; level <= levels; level++) {
      if (!approvers.some((a) => a.level === level)) {
        throw refuse(ORDER_REFUSAL.INVALID_INPUT, `Approval level ${level} has no approver.`);
      }
    }
  }
  if (!Number.isFinite(autoRejectMs) || autoRejectMs <= 0) {
    throw refuse(ORDER_REFUSAL.INVALID_INPUT, `autoRejectMs must be positive, not ${autoRejectMs}.`);
  }
  if (!transporterCode?.trim()) throw refuse(ORDER_REFUSAL.INVALID_INPUT, 'A transporter is required.');
}

export async function orderWorkflow(input: OrderWorkflowInput): Promise<OrderOutcome> {
  const workflowId = workflowInfo().workflowId;
  checkAssignment(input.approvalLevels, input.autoRejectMs, input.transporterCode, input.approvers);

  // Changed by the handlers too, so typed wide (TypeScript would narrow literals here).
  let status = null as OrderStatus | null;
  let dispatchStatus = null as DispatchStatus | null;
  let deadline = null as number | null;
  let transporterCode = input.transporterCode.trim();
  let approvalLevels = input.approvalLevels;
  let autoRejectMs = input.autoRejectMs;
  /** Who decides each level of the current round; undefined for a run started without them (anyone). */
  let approvers = input.approvers;
  /** The approval level asked now (while WAITING_APPROVAL). */
  let level = 1;
  /** Changes written so far; the next one is sequence + 1. */
  let sequence = 0;
  /** While COMPLETED by mark complete: the status it left (unmark complete goes back to it). */
  let beforeComplete = undefined as OrderStatus | undefined;
  /** While WAITING_EDIT_APPROVAL: the edit the approvers decide. */
  let pendingEdit = undefined as PendingEdit | undefined;
  let gone = false;

  // One change at a time, in the order they asked: a ticket lock (a plain flag would let two waiters through
  // when both conditions are checked in the same pass).
  let nextTicket = 0;
  let serving = 0;
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const ticket = nextTicket++;
    await condition(() => serving === ticket);
    try {
      return await fn();
    } finally {
      serving++;
    }
  };

  const awaitingTransporter = () => status === ASSIGNED && dispatchStatus === 'WAITING';

  interface Change {
    kind: OrderChangeKind;
    to: OrderStatus;
    dispatchStatus: DispatchStatus | null;
    /** undefined: the stored remark stays. */
    dispatchRemark: string | null | undefined;
    /** Starts a new transporter deadline this long from now. */
    deadlineMs?: number;
    /** The deadline running now stays (a change beside the transporter's answer: stuffing date, ...). */
    keepDeadline?: boolean;
    stuffing?: { from: string; to: string };
    reassign?: { orderDetailId: number; qty: number }[];
    transporterCode?: string;
    remark: string | null;
    by: string;
    approval?: OrderApprovalChange;
    assignment?: OrderAssignmentChange;
    edit?: OrderEditChange;
    /** The rest of the workflow's state the change sets, once it is written. */
    commit?: () => void;
  }

  /** The state the order's rows hold (a run the sweep resumed, or rows found ahead of the workflow). */
  const takeState = (rows: OrderResume) => {
    status = rows.status;
    dispatchStatus = rows.dispatchStatus;
    transporterCode = rows.transporterCode.trim() || transporterCode;
    sequence = rows.sequence;
    autoRejectMs = rows.autoRejectMs;
    deadline =
      status === ASSIGNED && dispatchStatus === 'WAITING' && rows.autoRejectDate
        ? Date.parse(rows.autoRejectDate)
        : null;
    beforeComplete = rows.beforeComplete;
    pendingEdit = status === WAITING_EDIT_APPROVAL ? rows.edit : undefined;
    if (rows.approval) {
      level = rows.approval.level;
      approvalLevels = rows.approval.levels;
      approvers = rows.approval.approvers;
    }
  };

  /** Writes a change and, once it is written, makes it the workflow's state. */
  const apply = async (change: Change): Promise<OrderChangeResult> => {
    const now = Date.now();
    const autoRejectDate =
      change.deadlineMs !== undefined
        ? new Date(now + change.deadlineMs).toISOString()
        : change.keepDeadline && deadline !== null
          ? new Date(deadline).toISOString()
          : null;
    const outcome = await writeOrderChange({
      orderId: input.orderId,
      orderNo: input.orderNo,
      workflowId,
      kind: change.kind,
      sequence: sequence + 1,
      from: status,
      to: change.to,
      dispatchStatus: change.dispatchStatus,
      dispatchRemark: change.dispatchRemark,
      autoRejectDate,
      ...(change.transporterCode !== undefined ? { transporterCode: change.transporterCode } : {}),
      remark: change.remark,
      by: change.by,
      at: new Date(now).toISOString(),
      ...(change.approval ? { approval: change.approval } : {}),
      ...(change.assignment ? { assignment: change.assignment } : {}),
      ...(change.stuffing ? { stuffing: change.stuffing } : {}),
      ...(change.reassign ? { reassign: change.reassign } : {}),
      ...(change.edit ? { edit: change.edit } : {}),
    });
    if (!outcome.written && outcome.refusal === 'BEHIND' && outcome.resume) {
      takeState(outcome.resume);
      upsertSearchAttributes([
        { key: Status, value: status! },
        { key: TransporterCode, value: transporterCode },
      ]);
      throw new Behind(`Order ${input.orderNo} has changes its workflow never recorded.`);
    }
    if (!outcome.found) {
      gone = true;
      throw refuse(ORDER_REFUSAL.ORDER_NOT_FOUND, `Order ${input.orderNo} does not exist.`);
    }
    if (!outcome.written && outcome.refusal === 'QUANTITY_TOO_HIGH') {
      throw refuse(
        ORDER_REFUSAL.QUANTITY_TOO_HIGH,
        `A line of ${input.orderNo} would give back more than its outstanding quantity.`,
      );
    }
    if (!outcome.written && outcome.refusal === 'EDIT_NOT_FOUND') {
      throw refuse(
        ORDER_REFUSAL.INVALID_INPUT,
        `Order ${input.orderNo} has no such edit waiting to be written.`,
      );
    }
    if (!outcome.written) {
      throw refuse(
        ORDER_REFUSAL.QUANTITY_NOT_AVAILABLE,
        `The SAP order lines of ${input.orderNo} no longer have the quantity it would reserve.`,
      );
    }
    // The deadline as stored: a change written by an earlier attempt of this workflow task (its worker killed
    // before the task completed) keeps the deadline it wrote, not this attempt's later one.
    const storedDeadline = outcome.autoRejectDate !== undefined ? outcome.autoRejectDate : autoRejectDate;
    sequence++;
    status = change.to;
    dispatchStatus = change.dispatchStatus;
    deadline = storedDeadline ? Date.parse(storedDeadline) : null;
    if (change.transporterCode !== undefined) transporterCode = change.transporterCode;
    change.commit?.();
    upsertSearchAttributes([
      { key: Status, value: status },
      { key: TransporterCode, value: transporterCode },
    ]);
    return {
      status,
      dispatchStatus,
      autoRejectDate: storedDeadline,
      sequence,
      ...(outcome.unreserved ? { unreserved: outcome.unreserved } : {}),
    };
  };

  /** The change that starts (or restarts) the flow: approval from level 1, or the transporter asked. */
  const entry = (
    kind: 'assign' | 'edit-assign',
    by: string,
    assignment: {
      approvalLevels: number;
      autoRejectMs: number;
      approvers: ApproverRef[] | undefined;
      transporterCode?: string;
    },
  ): Change => {
    const base = {
      kind,
      by,
      remark: assignment.transporterCode !== undefined ? `Assigned to ${assignment.transporterCode}` : null,
      dispatchRemark: null,
      ...(assignment.transporterCode !== undefined
        ? {
            transporterCode: assignment.transporterCode,
            assignment: {
              transporterCode: assignment.transporterCode,
              approvalLevels: assignment.approvalLevels,
              approvers: assignment.approvers,
              autoRejectMs: assignment.autoRejectMs,
            },
          }
        : {}),
      commit: () => {
        level = 1;
        approvalLevels = assignment.approvalLevels;
        autoRejectMs = assignment.autoRejectMs;
        approvers = assignment.approvers;
      },
    };
    return assignment.approvalLevels > 0
      ? {
          ...base,
          to: WAITING_APPROVAL,
          dispatchStatus: null,
          approval: {
            kind: 'open',
            levels: assignment.approvalLevels,
            approvers: assignment.approvers ?? [],
          },
        }
      : { ...base, to: ASSIGNED, dispatchStatus: 'WAITING', deadlineMs: assignment.autoRejectMs };
  };

  /** The approver of the level asked that `by` names (any letter case), or undefined. */
  const approverOnLevel = (by: string): ApproverRef | undefined =>
    approvers?.find((a) => a.level === level && sameCode(a.username, by));

  // ---- refusals: what the state does not allow (validators, and handlers again once it is their turn) ----

  const approvalRefusal = (decision: ApprovalDecisionInput): ApplicationFailure | null => {
    if (!decision.by?.trim()) return refuse(ORDER_REFUSAL.INVALID_INPUT, 'The approver is required.');
    if (!Number.isInteger(decision.level) || decision.level < 1) {
      return refuse(ORDER_REFUSAL.INVALID_INPUT, `Level ${decision.level} is not an approval level.`);
    }
    if (!decision.approve && !decision.remark?.trim()) {
      return refuse(ORDER_REFUSAL.REMARK_REQUIRED, 'A rejection needs a remark.');
    }
    if (status === null) return null;
    if (status !== WAITING_APPROVAL && status !== WAITING_EDIT_APPROVAL) {
      return refuse(ORDER_REFUSAL.ALREADY_DECIDED, `The order is ${status}; its approval is not pending.`);
    }
    if (decision.level < level) {
      return refuse(ORDER_REFUSAL.ALREADY_DECIDED, `Level ${decision.level} has already approved.`);
    }
    if (decision.level !== level) {
      return refuse(ORDER_REFUSAL.WRONG_LEVEL, `Level ${level} is asked now, not level ${decision.level}.`);
    }
    if (approvers !== undefined && !approverOnLevel(decision.by)) {
      return refuse(
        ORDER_REFUSAL.NOT_AN_APPROVER,
        `${decision.by.trim()} is not an approver of level ${level}.`,
      );
    }
    return null;
  };

  const transporterRefusal = (answer: TransporterAcceptInput, remark?: string | null, rejecting = false) => {
    if (!answer.by?.trim()) return refuse(ORDER_REFUSAL.INVALID_INPUT, 'The user is required.');
    if (!answer.transporterCode?.trim())
      return refuse(ORDER_REFUSAL.INVALID_INPUT, 'The transporter is required.');
    if (rejecting && !remark?.trim())
      return refuse(ORDER_REFUSAL.REMARK_REQUIRED, 'A rejection needs a remark.');
    if (status === null) return null;
    if (status !== ASSIGNED) {
      return status === WAITING_APPROVAL || status === WAITING_EDIT_APPROVAL
        ? refuse(ORDER_REFUSAL.NOT_ALLOWED, 'The order is waiting for approval.')
        : refuse(ORDER_REFUSAL.ALREADY_DECIDED, `The order is ${status}.`);
    }
    if (dispatchStatus !== 'WAITING') {
      return refuse(ORDER_REFUSAL.ALREADY_DECIDED, `The transporter's answer is ${dispatchStatus}.`);
    }
    if (!sameCode(answer.transporterCode, transporterCode)) {
      return refuse(
        ORDER_REFUSAL.NOT_THIS_TRANSPORTER,
        `The order waits for ${transporterCode}, not ${answer.transporterCode}.`,
      );
    }
    if (deadline !== null && Date.now() >= deadline) {
      return refuse(ORDER_REFUSAL.DEADLINE_PASSED, 'The deadline to answer has passed.');
    }
    return null;
  };

  const editRefusal = (edit: EditAssignTransporterInput): ApplicationFailure | null => {
    if (!edit.by?.trim()) return refuse(ORDER_REFUSAL.INVALID_INPUT, 'The user is required.');
    try {
      checkAssignment(edit.approvalLevels, edit.autoRejectMs, edit.transporterCode, edit.approvers);
    } catch (err) {
      return err as ApplicationFailure;
    }
    if (status === null) return null;
    if (status !== 'REJECTED') {
      return refuse(
        ORDER_REFUSAL.NOT_ALLOWED,
        `Only a rejected order is assigned again; this one is ${status}.`,
      );
    }
    return null;
  };

  /** The order's later-life actions: allowed by the status (rules.ts, the same lists as the row flags). */
  const statusRefusal = (
    by: string | undefined,
    allowed: readonly OrderStatus[],
    action: string,
  ): ApplicationFailure | null => {
    if (!by?.trim()) return refuse(ORDER_REFUSAL.INVALID_INPUT, 'The user is required.');
    if (status === null) return null;
    if (!isIn(allowed, status)) {
      return refuse(ORDER_REFUSAL.NOT_ALLOWED, `An order ${status} cannot be ${action}.`);
    }
    return null;
  };

  const cancelRefusal = (cancel: CancelOrderInput) => {
    if (!cancel.reason?.trim()) return refuse(ORDER_REFUSAL.REMARK_REQUIRED, 'A cancel needs a reason.');
    return statusRefusal(cancel.by, CANCELLABLE_STATUSES, 'cancelled');
  };

  const markRefusal = (mark: { by: string }) =>
    statusRefusal(mark.by, COMPLETABLE_STATUSES, 'marked complete');

  const unmarkRefusal = (unmark: { by: string }) => {
    const refused = statusRefusal(unmark.by, ['COMPLETED'], 'unmarked');
    if (refused || status === null) return refused;
    // Only an order that mark complete finished returns to where it was.
    return beforeComplete === undefined
      ? refuse(ORDER_REFUSAL.NOT_ALLOWED, 'The order was not marked complete.')
      : null;
  };

  const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
  const stuffingRefusal = (change: ChangeStuffingDateInput) => {
    if (!ISO_DAY.test(change.from ?? '') || !ISO_DAY.test(change.to ?? '') || change.from > change.to) {
      return refuse(
        ORDER_REFUSAL.INVALID_INPUT,
        'The stuffing range needs two dates, the first not after the second.',
      );
    }
    return statusRefusal(change.by, EDITABLE_STATUSES, 'given another stuffing date');
  };

  const reassignRefusal = (change: ReassignDoInput) => {
    const lines = Array.isArray(change.lines) ? change.lines : [];
    const valid = (l: { orderDetailId: number; qty: number } | null) =>
      Number.isInteger(l?.orderDetailId) && Number.isFinite(l?.qty) && l!.qty > 0;
    if (!lines.length || !lines.every(valid)) {
      return refuse(ORDER_REFUSAL.INVALID_INPUT, 'Reassign needs at least one line with a quantity above 0.');
    }
    return statusRefusal(change.by, REASSIGNABLE_STATUSES, 'reassigned');
  };

  const validated =
    <I>(refusal: (input: I) => ApplicationFailure | null) =>
    (message: I) => {
      const refused = refusal(message);
      if (refused) throw refused;
    };

  /** Runs an Update's change in its turn, once the first change is written, checking the state again. */
  const inTurn =
    <I>(refusal: (input: I) => ApplicationFailure | null, change: (input: I) => Change) =>
    async (message: I): Promise<OrderChangeResult> => {
      await condition(() => status !== null || gone);
      return exclusive(async () => {
        // Decided again when the rows were found ahead: against the state they hold.
        for (let tries = 1; ; tries++) {
          if (gone) throw refuse(ORDER_REFUSAL.ORDER_NOT_FOUND, `Order ${input.orderNo} does not exist.`);
          const refused = refusal(message);
          if (refused) throw refused;
          try {
            return await apply(change(message));
          } catch (err) {
            if (!(err instanceof Behind)) throw err;
            if (tries >= BEHIND_TRIES) throw refuse(ORDER_REFUSAL.NOT_ALLOWED, err.message);
          }
        }
      });
    };

  /**
   * Where an order goes back once its edit's round ends: where it was, or asked again (a new deadline) when the
   * transporter changed or had not answered yet.
   */
  const backFromEdit = (edit: PendingEdit, applied: boolean) => {
    const asked =
      (applied && edit.transporterChanged) || (edit.before === ASSIGNED && edit.beforeDispatch === 'WAITING');
    if (asked) {
      return {
        to: ASSIGNED,
        dispatchStatus: 'WAITING' as DispatchStatus,
        dispatchRemark: null,
        deadlineMs: applied ? edit.autoRejectMs : autoRejectMs,
      };
    }
    return { to: edit.before, dispatchStatus: edit.beforeDispatch, dispatchRemark: undefined };
  };

  /** A decision on an edit's approval (WAITING_EDIT_APPROVAL). */
  const editDecision = (
    edit: PendingEdit,
    decision: ApprovalDecisionInput,
    by: string,
    remark: string | null,
    logged: (action: 'APPROVED' | 'REJECTED', final: boolean) => OrderApprovalChange,
  ): Change => {
    if (!decision.approve) {
      return {
        kind: 'edit-reject',
        ...backFromEdit(edit, false),
        remark: `Level ${decision.level} rejected: ${remark}`,
        by,
        approval: logged('REJECTED', true),
        edit: { id: edit.id, action: 'reject' },
        commit: () => {
          pendingEdit = undefined;
        },
      };
    }
    const note = `Level ${decision.level} approved${remark ? `: ${remark}` : ''}`;
    if (decision.level < approvalLevels) {
      return {
        kind: 'approve',
        to: WAITING_EDIT_APPROVAL,
        dispatchStatus,
        dispatchRemark: undefined,
        remark: note,
        by,
        approval: logged('APPROVED', false),
        commit: () => {
          level = decision.level + 1;
        },
      };
    }
    const changed = edit.transporterChanged
      ? {
          transporterCode: edit.transporterCode,
          assignment: {
            transporterCode: edit.transporterCode,
            approvalLevels,
            approvers,
            autoRejectMs: edit.autoRejectMs,
          },
        }
      : {};
    return {
      kind: 'edit-approve',
      ...backFromEdit(edit, true),
      ...changed,
      remark: note,
      by,
      approval: logged('APPROVED', true),
      edit: { id: edit.id, action: 'apply' },
      commit: () => {
        pendingEdit = undefined;
        if (edit.transporterChanged) autoRejectMs = edit.autoRejectMs;
      },
    };
  };

  // ---- handlers ----

  setHandler(
    decideApprovalUpdate,
    inTurn(approvalRefusal, (decision): Change => {
      const remark = clean(decision.remark);
      // The name as the approvers list spells it, so the log and the history read alike whatever was typed.
      const by = approverOnLevel(decision.by)?.username ?? decision.by.trim();
      const logged = (action: 'APPROVED' | 'REJECTED', final: boolean): OrderApprovalChange => ({
        kind: 'decide',
        level: decision.level,
        username: by,
        action,
        remark,
        final,
      });
      if (status === WAITING_EDIT_APPROVAL && pendingEdit) {
        return editDecision(pendingEdit, decision, by, remark, logged);
      }
      if (!decision.approve) {
        return {
          kind: 'approval-reject',
          to: 'REJECTED',
          dispatchStatus: null,
          dispatchRemark: null,
          remark: `Level ${decision.level} rejected: ${remark}`,
          by,
          approval: logged('REJECTED', true),
        };
      }
      const note = `Level ${decision.level} approved${remark ? `: ${remark}` : ''}`;
      if (decision.level < approvalLevels) {
        // Changes nothing but the level asked: recorded as a history row of the same status.
        return {
          kind: 'approve',
          to: WAITING_APPROVAL,
          dispatchStatus: null,
          dispatchRemark: null,
          remark: note,
          by,
          approval: logged('APPROVED', false),
          commit: () => {
            level = decision.level + 1;
          },
        };
      }
      return {
        kind: 'approve',
        to: ASSIGNED,
        dispatchStatus: 'WAITING',
        dispatchRemark: null,
        deadlineMs: autoRejectMs,
        remark: note,
        by,
        approval: logged('APPROVED', true),
      };
    }),
    { validator: validated(approvalRefusal) },
  );

  const acceptRefusal = (answer: TransporterAcceptInput) => transporterRefusal(answer);
  setHandler(
    transporterAcceptUpdate,
    inTurn(acceptRefusal, (answer) => ({
      kind: 'accept',
      to: 'ACCEPTED',
      dispatchStatus: 'ACCEPTED',
      dispatchRemark: null,
      remark: null,
      by: answer.by.trim(),
    })),
    { validator: validated(acceptRefusal) },
  );

  const rejectRefusal = (answer: TransporterRejectInput) => transporterRefusal(answer, answer.remark, true);
  setHandler(
    transporterRejectUpdate,
    inTurn(rejectRefusal, (answer) => ({
      kind: 'reject',
      to: 'REJECTED',
      dispatchStatus: 'REJECTED',
      dispatchRemark: clean(answer.remark),
      remark: clean(answer.remark),
      by: answer.by.trim(),
    })),
    { validator: validated(rejectRefusal) },
  );

  setHandler(
    editAssignTransporterUpdate,
    inTurn(editRefusal, (edit) =>
      entry('edit-assign', edit.by.trim(), {
        approvalLevels: edit.approvalLevels,
        autoRejectMs: edit.autoRejectMs,
        approvers: edit.approvers,
        transporterCode: edit.transporterCode.trim(),
      }),
    ),
    { validator: validated(editRefusal) },
  );

  /** A change beside the order's status: the status, the transporter's answer and its deadline stay. */
  const sideChange = (kind: OrderChangeKind, by: string, remark: string | null): Change => ({
    kind,
    to: status!,
    dispatchStatus,
    dispatchRemark: undefined,
    keepDeadline: true,
    remark,
    by,
  });

  const editOrderRefusal = (edit: EditOrderInput): ApplicationFailure | null => {
    const refused = statusRefusal(edit.by, EDITABLE_STATUSES, 'edited');
    if (refused) return refused;
    if (!Number.isInteger(edit.editId) || edit.editId < 1) {
      return refuse(ORDER_REFUSAL.INVALID_INPUT, 'editId must be a positive integer.');
    }
    try {
      checkAssignment(edit.approvalLevels, edit.autoRejectMs, edit.transporterCode, edit.approvers);
    } catch (err) {
      return err as ApplicationFailure;
    }
    if (edit.transporterChanged && status !== null && status !== ASSIGNED && status !== 'ACCEPTED') {
      return refuse(
        ORDER_REFUSAL.NOT_ALLOWED,
        `An order ${status} keeps its transporter: its trucks are already assigned.`,
      );
    }
    return null;
  };

  setHandler(
    editOrderUpdate,
    inTurn(editOrderRefusal, (edit): Change => {
      const by = edit.by.trim();
      const remark = clean(edit.summary);
      const transporter = edit.transporterCode.trim();
      if (edit.approvalLevels > 0) {
        const waiting: PendingEdit = {
          id: edit.editId,
          before: status!,
          beforeDispatch: dispatchStatus,
          transporterChanged: edit.transporterChanged,
          transporterCode: transporter,
          autoRejectMs: edit.autoRejectMs,
        };
        // The order stays as it is (and its transporter's deadline stops) until the approvers decide.
        return {
          kind: 'edit-request',
          to: WAITING_EDIT_APPROVAL,
          dispatchStatus,
          dispatchRemark: undefined,
          remark,
          by,
          approval: { kind: 'open', levels: edit.approvalLevels, approvers: edit.approvers ?? [] },
          edit: { id: edit.editId, action: 'request' },
          commit: () => {
            pendingEdit = waiting;
            level = 1;
            approvalLevels = edit.approvalLevels;
            approvers = edit.approvers;
          },
        };
      }
      if (edit.transporterChanged) {
        return {
          kind: 'edit',
          to: ASSIGNED,
          dispatchStatus: 'WAITING',
          dispatchRemark: null,
          deadlineMs: edit.autoRejectMs,
          transporterCode: transporter,
          assignment: {
            transporterCode: transporter,
            approvalLevels: 0,
            approvers: edit.approvers,
            autoRejectMs: edit.autoRejectMs,
          },
          remark,
          by,
          edit: { id: edit.editId, action: 'apply' },
          commit: () => {
            autoRejectMs = edit.autoRejectMs;
          },
        };
      }
      return { ...sideChange('edit', by, remark), edit: { id: edit.editId, action: 'apply' } };
    }),
    { validator: validated(editOrderRefusal) },
  );

  setHandler(
    cancelOrderUpdate,
    inTurn(cancelRefusal, (cancel): Change => {
      const waitingApproval = status === WAITING_APPROVAL || status === WAITING_EDIT_APPROVAL;
      const dropped = pendingEdit;
      return {
        kind: 'cancel',
        to: 'CANCELLED',
        dispatchStatus,
        dispatchRemark: undefined,
        remark: clean(cancel.reason),
        by: cancel.by.trim(),
        // A round of approval that waits ends with the order, and so does the edit it was deciding.
        ...(waitingApproval ? { approval: { kind: 'cancel' } } : {}),
        ...(dropped ? { edit: { id: dropped.id, action: 'cancel' } } : {}),
        commit: () => {
          pendingEdit = undefined;
        },
      };
    }),
    { validator: validated(cancelRefusal) },
  );

  setHandler(
    markCompleteUpdate,
    inTurn(markRefusal, (mark): Change => {
      const left = status!;
      return {
        kind: 'mark-complete',
        to: 'COMPLETED',
        dispatchStatus,
        dispatchRemark: undefined,
        remark: null,
        by: mark.by.trim(),
        commit: () => {
          beforeComplete = left;
        },
      };
    }),
    { validator: validated(markRefusal) },
  );

  setHandler(
    unmarkCompleteUpdate,
    inTurn(unmarkRefusal, (unmark): Change => ({
      kind: 'unmark-complete',
      to: beforeComplete!,
      dispatchStatus,
      dispatchRemark: undefined,
      remark: null,
      by: unmark.by.trim(),
      commit: () => {
        beforeComplete = undefined;
      },
    })),
    { validator: validated(unmarkRefusal) },
  );

  setHandler(
    changeStuffingDateUpdate,
    inTurn(stuffingRefusal, (change): Change => ({
      // The range as every screen shows dates (dd/mm/yyyy), in the history's remark.
      ...sideChange('stuffing-date', change.by.trim(), `${shownDay(change.from)} – ${shownDay(change.to)}`),
      stuffing: { from: change.from, to: change.to },
    })),
    { validator: validated(stuffingRefusal) },
  );

  setHandler(
    reassignDoUpdate,
    inTurn(reassignRefusal, (change): Change => ({
      ...sideChange('reassign-do', change.by.trim(), null),
      reassign: change.lines.map((l) => ({ orderDetailId: l.orderDetailId, qty: l.qty })),
    })),
    { validator: validated(reassignRefusal) },
  );

  setHandler(orderStateQuery, (): OrderState => {
    let awaiting: OrderState['awaiting'] = null;
    if (status === WAITING_APPROVAL || status === WAITING_EDIT_APPROVAL) {
      awaiting = {
        kind: 'approval',
        level,
        levels: approvalLevels,
        approvers: (approvers ?? []).filter((a) => a.level === level).map((a) => a.username),
      };
    } else if (awaitingTransporter() && deadline !== null) {
      awaiting = { kind: 'transporter', code: transporterCode, deadline: new Date(deadline).toISOString() };
    }
    return { status, dispatchStatus, awaiting };
  });

  // ---- the run ----

  const resume = input.resume;
  // Started again by the sweep: the rows already say where the order is; nothing is written twice.
  if (resume) takeState(resume);
  upsertSearchAttributes([
    { key: OrderNo, value: input.orderNo },
    { key: TransporterCode, value: transporterCode },
    ...(status ? [{ key: Status, value: status }] : []),
  ]);
  if (!resume) {
    try {
      await exclusive(() =>
        apply(
          entry('assign', input.assignedBy?.trim() || 'system', {
            approvalLevels,
            autoRejectMs,
            approvers: input.approvers,
          }),
        ),
      );
    } catch (err) {
      // Rows ahead (this workflow id wrote before, a run that died): their state is taken. Only a vanished order
      // ends the run here; anything else is a bug to see in the UI.
      if (!(err instanceof Behind) && !gone) throw err;
    }
  }

  // A cancelled order's life is over: the run ends (once every Update in the queue has had its answer).
  while (!gone && status !== 'CANCELLED') {
    if (awaitingTransporter() && deadline !== null) {
      const asked = sequence;
      const answered = await condition(() => sequence !== asked, Math.max(1, deadline - Date.now()));
      if (!answered) {
        await exclusive(async () => {
          // An answer written while this waited for its turn wins; so does one that came before the deadline.
          if (sequence !== asked || !awaitingTransporter()) return;
          await apply({
            kind: 'auto-reject',
            to: 'REJECTED',
            dispatchStatus: 'AUTO REJECTED',
            dispatchRemark: null,
            remark: null,
            by: 'system',
          }).catch((err: unknown) => {
            // Rows ahead: their state is taken, and the loop looks again (an accept Temporal lost is kept).
            if (!(err instanceof Behind) && !gone) throw err;
          });
        });
      }
      continue;
    }
    // Approval pending, accepted or rejected: the next change comes from an Update.
    const seen = sequence;
    await condition(() => sequence !== seen || gone);
  }
  await condition(allHandlersFinished);
  return { status, dispatchStatus };
}
