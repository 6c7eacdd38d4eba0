// The messages of the approval workflows (DESIGN §2 "Source of truth"): a decision is a Workflow Update, since the
// approver needs to know whether it was taken; a withdrawn document is a Signal. The same definitions serve every
// approval kind (SAP orders now; orders and appointments later), so the API sends them without knowing the kind.
// Shared by the workflow bundle and the API: only @temporalio/workflow's definitions, nothing that runs.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

/** spec/3 §4.1 approval statuses, plus CANCELLED for a document withdrawn while it waited. */
export type ApprovalStatus = 'WAITING FOR APPROVAL' | 'APPROVED' | 'REJECTED' | 'CANCELLED';

/** What `sap-approval:<Id>` is started with (api/sap-orders/approval.ts SapApprovalWorkflowStart). */
export interface SapOrderApprovalInput {
  /** approvals.id of the open approval. */
  approvalId: number;
  sapOrderId: number;
  documentNo: string;
  companyCode: string | null;
  /** The order type's Name ("SO", "TO OUT", ...). */
  orderType: string;
  /** Username of who created the order. */
  requestedBy: string;
  /**
   * How long a missing approvals row counts as "not committed yet" (activities.ts APPROVAL_VISIBILITY_GRACE_MS by
   * default); a workflow argument so tests can shrink it (DESIGN §2 durations).
   */
  visibilityGraceMs?: number;
}

export interface ApprovalDecisionInput {
  /** The signed-in user deciding (the API passes the token's user, never a name from the request). */
  username: string;
  /** Required for a rejection (spec/3 §5 shared alert "Reason is required"). */
  remark?: string | null;
}

export interface ApprovalDecisionResult {
  /** The approval after the decision. */
  status: ApprovalStatus;
  /** The level the decision was made on. */
  level: number;
  currentLevel: number;
  maxLevel: number;
}

export interface CancelApprovalInput {
  /** Who or what withdrew the document (a username, or `system`). */
  by: string;
  reason?: string | null;
}

export interface ApproverRef {
  username: string;
  level: number;
}

export interface ApprovalState {
  /** RESOLVING until the approvers are known. */
  status: ApprovalStatus | 'RESOLVING';
  currentLevel: number;
  maxLevel: number;
  approvers: ApproverRef[];
  /** The usernames who may decide now (the current level's approvers). */
  awaiting: string[];
}

export const approveUpdate = defineUpdate<ApprovalDecisionResult, [ApprovalDecisionInput]>('approve');
export const rejectUpdate = defineUpdate<ApprovalDecisionResult, [ApprovalDecisionInput]>('reject');
export const cancelApprovalSignal = defineSignal<[CancelApprovalInput]>('cancel');
export const approvalStateQuery = defineQuery<ApprovalState>('approvalState');

/**
 * Why a decision is refused: the ApplicationFailure type an Update validator (or, for a decision that waited
 * behind another, its handler) fails with. The API answers them as message codes.
 */
export const APPROVAL_REFUSAL = {
  /** The user is not an approver of the level that is being decided now. */
  NOT_AN_APPROVER: 'NOT_AN_APPROVER',
  /** The approval is no longer waiting (approved, rejected or cancelled). */
  APPROVAL_FINISHED: 'APPROVAL_FINISHED',
  /** A rejection without a remark. */
  REMARK_REQUIRED: 'REMARK_REQUIRED',
} as const;
export type ApprovalRefusal = (typeof APPROVAL_REFUSAL)[keyof typeof APPROVAL_REFUSAL];

/** Longest remark kept (approval_logs.remark). */
export const REMARK_MAX_LENGTH = 500;
