// Activities of the SAP order approval (sap-approval.workflow.ts). Each writes its projection in one transaction
// and is safe to repeat (DESIGN §2, STYLE habit 5):
//   - resolveSapApprovers: the approvers are written once per approval; a repeat reads them back, so a matrix
//     edited between two attempts cannot change who was asked.
//   - recordSapApprovalDecision: one approval_logs row per approval, level and person (a unique index); a repeat
//     finds it and writes nothing. What the decision writes is its kind's writer's (writers.ts: advance, approve,
//     reject).
//   - cancelSapApproval: only a waiting approval is cancelled (writers.ts writeCancel).
// The approvals row is locked (FOR UPDATE) by each, so a decision and a cancellation never interleave.
//
// Who approves (issue #4): the Approval Matrix of Info1 SAP_ORDER chosen for the order (matrix.ts, the one choice
// of a matrix for every kind of approval), its active approvers level by level. Without such a matrix, or with nobody left on it, the active administrators
// approve on level 1. Nobody approves their own request (issue 16, approvers.ts excludeRequester): the requester
// is taken out of every level, and a level only they held goes to the active administrators; should that leave
// nobody at all (the requester is the only administrator), the administrators decide, the requester included,
// rather than the order waiting for ever.
import { ApplicationFailure } from '@temporalio/common';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { excludeRequester } from './approvers';
import { decisionKindOf, type DecisionFields } from './changes';
import { findApprovalMatrix, matrixApprovers, type MatrixScope } from './matrix';
import type { ApprovalStatus, ApproverRef } from './messages';
import { decisionWriters, writeCancel } from './writers';

/** The Approval Matrix Info1 of SAP order approvals (db/resources/master/approval-matrix.ts). */
export const SAP_ORDER_MATRIX_TYPE = 'SAP_ORDER';
const WAITING: ApprovalStatus = 'WAITING FOR APPROVAL';
/**
 * The workflow is started inside the transaction that creates the order (api/sap-orders/approval.ts), so its
 * first activity may run before that transaction commits. Until this long after the start a missing approvals row
 * is "not committed yet" (retried); after it, the creation was rolled back and there is nothing to approve.
 */
export const APPROVAL_VISIBILITY_GRACE_MS = 2 * 60_000;

export interface ResolveSapApproversInput {
  approvalId: number;
  sapOrderId: number;
  /** Who asked for the approval (they may not decide it); the order's Created_By when not given. */
  requestedBy?: string;
  /** The workflow's start time (ISO): measures the grace for an uncommitted approvals row. */
  startedAt: string;
  /** APPROVAL_VISIBILITY_GRACE_MS unless given. */
  visibilityGraceMs?: number;
}

export interface ResolvedApprovers {
  /** False: no approvals row or no SAP order (rolled back or deleted); nothing to approve. */
  found: boolean;
  status: ApprovalStatus;
  currentLevel: number;
  maxLevel: number;
  approvers: ApproverRef[];
  /** Where the approvers came from: the matrix (its code), the administrators, or what was stored before. */
  source: 'matrix' | 'admins' | 'stored' | 'none';
  matrixCode?: string;
}

/** A decision (changes.ts decisionInputOf) of one approval; its `final` picks the writer (decisionKindOf). */
export interface RecordSapDecisionInput extends DecisionFields {
  approvalId: number;
  sapOrderId: number;
  documentNo: string;
  /** The decision's time (ISO), fixed by the workflow so a repeat writes the same. */
  at: string;
}

export interface RecordSapDecisionResult {
  /** False: the approvals row is gone (the order was deleted); nothing was written. */
  found: boolean;
  status: ApprovalStatus;
  currentLevel: number;
  /** True when this very decision had been written before (a retried activity). */
  repeated: boolean;
}

export interface CancelSapApprovalInput {
  approvalId: number;
  sapOrderId: number;
  by: string;
  at: string;
}

interface ApprovalRow {
  id: number;
  status: ApprovalStatus;
  current_level: number;
  max_level: number;
}

interface SapOrderScope extends MatrixScope {
  created_by?: string | null;
}

async function lockApproval(trx: Knex, approvalId: number): Promise<ApprovalRow | undefined> {
  return (await trx('approvals')
    .where('id', approvalId)
    .forUpdate()
    .first('id', 'status', 'current_level', 'max_level')) as ApprovalRow | undefined;
}

async function activeAdmins(db: Knex): Promise<ApproverRef[]> {
  const names = (await db('users')
    .where({ is_admin: true, is_active: true })
    .orderBy('username')
    .pluck('username')) as string[];
  return names.map((username) => ({ username, level: 1 }));
}

function storedResult(row: ApprovalRow, approvers: ApproverRef[]): ResolvedApprovers {
  return {
    found: true,
    status: row.status,
    currentLevel: row.current_level,
    maxLevel: row.max_level,
    approvers,
    source: 'stored',
  };
}

