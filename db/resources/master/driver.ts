// A driver employed by a transporter. Shipments record who drove, so a driver who leaves is deactivated, not
// deleted. The licence (SIM) class and expiry let assignment refuse a driver who may not drive a truck today.
import { defineResource } from '../engine';

export const Driver = defineResource({
  name: 'Driver',
  table: 'drivers',
  path: 'driver',
  key: 'Driver_Code',
  display: ['Driver_Code', 'Driver_Name'],
  deleteMode: 'deactivate',
  owner: { field: 'Transporter_Code', userColumn: 'transporter_code' },
  // The assignment's driver select narrows by transporter (spec/3 §7 list/driver transporter_code).
  lookup: { filters: ['Transporter_Code'] },
  fields: [
    { name: 'Driver_Code', type: 'text', required: true, unique: true, maxLength: 20, lookupMinChars: 0 },
    { name: 'Driver_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Transporter_Code', type: 'ref', ref: 'Transporter', required: true },
    // Not unique: a driver who moves to another transporter gets a new record while the old one keeps history.
    { name: 'License_No', type: 'text', required: true, maxLength: 30 },
    // Indonesian SIM classes; trucks need B1 or B2, and "UMUM" is the commercial variant.
    {
      name: 'License_Type',
      type: 'enum',
      options: ['A', 'A_UMUM', 'B1', 'B1_UMUM', 'B2', 'B2_UMUM'],
      required: true,
    },
    { name: 'License_Expiry_Date', type: 'date', required: true },
    { name: 'Phone', type: 'text', maxLength: 30 },
    // National identity number (NIK on the KTP), checked at the gate.
    { name: 'Id_Card_No', type: 'text', maxLength: 20 },
    { name: 'Date_Of_Birth', type: 'date', list: false },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
  ],
  defaultSort: [{ field: 'Driver_Code', order: 'asc' }],
});
