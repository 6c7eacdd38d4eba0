// Who approves an assignment to a transporter, level by level (DESIGN §4, freight and approval). A matrix
// applies to orders of its company and order type; the other scope fields narrow it when filled and match
// any value when empty. Info1 is the freight criteria (assign matrix type) the matrix answers, or SAP_ORDER for
// the approval of SAP orders typed in the console (workflows/approvals: the most specific matching matrix wins).
// Level n+1 is asked only after level n approved; several approvers on one level means any one of them may decide.
import { defineResource } from '../engine';

export const ApprovalMatrix = defineResource({
  name: 'ApprovalMatrix',
  table: 'approval_matrices',
  path: 'approval_matrix',
  key: 'Approval_Matrix_Code',
  display: ['Approval_Matrix_Code', 'Company_Code', 'Order_Type', 'Info1'],
  fields: [
    { name: 'Approval_Matrix_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Company_Code', type: 'ref', ref: 'Company', required: true },
    { name: 'Business_Segment_Code', type: 'ref', ref: 'ProductCategory' },
    { name: 'Order_Type', type: 'ref', ref: 'OrderType', required: true },
    { name: 'Purchase_Organization_Code', type: 'ref', ref: 'PurchaseOrganization' },
    { name: 'Document_Type', type: 'lookup', lookupGroup: 'DOCUMENT_TYPE', maxLength: 50 },
    { name: 'Distribution', type: 'lookup', lookupGroup: 'DISTRIBUTION', maxLength: 50 },
    {
      name: 'Info1',
      type: 'enum',
      options: ['HIGHER', 'LOWER', 'EXCEED', 'NOT_INCLUDE', 'DIFFERENT_OA', 'DIFFERENT_NOT', 'SAP_ORDER'],
      required: true,
      uniqueWith: [
        'Company_Code',
        'Business_Segment_Code',
        'Order_Type',
        'Purchase_Organization_Code',
        'Document_Type',
        'Distribution',
      ],
    },
    { name: 'Description', type: 'text', maxLength: 200 },
  ],
  children: [
    {
      name: 'Approvers',
      table: 'approval_matrix_approvers',
      parentColumn: 'approval_matrix_id',
      minRows: 1,
      fields: [
        { name: 'Username', type: 'ref', ref: 'User', required: true },
        { name: 'Level', type: 'integer', required: true, min: 1, max: 10 },
      ],
    },
  ],
  defaultSort: [
    { field: 'Company_Code', order: 'asc' },
    { field: 'Order_Type', order: 'asc' },
    { field: 'Info1', order: 'asc' },
  ],
});
