// A SAP pricing condition type. Freight ones carry the freight cost into STO/SPO postings; the category
// (CONDITION_CATEGORY: FREIGHT, NON FREIGHT) tells them apart.
import { defineResource } from '../engine';

export const ConditionType = defineResource({
  name: 'ConditionType',
  table: 'condition_types',
  path: 'condition_type',
  key: 'Condition_Type_Code',
  display: ['Condition_Type_Code', 'Condition_Type_Name'],
  deleteMode: 'deactivate',
  fields: [
    {
      name: 'Condition_Type_Code',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 10,
      lookupMinChars: 0,
    },
    { name: 'Condition_Type_Name', type: 'text', required: true, maxLength: 120 },
    {
      name: 'Condition_Category',
      type: 'lookup',
      lookupGroup: 'CONDITION_CATEGORY',
      required: true,
      maxLength: 50,
      default: 'FREIGHT',
    },
  ],
  defaultSort: [{ field: 'Condition_Type_Code', order: 'asc' }],
});