export function createApprovalActivities({ db }: { db: Db }) {
  return {
    /** Decides who approves the SAP order on which level and writes it (approval_approvers, max_level). */
    async resolveSapApprovers(input: ResolveSapApproversInput): Promise<ResolvedApprovers> {
      return db.transaction(async (trx) => {
        const row = await lockApproval(trx, input.approvalId);
        if (!row) {
          const grace = input.visibilityGraceMs ?? APPROVAL_VISIBILITY_GRACE_MS;
          if (Date.now() - Date.parse(input.startedAt) < grace) {
            throw ApplicationFailure.retryable(
              `Approval ${input.approvalId} is not visible yet (its order may still be being saved).`,
              'APPROVAL_NOT_VISIBLE',
            );
          }
          return {
            found: false,
            status: 'CANCELLED',
            currentLevel: 1,
            maxLevel: 1,
            approvers: [],
            source: 'none',
          } satisfies ResolvedApprovers;
        }
        const stored = (await trx('approval_approvers')
          .where('approval_id', row.id)
          .orderBy([{ column: 'level' }, { column: 'username' }])
          .select('username', 'level')) as ApproverRef[];
        if (stored.length || row.status !== WAITING) return storedResult(row, stored);

        const order = (await trx('sap_orders')
          .where('id', input.sapOrderId)
          .first(
            'created_by',
            'company_code',
            'order_type',
            'product_category',
            'purchase_organization',
            'document_type',
            'distribution',
          )) as SapOrderScope | undefined;
        if (!order) return { ...storedResult(row, []), found: false, source: 'none' };

        const matrix = await findApprovalMatrix(trx, order, SAP_ORDER_MATRIX_TYPE);
        const admins = await activeAdmins(trx);
        let approvers = matrix ? await matrixApprovers(trx, matrix.id) : [];
        const source = approvers.length ? 'matrix' : 'admins';
        if (!approvers.length) approvers = admins;
        const requester = input.requestedBy ?? order.created_by;
        const others = excludeRequester(
          approvers,
          requester,
          admins.map((a) => a.username),
        );
        if (others.length) approvers = others;
        else approvers = admins;
        const maxLevel = Math.max(1, ...approvers.map((a) => a.level));
        if (approvers.length) {
          await trx('approval_approvers')
            .insert(approvers.map((a) => ({ approval_id: row.id, username: a.username, level: a.level })))
            .onConflict(['approval_id', 'username', 'level'])
            .ignore();
        }
        await trx('approvals').where('id', row.id).update({ max_level: maxLevel, current_level: 1 });
        return {
          found: true,
          status: row.status,
          currentLevel: 1,
          maxLevel,
          approvers,
          source,
          ...(source === 'matrix' && matrix ? { matrixCode: matrix.approval_matrix_code } : {}),
        };
      });
    },

    /**
     * Writes one decision: its ApprovalLog row, the approval's level and, when it ends the approval, the outcome
     * on the approval and on the SAP order (status and approval_status), all in one transaction.
     */
    async recordSapApprovalDecision(input: RecordSapDecisionInput): Promise<RecordSapDecisionResult> {
      return db.transaction(async (trx) => {
        const row = await lockApproval(trx, input.approvalId);
        if (!row) return { found: false, status: 'CANCELLED', currentLevel: input.level, repeated: false };
        const written = (await trx('approval_logs')
          .where({ approval_id: row.id, level: input.level })
          .whereRaw('lower(username) = lower(?)', [input.username])
          .first('id')) as { id: number } | undefined;
        if (written) {
          return { found: true, status: row.status, currentLevel: row.current_level, repeated: true };
        }
        // The workflow is the only writer of a waiting approval, so these mean someone changed the row by hand.
        if (row.status !== WAITING || row.current_level !== input.level) {
          throw ApplicationFailure.nonRetryable(
            `Approval ${row.id} is ${row.status} at level ${row.current_level}; a decision for level ${input.level} cannot be written.`,
            'APPROVAL_STATE_CHANGED',
          );
        }
        const status = await decisionWriters[decisionKindOf(input)]({
          trx,
          approvalId: row.id,
          sapOrderId: input.sapOrderId,
          documentNo: input.documentNo,
          decision: input,
          at: new Date(input.at),
        });
        return { found: true, status, currentLevel: input.nextLevel, repeated: false };
      });
    },

    /** Withdraws a waiting approval (the order was deleted or cancelled): CANCELLED, with nobody left to ask. */
    async cancelSapApproval(input: CancelSapApprovalInput): Promise<{ status: ApprovalStatus }> {
      return db.transaction(async (trx) => {
        const row = await lockApproval(trx, input.approvalId);
        if (!row) return { status: 'CANCELLED' };
        if (row.status !== WAITING) return { status: row.status };
        await writeCancel(trx, { ...input, approvalId: row.id, at: new Date(input.at) });
        return { status: 'CANCELLED' };
      });
    },
  };
}

export type ApprovalActivities = ReturnType<typeof createApprovalActivities>;
