// A SAP material. Quantities of every order line are converted to KG through MaterialConversion.
import { defineResource } from '../engine';

export const Material = defineResource({
  name: 'Material',
  table: 'materials',
  path: 'material',
  key: 'Material_Code',
  display: ['Material_Code', 'Material_Name'],
  // A line that picks a material takes its base unit as the line's unit (the SAP order editor).
  lookup: { columns: ['Base_Uom'] },
  deleteMode: 'deactivate',
  fields: [
    { name: 'Material_Code', type: 'text', required: true, unique: true, maxLength: 40 },
    { name: 'Material_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Category_Code', type: 'ref', ref: 'ProductCategory', required: true },
    { name: 'Base_Uom', type: 'text', required: true, maxLength: 6, default: 'KG' },
    { name: 'Material_Group', type: 'text', maxLength: 20 },
    { name: 'Is_Bulk', type: 'bool', default: true },
  ],
  defaultSort: [{ field: 'Material_Code', order: 'asc' }],
});
