// What the OData adapter must know from the TMS master data to turn SAP's documents into TMS documents: SAP's
// sales documents name a sales organisation, not a company; SAP plants and partners have no TMS location codes;
// SAP storage locations are TMS warehouses. Loaded from the master tables, cached for a few minutes.
import type { Knex } from 'knex';

export interface ErpMasterMap {
  companyBySalesOrganization: ReadonlyMap<string, string>;
  salesOrganizationsByCompany: ReadonlyMap<string, readonly string[]>;
  companyByPlant: ReadonlyMap<string, string>;
  /** The plant's own location (its gate / weighbridge). */
  locationByPlant: ReadonlyMap<string, string>;
  /** A customer's or vendor's loading/unloading place. */
  locationByPartner: ReadonlyMap<string, string>;
  categoryByMaterial: ReadonlyMap<string, string>;
  /** `plant/storage location` → warehouse code. */
  warehouseByStorageLocation: ReadonlyMap<string, string>;
}

export const EMPTY_MASTER_MAP: ErpMasterMap = {
  companyBySalesOrganization: new Map(),
  salesOrganizationsByCompany: new Map(),
  companyByPlant: new Map(),
  locationByPlant: new Map(),
  locationByPartner: new Map(),
  categoryByMaterial: new Map(),
  warehouseByStorageLocation: new Map(),
};

type Row = Record<string, string | null>;

export async function loadErpMasterMap(db: Knex): Promise<ErpMasterMap> {
  const [salesOrgs, plants, locations, customers, vendors, materials, warehouses] = (await Promise.all([
    db('sales_organizations').where('is_active', true).select('sales_organization_code', 'company_code'),
    db('plants').where('is_active', true).select('plant_code', 'company_code'),
    db('locations')
      .where('is_active', true)
      .whereNotNull('plant_code')
      .orderBy('location_code')
      .select('location_code', 'plant_code', 'location_type'),
    db('customers')
      .where('is_active', true)
      .whereNotNull('location_code')
      .select('customer_code', 'location_code'),
    db('vendors')
      .where('is_active', true)
      .whereNotNull('location_code')
      .select('vendor_code', 'location_code'),
    db('materials').where('is_active', true).select('material_code', 'category_code'),
    db('warehouses')
      .where('is_active', true)
      .whereNotNull('sap_storage_location')
      .select('warehouse_code', 'plant_code', 'sap_storage_location'),
  ])) as Row[][];

  const byCompany = new Map<string, string[]>();
  for (const r of salesOrgs!) {
    if (!r.company_code) continue;
    byCompany.set(r.company_code, [...(byCompany.get(r.company_code) ?? []), r.sales_organization_code!]);
  }
  const locationByPlant = new Map<string, string>();
  // A plant's gate (type PLANT) wins over other places that belong to it.
  for (const r of [...locations!].sort(
    (a, b) => Number(b.location_type === 'PLANT') - Number(a.location_type === 'PLANT'),
  )) {
    if (!locationByPlant.has(r.plant_code!)) locationByPlant.set(r.plant_code!, r.location_code!);
  }
  return {
    companyBySalesOrganization: new Map(
      salesOrgs!.filter((r) => r.company_code).map((r) => [r.sales_organization_code!, r.company_code!]),
    ),
    salesOrganizationsByCompany: byCompany,
    companyByPlant: new Map(plants!.map((r) => [r.plant_code!, r.company_code!])),
    locationByPlant,
    locationByPartner: new Map([
      ...customers!.map((r) => [r.customer_code!, r.location_code!] as const),
      ...vendors!.map((r) => [r.vendor_code!, r.location_code!] as const),
    ]),
    categoryByMaterial: new Map(
      materials!.filter((r) => r.category_code).map((r) => [r.material_code!, r.category_code!]),
    ),
    warehouseByStorageLocation: new Map(
      warehouses!.map((r) => [`${r.plant_code}/${r.sap_storage_location}`, r.warehouse_code!]),
    ),
  };
}

/** loadErpMasterMap, kept for `ttlMs` (master data changes rarely; a new plant shows up within minutes). */
export function cachedErpMasterMap(db: Knex, ttlMs = 5 * 60_000): () => Promise<ErpMasterMap> {
  let cached: { at: number; value: Promise<ErpMasterMap> } | null = null;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > ttlMs) {
      const value = loadErpMasterMap(db);
      cached = { at: now, value };
      // A failed load is not kept: the next call tries again.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}
