// The SAP order approval's workflow as the Temporal kit knows it (workflows/kit/entity.ts): `sap-approval:<Id>` of
// the SAP order's Id, found in the Temporal UI by its SAP number and status. The API's starter
// (api/approvals/workflows.ts) and the approval sweep (sweep.ts) start it through this declaration.
import { defineEntityWorkflow } from '../kit/entity';
import { SapNo, Status } from '../search-attributes';
import type { SapOrderApprovalInput } from './messages';

/** `sap-approval:<Id>` (DESIGN §2 "Workflow ids are business keys"), as api/sap-orders/approval.ts names it. */
export const sapApprovalWorkflowId = (sapOrderId: number): string => `sap-approval:${sapOrderId}`;

export const sapApprovalEntity = defineEntityWorkflow<SapOrderApprovalInput, number>({
  workflowType: 'sapOrderApprovalWorkflow',
  keyOf: (input) => input.sapOrderId,
  idOf: sapApprovalWorkflowId,
  idPrefix: 'sap-approval:',
  searchAttributes: (input) => [
    { key: SapNo, value: input.documentNo },
    { key: Status, value: 'WAITING FOR APPROVAL' },
  ],
  // A closed approval is not started again by a user's request: an order is approved once. (The sweep restarts a
  // run that died, with its own policy.)
  reusePolicy: 'REJECT_DUPLICATE',
});
