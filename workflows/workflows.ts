// Workflow bundle entry: the worker bundles this file (and only what it imports) into Temporal's
// deterministic sandbox. Every workflow of every domain is re-exported here.
export { deactivateInactiveUsersWorkflow } from './users/inactivity.workflow';
export { foldCounterDeltasWorkflow } from './maintenance/fold-counters.workflow';
export { erpPullWorkflow } from './erp/pull.workflow';
export { sapOrderApprovalWorkflow } from './approvals/sap-approval.workflow';
export { orderWorkflow } from './orders/order.workflow';
export { orderSweepWorkflow } from './orders/sweep.workflow';
export { entitySweepWorkflow } from './kit/sweep.workflow';
