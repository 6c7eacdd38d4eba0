// A freight rate (DESIGN §4 "Freight master rows"): what a transporter charges to carry a product category, or
// one material, with a truck type from a loading Location to a destination Location, billed to the company
// that pays the freight (charge OA, "ongkos angkut"). The cost is per Uom of weight, or with Is_Value a lump
// sum per trip or container. Truck_Capacity_Kg is the payload the rate assumes: the freight options compute
// trips as ceil(total KG / capacity) from it. Orders keep the rate they were priced with, so a rate is
// deactivated rather than deleted.
//
// A rate has no natural code: left empty, Freight_Code is given the next FRT number by the database.
import { defineResource } from '../engine';

export const Freight = defineResource({
  name: 'Freight',
  table: 'freight_rates',
  path: 'freight',
  key: 'Freight_Code',
  display: ['Freight_Code', 'Loading_Location_Code', 'Destination_Location_Code', 'Transporter_Code'],
  deleteMode: 'deactivate',
  fields: [
    { name: 'Freight_Code', type: 'text', unique: true, maxLength: 20 },
    {
      name: 'Loading_Location_Code',
      type: 'ref',
      ref: 'Location',
      required: true,
      lookupMinChars: 0,
      // The same rate twice from the same day would make the freight options ambiguous.
      uniqueWith: [
        'Destination_Location_Code',
        'Transporter_Code',
        'Truck_Type_Code',
        'Category_Code',
        'Material_Code',
        'Charge_OA_Company_Code',
        'Trip_Type',
        'Valid_From',
      ],
    },
    { name: 'Destination_Location_Code', type: 'ref', ref: 'Location', required: true, lookupMinChars: 0 },
    { name: 'Transporter_Code', type: 'ref', ref: 'Transporter', required: true },
    { name: 'Truck_Type_Code', type: 'ref', ref: 'TruckType', required: true, lookupMinChars: 0 },
    // Either a whole category or one material; a material's rate is the more specific one.
    { name: 'Category_Code', type: 'ref', ref: 'ProductCategory' },
    { name: 'Material_Code', type: 'ref', ref: 'Material' },
    { name: 'Charge_OA_Company_Code', type: 'ref', ref: 'Company', required: true },
    { name: 'Trip_Type', type: 'lookup', lookupGroup: 'FREIGHT_TRIP_TYPE', required: true, maxLength: 50 },
    { name: 'Is_Value', type: 'bool', default: false },
    { name: 'Cost', type: 'decimal', precision: 18, scale: 2, required: true, min: 0, max: 9999999999 },
    { name: 'Uom', type: 'enum', options: ['KG', 'MT'], required: true, default: 'KG' },
    { name: 'Currency', type: 'lookup', lookupGroup: 'CCY', required: true, maxLength: 3, default: 'IDR' },
    {
      name: 'Truck_Capacity_Kg',
      type: 'decimal',
      precision: 12,
      scale: 2,
      required: true,
      min: 1,
      max: 100000,
    },
    { name: 'Valid_From', type: 'date', required: true },
    { name: 'Valid_To', type: 'date', required: true },
    { name: 'Remark', type: 'text', maxLength: 200, list: false },
  ],
  dateRanges: [['Valid_From', 'Valid_To']],
  defaultSort: [{ field: 'Freight_Code', order: 'asc' }],
});
