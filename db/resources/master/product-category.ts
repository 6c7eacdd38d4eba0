// A family of materials that share freight rates and truck types (e.g. crude palm oil, kernels, fertiliser).
import { defineResource } from '../engine';

export const ProductCategory = defineResource({
  name: 'ProductCategory',
  table: 'product_categories',
  path: 'product_category',
  key: 'Category_Code',
  display: ['Category_Code', 'Category_Name'],
  fields: [
    { name: 'Category_Code', type: 'text', required: true, unique: true, maxLength: 20, lookupMinChars: 0 },
    { name: 'Category_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Is_Liquid', type: 'bool', default: false },
  ],
  defaultSort: [{ field: 'Category_Code', order: 'asc' }],
});
