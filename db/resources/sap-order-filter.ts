// What "Filter from SAP" asks for, per order type (spec/3 §5), said once for the server's check
// (api/sap-orders/filter.ts, which stays the authority) and the screen's (console/src/pages/sap-orders/filter),
// each of which turns the problems found here into its own messages. Without SAP numbers:
//   PO, SPO (purchase types)        SAP No
//   Use_STO (STO IN / OUT)          transfer type, company, doc date
//   Use_GR, not STO (IPB IN, TO IN) discharge port, company, doc date
//   every other type                company, doc date
// With SAP numbers nothing else is required. Missing ones are all reported, in that order, after the date
// problems; the first problem is the one the server's message names. Location and distribution show for sales
// and LN types only (spec/3 §5 "sales/LN types ... show location and distribution"): those with Use_SO, Use_LN,
// Use_DO or Use_Distribution.
import { displayDateToIso } from './engine';

/** The order-type flags the rules read, as util/order_type_fields* answer them (spec/3 §3). */
export interface FilterOrderType {
  Code: string;
  Use_GR?: boolean;
  Use_DO?: boolean;
  Use_SO?: boolean;
  Use_LN?: boolean;
  Use_STO?: boolean;
  Use_Distribution?: boolean;
}

/** The order type codes whose documents are found by SAP number only. */
export const PURCHASE_CODES: ReadonlySet<string> = new Set(['PO', 'SPO']);

export interface Requirements {
  sapNo: boolean;
  transferType: boolean;
  dischargePort: boolean;
  company: boolean;
  docDate: boolean;
  showLocation: boolean;
  showDistribution: boolean;
}

const NONE: Requirements = {
  sapNo: false,
  transferType: false,
  dischargePort: false,
  company: false,
  docDate: false,
  showLocation: false,
  showDistribution: false,
};

/** What the order type requires when no SAP number is given, and which optional fields it shows. */
export function requirementsOf(flags: FilterOrderType | null): Requirements {
  if (!flags) return NONE;
  const sales = !!(flags.Use_SO || flags.Use_LN || flags.Use_DO || flags.Use_Distribution);
  const shown = { showLocation: sales, showDistribution: sales };
  if (PURCHASE_CODES.has(flags.Code.toUpperCase())) return { ...NONE, ...shown, sapNo: true };
  return {
    ...shown,
    sapNo: false,
    transferType: !!flags.Use_STO,
    dischargePort: !!flags.Use_GR && !flags.Use_STO,
    company: true,
    docDate: true,
  };
}

/** What is required now: with SAP numbers given, nothing but the order type. */
export function activeRequirements(flags: FilterOrderType | null, hasSapNos: boolean): Requirements {
  const all = requirementsOf(flags);
  if (!hasSapNos) return all;
  return { ...NONE, showLocation: all.showLocation, showDistribution: all.showDistribution };
}

/** The criteria's wire names (POST saporder/filter), which field errors use too. */
export type FilterField =
  | 'filter_order_type'
  | 'filter_transfer_type'
  | 'filter_sap_no'
  | 'filter_document_date_from'
  | 'filter_document_date_to'
  | 'filter_company'
  | 'filter_business_segment'
  | 'filter_plant'
  | 'filter_material'
  | 'filter_discharge_port'
  | 'filter_location'
  | 'filter_distribution'
  | 'filter_document_type'
  | 'filter_create_by';

/** What is wrong with a field; each side words it (server.json `sapOrder.filter.*`, console.json). */
export type FilterProblemCode =
  | 'orderTypeRequired'
  | 'sapNoRequired'
  | 'transferTypeRequired'
  | 'dischargePortRequired'
  | 'companyRequired'
  | 'docDateRequired'
  | 'invalidDate'
  | 'dateOrder';

export interface FilterProblem {
  field: FilterField;
  code: FilterProblemCode;
}

/** The criteria the rules read; dates as typed (dd/mm/yyyy). */
export interface FilterCriteria {
  orderType: string | null;
  /** The transfer type given or known from the order type. */
  transferType: string | null;
  sapNos: readonly string[];
  dateFrom: string | null;
  dateTo: string | null;
  companies: readonly string[];
  dischargePort: string | null;
}

export interface FilterCheck {
  /** In the order they are reported. */
  problems: FilterProblem[];
  /** The dates as yyyy-mm-dd, null when not given or not a date. */
  dateFrom: string | null;
  dateTo: string | null;
}

/**
 * The criteria's problems. With no order type only that is reported; `flags` null with an order type (its flags
 * not known yet) checks the dates only.
 */
export function checkFilterCriteria(flags: FilterOrderType | null, criteria: FilterCriteria): FilterCheck {
  const problems: FilterProblem[] = [];
  const add = (field: FilterField, code: FilterProblemCode) => problems.push({ field, code });
  if (!criteria.orderType) {
    add('filter_order_type', 'orderTypeRequired');
    return { problems, dateFrom: null, dateTo: null };
  }
  const from = criteria.dateFrom ? (displayDateToIso(criteria.dateFrom) ?? null) : null;
  const to = criteria.dateTo ? (displayDateToIso(criteria.dateTo) ?? null) : null;
  if (criteria.dateFrom && !from) add('filter_document_date_from', 'invalidDate');
  if (criteria.dateTo && !to) add('filter_document_date_to', 'invalidDate');
  if (from && to && from > to) add('filter_document_date_to', 'dateOrder');

  const required = activeRequirements(flags, criteria.sapNos.length > 0);
  if (required.sapNo) add('filter_sap_no', 'sapNoRequired');
  if (required.transferType && !criteria.transferType) add('filter_transfer_type', 'transferTypeRequired');
  if (required.dischargePort && !criteria.dischargePort)
    add('filter_discharge_port', 'dischargePortRequired');
  if (required.company && !criteria.companies.length) add('filter_company', 'companyRequired');
  if (required.docDate && (!from || !to)) {
    add(!from ? 'filter_document_date_from' : 'filter_document_date_to', 'docDateRequired');
  }
  return { problems, dateFrom: from, dateTo: to };
}
