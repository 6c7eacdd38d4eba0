// A delivery term (SAP INCO1) of SAP orders. Whether an incoterm makes an order a relation (the customer or
// vendor collects) depends on the order type too, so that lives in the RELATION_SETTING lookup group.
import { defineResource } from '../engine';

export const Incoterms = defineResource({
  name: 'Incoterms',
  table: 'incoterms',
  path: 'incoterms',
  key: 'Incoterm_Code',
  display: ['Incoterm_Code', 'Incoterm_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Incoterm_Code', type: 'text', required: true, unique: true, maxLength: 10, lookupMinChars: 0 },
    { name: 'Incoterm_Name', type: 'text', required: true, maxLength: 120 },
  ],
  defaultSort: [{ field: 'Incoterm_Code', order: 'asc' }],
});
