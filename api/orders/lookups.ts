// The dropdown lookups of the order screens that no master-data lookup answers as they need. An order keeps its
// loading and destination locations by the location's row id (spec/2 §3 Loading_Destination_From_Id, the assign
// model's loading_destination_from_id), while the Location lookup is keyed by its code for the master-data
// screens: list/location_id answers the same locations keyed by their id, shown as "code - name".
import { Location } from '../../db/resources/master/location';
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
];
