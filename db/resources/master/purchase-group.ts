// A SAP purchasing group: the buyers behind a service purchase order (SPO), reachable for freight questions.
import { defineResource } from '../engine';

export const PurchaseGroup = defineResource({
  name: 'PurchaseGroup',
  table: 'purchase_groups',
  path: 'purchase_group',
  key: 'Purchase_Group_Code',
  display: ['Purchase_Group_Code', 'Purchase_Group_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Purchase_Group_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'Purchase_Group_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Email', type: 'text', maxLength: 120 },
    { name: 'Phone', type: 'text', maxLength: 30 },
  ],
  defaultSort: [{ field: 'Purchase_Group_Code', order: 'asc' }],
});
