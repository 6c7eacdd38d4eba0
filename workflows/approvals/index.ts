// The approval domain's named module (DESIGN §2 "One domain, one name in every folder"): what other domains use of
// it, and the only file of this folder another domain's folder may import (eslint.config.mjs refuses the rest).
export { excludeRequester } from './approvers';
export { sapApprovalWorkflowId } from './entity';
export { findApprovalMatrix, matrixApprovers } from './matrix';
export type { ApproverRef } from './messages';
export type { SapApprovalWorkflowStart, StartSapApprovalWorkflow } from './start';
