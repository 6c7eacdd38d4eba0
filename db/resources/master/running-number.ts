// The counter behind a document number (order, shipment, ...): prefix + the next number zero-padded. A
// counter is deactivated rather than deleted, because creating it again would restart at 1 and repeat
// numbers already issued. Current_Period is kept by the allocator: when a number is drawn in a later period
// than this one (per Reset_Period), the count starts again at 1.
import { defineResource } from '../engine';

export const RunningNumber = defineResource({
  name: 'RunningNumber',
  table: 'running_numbers',
  path: 'running_number',
  key: 'Running_Number_Code',
  display: ['Running_Number_Code', 'Prefix'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Running_Number_Code', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'Prefix', type: 'text', maxLength: 20 },
    {
      name: 'Next_Number',
      type: 'integer',
      bigint: true,
      required: true,
      min: 1,
      max: 999_999_999_999,
      default: 1,
    },
    { name: 'Padding', type: 'integer', required: true, min: 1, max: 12, default: 6 },
    {
      name: 'Reset_Period',
      type: 'enum',
      options: ['NEVER', 'YEARLY', 'MONTHLY', 'DAILY'],
      required: true,
      default: 'YEARLY',
    },
    { name: 'Current_Period', type: 'text', maxLength: 10, readOnly: true },
  ],
  defaultSort: [{ field: 'Running_Number_Code', order: 'asc' }],
});
