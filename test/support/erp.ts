// ERP documents for tests and measurements: the few master-data rows a document must name (a company with two
// plants, a customer, a vendor, a material, the order types SO, DO, PO, STO OUT and STO IN) and documents made through the
// push API's own schema, so every document here is one SAP could send.
import type { Db } from '../../db/connection';
import { erpDocumentSchema, type ErpDocument } from '../../api/erp/types';

export const ERP_FIXTURE = {
  company: '1000',
  plant: 'P100',
  /** A second plant of the company, receiving its stock transfers. */
  secondPlant: 'P200',
  customer: 'CUS001',
  vendor: 'VEN001',
  material: 'MAT-CPO',
} as const;

/** The master data the fixture's documents name (idempotent). */
export async function seedErpMasterData(db: Db): Promise<void> {
  await db('companies')
    .insert({ company_code: ERP_FIXTURE.company, company_name: 'PT Sawit Test' })
    .onConflict('company_code')
    .ignore();
  await db('plants')
    .insert([
      {
        plant_code: ERP_FIXTURE.plant,
        plant_name: 'Mill Test',
        company_code: ERP_FIXTURE.company,
        plant_type: 'MILL',
      },
      {
        plant_code: ERP_FIXTURE.secondPlant,
        plant_name: 'Refinery Test',
        company_code: ERP_FIXTURE.company,
        plant_type: 'REFINERY',
      },
    ])
    .onConflict('plant_code')
    .ignore();
  await db('customers')
    .insert({ customer_code: ERP_FIXTURE.customer, customer_name: 'Customer Test' })
    .onConflict('customer_code')
    .ignore();
  await db('vendors')
    .insert({ vendor_code: ERP_FIXTURE.vendor, vendor_name: 'Vendor Test' })
    .onConflict('vendor_code')
    .ignore();
  // Each line names an active material (the import refuses an unknown Material_Code).
  await db('product_categories')
    .insert({ category_code: 'CPO', category_name: 'Crude Palm Oil', is_liquid: true })
    .onConflict('category_code')
    .ignore();
  await db('materials')
    .insert({
      material_code: ERP_FIXTURE.material,
      material_name: 'CPO Test',
      category_code: 'CPO',
      base_uom: 'KG',
    })
    .onConflict('material_code')
    .ignore();
  await db('order_types')
    .insert([
      { code: 'SO', name: 'SO', use_customer: true, use_so: true },
      { code: 'DO', name: 'DO', use_customer: true, use_do: true },
      { code: 'PO', name: 'PO', use_vendor: true, use_po: true },
      { code: 'STO', name: 'STO OUT', use_sto: true, info1: 'OUT' },
      { code: 'STO', name: 'STO IN', use_sto: true, info1: 'IN' },
    ])
    .onConflict('name')
    .ignore();
}

export interface DocumentOptions {
  changedAt?: string;
  lines?: number;
  /** Replaces header fields (wire names). */
  header?: Record<string, unknown>;
  /** Quantity of line n (1-based); default 1000 + n. */
  qty?: (n: number) => number;
}

/** A raw document as SAP would send it (not parsed). */
export function rawErpDocument(documentNo: string, options: DocumentOptions = {}): Record<string, unknown> {
  const lines = options.lines ?? 2;
  return {
    Document_No: documentNo,
    Order_Type: 'SO',
    Document_Date: '2026-03-02',
    Changed_At: options.changedAt ?? '2026-03-02T08:00:00+07:00',
    Company_Code: ERP_FIXTURE.company,
    Plant: ERP_FIXTURE.plant,
    Customer_Vendor_Code: ERP_FIXTURE.customer,
    Sales_Organization: 'S100',
    Distribution: 'DOMESTIC',
    Incoterm: 'FCA',
    Incoterm2: 'Dumai',
    Address: 'Jl. Sudirman 1, Pekanbaru',
    Details: Array.from({ length: lines }, (_, i) => ({
      Item_No: String((i + 1) * 10).padStart(6, '0'),
      Material_Code: ERP_FIXTURE.material,
      Qty: options.qty ? options.qty(i + 1) : 1000 + i + 1,
      UOM: 'KG',
      Tolerance: 5,
      PO_SO_No: documentNo,
    })),
    ...options.header,
  };
}

export function erpDocument(documentNo: string, options: DocumentOptions = {}): ErpDocument {
  return erpDocumentSchema.parse(rawErpDocument(documentNo, options));
}

/** `count` documents numbered from `first`, each with `lines` lines. */
export function erpDocuments(
  count: number,
  options: DocumentOptions & { first?: number } = {},
): ErpDocument[] {
  const first = options.first ?? 1;
  return Array.from({ length: count }, (_, i) =>
    erpDocument(`80${String(first + i).padStart(8, '0')}`, options),
  );
}
