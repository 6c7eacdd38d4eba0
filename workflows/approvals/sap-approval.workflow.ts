// The approval of one SAP order typed in the console (MANUAL or TRANSFER ORDER), id `sap-approval:<Id>`.
//
//   start ──resolveSapApprovers──▶ WAITING FOR APPROVAL at level 1 (approvers written, max level known)
//     approve (an approver of the current level) ──recordSapApprovalDecision──▶
//         level < max: the next level is asked │ level = max: APPROVED (order APPROVED)
//     reject (an approver of the current level, remark required) ──recordSapApprovalDecision──▶ REJECTED
//     cancel signal (order deleted or withdrawn) ──cancelSapApproval──▶ CANCELLED
//   no approvals row or no order (creation rolled back, order deleted first) ──▶ CANCELLED
//
// The thin shell around the approval's rules: decide.ts says what each message does; this file holds what needs
// Temporal (the handlers, the serialised apply, the activities, the search attribute). One approval per level is
// enough; any rejection ends the approval. Update validators refuse what the state does not allow before anything
// is written (DESIGN §2), with the same rule (refusalOf); a decision that was accepted while another was being
// written waits for it and is decided again, so two approvers of one level cannot both decide it. Each accepted
// decision is written to PostgreSQL (one writer per change kind, writers.ts) before the Update returns, so the
// Approval list shows it at once.
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
import { decisionInputOf, type CancelChange, type DecisionChange } from './changes';
import {
  awaiting,
  decide,
  initialState,
  refusalOf,
  settle,
  WAITING,
  type ApprovalDecisionRecord,
  type ApprovalMachineState,
  type ApprovalMessage,
  type Refusal,
} from './decide';
import {
  approvalStateQuery,
  approveUpdate,
  cancelApprovalSignal,
  rejectUpdate,
  type ApprovalDecisionInput,
  type ApprovalDecisionResult,
  type ApprovalStatus,
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
  decisions: ApprovalDecisionRecord[];
}

const failure = (refusal: Refusal) => ApplicationFailure.nonRetryable(refusal.message, refusal.type);

/** One run: its input, its state, and whether a change is being written (changes are written one at a time). */
interface ApprovalRun {
  readonly input: SapOrderApprovalInput;
  state: ApprovalMachineState;
  writing: boolean;
}

/** Takes the state a change left; the Status search attribute follows the approval's status. */
function enter(run: ApprovalRun, next: ApprovalMachineState): void {
  const moved = next.status !== run.state.status;
  run.state = next;
  if (moved) upsertSearchAttributes([{ key: Status, value: next.status as ApprovalStatus }]);
}

/** Writes a cancel change (the approval CANCELLED) and answers the status the rows are left in. */
async function writeCancel(run: ApprovalRun, change: CancelChange): Promise<ApprovalStatus> {
  const { approvalId, sapOrderId } = run.input;
  const answer = await cancelSapApproval({
    approvalId,
    sapOrderId,
    by: change.by,
    at: new Date().toISOString(),
  });
  return answer.status;
}

/** An approve or reject Update: decided against the state the previous change left, written, answered. */
async function decideUpdate(
  run: ApprovalRun,
  type: 'approve' | 'reject',
  input: ApprovalDecisionInput,
): Promise<ApprovalDecisionResult> {
  // One decision is written at a time; one accepted meanwhile is decided again against the state it left.
  await condition(() => run.state.status !== 'RESOLVING' && !run.writing);
  const decided = decide(run.state, { type, input });
  if ('refusal' in decided) throw failure(decided.refusal);
  const change = decided.change as DecisionChange;
  run.writing = true;
  try {
    const { approvalId, sapOrderId, documentNo } = run.input;
    const written = await recordSapApprovalDecision({
      approvalId,
      sapOrderId,
      documentNo,
      ...decisionInputOf(change),
      at: new Date().toISOString(),
    });
    enter(run, settle(run.state, decided, { found: written.found, status: written.status }));
    const { status, currentLevel, maxLevel } = run.state;
    return { status: status as ApprovalStatus, level: change.level, currentLevel, maxLevel };
  } finally {
    run.writing = false;
  }
}

function setHandlers(run: ApprovalRun): void {
  const validator = (type: 'approve' | 'reject') => (input: ApprovalDecisionInput) => {
    const refused = refusalOf(run.state, { type, input } satisfies ApprovalMessage);
    if (refused) throw failure(refused);
  };
  setHandler(approveUpdate, (input) => decideUpdate(run, 'approve', input), {
    validator: validator('approve'),
  });
  setHandler(rejectUpdate, (input) => decideUpdate(run, 'reject', input), { validator: validator('reject') });
  setHandler(cancelApprovalSignal, (input) => {
    const decided = decide(run.state, { type: 'cancelRequested', input });
    if ('state' in decided) run.state = decided.state;
  });
  setHandler(approvalStateQuery, () => {
    const { status, currentLevel, maxLevel, approvers } = run.state;
    return {
      status,
      currentLevel,
      maxLevel,
      approvers,
      awaiting: status === WAITING ? awaiting(run.state) : [],
    };
  });
}

export async function sapOrderApprovalWorkflow(
  input: SapOrderApprovalInput,
): Promise<SapOrderApprovalOutcome> {
  const run: ApprovalRun = { input, state: initialState(), writing: false };
  setHandlers(run);

  const answer = await resolveSapApprovers({
    approvalId: input.approvalId,
    sapOrderId: input.sapOrderId,
    requestedBy: input.requestedBy,
    startedAt: workflowInfo().startTime.toISOString(),
    visibilityGraceMs: input.visibilityGraceMs,
  });
  const resolved = decide(run.state, { type: 'resolved', answer });
  if ('state' in resolved) {
    // Not found: the creation was rolled back or the order is gone; a left-over approvals row must not wait.
    if (resolved.change?.kind === 'cancel') await writeCancel(run, resolved.change);
    enter(run, resolved.state);
  }

  await condition(() => (run.state.status !== WAITING || run.state.cancel !== null) && !run.writing);
  const withdrawn = decide(run.state, { type: 'withdraw' });
  if ('state' in withdrawn && withdrawn.change?.kind === 'cancel') {
    const status = await writeCancel(run, withdrawn.change);
    enter(run, settle(run.state, withdrawn, { found: true, status }));
  }
  // Updates accepted meanwhile finish (they are refused by their handler) before the run closes.
  await condition(allHandlersFinished);
  const { status, maxLevel, decisions } = run.state;
  return { status: status as ApprovalStatus, maxLevel, decisions };
}
