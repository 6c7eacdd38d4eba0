// A VAT (PPN) rate with the period it applies to: freight postings take the rate valid on their date, so a
// change of regulation is a new row, not an edit of the old one.
import { defineResource } from '../engine';

export const VATRegulation = defineResource({
  name: 'VATRegulation',
  table: 'vat_regulations',
  path: 'vat_regulation',
  key: 'VAT_Code',
  display: ['VAT_Code', 'VAT_Name'],
  deleteMode: 'deactivate',
  dateRanges: [['Valid_From', 'Valid_To']],
  fields: [
    { name: 'VAT_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'VAT_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'VAT_Rate', type: 'decimal', precision: 5, scale: 2, required: true, min: 0, max: 100 },
    { name: 'Valid_From', type: 'date', required: true },
    { name: 'Valid_To', type: 'date' },
  ],
  defaultSort: [
    { field: 'VAT_Code', order: 'asc' },
    { field: 'Valid_From', order: 'desc' },
  ],
});
