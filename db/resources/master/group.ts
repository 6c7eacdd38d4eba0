// User groups (spec/1 §7): a group grants View/Create/Edit/Delete per menu; a user's rights are the union of
// their active groups'. The permission matrix and the membership have their own admin calls
// (api/admin/routes.ts), since they span every menu and every user rather than fields of one record.
import { defineResource } from '../engine';

/**
 * The administrators group: it grants every screen, so its record, its permissions and who belongs to it are
 * an administrator's to change (api/services/admin-rights.ts).
 */
export const ADMINISTRATORS_GROUP = 'ADMINISTRATOR';

export const Group = defineResource({
  name: 'Group',
  table: 'user_groups',
  path: 'group',
  key: 'Group_Code',
  display: ['Group_Code', 'Group_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Group_Code', column: 'code', type: 'text', required: true, unique: true, maxLength: 50 },
    { name: 'Group_Name', column: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'Description', type: 'textarea', maxLength: 500 },
  ],
  defaultSort: [{ field: 'Group_Code', order: 'asc' }],
});
