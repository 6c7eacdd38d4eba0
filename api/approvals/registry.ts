// Which workflow decides an approval, by its transaction type (DESIGN §2 "One Temporal kit": the approvals registry).
// The Approval screen's decision (decide.ts) looks the row's type up here and knows no kind by name; a new kind
// (APPOINTMENT, SPO ADJUSTMENT) is one entry: whether this process can reach its workflows, and how a decision is
// sent to them and its answer told in the Approval screen's words.
import type { APPROVAL_TRANSACTION_TYPES } from '../../db/resources/approvals';
import type { ApprovalDecisionResult, ApprovalStatus } from '../../workflows/approvals/messages';
import type { OrderChangeResult } from '../../workflows/orders';
import type { AppDeps } from '../deps';
import type { OrderUpdateFailure, OrderUpdateOutcome } from '../orders';
import type { ApprovalAction, DecisionFailure } from './workflows';

/** Why one document was not decided, as the Approval screen reports it (approval.failure.<code>). */
export type DecisionCode = DecisionFailure | 'NOT_FOUND';

/** A decision's outcome, whichever workflow took it. */
export type DecisionOutcomeOf =
  { ok: true; result: ApprovalDecisionResult } | { ok: false; code: DecisionCode; detail?: string };

/** The approvals row a decision is about. */
export interface ApprovalRow {
  id: number;
  transaction_type: string;
  document_no: string;
  status: ApprovalStatus;
  current_level: number;
  max_level: number;
  /** Set: checked before a kind is asked. */
  workflow_id: string;
}

export interface ApprovalDecision {
  action: ApprovalAction;
  /** The signed-in user. */
  username: string;
  remark: string | null;
}

export interface ApprovalKind {
  /** Whether this process has the client of the workflows that decide this kind (none without Temporal). */
  available(deps: AppDeps): boolean;
  /** Sends the decision on the row to its workflow (called only when available). */
  decide(deps: AppDeps, row: ApprovalRow, decision: ApprovalDecision): Promise<DecisionOutcomeOf>;
}

/** A SAP order typed in the console: its own workflow, `sap-approval:<Id>`, answers in the Approval screen's words. */
const sapOrderApproval: ApprovalKind = {
  available: (deps) => !!deps.approvalWorkflows,
  decide: (deps, row, { action, username, remark }) =>
    deps.approvalWorkflows!.decide(row.workflow_id, action, { username, remark }),
};

/** The order workflow's refusals in the Approval screen's words. */
const ORDER_FAILURES: Record<OrderUpdateFailure, DecisionCode> = {
  NOT_AN_APPROVER: 'NOT_AN_APPROVER',
  REMARK_REQUIRED: 'REMARK_REQUIRED',
  // The level was decided meanwhile, or the approval ended (the order moved on, was rejected, re-assigned).
  ALREADY_DECIDED: 'APPROVAL_FINISHED',
  WRONG_LEVEL: 'APPROVAL_FINISHED',
  NOT_ALLOWED: 'APPROVAL_FINISHED',
  NOT_THIS_TRANSPORTER: 'APPROVAL_FINISHED',
  DEADLINE_PASSED: 'APPROVAL_FINISHED',
  QUANTITY_NOT_AVAILABLE: 'APPROVAL_FINISHED',
  QUANTITY_TOO_HIGH: 'APPROVAL_FINISHED',
  ORDER_NOT_FOUND: 'NOT_FOUND',
  // The API sends the signed-in user and the row's level, so the workflow finding them invalid is not the user's
  // doing: reported like a service failure.
  INVALID_INPUT: 'WORKFLOW_UNAVAILABLE',
  WORKFLOW_NOT_FOUND: 'WORKFLOW_NOT_FOUND',
  WORKFLOW_UNAVAILABLE: 'WORKFLOW_UNAVAILABLE',
  // Sent but not answered in time: it may still be recorded, so the approver is told to look again first.
  WORKFLOW_TIMEOUT: 'WORKFLOW_TIMEOUT',
};

/** Where the order's approval stands after a decision the order workflow accepted. */
function approvalStatusOf(result: OrderChangeResult): ApprovalStatus {
  if (result.status === 'REJECTED') return 'REJECTED';
  if (result.status === 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL') return 'WAITING FOR APPROVAL';
  // A level of an edit's round approved (the last one takes the order back where it was).
  if (result.status === 'WAITING FOR ORDER APPROVAL') return 'WAITING FOR APPROVAL';
  return 'APPROVED';
}

/** An order workflow's answer to a decision as the approval workflows answer one. */
function orderDecision(outcome: OrderUpdateOutcome, row: ApprovalRow): DecisionOutcomeOf {
  if (!outcome.ok) {
    return {
      ok: false,
      code: ORDER_FAILURES[outcome.code],
      ...(outcome.detail ? { detail: outcome.detail } : {}),
    };
  }
  const status = approvalStatusOf(outcome.result);
  const level = row.current_level;
  const next = status === 'WAITING FOR APPROVAL' ? level + 1 : level;
  return { ok: true, result: { status, level, currentLevel: next, maxLevel: row.max_level } };
}

/**
 * An order's approval of its transporter assignment (or of an edit): a step of the order's workflow
 * (`order:<Order_No>`), decided at the level the row is at.
 */
const orderApproval: ApprovalKind = {
  available: (deps) => !!deps.orderWorkflows,
  decide: async (deps, row, { action, username, remark }) =>
    orderDecision(
      await deps.orderWorkflows!.decideApproval(row.document_no, {
        level: row.current_level,
        approve: action === 'approve',
        by: username,
        remark,
      }),
      row,
    ),
};

type ApprovalTransactionType = (typeof APPROVAL_TRANSACTION_TYPES)[number];

export const APPROVAL_KINDS: Partial<Record<ApprovalTransactionType, ApprovalKind>> = {
  SAP_ORDER: sapOrderApproval,
  ORDER: orderApproval,
};

/** The kind of a transaction type; undefined when no workflow decides it. */
export function approvalKindOf(transactionType: string): ApprovalKind | undefined {
  return (APPROVAL_KINDS as Partial<Record<string, ApprovalKind>>)[transactionType];
}
