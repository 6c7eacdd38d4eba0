// A SAP purchasing organization: vendor-type SAP orders carry it, and approval matrices may be scoped by it.
// SAP lets one purchasing organization buy for several company codes, so the company is optional.
import { defineResource } from '../engine';

export const PurchaseOrganization = defineResource({
  name: 'PurchaseOrganization',
  table: 'purchase_organizations',
  path: 'purchase_organization',
  key: 'Purchase_Organization_Code',
  display: ['Purchase_Organization_Code', 'Purchase_Organization_Name'],
  lookup: { filters: ['Company_Code'] },
  deleteMode: 'deactivate',
  fields: [
    {
      name: 'Purchase_Organization_Code',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 10,
      lookupMinChars: 0,
    },
    { name: 'Purchase_Organization_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Company_Code', type: 'ref', ref: 'Company' },
  ],
  defaultSort: [{ field: 'Purchase_Organization_Code', order: 'asc' }],
});
