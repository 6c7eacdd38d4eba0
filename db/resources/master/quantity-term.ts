// Quantity Terms: which weighing decides the quantity that is settled (spec/3 weighbridge types LOADING,
// DESTINATION), and the loss in transit accepted before it is charged back.
import { defineResource } from '../engine';

export const QuantityTerm = defineResource({
  name: 'QuantityTerm',
  table: 'quantity_terms',
  path: 'quantity_term',
  key: 'Quantity_Term_Code',
  display: ['Quantity_Term_Code', 'Quantity_Term_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Quantity_Term_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'Quantity_Term_Name', type: 'text', required: true, maxLength: 120 },
    {
      name: 'Weighbridge_Type',
      type: 'enum',
      options: ['LOADING', 'DESTINATION'],
      required: true,
      default: 'LOADING',
    },
    { name: 'Tolerance_Percent', type: 'decimal', precision: 5, scale: 2, min: 0, max: 100 },
  ],
  defaultSort: [{ field: 'Quantity_Term_Code', order: 'asc' }],
});
