// The SAP order approval's rules as a pure state machine (DESIGN §2 "Source of truth"): decide(state, message)
// answers the state after the message and the change to write, or a refusal. Plain TypeScript with no Temporal
// import: sap-approval.workflow.ts runs it one change at a time (its Update validators ask refusalOf, the same
// rules), test/unit/sap-approval-decide.test.ts runs it without Temporal.
//
//   RESOLVING ─ resolved (approvers written) ─▶ WAITING FOR APPROVAL at level 1 (or what the rows had reached)
//             └ resolved, nothing found ─▶ CANCELLED (cancel `gone` written)
//   WAITING FOR APPROVAL
//     approve (an approver of the current level): level < max → advance, level + 1 asked
//                                                 level = max → approve: APPROVED
//     reject (an approver of the current level, remark required) → reject: REJECTED
//     cancel Signal → kept; the run then withdraws the approval (cancel `withdrawn`) → CANCELLED
//   a decision whose write finds no approvals row (the order was deleted) → CANCELLED, nothing written
//
// One approval per level is enough; any rejection ends the approval. Before the approvers are known only the remark
// is checked (the decision then waits for them and is checked again).
import type { DecisionChange, SapApprovalChange } from './changes';
import {
  APPROVAL_REFUSAL,
  type ApprovalDecisionInput,
  type ApprovalRefusal,
  type ApprovalStatus,
  type ApproverRef,
  type CancelApprovalInput,
} from './messages';

export const WAITING: ApprovalStatus = 'WAITING FOR APPROVAL';

/** A decision taken, as the workflow's outcome lists it. */
export interface ApprovalDecisionRecord {
  level: number;
  username: string;
  action: 'APPROVED' | 'REJECTED';
}

/** Everything the workflow knows of its approval. */
export interface ApprovalMachineState {
  /** RESOLVING until the approvers are known. */
  status: ApprovalStatus | 'RESOLVING';
  approvers: ApproverRef[];
  /** The level asked now. */
  currentLevel: number;
  maxLevel: number;
  /** The first cancel Signal received, or null. */
  cancel: CancelApprovalInput | null;
  /** The decisions written by this run, in order. */
  decisions: ApprovalDecisionRecord[];
}

/** What resolveSapApprovers answered (activities.ts ResolvedApprovers). */
export interface ResolvedAnswer {
  found: boolean;
  status: ApprovalStatus;
  currentLevel: number;
  maxLevel: number;
  approvers: ApproverRef[];
}

/** A message the approval acts on. */
export type ApprovalMessage =
  | { type: 'resolved'; answer: ResolvedAnswer }
  | { type: 'approve'; input: ApprovalDecisionInput }
  | { type: 'reject'; input: ApprovalDecisionInput }
  /** The cancel Signal: the document was withdrawn. */
  | { type: 'cancelRequested'; input: CancelApprovalInput }
  /** The run, about to close, withdraws an approval a cancel Signal asked for while it still waits. */
  | { type: 'withdraw' };

export interface Refusal {
  type: ApprovalRefusal;
  message: string;
}

/** The state after a message and the change to write (null: nothing to write), or a refusal (nothing changes). */
export type Decision =
  { state: ApprovalMachineState; change: SapApprovalChange | null } | { refusal: Refusal };

/** What the rows answered to a written change (recordSapApprovalDecision's `found`, cancelSapApproval's status). */
export interface WriteAnswer {
  found: boolean;
  status: ApprovalStatus;
}

/** The state a run starts with, before its approvers are known. */
export function initialState(): ApprovalMachineState {
  return { status: 'RESOLVING', approvers: [], currentLevel: 1, maxLevel: 1, cancel: null, decisions: [] };
}

/** The approvers of the level asked now, as the approvers list spells them. */
export function awaiting(state: ApprovalMachineState): string[] {
  return state.approvers.filter((a) => a.level === state.currentLevel).map((a) => a.username);
}

const refusal = (type: ApprovalRefusal, message: string): Refusal => ({ type, message });

/**
 * Why a decision may not be taken now, or null: the one rule the Update validators and the serialised apply ask.
 * Before the approvers are known only the remark is checked.
 */
