// Terms of FRC (menu title "Terms of FRC"): the named terms a franco (FRC, seller-delivered) sale is made on,
// picked on documents by code.
import { defineResource } from '../engine';

export const FRCTerm = defineResource({
  name: 'FRCTerm',
  table: 'frc_terms',
  path: 'frc_term',
  key: 'FRC_Term_Code',
  display: ['FRC_Term_Code', 'FRC_Term_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'FRC_Term_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'FRC_Term_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Description', type: 'textarea', maxLength: 500, list: false },
  ],
  defaultSort: [{ field: 'FRC_Term_Code', order: 'asc' }],
});
