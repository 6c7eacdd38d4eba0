// What an approval can be about: `approvals.transaction_type` and `approval_logs.transaction_type`. spec/3 §4.1's
// transaction types, with SAP_ORDER first: a SAP order typed in the console waits for approval
// (api/sap-orders/approval.ts opens it, workflows/approvals decides it). The API's Approval list, the
// ApprovalLog definition and the approval activities read the codes here, below all of them.

/** The transaction type of a SAP order's approval. */
export const SAP_APPROVAL_TRANSACTION_TYPE = 'SAP_ORDER';

export const APPROVAL_TRANSACTION_TYPES = [
  SAP_APPROVAL_TRANSACTION_TYPE,
  'ORDER',
  'SHIPMENT',
  'APPOINTMENT',
  'STO',
  'SPO',
  'SPO ADJUSTMENT',
  'IPB',
] as const;
