// How many KG one unit of a material is (DESIGN §4 "Conversion": freight and truck capacity are computed in
// KG). A material may have several factors for one unit, told apart by Conversion_Type (e.g. net and gross
// weight of a bag, or a density for litres). Which type applies: the warehouse's Conversion_Type, else the row
// marked Is_Default. A company may keep its own factors; rows without a company hold for the whole group, and a
// company's own row wins over them.
//
// Conversion_Code has no meaning of its own: left empty, the database gives the next CNV number.
import { defineResource } from '../engine';

export const MaterialConversion = defineResource({
  name: 'MaterialConversion',
  table: 'material_conversions',
  path: 'material_conversion',
  key: 'Conversion_Code',
  display: ['Conversion_Code', 'Material_Code', 'From_Uom', 'Conversion_Type'],
  fields: [
    { name: 'Conversion_Code', type: 'text', unique: true, maxLength: 20 },
    { name: 'Description', type: 'text', maxLength: 120 },
    { name: 'Material_Code', type: 'ref', ref: 'Material', required: true },
    {
      name: 'From_Uom',
      type: 'text',
      required: true,
      maxLength: 6,
      uniqueWith: ['Material_Code', 'Conversion_Type', 'Company_Code'],
    },
    {
      name: 'Conversion_Type',
      type: 'lookup',
      lookupGroup: 'CONVERSION_TYPE',
      required: true,
      maxLength: 50,
    },
    {
      name: 'Factor_Kg',
      type: 'decimal',
      precision: 18,
      scale: 6,
      required: true,
      min: 0.000001,
      max: 1000000,
    },
    { name: 'Company_Code', type: 'ref', ref: 'Company' },
    { name: 'Is_Default', type: 'bool', default: false },
  ],
  defaultSort: [
    { field: 'Material_Code', order: 'asc' },
    { field: 'From_Uom', order: 'asc' },
  ],
});
