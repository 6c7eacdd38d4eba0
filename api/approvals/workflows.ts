// The API's side of the approval workflows: start `sap-approval:<Id>` (the StartSapApprovalWorkflow seam of
// api/sap-orders/approval.ts), send a decision as a Workflow Update, withdraw a document with the cancel Signal.
// Temporal's answers become plain outcomes here, so the routes never see a Temporal error: a refusal by the
// workflow keeps its reason (the Update validator's failure type), anything else is "unavailable".
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { sapOrderApprovalWorkflow } from '../../workflows/approvals/sap-approval.workflow';
import {
  APPROVAL_REFUSAL,
  approveUpdate,
  cancelApprovalSignal,
  rejectUpdate,
  type ApprovalDecisionInput,
  type ApprovalDecisionResult,
  type ApprovalRefusal,
  type CancelApprovalInput,
} from '../../workflows/approvals/messages';
import { isUpdateTimeout } from '../../workflows/client';
import { SapNo, Status } from '../../workflows/search-attributes';
import type { StartSapApprovalWorkflow } from '../sap-orders/approval';

export type ApprovalAction = 'approve' | 'reject';

/**
 * Why a decision did not happen: a refusal of the workflow, the workflow could not be reached, or it was sent and not
 * answered in time (WORKFLOW_TIMEOUT: it may still be recorded).
 */
export type DecisionFailure =
  ApprovalRefusal | 'WORKFLOW_NOT_FOUND' | 'WORKFLOW_UNAVAILABLE' | 'WORKFLOW_TIMEOUT';

export type DecisionOutcome =
  { ok: true; result: ApprovalDecisionResult } | { ok: false; code: DecisionFailure; detail?: string };

/** What the approval routes need from Temporal; tests may pass their own. */
export interface ApprovalWorkflows {
  decide(workflowId: string, action: ApprovalAction, input: ApprovalDecisionInput): Promise<DecisionOutcome>;
  /** Withdraws a waiting document (deleted or cancelled); a finished or unknown workflow is not an error. */
  cancel(workflowId: string, input: CancelApprovalInput): Promise<void>;
}

export interface ApprovalWorkflowOptions {
  taskQueue: string;
  /** How long an Update may take before the decision is reported unavailable (no worker, say). */
  updateTimeoutMs?: number;
}

const REFUSALS = new Set<string>(Object.values(APPROVAL_REFUSAL));

/** The refusal type an Update failed with, if it is one of the workflow's. */
function refusalOf(err: unknown): ApprovalRefusal | undefined {
  if (!(err instanceof WorkflowUpdateFailedError)) return undefined;
  const cause = err.cause;
  return cause instanceof ApplicationFailure && cause.type && REFUSALS.has(cause.type)
    ? (cause.type as ApprovalRefusal)
    : undefined;
}

/** The real starter of `sap-approval:<Id>`: a start of a running or closed one with that id counts as done. */
export function createSapApprovalStarter(client: Client, taskQueue: string): StartSapApprovalWorkflow {
  return async ({ workflowId, ...input }) => {
    try {
      await client.workflow.start<typeof sapOrderApprovalWorkflow>('sapOrderApprovalWorkflow', {
        taskQueue,
        workflowId,
        args: [input],
        // Running: the handle of that run; closed: refused below, since an order is approved once.
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: [
          { key: SapNo, value: input.documentNo },
          { key: Status, value: 'WAITING FOR APPROVAL' },
        ],
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      throw err;
    }
  };
}

/** Whether the workflow has a closed run (completed, failed, cancelled, terminated); false when unknown. */
async function isClosed(handle: { describe(): Promise<{ status: { name: string } }> }): Promise<boolean> {
  try {
    const { status } = await handle.describe();
    return ['COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED', 'TIMED_OUT'].includes(status.name);
  } catch {
    return false;
  }
}

export function createApprovalWorkflows(client: Client, options: ApprovalWorkflowOptions): ApprovalWorkflows {
  const timeoutMs = options.updateTimeoutMs ?? 15_000;
  return {
    async decide(workflowId, action, input) {
      const handle = client.workflow.getHandle(workflowId);
      const deadline = Date.now() + timeoutMs;
      try {
        const result = await client.connection.withDeadline(deadline, () =>
          handle.executeUpdate(action === 'approve' ? approveUpdate : rejectUpdate, { args: [input] }),
        );
        return { ok: true, result };
      } catch (err) {
        const refusal = refusalOf(err);
        if (refusal) return { ok: false, code: refusal };
        // Two approvers deciding at the same moment: the first decision ends the workflow, and an Update that
        // was admitted but not yet run then fails without the workflow's own refusal. A closed workflow means
        // the approval is decided, which is the answer the second approver must get.
        if (await isClosed(handle)) return { ok: false, code: APPROVAL_REFUSAL.APPROVAL_FINISHED };
        const detail = err instanceof Error ? err.message : String(err);
        if (err instanceof WorkflowNotFoundError) return { ok: false, code: 'WORKFLOW_NOT_FOUND', detail };
        if (isUpdateTimeout(err, Date.now() >= deadline))
          return { ok: false, code: 'WORKFLOW_TIMEOUT', detail };
        return { ok: false, code: 'WORKFLOW_UNAVAILABLE', detail };
      }
    },

    async cancel(workflowId, input) {
      try {
        await client.workflow.getHandle(workflowId).signal(cancelApprovalSignal, input);
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return;
        throw err;
      }
    },
  };
}
