// How a SAP order's approval workflow is started: the SAP order editor (api/sap-orders/approval.ts) opens the
// approval row and calls a StartSapApprovalWorkflow; the API's side of the workflow (api/approvals/workflows.ts)
// gives one that starts `sap-approval:<Id>` on Temporal, and tests give their own.

/** What the workflow is started with. */
export interface SapApprovalWorkflowStart {
  workflowId: string;
  /** approvals.id of the open approval. */
  approvalId: number;
  sapOrderId: number;
  documentNo: string;
  companyCode: string | null;
  /** The order type's Name ("SO", "TO OUT", ...). */
  orderType: string;
  /** Username of who created the order. */
  requestedBy: string;
}

/**
 * Starts the approval workflow. Must be idempotent for one workflow id (an "already started" answer is a
 * success) and throw when the start did not happen.
 */
export type StartSapApprovalWorkflow = (start: SapApprovalWorkflowStart) => Promise<void>;
