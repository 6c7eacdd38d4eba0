// A lane from one Location to another with its road distance and usual driving time: the estimates behind
// appointment times and service-level reports. One route per direction of a lane, so the figures are unambiguous.
import { defineResource } from '../engine';

export const Route = defineResource({
  name: 'Route',
  table: 'routes',
  path: 'route',
  key: 'Route_Code',
  display: ['Route_Code', 'Route_Name'],
  fields: [
    { name: 'Route_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Route_Name', type: 'text', required: true, maxLength: 120 },
    {
      name: 'Origin_Location_Code',
      type: 'ref',
      ref: 'Location',
      required: true,
      lookupMinChars: 0,
      uniqueWith: ['Destination_Location_Code'],
    },
    { name: 'Destination_Location_Code', type: 'ref', ref: 'Location', required: true, lookupMinChars: 0 },
    { name: 'Distance_Km', type: 'decimal', precision: 10, scale: 2, required: true, min: 0, max: 10000 },
    { name: 'Lead_Time_Hours', type: 'decimal', precision: 8, scale: 2, required: true, min: 0, max: 1000 },
  ],
  defaultSort: [{ field: 'Route_Code', order: 'asc' }],
});
