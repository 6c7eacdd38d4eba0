// Accounts (spec/3 §6). The generic editor keeps the profile; passwords, group membership and deactivation
// have their own admin actions, so the password and login-state columns are internal here.
import { defineResource } from '../engine';

export const User = defineResource({
  name: 'User',
  table: 'users',
  path: 'user',
  key: 'Username',
  display: ['Username', 'Full_Name'],
  deleteMode: 'deactivate',
  // Names of people: looked up by staff only (approvers of the Approval Matrix), never by outside companies.
  lookup: { audience: 'staff' },
  // An administrator's deactivation is told apart from the inactivity schedule's (spec/3 §6).
  deactivateSets: { inactive_reason: 'ADMIN', inactive_date: 'now' },
  internalColumns: [
    'password_hash',
    'must_change_password',
    'change_password_reason',
    'password_changed_date',
    'privacy_consent_date',
    'last_login_date',
    'inactive_reason',
    'inactive_date',
    'reactivated_date',
  ],
  fields: [
    { name: 'Username', type: 'text', required: true, unique: true, maxLength: 100 },
    { name: 'Full_Name', type: 'text', required: true, maxLength: 200 },
    { name: 'Employee_Number', type: 'text', maxLength: 50 },
    { name: 'Email', type: 'text', maxLength: 200 },
    { name: 'Phone', type: 'text', maxLength: 50 },
    {
      name: 'Role',
      type: 'enum',
      options: ['USER', 'TRANSPORTER', 'DRIVER', 'CUSTOMER', 'VENDOR'],
      required: true,
      default: 'USER',
    },
    { name: 'Is_Admin', type: 'bool', default: false },
    { name: 'Use_AD', type: 'bool', default: false },
    { name: 'Department', type: 'enum', options: ['WAREHOUSE', 'LOGISTIC'] },
    { name: 'Language', type: 'enum', options: ['en', 'id'], required: true, default: 'en' },
    { name: 'Transporter_Code', type: 'ref', ref: 'Transporter', maxLength: 50 },
    { name: 'Customer_Vendor_Code', type: 'text', maxLength: 50 },
  ],
  children: [
    {
      // The companies and plants whose SAP documents the user may bring in ("Filter from SAP") and whose SAP
      // orders they may create and edit; an empty plant grants every plant of the company. Admins need none.
      name: 'Authorized_Plants',
      table: 'user_plants',
      parentColumn: 'user_id',
      fields: [
        { name: 'Company_Code', type: 'ref', ref: 'Company', required: true },
        { name: 'Plant_Code', type: 'ref', ref: 'Plant' },
      ],
    },
  ],
  defaultSort: [{ field: 'Username', order: 'asc' }],
});
