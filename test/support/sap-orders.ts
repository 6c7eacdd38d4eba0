// SAP documents and editor bodies for the SAP order tests, on the master demo data (companies 1000 / 2000 / 3000,
// plants 1101 / 2101 / 3101, CUS001, VEN001, FG-CPO, warehouses WH-<plant>-CPO). Documents go through the
// ERP document schema, so each is one SAP could send.
import type { Db } from '../../db/connection';
import { sandboxRow } from '../../api/erp/sandbox/generator';
import { erpDocumentSchema, type ErpDocument } from '../../api/erp/types';

export const PLANT_OF: Record<string, string> = { '1000': '1101', '2000': '2101', '3000': '3101' };

export function sapDocument(
  documentNo: string,
  options: {
    company?: string;
    orderType?: string;
    date?: string;
    header?: Record<string, unknown>;
    lines?: number;
  } = {},
): ErpDocument {
  const company = options.company ?? '1000';
  const orderType = options.orderType ?? 'SO';
  const vendorType = ['PO', 'IPB IN'].includes(orderType);
  return erpDocumentSchema.parse({
    Document_No: documentNo,
    Order_Type: orderType,
    Document_Date: options.date ?? '2026-10-15',
    Changed_At: '2026-10-15T08:00:00+07:00',
    Company_Code: company,
    Plant: PLANT_OF[company],
    Customer_Vendor_Code: vendorType ? 'VEN001' : 'CUS001',
    Sales_Organization: vendorType ? null : company === '1000' ? 'S100' : null,
    Distribution: vendorType ? null : 'LOCAL',
    Document_Type: vendorType ? 'NB' : 'OR',
    Incoterm: 'CPT',
    Incoterm2: 'Dumai',
    Created_By: 'SAPUSER1',
    Discharge_Port: vendorType ? 'PORT-DUMAI' : null,
    Details: Array.from({ length: options.lines ?? 2 }, (_, i) => ({
      Item_No: String((i + 1) * 10).padStart(6, '0'),
      Material_Code: 'FG-CPO',
      Qty: 25 + i,
      UOM: 'TON',
      PO_SO_No: documentNo,
    })),
    ...options.header,
  });
}

/** Puts documents into the sandbox ERP, as if SAP held them. */
export async function putInSandbox(db: Db, docs: ErpDocument[]): Promise<void> {
  await db('erp_sandbox_documents').insert(docs.map(sandboxRow));
}

/** A manual PO order body for the editor (no sync needed: PO is not in SAP_SYNC_SETTING). */
export function manualPoBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Id: 0,
    Type: 'MANUAL',
    Order_Type: 'PO',
    Document_Date: '20/10/2026',
    Valid_From: '20/10/2026',
    Valid_To: '30/11/2026',
    Company_Code: '1000',
    Plant: '1101',
    Purchase_Organization: 'P100',
    Document_Type: 'NB',
    Customer_Vendor_Code: 'VEN001',
    Incoterm: 'CPT',
    Incoterm2: 'Pekanbaru',
    Warehouse_Code: 'WH-1101-CPO',
    Shipment_Type: 'INDIVIDUAL_TRUCK',
    Delivery_Using_Truck: 'N',
    Delivery_Address: 'Jl. Lintas Timur km 12',
    Details: [
      { Material_Code: 'SP-NPK15', Qty: 12.5, UOM: 'TON' },
      { Material_Code: 'SP-UREA', Qty: 8, UOM: 'TON' },
    ],
    ...overrides,
  };
}

/** A SAP order line as the API answers it (the tests read these fields). */
export interface LineJson {
  Id: number;
  Item_No: string;
  Material_Code: string;
  Qty: number;
  os_qty: number;
  [field: string]: unknown;
}

/** A SAP order header or list row as the API answers it. */
export interface OrderJson {
  Id: number;
  Document_No: string;
  Details: LineJson[];
  [field: string]: unknown;
}

/** A Filter from SAP result row. */
export interface ResultJson {
  document_no: string;
  company: string;
  disabled: boolean;
  is_checked: boolean;
  is_saved: boolean;
  details: Record<string, unknown>[];
  [field: string]: unknown;
}
