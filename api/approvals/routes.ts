// The Approval screen (spec/3 §2.3 /Approval/Index, §5 "Approval confirmation"): what waits for the signed-in
// user, and approve / reject of the chosen documents. The work is beside this file; these are the declarations.
//
// Rights: reading needs Approval View, deciding Approval Edit; who may decide which document on which level is
// the approval workflow's rule (its Update validators), checked per document.
import { defineRoute, type Answer, type RouteDef } from '../http';
import { listRequestSchema } from '../list';
import { approvalTabs, listApprovals } from './list';
import { approveBodySchema, decideApprovals, rejectBodySchema, type DecisionSummary } from './decide';
import type { ApprovalAction } from './workflows';

const APPROVAL = 'Approval';
const view = { controller: APPROVAL, action: 'View' as const };
const edit = { controller: APPROVAL, action: 'Edit' as const };

/** All decided: 200; some: 200 with success false (PARTIAL); none: 422. Every document's result is in data. */
function decisionAnswer(action: ApprovalAction, summary: DecisionSummary): Answer {
  const { succeeded, failed } = summary;
  const params = { count: succeeded, succeeded, failed, total: succeeded + failed };
  if (failed === 0)
    return { data: summary, message: `approval.summary.${action}.all`, messageParams: params };
  if (succeeded > 0) {
    return {
      data: summary,
      success: false,
      message: `approval.summary.${action}.partial`,
      messageParams: params,
      messageCode: 'PARTIAL',
    };
  }
  return {
    data: summary,
    status: 422,
    success: false,
    message: `approval.summary.${action}.none`,
    messageParams: params,
    messageCode: 'APPROVAL_FAILED',
  };
}

export const approvalRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/approval/master_list',
    summary:
      'The Approval screen tabs: ALL, then every transaction type, each with the number of documents waiting for ' +
      'the signed-in user at their current level.',
    access: view,
    handler: async ({ deps, user, lang }) => ({
      data: { tab_status: await approvalTabs(deps.db, user, lang) },
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/approval/list',
    summary:
      'Documents waiting for the signed-in user at their current approval level (list protocol; tab_status ALL or ' +
      'a transaction type; oldest request first), with the summary fields of their kind.',
    access: view,
    body: listRequestSchema,
    handler: async ({ deps, body, user, lang }) => {
      const { rows, totalRecords } = await listApprovals(deps.db, user, body, lang);
      return { data: rows, extra: { totalRecords } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/approval/approve',
    summary:
      'Approves the chosen documents (ids: approval Ids; remark optional) as the signed-in user, each through its ' +
      "approval workflow; data.results gives every document's outcome and why one failed.",
    access: edit,
    body: approveBodySchema,
    handler: async ({ deps, body, user, lang }) =>
      decisionAnswer('approve', await decideApprovals(deps, user, lang, 'approve', body)),
  }),
  defineRoute({
    method: 'post',
    path: '/approval/reject',
    summary:
      'Rejects the chosen documents (ids: approval Ids; remark required) as the signed-in user, each through its ' +
      "approval workflow; data.results gives every document's outcome and why one failed.",
    access: edit,
    body: rejectBodySchema,
    handler: async ({ deps, body, user, lang }) =>
      decisionAnswer('reject', await decideApprovals(deps, user, lang, 'reject', body)),
  }),
];
