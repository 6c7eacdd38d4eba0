// A kind of transport document (spec/3 §4.1: IPB, STO, SPO, SO, PO, TO with names such as "STO OUT"). Its
// flags (spec/3 §3) decide which header fields the SAP order editor and filter ask for. Several rows share a
// Code (STO IN and STO OUT), and util/order_type_fields_code_name looks a row up by code and name, so the
// unique business key is the Name; Info1 carries the transfer direction read into Transfer_Type.
import { defineResource } from '../engine';

export const OrderType = defineResource({
  name: 'OrderType',
  table: 'order_types',
  path: 'order_type',
  key: 'Name',
  display: ['Name', 'Code'],
  lookup: { filters: ['Code'] },
  deleteMode: 'deactivate',
  fields: [
    { name: 'Code', type: 'text', required: true, maxLength: 20 },
    { name: 'Name', type: 'text', required: true, unique: true, maxLength: 50, lookupMinChars: 0 },
    { name: 'Use_Customer', type: 'bool', default: false },
    { name: 'Use_Vendor', type: 'bool', default: false },
    { name: 'Use_GR', type: 'bool', default: false },
    { name: 'Use_DO', type: 'bool', default: false },
    { name: 'Use_SO', type: 'bool', default: false },
    { name: 'Use_LN', type: 'bool', default: false },
    { name: 'Use_PO', type: 'bool', default: false },
    { name: 'Use_STO', type: 'bool', default: false },
    { name: 'Use_Distribution', type: 'bool', default: false },
    { name: 'Info1', type: 'text', maxLength: 50 },
  ],
  defaultSort: [
    { field: 'Code', order: 'asc' },
    { field: 'Name', order: 'asc' },
  ],
});
