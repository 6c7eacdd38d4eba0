// A SAP customer (business partner that buys): sales and delivery orders name it, customer users see its
// orders, and when the customer collects the goods itself it is the order's "relation". Orders keep it, so it
// is deactivated rather than deleted.
import { defineResource } from '../engine';

export const Customer = defineResource({
  name: 'Customer',
  table: 'customers',
  path: 'customer',
  key: 'Customer_Code',
  display: ['Customer_Code', 'Customer_Name'],
  deleteMode: 'deactivate',
  fields: [
    // SAP customer number (KUNNR, 10 characters).
    { name: 'Customer_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'Customer_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Tax_Number', type: 'text', maxLength: 30 },
    // SAP account group (KTOKD): tells domestic, export and intercompany customers apart.
    { name: 'Sap_Account_Group', type: 'text', maxLength: 4 },
    // Where its deliveries usually unload: the destination offered first for freight.
    { name: 'Location_Code', type: 'ref', ref: 'Location', lookupMinChars: 0 },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
    { name: 'City', type: 'text', maxLength: 80 },
    { name: 'Province', type: 'text', maxLength: 80 },
    { name: 'Postal_Code', type: 'text', maxLength: 10, list: false },
    { name: 'Phone', type: 'text', maxLength: 30 },
    { name: 'Email', type: 'text', maxLength: 120 },
  ],
  defaultSort: [{ field: 'Customer_Code', order: 'asc' }],
});
