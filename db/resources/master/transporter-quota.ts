// How much work a transporter is meant to get in a period (DESIGN §4: the EXCEED freight criterion asks for
// approval when an assignment goes over it). Quota_By ORDER_COUNT caps the number of orders per period;
// QUANTITY_SHARE is the percentage of the period's quantity (KG) in scope. The scope narrows with a company,
// plant and product category; an empty one means all. These are the codes of the lookup groups
// TRANSPORTER_QUOTA_BY and TRANSPORTER_QUOTA_PER, fixed here because the quota check computes with them.
//
// A quota has no natural code: left empty, Quota_Code is given the next TQ number by the database.
import { defineResource } from '../engine';

export const TransporterQuota = defineResource({
  name: 'TransporterQuota',
  table: 'transporter_quotas',
  path: 'transporter_quota',
  key: 'Quota_Code',
  display: ['Quota_Code', 'Transporter_Code', 'Period_Type'],
  fields: [
    { name: 'Quota_Code', type: 'text', unique: true, maxLength: 20 },
    {
      name: 'Transporter_Code',
      type: 'ref',
      ref: 'Transporter',
      required: true,
      uniqueWith: ['Company_Code', 'Plant_Code', 'Category_Code', 'Period_Type', 'Quota_By', 'Valid_From'],
    },
    { name: 'Company_Code', type: 'ref', ref: 'Company' },
    { name: 'Plant_Code', type: 'ref', ref: 'Plant' },
    { name: 'Category_Code', type: 'ref', ref: 'ProductCategory' },
    { name: 'Period_Type', type: 'enum', options: ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'], required: true },
    { name: 'Quota_By', type: 'enum', options: ['ORDER_COUNT', 'QUANTITY_SHARE'], required: true },
    { name: 'Quota_Value', type: 'decimal', precision: 12, scale: 2, required: true, min: 0, max: 1000000 },
    { name: 'Valid_From', type: 'date', required: true },
    { name: 'Valid_To', type: 'date', required: true },
    { name: 'Remark', type: 'text', maxLength: 200, list: false },
  ],
  dateRanges: [['Valid_From', 'Valid_To']],
  defaultSort: [{ field: 'Quota_Code', order: 'asc' }],
});
