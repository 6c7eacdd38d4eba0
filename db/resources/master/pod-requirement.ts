// A document a shipment's proof of delivery must include (signed delivery note, weighbridge ticket, ...),
// for every order type or for one. Readable without a login (spec/1): drivers and customers check it.
import { defineResource } from '../engine';

export const PODRequirement = defineResource({
  name: 'PODRequirement',
  table: 'pod_requirements',
  path: 'pod_requirement',
  key: 'POD_Requirement_Code',
  display: ['POD_Requirement_Code', 'POD_Requirement_Name'],
  public: true,
  fields: [
    { name: 'POD_Requirement_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'POD_Requirement_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Order_Type', type: 'ref', ref: 'OrderType' },
    { name: 'Is_Mandatory', type: 'bool', default: true },
    { name: 'Description', type: 'textarea', maxLength: 500, list: false },
  ],
  defaultSort: [{ field: 'POD_Requirement_Code', order: 'asc' }],
});
