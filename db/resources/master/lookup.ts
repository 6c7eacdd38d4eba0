// The Lookup master: small code lists grouped by Lookup_Group (spec/3 §4.1), which `lookup` fields of other
// resources and screens choose from. A code is unique within its group only (STO_FILTER_BY and IPB_FILTER_BY
// both hold SHIPMENT), so Lookup_Code is the key with Lookup_Group beside it. Lookup_Info1 and Lookup_Info2 carry
// what a group needs per value: e.g. the assign-transporter reason that asks for free text (Info1 Y), or the
// shipment type a langsir type sets. Lookup_Text_Id may stay empty; the English text stands in for it.
import { defineResource } from '../engine';

export const Lookup = defineResource({
  name: 'Lookup',
  table: 'lookups',
  path: 'lookup',
  key: 'Lookup_Code',
  display: ['Lookup_Code', 'Lookup_Text_En'],
  deleteMode: 'deactivate',
  // Every screen shows lookup values (a shipment type, a reason), so any signed-in user may look them up; the
  // console and the driver app ask for one group (`group`), and read its text in their language.
  lookup: {
    filters: ['Lookup_Group', 'Lookup_Info1', 'Lookup_Info2'],
    paramNames: { group: 'Lookup_Group' },
    columns: ['Lookup_Group', 'Lookup_Text_Id', 'Lookup_Info1', 'Lookup_Info2'],
    indonesian: { Lookup_Text_En: 'Lookup_Text_Id' },
    audience: 'signedIn',
  },
  fields: [
    { name: 'Lookup_Group', type: 'text', required: true, maxLength: 50 },
    { name: 'Lookup_Code', type: 'text', required: true, uniqueWith: ['Lookup_Group'], maxLength: 50 },
    { name: 'Lookup_Text_En', type: 'text', required: true, maxLength: 200 },
    { name: 'Lookup_Text_Id', type: 'text', maxLength: 200 },
    { name: 'Lookup_Info1', type: 'text', maxLength: 100 },
    { name: 'Lookup_Info2', type: 'text', maxLength: 100 },
    { name: 'Sort_Order', type: 'integer', required: true, min: 0, max: 9999, default: 0 },
  ],
  defaultSort: [
    { field: 'Lookup_Group', order: 'asc' },
    { field: 'Sort_Order', order: 'asc' },
    { field: 'Lookup_Code', order: 'asc' },
  ],
});
