// A person in charge of transport contracts, named on freight documents as the company's contact.
import { defineResource } from '../engine';

export const PICContract = defineResource({
  name: 'PICContract',
  table: 'pic_contracts',
  path: 'pic_contract',
  key: 'PIC_Contract_Code',
  display: ['PIC_Contract_Code', 'PIC_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'PIC_Contract_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'PIC_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Position', type: 'text', maxLength: 80 },
    { name: 'Email', type: 'text', maxLength: 120 },
    { name: 'Phone', type: 'text', maxLength: 30 },
    { name: 'Company_Code', type: 'ref', ref: 'Company' },
  ],
  defaultSort: [{ field: 'PIC_Contract_Code', order: 'asc' }],
});
