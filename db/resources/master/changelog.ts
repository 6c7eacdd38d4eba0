// Release notes shown by the top bar's changelog panel (util/changelog): a version, its date and its lines.
// Administrators keep them here; a deactivated version disappears from the panel.
import { defineResource } from '../engine';

export const Changelog = defineResource({
  name: 'Changelog',
  table: 'changelogs',
  path: 'changelog',
  key: 'Version',
  display: ['Version', 'Version_Date'],
  fields: [
    { name: 'Version', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'Version_Date', type: 'date', required: true },
  ],
  children: [
    {
      name: 'Details',
      table: 'changelog_details',
      parentColumn: 'changelog_id',
      minRows: 1,
      fields: [
        { name: 'Description', type: 'textarea', required: true, maxLength: 2000 },
        { name: 'Sort_Order', type: 'integer', min: 0, max: 9999, default: 0 },
      ],
    },
  ],
  defaultSort: [{ field: 'Version_Date', order: 'desc' }],
});
