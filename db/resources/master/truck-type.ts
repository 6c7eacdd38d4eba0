// A kind of vehicle freight is priced for, with its payload in KG (trips = ceil(total KG / capacity)).
import { defineResource } from '../engine';

export const TruckType = defineResource({
  name: 'TruckType',
  table: 'truck_types',
  path: 'truck_type',
  key: 'Truck_Type_Code',
  display: ['Truck_Type_Code', 'Truck_Type_Name'],
  fields: [
    { name: 'Truck_Type_Code', type: 'text', required: true, unique: true, maxLength: 20, lookupMinChars: 0 },
    { name: 'Truck_Type_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Capacity_Kg', type: 'decimal', precision: 12, scale: 2, required: true, min: 1, max: 100000 },
    { name: 'Axles', type: 'integer', min: 2, max: 12 },
    { name: 'Is_Tanker', type: 'bool', default: false },
  ],
  defaultSort: [{ field: 'Truck_Type_Code', order: 'asc' }],
});
