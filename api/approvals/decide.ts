// Approve or reject the documents chosen on the Approval screen. Each one is decided by its own workflow through
// a Workflow Update (DESIGN §2): the workflow's validator is the only judge of who may decide what, so this module
// only finds each approval's workflow, sends the decision and reports every document's result, the ones that
// failed with their reason. Nothing is written here; the workflow has written the decision before it answers.
// A SAP order's approval has a workflow of its own (`sap-approval:<Id>`); an order's approval of its transporter
// assignment is a step of the order's workflow (`order:<Order_No>`), decided at the level the row is at.
import { z } from 'zod';
import { integer, text } from '../../db/resources/input';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { translate, type Language } from '../i18n';
import type { AuthUser } from '../services/session';
import {
  REMARK_MAX_LENGTH,
  type ApprovalDecisionResult,
  type ApprovalStatus,
} from '../../workflows/approvals/messages';
import type { OrderChangeResult } from '../../workflows/orders/messages';
import type { OrderUpdateFailure, OrderUpdateOutcome } from '../orders/workflows';
import type { ApprovalAction, ApprovalWorkflows, DecisionFailure } from './workflows';

/** Documents one request may decide (a page of the list is 15; a select-all of several pages stays bounded). */
export const MAX_DECISIONS = 100;
/** Workflows asked at once: enough to keep a multi-select quick without flooding the worker. */
const CONCURRENCY = 4;

const ids = z
  .array(integer({ min: 1 }))
  .min(1)
  .max(MAX_DECISIONS)
  .transform((list) => [...new Set(list)]);

export const approveBodySchema = z.object({
  ids,
  remark: text(REMARK_MAX_LENGTH).nullish(),
});
/** A rejection says why (spec/3 §5 "Reason is required"). */
export const rejectBodySchema = z.object({
  ids,
  remark: text(REMARK_MAX_LENGTH).min(1),
});
export type DecisionBody = z.infer<typeof approveBodySchema>;

export type DecisionCode = DecisionFailure | 'NOT_FOUND';

export interface DecisionRow {
  Id: number;
  Document_No: string | null;
  Transaction_Type: string | null;
  success: boolean;
  /** The approval's status after the decision (success), or as it was found. */
  Status: ApprovalStatus | null;
  /** The level decided (success). */
  Level: number | null;
  message: string;
  /** '' on success; why it failed otherwise. */
  message_code: '' | DecisionCode;
}

export interface DecisionSummary {
  results: DecisionRow[];
  succeeded: number;
  failed: number;
}

interface ApprovalRow {
  id: number;
  transaction_type: string;
  document_no: string;
  status: ApprovalStatus;
  current_level: number;
  max_level: number;
  workflow_id: string | null;
}

const FAILURE_KEYS: Record<DecisionCode, string> = {
  NOT_FOUND: 'approval.failure.NOT_FOUND',
  NOT_AN_APPROVER: 'approval.failure.NOT_AN_APPROVER',
  APPROVAL_FINISHED: 'approval.failure.APPROVAL_FINISHED',
  REMARK_REQUIRED: 'approval.failure.REMARK_REQUIRED',
  WORKFLOW_NOT_FOUND: 'approval.failure.WORKFLOW_NOT_FOUND',
  WORKFLOW_UNAVAILABLE: 'approval.failure.WORKFLOW_UNAVAILABLE',
  WORKFLOW_TIMEOUT: 'approval.failure.WORKFLOW_TIMEOUT',
};

const ORDER_TRANSACTION_TYPE = 'ORDER';

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

/** A decision's outcome, whichever workflow took it. */
type Outcome =
  { ok: true; result: ApprovalDecisionResult } | { ok: false; code: DecisionCode; detail?: string };

/** An order workflow's answer to a decision as the approval workflows answer one. */
function orderDecision(outcome: OrderUpdateOutcome, row: ApprovalRow): Outcome {
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

/** Runs `fn` over `items`, at most `limit` at a time, keeping their order in the answer. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function decideApprovals(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  action: ApprovalAction,
  body: DecisionBody,
): Promise<DecisionSummary> {
  const workflows: ApprovalWorkflows | undefined = deps.approvalWorkflows;
  const orders = deps.orderWorkflows;
  if (!workflows && !orders) throw new AppError(503, 'WORKFLOW_UNAVAILABLE', 'errors.unavailable');
  const found = (await deps
    .db('approvals')
    .whereIn('id', body.ids)
    .select(
      'id',
      'transaction_type',
      'document_no',
      'status',
      'current_level',
      'max_level',
      'workflow_id',
    )) as ApprovalRow[];
  const byId = new Map(found.map((row) => [row.id, row]));
  const remark = body.remark ?? null;

  const failed = (id: number, row: ApprovalRow | undefined, code: DecisionCode): DecisionRow => ({
    Id: id,
    Document_No: row?.document_no ?? null,
    Transaction_Type: row?.transaction_type ?? null,
    success: false,
    Status: row?.status ?? null,
    Level: null,
    message: translate(lang, FAILURE_KEYS[code], {
      document: row?.document_no ?? String(id),
      level: row?.current_level ?? '',
      status: row ? translate(lang, `approval.status.${row.status}`) : '',
    }),
    message_code: code,
  });

  const results = await mapLimited(body.ids, CONCURRENCY, async (id): Promise<DecisionRow> => {
    const row = byId.get(id);
    if (!row) return failed(id, undefined, 'NOT_FOUND');
    if (row.status !== 'WAITING FOR APPROVAL') return failed(id, row, 'APPROVAL_FINISHED');
    if (!row.workflow_id) return failed(id, row, 'WORKFLOW_NOT_FOUND');
    const unavailable: Outcome = { ok: false, code: 'WORKFLOW_UNAVAILABLE' };
    let outcome: Outcome;
    if (row.transaction_type === ORDER_TRANSACTION_TYPE) {
      const decision = { level: row.current_level, approve: action === 'approve', by: user.username, remark };
      outcome = orders
        ? orderDecision(await orders.decideApproval(row.document_no, decision), row)
        : unavailable;
    } else {
      outcome = workflows
        ? await workflows.decide(row.workflow_id, action, { username: user.username, remark })
        : unavailable;
    }
    if (!outcome.ok) {
      if (
        outcome.code === 'WORKFLOW_UNAVAILABLE' ||
        outcome.code === 'WORKFLOW_TIMEOUT' ||
        outcome.code === 'WORKFLOW_NOT_FOUND'
      ) {
        deps.logger.warn(
          { approvalId: id, workflowId: row.workflow_id, code: outcome.code, detail: outcome.detail },
          'approval decision not delivered',
        );
      }
      return failed(id, row, outcome.code);
    }
    return {
      Id: id,
      Document_No: row.document_no,
      Transaction_Type: row.transaction_type,
      success: true,
      Status: outcome.result.status,
      Level: outcome.result.level,
      message: translate(lang, `approval.done.${action}`, { document: row.document_no }),
      message_code: '',
    };
  });
  const succeeded = results.filter((r) => r.success).length;
  return { results, succeeded, failed: results.length - succeeded };
}
