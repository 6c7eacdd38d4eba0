// What a driver and truck must bring to keep a dock appointment (licence, vehicle papers, safety gear), for
// every warehouse or for one. Readable without a login (spec/1): transporters and drivers check it.
import { defineResource } from '../engine';

export const AppointmentRequirement = defineResource({
  name: 'AppointmentRequirement',
  table: 'appointment_requirements',
  path: 'appointment_requirement',
  key: 'Appointment_Requirement_Code',
  display: ['Appointment_Requirement_Code', 'Appointment_Requirement_Name'],
  public: true,
  fields: [
    { name: 'Appointment_Requirement_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Appointment_Requirement_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Warehouse_Code', type: 'ref', ref: 'Warehouse', lookupMinChars: 0 },
    { name: 'Is_Mandatory', type: 'bool', default: true },
    { name: 'Description', type: 'textarea', maxLength: 500, list: false },
  ],
  defaultSort: [{ field: 'Appointment_Requirement_Code', order: 'asc' }],
});