export function decisionRefusal(
  state: ApprovalMachineState,
  action: 'approve' | 'reject',
  decision: ApprovalDecisionInput,
): Refusal | null {
  if (action === 'reject' && !decision.remark?.trim()) {
    return refusal(APPROVAL_REFUSAL.REMARK_REQUIRED, 'A rejection needs a remark.');
  }
  if (state.status === 'RESOLVING') return null;
  if (state.status !== WAITING || state.cancel) {
    return refusal(
      APPROVAL_REFUSAL.APPROVAL_FINISHED,
      `The approval is ${state.cancel ? 'CANCELLED' : state.status}.`,
    );
  }
  const who = decision.username.toLowerCase();
  if (!awaiting(state).some((username) => username.toLowerCase() === who)) {
    return refusal(
      APPROVAL_REFUSAL.NOT_AN_APPROVER,
      `${decision.username} is not an approver of level ${state.currentLevel}.`,
    );
  }
  return null;
}

/** Why a message may not be acted on now, or null. Only decisions are ever refused. */
export function refusalOf(state: ApprovalMachineState, message: ApprovalMessage): Refusal | null {
  return message.type === 'approve' || message.type === 'reject'
    ? decisionRefusal(state, message.type, message.input)
    : null;
}

function resolved(state: ApprovalMachineState, answer: ResolvedAnswer): Decision {
  const known = {
    ...state,
    approvers: answer.approvers,
    currentLevel: answer.currentLevel,
    maxLevel: answer.maxLevel,
  };
  if (answer.found) return { state: { ...known, status: answer.status }, change: null };
  return {
    state: { ...known, status: 'CANCELLED' },
    change: { kind: 'cancel', by: 'system', cause: 'gone' },
  };
}

function decision(
  state: ApprovalMachineState,
  action: 'approve' | 'reject',
  input: ApprovalDecisionInput,
): Decision {
  const who = input.username.toLowerCase();
  // decisionRefusal has found them among the approvers of the level.
  const username = state.approvers.find((a) => a.username.toLowerCase() === who)!.username;
  const level = state.currentLevel;
  const common = { level, username, remark: input.remark?.trim() || null };
  const change: DecisionChange =
    action === 'reject'
      ? { kind: 'reject', ...common }
      : level >= state.maxLevel
        ? { kind: 'approve', ...common }
        : { kind: 'advance', ...common, nextLevel: level + 1 };
  const decisions = [
    ...state.decisions,
    { level, username, action: action === 'reject' ? 'REJECTED' : 'APPROVED' } as const,
  ];
  const next: ApprovalMachineState =
    change.kind === 'advance'
      ? { ...state, decisions, currentLevel: change.nextLevel }
      : { ...state, decisions, status: change.kind === 'approve' ? 'APPROVED' : 'REJECTED' };
  return { state: next, change };
}

/** The state after a message and the change to write, or why it is refused. */
export function decide(state: ApprovalMachineState, message: ApprovalMessage): Decision {
  const refused = refusalOf(state, message);
  if (refused) return { refusal: refused };
  switch (message.type) {
    case 'resolved':
      return resolved(state, message.answer);
    case 'approve':
    case 'reject':
      if (state.status === 'RESOLVING') {
        return {
          refusal: refusal(APPROVAL_REFUSAL.APPROVAL_FINISHED, 'The approvers are not known yet.'),
        };
      }
      return decision(state, message.type, message.input);
    case 'cancelRequested':
      return { state: { ...state, cancel: state.cancel ?? message.input }, change: null };
    case 'withdraw':
      if (state.status !== WAITING || !state.cancel) return { state, change: null };
      return {
        state: { ...state, status: 'CANCELLED' },
        change: { kind: 'cancel', by: state.cancel.by, cause: 'withdrawn' },
      };
  }
}

/**
 * The state once a decided change is written, from what the rows answered: a decision that found no approvals row
 * leaves the approval CANCELLED with nothing decided; a withdrawal ends as the rows say (a row someone had already
 * decided keeps its outcome); everything else as decided.
 */
export function settle(
  before: ApprovalMachineState,
  decided: { state: ApprovalMachineState; change: SapApprovalChange | null },
  answer: WriteAnswer,
): ApprovalMachineState {
  const change = decided.change;
  if (!change) return decided.state;
  if (change.kind === 'cancel') {
    return change.cause === 'withdrawn' ? { ...decided.state, status: answer.status } : decided.state;
  }
  return answer.found ? decided.state : { ...before, status: 'CANCELLED' };
}
