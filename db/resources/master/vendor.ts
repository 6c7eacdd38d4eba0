// A SAP vendor (business partner that supplies): purchase orders and goods receipts (e.g. fresh fruit bunches
// from outgrowers) name it, vendor users see its orders, and when it delivers with its own trucks it is the
// order's "relation". Orders keep it, so it is deactivated rather than deleted. Transporters are vendors too in
// SAP but have their own master (Transporter), because they carry rather than sell.
import { defineResource } from '../engine';

export const Vendor = defineResource({
  name: 'Vendor',
  table: 'vendors',
  path: 'vendor',
  key: 'Vendor_Code',
  display: ['Vendor_Code', 'Vendor_Name'],
  deleteMode: 'deactivate',
  fields: [
    // SAP vendor number (LIFNR, 10 characters).
    { name: 'Vendor_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'Vendor_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Tax_Number', type: 'text', maxLength: 30 },
    // SAP account group (KTOKK): tells suppliers, outgrowers and intercompany vendors apart.
    { name: 'Sap_Account_Group', type: 'text', maxLength: 4 },
    // Where its goods are usually picked up: the loading place offered first for freight.
    { name: 'Location_Code', type: 'ref', ref: 'Location', lookupMinChars: 0 },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
    { name: 'City', type: 'text', maxLength: 80 },
    { name: 'Province', type: 'text', maxLength: 80 },
    { name: 'Postal_Code', type: 'text', maxLength: 10, list: false },
    { name: 'Phone', type: 'text', maxLength: 30 },
    { name: 'Email', type: 'text', maxLength: 120 },
  ],
  defaultSort: [{ field: 'Vendor_Code', order: 'asc' }],
});
