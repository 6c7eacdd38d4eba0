// A SAP plant: the site that ships or receives goods (mill, refinery, estate, bulking station).
import { defineResource } from '../engine';

export const Plant = defineResource({
  name: 'Plant',
  table: 'plants',
  path: 'plant',
  key: 'Plant_Code',
  display: ['Plant_Code', 'Plant_Name'],
  lookup: { filters: ['Company_Code'] },
  deleteMode: 'deactivate',
  fields: [
    { name: 'Plant_Code', type: 'text', required: true, unique: true, maxLength: 10 },
    { name: 'Plant_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Company_Code', type: 'ref', ref: 'Company', required: true },
    {
      name: 'Plant_Type',
      type: 'enum',
      options: ['MILL', 'REFINERY', 'ESTATE', 'BULKING', 'WAREHOUSE', 'OFFICE'],
      required: true,
    },
    { name: 'City', type: 'text', maxLength: 80 },
    { name: 'Province', type: 'text', maxLength: 80 },
  ],
  defaultSort: [{ field: 'Plant_Code', order: 'asc' }],
});
