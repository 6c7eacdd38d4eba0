// The seam between a SAP order typed in the console (MANUAL / TRANSFER ORDER, status WAITING FOR APPROVAL) and
// its approval (DESIGN §2: the workflow `sap-approval:<Id>` owns the decision and writes APPROVED / REJECTED
// back). This module writes the database side, the open `approvals` row, and hands the workflow start to an
// injected function, so the API runs and is tested without Temporal and the workflow can be written apart.
//
// Called inside the transaction that creates the order, so the order and its approval row commit together. The
// start runs before the commit: when Temporal refuses it, the whole creation rolls back and the user is told;
// when the commit fails after a successful start, the workflow finds no waiting order and has nothing to do
// (its activities must treat a missing SAP order or approval row as cancelled). Ids are never reused, so a
// workflow id of a rolled-back order cannot meet a later order.
import type { Knex } from 'knex';
import { SAP_APPROVAL_TRANSACTION_TYPE } from '../../db/resources/approvals';
import {
  sapApprovalWorkflowId,
  type SapApprovalWorkflowStart,
  type StartSapApprovalWorkflow,
} from '../../workflows/approvals';
import { AppError } from '../errors';

/** `sap-approval:<Id>` (DESIGN §2 "Workflow ids are business keys"), declared once with the workflow. */
export { sapApprovalWorkflowId };

/** How the approval workflow is started, declared with the workflow (workflows/approvals/start.ts). */
export type { SapApprovalWorkflowStart, StartSapApprovalWorkflow };

export interface SapOrderApprovalDeps {
  /** The transaction that creates the order. */
  db: Knex;
  now: () => Date;
  /** Absent: the approval row is written and no workflow is started (no Temporal client in this process). */
  startWorkflow?: StartSapApprovalWorkflow;
}

/** The order entering approval, by its wire names. */
export interface SapOrderForApproval {
  Id: number;
  Document_No: string;
  Company_Code: string | null;
  Order_Type: string;
  Created_By: string;
}

export interface SapApprovalStarted {
  approvalId: number;
  workflowId: string;
  /** Whether a workflow start was asked for (false when no starter is configured). */
  workflowStarted: boolean;
}

/** Opens the approval of a newly created SAP order (one open approval per order) and starts its workflow. */
export async function startSapOrderApproval(
  deps: SapOrderApprovalDeps,
  sapOrder: SapOrderForApproval,
): Promise<SapApprovalStarted> {
  const workflowId = sapApprovalWorkflowId(sapOrder.Id);
  const documentId = String(sapOrder.Id);
  const open = (await deps
    .db('approvals')
    .where({
      transaction_type: SAP_APPROVAL_TRANSACTION_TYPE,
      document_id: documentId,
      status: 'WAITING FOR APPROVAL',
    })
    .first('id')) as { id: number } | undefined;
  let approvalId = open?.id;
  if (approvalId === undefined) {
    const [row] = (await deps
      .db('approvals')
      .insert({
        transaction_type: SAP_APPROVAL_TRANSACTION_TYPE,
        document_id: documentId,
        document_no: sapOrder.Document_No,
        company_code: sapOrder.Company_Code,
        status: 'WAITING FOR APPROVAL',
        current_level: 1,
        max_level: 1,
        workflow_id: workflowId,
        summary: `${sapOrder.Order_Type} ${sapOrder.Document_No}`.slice(0, 500),
        created_by: sapOrder.Created_By,
        created_date: deps.now(),
      })
      .returning('id')) as { id: number }[];
    approvalId = row!.id;
  }
  await deps.db('sap_orders').where('id', sapOrder.Id).update({ approval_status: 'WAITING FOR APPROVAL' });
  if (deps.startWorkflow) {
    await startOrExplain(deps.startWorkflow, {
      workflowId,
      approvalId,
      sapOrderId: sapOrder.Id,
      documentNo: sapOrder.Document_No,
      companyCode: sapOrder.Company_Code,
      orderType: sapOrder.Order_Type,
      requestedBy: sapOrder.Created_By,
    });
  }
  return { approvalId, workflowId, workflowStarted: !!deps.startWorkflow };
}

/** A refused start is a service the user cannot reach right now (503); the cause stays on the error for the log. */
async function startOrExplain(
  start: StartSapApprovalWorkflow,
  input: SapApprovalWorkflowStart,
): Promise<void> {
  try {
    await start(input);
  } catch (err) {
    const unavailable = new AppError(503, 'WORKFLOW_UNAVAILABLE', 'errors.unavailable');
    (unavailable as Error & { cause?: unknown }).cause = err;
    throw unavailable;
  }
}
