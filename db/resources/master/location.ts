// A place goods are loaded or unloaded (plant gate, port, customer site): the ends of a freight lane.
import { defineResource } from '../engine';

export const Location = defineResource({
  name: 'Location',
  table: 'locations',
  path: 'location',
  key: 'Location_Code',
  display: ['Location_Code', 'Location_Name'],
  lookup: { filters: ['Plant_Code'] },
  deleteMode: 'deactivate',
  fields: [
    { name: 'Location_Code', type: 'text', required: true, unique: true, maxLength: 20, lookupMinChars: 0 },
    { name: 'Location_Name', type: 'text', required: true, maxLength: 120 },
    {
      name: 'Location_Type',
      type: 'enum',
      options: ['PLANT', 'PORT', 'CUSTOMER', 'VENDOR', 'WAREHOUSE', 'OTHER'],
      required: true,
    },
    { name: 'Plant_Code', type: 'ref', ref: 'Plant' },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
    { name: 'City', type: 'text', maxLength: 80 },
    { name: 'Province', type: 'text', maxLength: 80 },
    { name: 'Latitude', type: 'decimal', precision: 9, scale: 6, min: -90, max: 90, list: false },
    { name: 'Longitude', type: 'decimal', precision: 9, scale: 6, min: -180, max: 180, list: false },
  ],
  defaultSort: [{ field: 'Location_Code', order: 'asc' }],
});
