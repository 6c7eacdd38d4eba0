// The changes the SAP order approval writes (decide.ts decides them, writers.ts writes them): one discriminated
// union keyed by `kind`, each kind carrying only what its writer needs. A decision reaches the activity as
// recordSapApprovalDecision's input (activities.ts RecordSapDecisionInput), the shape recorded in running
// histories; decisionInputOf and decisionKindOf translate between the two, so each kind has one writer.
// Types and pure functions only: shared by the workflow bundle and the activities.

/** What every decision carries: the level it decides, who decided (spelt as the approvers list has them), why. */
interface DecisionCommon {
  level: number;
  username: string;
  remark: string | null;
}

/** An approval of a level below the last: the next level is asked. */
export interface AdvanceLevelChange extends DecisionCommon {
  kind: 'advance';
  nextLevel: number;
}

/** An approval of the last level: the approval and the SAP order are APPROVED. */
export interface ApproveChange extends DecisionCommon {
  kind: 'approve';
}

/** A rejection at any level: the approval and the SAP order are REJECTED. */
export interface RejectChange extends DecisionCommon {
  kind: 'reject';
}

/**
 * A waiting approval is withdrawn (CANCELLED). cause `gone`: its approvals row or its SAP order is not there (the
 * creation was rolled back, the order deleted first), so the approval ends CANCELLED whatever the write finds;
 * `withdrawn`: the cancel Signal, and the approval ends as the write finds it.
 */
export interface CancelChange {
  kind: 'cancel';
  by: string;
  cause: 'gone' | 'withdrawn';
}

export type DecisionChange = AdvanceLevelChange | ApproveChange | RejectChange;
export type SapApprovalChange = DecisionChange | CancelChange;
export type SapApprovalChangeKind = SapApprovalChange['kind'];
export type DecisionKind = DecisionChange['kind'];

/** The fields of recordSapApprovalDecision's input that say what a decision does. */
export interface DecisionFields {
  level: number;
  username: string;
  action: 'APPROVED' | 'REJECTED';
  remark: string | null;
  /** The approval's outcome when this decision ends it; null when the next level is asked. */
  final: 'APPROVED' | 'REJECTED' | null;
  /** current_level after the decision. */
  nextLevel: number;
}

/** A decision as recordSapApprovalDecision takes it (the same fields, in the same order, as ever written). */
export function decisionInputOf(change: DecisionChange): DecisionFields {
  const { level, username, remark } = change;
  switch (change.kind) {
    case 'advance':
      return { level, username, action: 'APPROVED', remark, final: null, nextLevel: change.nextLevel };
    case 'approve':
      return { level, username, action: 'APPROVED', remark, final: 'APPROVED', nextLevel: level };
    case 'reject':
      return { level, username, action: 'REJECTED', remark, final: 'REJECTED', nextLevel: level };
  }
}

/** Which writer a decision's input goes to: what ends the approval, or the next level asked. */
export function decisionKindOf(input: Pick<DecisionFields, 'final'>): DecisionKind {
  if (input.final === 'APPROVED') return 'approve';
  if (input.final === 'REJECTED') return 'reject';
  return 'advance';
}
