// A transport company (SAP vendor of freight services). Its users, drivers and trucks belong to it.
import { defineResource } from '../engine';

export const Transporter = defineResource({
  name: 'Transporter',
  table: 'transporters',
  path: 'transporter',
  key: 'Transporter_Code',
  display: ['Transporter_Code', 'Transporter_Name'],
  deleteMode: 'deactivate',
  // A transporter's own users see its own record only, not its competitors'.
  owner: { field: 'Transporter_Code', userColumn: 'transporter_code' },
  fields: [
    { name: 'Transporter_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Transporter_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Sap_Vendor_Code', type: 'text', maxLength: 20, unique: true },
    { name: 'Tax_Number', type: 'text', maxLength: 30 },
    { name: 'Email', type: 'text', maxLength: 120 },
    { name: 'Phone', type: 'text', maxLength: 30 },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
    { name: 'City', type: 'text', maxLength: 80 },
    { name: 'Excluded', type: 'bool', default: false },
  ],
  defaultSort: [{ field: 'Transporter_Code', order: 'asc' }],
});
