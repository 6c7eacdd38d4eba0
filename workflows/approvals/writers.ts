// One writer per kind of SAP order approval change (changes.ts), behind the approval's activities (activities.ts).
// The activity locks the approvals row and answers a repeat or a row someone changed by hand; the kind's writer
// then writes what only that kind does, in the activity's transaction:
//   - advance: the decision's log row, the next level asked;
//   - approve / reject: the log row, the approval's outcome and decided date, the SAP order's status;
//   - cancel: the approval CANCELLED and the SAP order's approval_status, nobody left to ask.
import type { Knex } from 'knex';
import { SAP_APPROVAL_TRANSACTION_TYPE } from '../../db/resources/approvals';
import type { DecisionFields, DecisionKind } from './changes';
import type { ApprovalStatus } from './messages';

const WAITING: ApprovalStatus = 'WAITING FOR APPROVAL';

/** A decision's writer's context: the locked approvals row's id and the decision as the activity took it. */
export interface DecisionWriteContext {
  trx: Knex.Transaction;
  approvalId: number;
  sapOrderId: number;
  documentNo: string;
  decision: DecisionFields;
  at: Date;
}

/** The approval_logs row of a decision (one per approval, level and person: a unique index). */
async function writeLog(ctx: DecisionWriteContext): Promise<void> {
  const { decision } = ctx;
  await ctx.trx('approval_logs').insert({
    approval_id: ctx.approvalId,
    transaction_type: SAP_APPROVAL_TRANSACTION_TYPE,
    document_no: ctx.documentNo,
    level: decision.level,
    username: decision.username,
    action: decision.action,
    remark: decision.remark,
    created_date: ctx.at,
    created_by: decision.username,
  });
}

/** The last decision: the approval and the SAP order take its outcome. */
async function finish(ctx: DecisionWriteContext, outcome: 'APPROVED' | 'REJECTED'): Promise<ApprovalStatus> {
  const { trx, at, decision } = ctx;
  await writeLog(ctx);
  await trx('approvals').where('id', ctx.approvalId).update({
    status: outcome,
    current_level: decision.nextLevel,
    decided_date: at,
    edited_date: at,
    edited_by: decision.username,
  });
  await trx('sap_orders').where({ id: ctx.sapOrderId, status: WAITING }).update({
    status: outcome,
    approval_status: outcome,
    edited_date: at,
    edited_by: decision.username,
  });
  return outcome;
}

/** The writers of the decision kinds; each answers the approval's status after it. */
export const decisionWriters: Record<DecisionKind, (ctx: DecisionWriteContext) => Promise<ApprovalStatus>> = {
  async advance(ctx) {
    const { at, decision } = ctx;
    await writeLog(ctx);
    await ctx.trx('approvals').where('id', ctx.approvalId).update({
      status: WAITING,
      current_level: decision.nextLevel,
      edited_date: at,
      edited_by: decision.username,
    });
    return WAITING;
  },
  approve: (ctx) => finish(ctx, 'APPROVED'),
  reject: (ctx) => finish(ctx, 'REJECTED'),
};

/** The cancel writer: a waiting approval (the activity has checked it waits) is withdrawn. */
export async function writeCancel(
  trx: Knex.Transaction,
  input: { approvalId: number; sapOrderId: number; by: string; at: Date },
): Promise<void> {
  const { at, by } = input;
  await trx('approvals')
    .where('id', input.approvalId)
    .update({ status: 'CANCELLED', decided_date: at, edited_date: at, edited_by: by });
  await trx('sap_orders')
    .where({ id: input.sapOrderId, approval_status: WAITING })
    .update({ approval_status: 'CANCELLED', edited_date: at, edited_by: by });
}
