// The Filter from SAP screen's side of the criteria: its values, their check and the request body. What each
// order type requires (spec/3 §5) is said once, for this screen and the server's check (which stays the
// authority and answers the same problems per field), in db/resources/sap-order-filter.ts; here its problems
// become the screen's messages.
import {
  activeRequirements as requirementsNow,
  checkFilterCriteria,
  type FilterField,
  type FilterProblem,
  type Requirements,
} from '../../../../../db/resources/sap-order-filter';

export type { FilterField, Requirements } from '../../../../../db/resources/sap-order-filter';

/** An order type's flags as util/order_type_fields_code_name answers them (spec/3 §3 "Order-type flags"). */
export interface OrderTypeFlags {
  Id?: number;
  Code: string;
  Name: string;
  Info1: string | null;
  Use_Customer?: boolean;
  Use_Vendor?: boolean;
  Use_GR?: boolean;
  Use_DO?: boolean;
  Use_SO?: boolean;
  Use_LN?: boolean;
  Use_PO?: boolean;
  Use_STO?: boolean;
  Use_Distribution?: boolean;
}

export interface FilterValues {
  orderType: string;
  transferType: string;
  sapNos: string[];
  dateFrom: string;
  dateTo: string;
  companies: string[];
  productCategory: string | null;
  plant: string | null;
  material: string | null;
  dischargePort: string | null;
  location: string | null;
  distribution: string | null;
  documentType: string | null;
  createdBy: string[];
}

export const EMPTY_FILTER: FilterValues = {
  orderType: '',
  transferType: '',
  sapNos: [],
  dateFrom: '',
  dateTo: '',
  companies: [],
  productCategory: null,
  plant: null,
  material: null,
  dischargePort: null,
  location: null,
  distribution: null,
  documentType: null,
  createdBy: [],
};

/** What is required now: with SAP numbers given, nothing but the order type. */
export function activeRequirements(flags: OrderTypeFlags | null, values: FilterValues): Requirements {
  return requirementsNow(flags, values.sapNos.length > 0);
}

/** A message key with its parameters; the screen translates it. */
export interface Issue {
  key: string;
  params?: Record<string, string>;
}

export type FilterIssues = Partial<Record<FilterField, Issue[]>>;

const fieldLabel = (field: FilterField) => `sapOrderFilter.fields.${field}`;

function issueOf(problem: FilterProblem): Issue {
  switch (problem.code) {
    case 'invalidDate':
      return { key: 'validation.invalidDate', params: { field: fieldLabel(problem.field) } };
    case 'dateOrder':
      return {
        key: 'validation.dateOrder',
        params: { field: fieldLabel(problem.field), from: fieldLabel('filter_document_date_from') },
      };
    default:
      return { key: `sapOrderFilter.messages.${problem.code}` };
  }
}

/**
 * The criteria's problems, per field, in the server's order (the first is the one the server would name). Field
 * labels in parameters are console keys (`sapOrderFilter.fields.<field>`), translated by the screen.
 */
export function checkFilterValues(flags: OrderTypeFlags | null, values: FilterValues): FilterIssues {
  const issues: FilterIssues = {};
  const { problems } = checkFilterCriteria(flags, {
    orderType: values.orderType || null,
    transferType: values.transferType || null,
    sapNos: values.sapNos,
    dateFrom: values.dateFrom || null,
    dateTo: values.dateTo || null,
    companies: values.companies,
    dischargePort: values.dischargePort,
  });
  for (const problem of problems) (issues[problem.field] ??= []).push(issueOf(problem));
  return issues;
}

/** The body of POST saporder/filter (spec/3 §7); multi-values joined with ';' (spec/3 §5). */
export function filterBody(values: FilterValues, required: Requirements): Record<string, string | null> {
  const text = (v: string | null) => (v && v.trim() ? v.trim() : null);
  const joined = (list: string[]) => (list.length ? list.join(';') : null);
  return {
    filter_order_type: text(values.orderType),
    filter_transfer_type: text(values.transferType),
    filter_sap_no: joined(values.sapNos),
    filter_document_date_from: text(values.dateFrom),
    filter_document_date_to: text(values.dateTo),
    filter_company: joined(values.companies),
    filter_location: required.showLocation ? text(values.location) : null,
    filter_document_type: text(values.documentType),
    filter_business_segment: text(values.productCategory),
    filter_plant: text(values.plant),
    filter_distribution: required.showDistribution ? text(values.distribution) : null,
    filter_material: text(values.material),
    filter_create_by: joined(values.createdBy),
    filter_discharge_port: text(values.dischargePort),
  };
}
