// A processing unit of a plant: a palm oil mill, kernel crushing plant or refinery. Transfer orders between
// factories (langsir) name it as Factory_Destination, so rows that orders point at are deactivated, not deleted.
import { defineResource } from '../engine';

export const Factory = defineResource({
  name: 'Factory',
  table: 'factories',
  path: 'factory',
  key: 'Factory_Code',
  display: ['Factory_Code', 'Factory_Name'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Factory_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Factory_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Plant_Code', type: 'ref', ref: 'Plant', required: true },
    {
      name: 'Factory_Type',
      type: 'enum',
      options: ['MILL', 'KERNEL_CRUSHING', 'REFINERY', 'FRACTIONATION', 'BIODIESEL', 'OTHER'],
      required: true,
    },
    // The loading/unloading place freight lanes use for this factory (Location is the end of a lane).
    { name: 'Location_Code', type: 'ref', ref: 'Location', lookupMinChars: 0 },
    // Tonnes a day: mills are rated per hour of FFB and refineries per day, so one unit serves both.
    { name: 'Capacity_Ton_Per_Day', type: 'decimal', precision: 12, scale: 2, min: 0, max: 100000 },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
    { name: 'City', type: 'text', maxLength: 80 },
  ],
  defaultSort: [{ field: 'Factory_Code', order: 'asc' }],
});
