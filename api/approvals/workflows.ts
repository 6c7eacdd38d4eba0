// The API's side of the SAP order approval workflow (`sap-approval:<Id>`, workflows/approvals/), declared on the
// Temporal kit (api/temporal/entity-workflows.ts): start it (the StartSapApprovalWorkflow seam of
// workflows/approvals/start.ts that api/sap-orders/approval.ts calls), send a decision as a Workflow Update, withdraw a document with the cancel Signal.
// A refusal keeps the workflow's reason; Temporal's own failures are WORKFLOW_NOT_FOUND / _UNAVAILABLE / _TIMEOUT.
import type { Client } from '@temporalio/client';
import { sapApprovalEntity } from '../../workflows/approvals/entity';
import {
  APPROVAL_REFUSAL,
  approveUpdate,
  cancelApprovalSignal,
  rejectUpdate,
  type ApprovalDecisionInput,
  type ApprovalDecisionResult,
  type ApprovalRefusal,
  type CancelApprovalInput,
  type SapOrderApprovalInput,
} from '../../workflows/approvals/messages';
import type { StartSapApprovalWorkflow } from '../../workflows/approvals/start';
import {
  createEntityWorkflows,
  type EntityWorkflowOptions,
  type EntityWorkflowsDeclaration,
  type UpdateOutcome,
  type WorkflowFailure,
} from '../temporal/entity-workflows';

export type ApprovalAction = 'approve' | 'reject';

/**
 * Why a decision did not happen: a refusal of the workflow, the workflow could not be reached, or it was sent and not
 * answered in time (WORKFLOW_TIMEOUT: it may still be recorded).
 */
export type DecisionFailure = ApprovalRefusal | WorkflowFailure;

export type DecisionOutcome = UpdateOutcome<ApprovalDecisionResult, ApprovalRefusal>;

/** What the approval routes need from Temporal; tests may pass their own. */
export interface ApprovalWorkflows {
  decide(workflowId: string, action: ApprovalAction, input: ApprovalDecisionInput): Promise<DecisionOutcome>;
  /** Withdraws a waiting document (deleted or cancelled); a finished or unknown workflow is not an error. */
  cancel(workflowId: string, input: CancelApprovalInput): Promise<void>;
}

export type ApprovalWorkflowOptions = EntityWorkflowOptions;

export const SAP_APPROVAL_WORKFLOWS: EntityWorkflowsDeclaration<
  SapOrderApprovalInput,
  number,
  ApprovalRefusal
> = {
  ...sapApprovalEntity,
  refusals: APPROVAL_REFUSAL,
  // Two approvers deciding at the same moment: the second is told the approval is decided.
  closedRefusal: APPROVAL_REFUSAL.APPROVAL_FINISHED,
};

/** The real starter of `sap-approval:<Id>`: a start of a running or closed one with that id counts as done. */
export function createSapApprovalStarter(client: Client, taskQueue: string): StartSapApprovalWorkflow {
  const approvals = createEntityWorkflows(client, SAP_APPROVAL_WORKFLOWS, { taskQueue });
  // The seam passes the workflow id it stored on the approvals row; the kit derives the same one from sapOrderId.
  return async ({ workflowId: _stored, ...input }) => approvals.start(input);
}

export function createApprovalWorkflows(client: Client, options: ApprovalWorkflowOptions): ApprovalWorkflows {
  const approvals = createEntityWorkflows(client, SAP_APPROVAL_WORKFLOWS, options);
  return {
    decide: (workflowId, action, input) =>
      approvals.updateWorkflow(workflowId, action === 'approve' ? approveUpdate : rejectUpdate, input),
    cancel: (workflowId, input) => approvals.signalWorkflow(workflowId, cancelApprovalSignal, input),
  };
}
