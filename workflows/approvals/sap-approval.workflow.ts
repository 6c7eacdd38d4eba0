// The approval of one SAP order typed in the console (MANUAL or TRANSFER ORDER), id `sap-approval:<Id>`.
//
//   start ──resolveSapApprovers──▶ WAITING FOR APPROVAL at level 1 (approvers written, max level known)
//     approve (an approver of the current level) ──recordSapApprovalDecision──▶
//         level < max: the next level is asked │ level = max: APPROVED (order APPROVED)
//     reject (an approver of the current level, remark required) ──recordSapApprovalDecision──▶ REJECTED
//     cancel signal (order deleted or withdrawn) ──cancelSapApproval──▶ CANCELLED
//   no approvals row or no order (creation rolled back, order deleted first) ──▶ CANCELLED
//
// One approval per level is enough; any rejection ends the approval. Update validators refuse what the state
// does not allow before anything is written (DESIGN §2); a decision that was accepted while another was being
// written waits for it and is checked again, so two approvers of one level cannot both decide it. Each accepted
// decision is written to PostgreSQL before the Update returns, so the Approval list shows it at once.
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { Status } from '../search-attributes';
import type { ApprovalActivities } from './activities';
import {
  APPROVAL_REFUSAL,
  approvalStateQuery,
  approveUpdate,
  cancelApprovalSignal,
  rejectUpdate,
  type ApprovalDecisionInput,
  type ApprovalDecisionResult,
  type ApprovalStatus,
  type ApproverRef,
  type CancelApprovalInput,
  type SapOrderApprovalInput,
} from './messages';

const { resolveSapApprovers, recordSapApprovalDecision, cancelSapApproval } =
  proxyActivities<ApprovalActivities>({
    startToCloseTimeout: '30 seconds',
    // A decision waits on these while the approver waits on the Update: retry quickly, and keep retrying while
    // the database is away (the approval must not be lost).
    retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  });

export interface SapOrderApprovalOutcome {
  status: ApprovalStatus;
  maxLevel: number;
  decisions: { level: number; username: string; action: 'APPROVED' | 'REJECTED' }[];
}

type Action = 'approve' | 'reject';
const WAITING: ApprovalStatus = 'WAITING FOR APPROVAL';

export async function sapOrderApprovalWorkflow(
  input: SapOrderApprovalInput,
): Promise<SapOrderApprovalOutcome> {
  // Changed by the handlers too, so it is typed wide (TypeScript would narrow a literal here).
  let status = 'RESOLVING' as ApprovalStatus | 'RESOLVING';
  let approvers: ApproverRef[] = [];
  let currentLevel = 1;
  let maxLevel = 1;
  let writing = false;
  let cancel = null as CancelApprovalInput | null;
  const decisions: SapOrderApprovalOutcome['decisions'] = [];

  const setStatus = (next: ApprovalStatus) => {
    status = next;
    upsertSearchAttributes([{ key: Status, value: next }]);
  };

  const awaiting = () =>
    approvers.filter((a) => a.level === currentLevel).map((a) => a.username.toLowerCase());

  /** Why this decision may not be taken now, or null. Before the approvers are known only the remark is checked. */
  const refusal = (action: Action, decision: ApprovalDecisionInput): ApplicationFailure | null => {
    if (action === 'reject' && !decision.remark?.trim()) {
      return ApplicationFailure.nonRetryable('A rejection needs a remark.', APPROVAL_REFUSAL.REMARK_REQUIRED);
    }
    if (status === 'RESOLVING') return null;
    if (status !== WAITING || cancel) {
      return ApplicationFailure.nonRetryable(
        `The approval is ${cancel ? 'CANCELLED' : status}.`,
        APPROVAL_REFUSAL.APPROVAL_FINISHED,
      );
    }
    if (!awaiting().includes(decision.username.toLowerCase())) {
      return ApplicationFailure.nonRetryable(
        `${decision.username} is not an approver of level ${currentLevel}.`,
        APPROVAL_REFUSAL.NOT_AN_APPROVER,
      );
    }
    return null;
  };

  const decide = async (action: Action, decision: ApprovalDecisionInput): Promise<ApprovalDecisionResult> => {
    // One decision is written at a time; one accepted meanwhile is checked again against the state it left.
    await condition(() => status !== 'RESOLVING' && !writing);
    const refused = refusal(action, decision);
    if (refused) throw refused;
    writing = true;
    try {
      const level = currentLevel;
      const final = action === 'reject' ? 'REJECTED' : level >= maxLevel ? 'APPROVED' : null;
      const nextLevel = final ? level : level + 1;
      const username = approvers.find(
        (a) => a.username.toLowerCase() === decision.username.toLowerCase(),
      )!.username;
      const logged = action === 'reject' ? 'REJECTED' : 'APPROVED';
      const written = await recordSapApprovalDecision({
        approvalId: input.approvalId,
        sapOrderId: input.sapOrderId,
        documentNo: input.documentNo,
        level,
        username,
        action: logged,
        remark: decision.remark?.trim() || null,
        final,
        nextLevel,
        at: new Date().toISOString(),
      });
      if (!written.found) {
        setStatus('CANCELLED');
      } else {
        decisions.push({ level, username, action: logged });
        currentLevel = nextLevel;
        if (final) setStatus(final);
      }
      return { status: status as ApprovalStatus, level, currentLevel, maxLevel };
    } finally {
      writing = false;
    }
  };

  const validator = (action: Action) => (decision: ApprovalDecisionInput) => {
    const refused = refusal(action, decision);
    if (refused) throw refused;
  };
  setHandler(approveUpdate, (decision) => decide('approve', decision), { validator: validator('approve') });
  setHandler(rejectUpdate, (decision) => decide('reject', decision), { validator: validator('reject') });
  setHandler(cancelApprovalSignal, (request) => {
    cancel ??= request;
  });
  setHandler(approvalStateQuery, () => ({
    status,
    currentLevel,
    maxLevel,
    approvers,
    awaiting:
      status === WAITING ? approvers.filter((a) => a.level === currentLevel).map((a) => a.username) : [],
  }));

  const resolved = await resolveSapApprovers({
    approvalId: input.approvalId,
    sapOrderId: input.sapOrderId,
    requestedBy: input.requestedBy,
    startedAt: workflowInfo().startTime.toISOString(),
    visibilityGraceMs: input.visibilityGraceMs,
  });
  approvers = resolved.approvers;
  maxLevel = resolved.maxLevel;
  currentLevel = resolved.currentLevel;
  if (!resolved.found) {
    // The creation was rolled back or the order is gone: make sure a left-over approvals row does not wait.
    await cancelSapApproval({
      approvalId: input.approvalId,
      sapOrderId: input.sapOrderId,
      by: 'system',
      at: new Date().toISOString(),
    });
    setStatus('CANCELLED');
  } else {
    setStatus(resolved.status);
  }

  await condition(() => (status !== WAITING || cancel !== null) && !writing);
  if (status === WAITING && cancel) {
    const cancelled = await cancelSapApproval({
      approvalId: input.approvalId,
      sapOrderId: input.sapOrderId,
      by: cancel.by,
      at: new Date().toISOString(),
    });
    setStatus(cancelled.status);
  }
  // Updates accepted meanwhile finish (they are refused by their handler) before the run closes.
  await condition(allHandlersFinished);
  return { status: status as ApprovalStatus, maxLevel, decisions };
}
