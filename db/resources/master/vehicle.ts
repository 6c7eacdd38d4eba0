// A truck of a transporter, known by its plate. Its own payload (from the KIR test) may be below its truck
// type's nominal capacity, and STNK (registration) and KIR (roadworthiness) expiry let assignment refuse a
// truck that may not be on the road. Shipments record the truck, so it is deactivated rather than deleted.
//
// Helper locations (spec/3 §2.6, §4.3) are the Locations the truck serves; the driver and truck selects of an
// assignment at a location offer the trucks listed for it.
import { defineResource } from '../engine';

export const Vehicle = defineResource({
  name: 'Vehicle',
  table: 'vehicles',
  path: 'vehicle',
  key: 'Plate_No',
  display: ['Plate_No', 'Truck_Type_Code'],
  deleteMode: 'deactivate',
  owner: { field: 'Transporter_Code', userColumn: 'transporter_code' },
  // The assignment's truck select narrows by transporter (spec/3 §7 list/vehicle transporter_code).
  lookup: { filters: ['Transporter_Code'] },
  fields: [
    { name: 'Plate_No', type: 'text', required: true, unique: true, maxLength: 20, lookupMinChars: 0 },
    { name: 'Transporter_Code', type: 'ref', ref: 'Transporter', required: true },
    { name: 'Truck_Type_Code', type: 'ref', ref: 'TruckType', required: true, lookupMinChars: 0 },
    { name: 'Capacity_Kg', type: 'decimal', precision: 12, scale: 2, required: true, min: 1, max: 100000 },
    // Empty weight, to check the first weighing at the gate.
    { name: 'Tare_Kg', type: 'decimal', precision: 12, scale: 2, min: 0, max: 100000, list: false },
    { name: 'Brand', type: 'text', maxLength: 60 },
    { name: 'Year_Built', type: 'integer', min: 1980, max: 2100 },
    { name: 'Chassis_No', type: 'text', maxLength: 30, list: false },
    { name: 'Engine_No', type: 'text', maxLength: 30, list: false },
    { name: 'Stnk_Expiry_Date', type: 'date' },
    { name: 'Kir_No', type: 'text', maxLength: 30, list: false },
    { name: 'Kir_Expiry_Date', type: 'date' },
  ],
  children: [
    {
      name: 'Helper_Locations',
      table: 'vehicle_helper_locations',
      parentColumn: 'vehicle_id',
      fields: [{ name: 'Location_Code', type: 'ref', ref: 'Location', required: true, lookupMinChars: 0 }],
    },
  ],
  defaultSort: [{ field: 'Plate_No', order: 'asc' }],
});
