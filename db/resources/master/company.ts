// A legal entity of the group (SAP company code): orders, freight charges and approvals are per company.
import { defineResource } from '../engine';

export const Company = defineResource({
  name: 'Company',
  table: 'companies',
  path: 'company',
  key: 'Company_Code',
  display: ['Company_Code', 'Company_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Company_Code', type: 'text', required: true, unique: true, maxLength: 10, lookupMinChars: 0 },
    { name: 'Company_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Tax_Number', type: 'text', maxLength: 30, group: 'legal' },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false, group: 'legal' },
    { name: 'City', type: 'text', maxLength: 80, group: 'legal' },
    { name: 'Currency', type: 'text', maxLength: 3, default: 'IDR' },
  ],
  defaultSort: [{ field: 'Company_Code', order: 'asc' }],
});
