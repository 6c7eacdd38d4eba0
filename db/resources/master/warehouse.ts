// A warehouse, tank farm or bulking site of a plant where trucks book appointments and load or unload. Its
// docks and storage places are a child list, so appointments and shipments can name where a truck goes.
// Shipments keep the warehouse they used, so it is deactivated rather than deleted.
import { defineResource } from '../engine';

export const Warehouse = defineResource({
  name: 'Warehouse',
  table: 'warehouses',
  path: 'warehouse',
  key: 'Warehouse_Code',
  display: ['Warehouse_Code', 'Warehouse_Name'],
  lookup: { filters: ['Plant_Code'] },
  deleteMode: 'deactivate',
  fields: [
    { name: 'Warehouse_Code', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'Warehouse_Name', type: 'text', required: true, maxLength: 120 },
    { name: 'Plant_Code', type: 'ref', ref: 'Plant', required: true },
    // Freight is priced between Locations; this ties the warehouse to the lane end it sits at.
    { name: 'Location_Code', type: 'ref', ref: 'Location', lookupMinChars: 0 },
    // SAP storage location (LGORT, 4 characters) that goods movements of this warehouse post to.
    { name: 'Sap_Storage_Location', type: 'text', maxLength: 4 },
    // Which MaterialConversion type turns quantities handled here into KG; empty: the material's default.
    { name: 'Conversion_Type', type: 'lookup', lookupGroup: 'CONVERSION_TYPE', maxLength: 50 },
    { name: 'Use_Appointment', type: 'bool', default: true },
    { name: 'Address', type: 'textarea', maxLength: 500, list: false },
    { name: 'City', type: 'text', maxLength: 80 },
  ],
  children: [
    {
      name: 'Docks',
      table: 'warehouse_docks',
      parentColumn: 'warehouse_id',
      fields: [
        { name: 'Dock_Code', type: 'text', required: true, maxLength: 20 },
        { name: 'Dock_Name', type: 'text', required: true, maxLength: 120 },
        { name: 'Dock_Type', type: 'enum', options: ['LOADING', 'UNLOADING', 'STORAGE'], required: true },
      ],
    },
  ],
  defaultSort: [{ field: 'Warehouse_Code', order: 'asc' }],
});
