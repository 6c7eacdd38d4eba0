// A SAP service (activity number) that freight service purchase orders (SPO) and their adjustments are
// posted with (SERVICE_TYPE: Freight Cost, Freight Cost Adjustment).
import { defineResource } from '../engine';

export const Service = defineResource({
  name: 'Service',
  table: 'services',
  path: 'service',
  key: 'Service_Code',
  display: ['Service_Code', 'Service_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Service_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Service_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Service_Type', type: 'lookup', lookupGroup: 'SERVICE_TYPE', required: true, maxLength: 50 },
    { name: 'Condition_Type_Code', type: 'ref', ref: 'ConditionType' },
    { name: 'UOM', type: 'text', maxLength: 6 },
  ],
  defaultSort: [{ field: 'Service_Code', order: 'asc' }],
});
