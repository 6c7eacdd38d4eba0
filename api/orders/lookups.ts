// The dropdown lookups of the order screens that no master-data lookup answers as they need. An order keeps its
// loading and destination locations by the location's row id (spec/2 §3 Loading_Destination_From_Id, the assign
// model's loading_destination_from_id), while the Location lookup is keyed by its code for the master-data
// screens: list/location_id answers the same locations keyed by their id, shown as "code - name". The lines of an
// assignment pick their conversion type (spec/2 §7 list/conversion_type) among those the company's material
// conversions use. A relation order keeps the truck type its customer or vendor comes with by the truck type's row
// id (the assign model's relation_truck_type_id), while the TruckType lookup is keyed by its code:
// list/truck_type_id answers the same truck types keyed by their id.
import { Location } from '../../db/resources/master/location';
import { MaterialConversion } from '../../db/resources/master/material-conversion';
import { TruckType } from '../../db/resources/master/truck-type';
import { resourceLookup, type LookupDef } from '../lookup';

export const orderLookups: LookupDef[] = [
  {
    ...resourceLookup(Location),
    path: 'location_id',
    aliases: undefined,
    summary: "Locations keyed by their row id (the orders' loading and destination), text code - name.",
    key: 'Id',
    display: ['Location_Code', 'Location_Name'],
    idNotShown: true,
    screens: [...(resourceLookup(Location).screens ?? []), 'SAPOrder', 'Order'],
  },
  {
    ...resourceLookup(TruckType),
    path: 'truck_type_id',
    aliases: undefined,
    summary: "Truck types keyed by their row id (a relation order's truck type), text code - name.",
    key: 'Id',
    display: ['Truck_Type_Code', 'Truck_Type_Name'],
    idNotShown: true,
    screens: [...(resourceLookup(TruckType).screens ?? []), 'SAPOrder', 'Order'],
  },
  {
    ...resourceLookup(MaterialConversion),
    path: 'conversion_type',
    aliases: undefined,
    summary:
      "Conversion types of the material conversions of a company (company_code; the group's rows count for every " +
      'company), each once; factory_code narrows nothing.',
    key: 'Conversion_Type',
    display: ['Conversion_Type'],
    distinct: true,
    params: { company_code: { field: 'Company_Code', orEmpty: true } },
    ignored: ['factory_code'],
    screens: [...(resourceLookup(MaterialConversion).screens ?? []), 'SAPOrder', 'Order'],
  },
];
