// ApprovalLog (spec/3 §2.3 /ApprovalLog/Index): every approval decision, who made it on which level of which
// document, when, and with what remark (DESIGN §4 "Every decision is recorded"). Written by the approval workflows
// only (workflows/approvals/activities.ts), so the console lists and views it and never edits it. Document_No is
// the key a user searches by; a document decided on two levels has two rows.
import { APPROVAL_TRANSACTION_TYPES } from '../approvals';
import { defineResource } from '../engine';

export const ApprovalLog = defineResource({
  name: 'ApprovalLog',
  table: 'approval_logs',
  path: 'approval_log',
  key: 'Document_No',
  readOnly: true,
  lookup: false,
  fields: [
    { name: 'Document_No', type: 'text', required: true, maxLength: 50 },
    {
      name: 'Transaction_Type',
      type: 'enum',
      required: true,
      maxLength: 30,
      options: APPROVAL_TRANSACTION_TYPES,
    },
    { name: 'Level', type: 'integer', required: true, min: 1, max: 10, filter: 'equals' },
    { name: 'Username', type: 'text', required: true, maxLength: 100 },
    { name: 'Action', type: 'enum', required: true, maxLength: 20, options: ['APPROVED', 'REJECTED'] },
    { name: 'Remark', type: 'text', maxLength: 500 },
  ],
  // The approval the decision belongs to: internal (the list names the document instead).
  internalColumns: ['approval_id'],
  // A decision is read by when it was made; whether a row is "active" means nothing here.
  systemList: { Created_Date: true, Is_Active: false },
  defaultSort: [{ field: 'Id', order: 'desc' }],
});
