// A SAP sales organization: customer-type SAP orders carry it, and it belongs to one company code.
import { defineResource } from '../engine';

export const SalesOrganization = defineResource({
  name: 'SalesOrganization',
  table: 'sales_organizations',
  path: 'sales_organization',
  key: 'Sales_Organization_Code',
  display: ['Sales_Organization_Code', 'Sales_Organization_Name'],
  lookup: { filters: ['Company_Code'] },
  deleteMode: 'deactivate',
  fields: [
    {
      name: 'Sales_Organization_Code',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 10,
      lookupMinChars: 0,
    },
    { name: 'Sales_Organization_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Company_Code', type: 'ref', ref: 'Company', required: true },
  ],
  defaultSort: [{ field: 'Sales_Organization_Code', order: 'asc' }],
});
