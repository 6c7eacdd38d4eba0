// What the Filter screen's criteria mean for one ERP document, said once: the sandbox turns the same rules into
// SQL on its indexed columns, the OData adapter applies them to what SAP answered (SAP's OData v2 cannot filter
// on item fields such as the material), and the tests compare the two.
import type { ErpDocument, ErpFilter } from './types';

/**
 * Every number a user may type into "SAP No" to find the document: its own number and the numbers it refers
 * to (delivery, customer PO, preceding document, LN numbers, and its lines' PO/SO and SO/DO numbers).
 */
export function documentNumbers(doc: ErpDocument): string[] {
  const numbers = new Set<string>();
  const add = (v: string | null | undefined) => {
    if (v) numbers.add(v);
  };
  add(doc.Document_No);
  add(doc.Delivery_Order_No);
  add(doc.PO_No);
  add(doc.Reference_Doc_No);
  add(doc.LN_SO_No);
  add(doc.LN_STO_No);
  for (const line of doc.Details) {
    add(line.PO_SO_No);
    add(line.SO_DO_No);
  }
  return [...numbers];
}

/** The distinct materials of a document's lines. */
export function documentMaterials(doc: ErpDocument): string[] {
  return [...new Set(doc.Details.map((l) => l.Material_Code))];
}

const has = (v: string | null | undefined): v is string => v !== undefined && v !== null && v !== '';

/** True when the document meets every criterion that is set (an empty list or a null means "any"). */
export function matchesErpFilter(doc: ErpDocument, filter: ErpFilter): boolean {
  if (doc.Order_Type !== filter.orderType) return false;
  if (has(filter.transferType) && doc.Transfer_Type !== filter.transferType) return false;
  if (filter.sapNos?.length) {
    const wanted = new Set(filter.sapNos);
    if (!documentNumbers(doc).some((n) => wanted.has(n))) return false;
  }
  if (has(filter.documentDateFrom) && doc.Document_Date < filter.documentDateFrom) return false;
  if (has(filter.documentDateTo) && doc.Document_Date > filter.documentDateTo) return false;
  if (filter.companies?.length && !filter.companies.includes(doc.Company_Code)) return false;
  if (has(filter.location) && doc.Location !== filter.location) return false;
  if (has(filter.documentType) && doc.Document_Type !== filter.documentType) return false;
  if (has(filter.businessSegment) && doc.Product_Category !== filter.businessSegment) return false;
  if (has(filter.plant) && doc.Plant !== filter.plant) return false;
  if (has(filter.distribution) && doc.Distribution !== filter.distribution) return false;
  if (has(filter.material) && !doc.Details.some((l) => l.Material_Code === filter.material)) return false;
  if (filter.createdBy?.length) {
    // SAP user names are upper case; people type them as they like.
    const users = new Set(filter.createdBy.map((u) => u.toUpperCase()));
    if (!doc.Created_By || !users.has(doc.Created_By.toUpperCase())) return false;
  }
  if (has(filter.dischargePort) && doc.Discharge_Port !== filter.dischargePort) return false;
  return true;
}

/** Newest first: document date, then document number, both descending (the order every adapter answers in). */
export function newestFirst(a: ErpDocument, b: ErpDocument): number {
  if (a.Document_Date !== b.Document_Date) return a.Document_Date < b.Document_Date ? 1 : -1;
  return a.Document_No < b.Document_No ? 1 : a.Document_No > b.Document_No ? -1 : 0;
}
