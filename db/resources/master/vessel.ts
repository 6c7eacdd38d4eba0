// A sea vessel an order may be stuffed for (spec/2: vessel chosen from list/vessel_code). The list comes
// from outside (spec/1: Index only, no login), so the console shows it and never edits it.
import { defineResource } from '../engine';

export const Vessel = defineResource({
  name: 'Vessel',
  table: 'vessels',
  path: 'vessel',
  key: 'Vessel_Code',
  display: ['Vessel_Code', 'Vessel_Name'],
  public: true,
  // spec/2 §7 names the order screens' vessel select list/vessel_code.
  lookup: { aliases: ['vessel_code'] },
  readOnly: true,
  fields: [
    { name: 'Vessel_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Vessel_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'IMO_No', type: 'text', unique: true, maxLength: 7 },
    { name: 'Flag', type: 'text', maxLength: 60 },
    { name: 'Capacity_Ton', type: 'decimal', precision: 12, scale: 2, min: 0, max: 9_999_999_999 },
  ],
  defaultSort: [{ field: 'Vessel_Name', order: 'asc' }],
});
