// The dock capacity of a warehouse on one day of the week: hourly slots, each taking so many trucks. A
// shipment's appointment is booked into a free slot; one outside the matrix waits for approval (DESIGN §4,
// shipments). One matrix per warehouse and day. Two slots may not start at the same hour and a slot must end
// after it starts: the table enforces both, because the engine has no rule across the fields of a child row.
import { defineResource } from '../engine';

export const AppointmentMatrix = defineResource({
  name: 'AppointmentMatrix',
  table: 'appointment_matrices',
  path: 'appointment_matrix',
  key: 'Appointment_Matrix_Code',
  display: ['Appointment_Matrix_Code', 'Warehouse_Code', 'Day_Of_Week'],
  fields: [
    { name: 'Appointment_Matrix_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Warehouse_Code', type: 'ref', ref: 'Warehouse', required: true, lookupMinChars: 0 },
    {
      name: 'Day_Of_Week',
      type: 'enum',
      options: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      required: true,
      uniqueWith: ['Warehouse_Code'],
    },
    { name: 'Description', type: 'text', maxLength: 200 },
  ],
  children: [
    {
      name: 'Slots',
      table: 'appointment_matrix_slots',
      parentColumn: 'appointment_matrix_id',
      fields: [
        // Hours of the warehouse's local day; a slot runs from Hour_Start to Hour_End (exclusive).
        { name: 'Hour_Start', type: 'integer', required: true, min: 0, max: 23 },
        { name: 'Hour_End', type: 'integer', required: true, min: 1, max: 24 },
        { name: 'Capacity_Truck', type: 'integer', required: true, min: 1, max: 999 },
      ],
    },
  ],
  // Not by day: the names would sort alphabetically (FRIDAY first).
  defaultSort: [
    { field: 'Warehouse_Code', order: 'asc' },
    { field: 'Appointment_Matrix_Code', order: 'asc' },
  ],
});
