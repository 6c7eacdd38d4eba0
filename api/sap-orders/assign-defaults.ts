// The assign model a SAP order's answer carries (data.assign of saporder/{id}/{mode}): what the order's Assign
// panel starts with, read from the SAP order alone.
import type { Knex } from 'knex';
import type { AssignModel } from '../../db/resources/order-assign';
import type { Row } from './fields';

/**
 * The assign model a SAP order opens the Assign panel with (spec/2 §3 "Assign model"): its company, warehouse,
 * document type, locations and shipment type, its lines with outstanding quantity at that quantity, and one empty
 * transporter entry for an individual or relation order (a collective one starts with none, spec/2 §4). Null when
 * the SAP order cannot be assigned (not approved, or nothing outstanding).
 */
export async function assignDefaults(db: Knex, header: Row): Promise<AssignModel | null> {
  const lines = (header.Details as Row[] | undefined) ?? [];
  const open = lines.filter((l) => Number(l.os_qty) > 0);
  if (header.Status !== 'APPROVED' || !open.length) return null;
  const locationId = async (code: unknown) =>
    typeof code === 'string' && code
      ? (((await db('locations').where('location_code', code).first('id')) as { id: number } | undefined)
          ?.id ?? null)
      : null;
  const shipmentType = (header.Shipment_Type as string | null) ?? null;
  const category = shipmentType
    ? ((
        (await db('lookups')
          .where({ lookup_group: 'SHIPMENT_TYPE' })
          .whereRaw('lower(lookup_code) = lower(?)', [shipmentType])
          .first('lookup_info1')) as { lookup_info1: string | null } | undefined
      )?.lookup_info1 ?? null)
    : null;
  const relation = header.is_relation === true;
  return {
    id: [header.Id as number],
    charge_oa_company: (header.Company_Code as string | null) ?? null,
    warehouse_code: (header.Warehouse_Code as string | null) ?? null,
    document_type: (header.Document_Type as string | null) ?? null,
    loading_destination_from_id: await locationId(header.Loading),
    loading_destination_to_id: await locationId(header.Destination),
    shipment_type: shipmentType,
    vessel: null,
    vessel_code: null,
    freight_date: null,
    stuffing_date: [],
    trip_type: null,
    sto_spo_per_shipment: false,
    ln_type: null,
    ln_inco_rule: null,
    transporters:
      category === 'COLLECTIVE'
        ? []
        : [
            relation
              ? { transporter_code: (header.Customer_Vendor_Code as string | null) ?? null, user_not: 1 }
              : { transporter_code: null, user_not: 1 },
          ],
    details: open.map((l) => ({
      Id: l.Id as number,
      Item_No: (l.Item_No as string | null) ?? null,
      Document_No: (header.Document_No as string | null) ?? null,
      Material_Code: (l.Material_Code as string | null) ?? null,
      material_name: (l.material_name as string | null) ?? null,
      Qty: Number(l.os_qty),
      os_qty: Number(l.os_qty),
      real_qty: Number(l.real_qty ?? 0),
      UOM: (l.UOM as string | null) ?? null,
      include_merge: true,
      charge_oa_company:
        (l.charge_oa_company as string | null) ?? (header.Company_Code as string | null) ?? null,
      conversion_type: (l.conversion_type as string | null) ?? null,
    })),
    approval_matrix: null,
    show_conversion_type: 'N',
    relation_truck_type_id: null,
    transporter_notes: null,
  };
}
