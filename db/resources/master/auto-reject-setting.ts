// How many hours a transporter has to accept an assignment before it is rejected automatically (DESIGN §4:
// Auto_Reject_Date = assignment time + these hours, passed to the order workflow). A setting applies to its
// company; order type and transporter narrow it when filled and match any when empty, and the most specific
// matching setting wins.
import { defineResource } from '../engine';

export const AutoRejectSetting = defineResource({
  name: 'AutoRejectSetting',
  table: 'auto_reject_settings',
  path: 'auto_reject_setting',
  key: 'Auto_Reject_Setting_Code',
  display: ['Auto_Reject_Setting_Code', 'Description'],
  fields: [
    { name: 'Auto_Reject_Setting_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    {
      name: 'Company_Code',
      type: 'ref',
      ref: 'Company',
      required: true,
      uniqueWith: ['Order_Type', 'Transporter_Code'],
    },
    { name: 'Order_Type', type: 'ref', ref: 'OrderType' },
    { name: 'Transporter_Code', type: 'ref', ref: 'Transporter' },
    { name: 'Auto_Reject_Hours', type: 'integer', required: true, min: 1, max: 720, default: 24 },
    { name: 'Description', type: 'text', maxLength: 200 },
  ],
  defaultSort: [
    { field: 'Company_Code', order: 'asc' },
    { field: 'Auto_Reject_Setting_Code', order: 'asc' },
  ],
});
