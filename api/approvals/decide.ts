// Approve or reject the documents chosen on the Approval screen. Each one is decided by its own workflow through
// a Workflow Update (DESIGN §2): the workflow's validator is the only judge of who may decide what, so this module
// only finds each approval's workflow, sends the decision and reports every document's result, the ones that
// failed with their reason. Nothing is written here; the workflow has written the decision before it answers.
// Which workflow that is, and how its answer reads, is the approvals registry's (registry.ts, by transaction type).
import { z } from 'zod';
import { integer, text } from '../../db/resources/input';
import type { AppDeps } from '../deps';
import { translate, type Language } from '../i18n';
import type { AuthUser } from '../services/session';
import { workflowsUnavailable } from '../temporal/entity-workflows';
import { REMARK_MAX_LENGTH, type ApprovalStatus } from '../../workflows/approvals/messages';
import {
  APPROVAL_KINDS,
  approvalKindOf,
  type ApprovalRow,
  type DecisionCode,
  type DecisionOutcomeOf,
} from './registry';
import type { ApprovalAction } from './workflows';

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

export type { DecisionCode };

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

const FAILURE_KEYS: Record<DecisionCode, string> = {
  NOT_FOUND: 'approval.failure.NOT_FOUND',
  NOT_AN_APPROVER: 'approval.failure.NOT_AN_APPROVER',
  APPROVAL_FINISHED: 'approval.failure.APPROVAL_FINISHED',
  REMARK_REQUIRED: 'approval.failure.REMARK_REQUIRED',
  WORKFLOW_NOT_FOUND: 'approval.failure.WORKFLOW_NOT_FOUND',
  WORKFLOW_UNAVAILABLE: 'approval.failure.WORKFLOW_UNAVAILABLE',
  WORKFLOW_TIMEOUT: 'approval.failure.WORKFLOW_TIMEOUT',
};

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
  if (!Object.values(APPROVAL_KINDS).some((kind) => kind.available(deps))) throw workflowsUnavailable();
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
    )) as (Omit<ApprovalRow, 'workflow_id'> & { workflow_id: string | null })[];
  const byId = new Map(found.map((row) => [row.id, row]));
  const remark = body.remark ?? null;

  const failed = (id: number, row: (typeof found)[number] | undefined, code: DecisionCode): DecisionRow => ({
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
    const kind = approvalKindOf(row.transaction_type);
    const outcome: DecisionOutcomeOf = !kind
      ? { ok: false, code: 'WORKFLOW_NOT_FOUND', detail: `no workflow decides ${row.transaction_type}` }
      : !kind.available(deps)
        ? { ok: false, code: 'WORKFLOW_UNAVAILABLE' }
        : await kind.decide(
            deps,
            { ...row, workflow_id: row.workflow_id },
            { action, username: user.username, remark },
          );
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
