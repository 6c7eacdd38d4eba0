// A rule an order line may need beside its LN type (spec/2: list/incoterm_rule filtered by ln_type; the
// line's Incoterm_Rule is editable only when the line requires one).
import { defineResource } from '../engine';

export const IncotermRule = defineResource({
  name: 'IncotermRule',
  table: 'incoterm_rules',
  path: 'incoterm_rule',
  key: 'Incoterm_Rule_Code',
  display: ['Incoterm_Rule_Code', 'Incoterm_Rule_Name'],
  // The assign and edit panels ask list/incoterm_rule?ln_type=<the line's LN type> (spec/2 §7).
  lookup: { paramNames: { ln_type: 'LN_Type' }, columns: ['LN_Type'] },
  deleteMode: 'deactivate',
  fields: [
    { name: 'Incoterm_Rule_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Incoterm_Rule_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'LN_Type', type: 'text', maxLength: 20 },
    { name: 'Incoterm_Code', type: 'ref', ref: 'Incoterms' },
  ],
  defaultSort: [{ field: 'Incoterm_Rule_Code', order: 'asc' }],
});
