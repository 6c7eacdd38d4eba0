// The rules of the assign panels of the SAP order list (spec/2 §2.5, §2.6, §4 "Assign panel", §5.2, §5.3), kept
// apart from the screen so they read in one place and are tested as they are: how much of a line may be taken,
// which line stays included, which shipment categories start with which transporter entries, when a reason is
// needed, when a sync is needed before saving, the seven checks before a save in the spec's order, the freight of
// a chosen transporter asked again when the lines or trips change, and the body the server is sent
// (db/resources/order-assign.ts AssignModel).
import type {
  AssignDetail,
  AssignModel,
  AssignTransporter,
  Approver,
  CheckApprovalAnswer,
  FreightCriterion,
  TransporterFreightBody,
  TransporterOption,
  ValidRange,
} from '../../../../../db/resources/order-assign';
import {
  commonValidRange,
  stuffingDateProblems,
  type StuffingDateProblem,
} from '../../../../../db/resources/order-assign';
import {
  criteriaOf,
  freightCriteria,
  type CriterionFinding,
} from '../../../../../db/resources/freight-criteria';

/** A SAP order header as merge_simulate answers it (wire names of db/resources/sap-order.ts). */
export type SapHeader = Record<string, unknown> & { Id: number };

export type ShipmentCategory = 'INDIVIDUAL' | 'COLLECTIVE' | 'RELATION';

/** What the first document fixes for every document added after it (spec/2 §4 "Assign panel"). */
export interface FirstDocument {
  order_type: string | null;
  shipment_type: string | null;
  warehouse_code: string | null;
  document_type: string | null;
  company_code: string | null;
  incoterm: string | null;
}

export interface OrderTypeData {
  Code?: string | null;
  Info1?: string | null;
  Use_SO?: boolean | null;
  Use_DO?: boolean | null;
}

/** saporder/merge_simulate's answer (spec/2 §7), the parts the panel reads. */
export interface MergeSimulateAnswer {
  sap_orders?: SapHeader[];
  sap_order_details?: AssignDetail[];
  stuffing_date_from_range?: string | null;
  stuffing_date_to_range?: string | null;
  has_order?: boolean;
  exclude_transporters?: string[];
  use_ln?: boolean;
  dalam_pabrik?: boolean;
  order_type_data?: OrderTypeData | null;
  disable_ln_type?: boolean;
  require_ln_inco_rule?: boolean;
  error_message?: string | null;
  /** The documents offer STO/SPO per shipment (spec/2 §2.2 "when enabled"): the panel shows its checkbox. */
  show_sto_spo_per_shipment?: boolean;
  assign_model?: Partial<AssignModel> | null;
  ln_type?: string | null;
  ln_inco_rule?: string | null;
  default_loading_destination_from_id?: number | null;
  default_loading_destination_to_id?: number | null;
}

/** The panel's fields (dates as typed: freight date dd/mm/yyyy, stuffing dates dd/mm/yy). */
export interface AssignForm {
  charge_oa_company: string | null;
  loading: string | null;
  destination: string | null;
  freight_date: string;
  stuffing_from: string;
  stuffing_to: string;
  trip_type: string;
  vessel: string | null;
  show_conversion_type: boolean;
  relation_truck_type_id: string | null;
  /** Ticked: sent only while the documents offer it (BodyInput.showStoSpo). */
  sto_spo_per_shipment: boolean;
  /**
   * The shipment type chosen where the first document has none (SAP sends none): it decides whether the trips
   * are the system's (individual per truck). The document's own wins.
   */
  shipment_type?: string;
}

/** The shipment type the assignment is made with: the first document's, else the one chosen in the panel. */
export function shipmentTypeOf(first: FirstDocument | null, form: AssignForm): string | null {
  return first?.shipment_type || form.shipment_type || null;
}

/** A transporter entry with the figures of the chosen option the entry itself does not carry. */
export interface TransporterEntry extends AssignTransporter {
  /** KG of the goods the option was priced for (not what its trucks could carry), to price a cost typed by hand. */
  kg?: number | null;
  truck_type_name?: string | null;
  /** The quota answer shown under the transporter (set only when the quota is exceeded). */
  quota_message?: string | null;
  /** Truck capacity in KG of the chosen option: what one trip carries. */
  capacity?: number | null;
  /**
   * The suggested option's total at its system trips when the entry was chosen; null once the lines changed (the
   * suggested total is then Check Approval's to say).
   */
  suggested_total?: number | null;
  /** Why each criterion applies: Check Approval's answer, or what the panel judged (withFindings). */
  criteria_detail?: CriterionFinding[] | null;
}

/** What the panel knows beside an entry to judge it: the company charged and the order's company. */
export interface JudgeContext {
  chargeOaCompany?: string | null;
  orderCompany?: string | null;
}

export function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
}

export function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

export function categoryOf(header: SapHeader | undefined): ShipmentCategory {
  const category = str(header?.shipment_type_category).toUpperCase();
  return category === 'COLLECTIVE' || category === 'RELATION' ? category : 'INDIVIDUAL';
}

export function firstDocument(header: SapHeader): FirstDocument {
  const value = (name: string) => (str(header[name]) || null) as string | null;
  return {
    order_type: value('Order_Type'),
    shipment_type: value('Shipment_Type'),
    warehouse_code: value('Warehouse_Code'),
    document_type: value('Document_Type'),
    company_code: value('Company_Code'),
    incoterm: value('Incoterm'),
  };
}

/** What a loaded SAP order's tab shows of its header. */
export const SAP_HEADER_FIELDS = [
  'Document_No',
  'order_type_name',
  'Company_Code',
  'Customer_Vendor_Code',
  'Incoterm',
  'shipment_type_name',
  'Warehouse_Code',
  'Document_Type',
  'Plant',
  'Product_Category',
  'Valid_From',
  'Valid_To',
] as const;

/** A tab's label: Document_No/Item_No (the item only where the header has one). */
export function tabLabel(header: SapHeader): string {
  const item = str(header.Item_No);
  return item ? `${str(header.Document_No)}/${item}` : str(header.Document_No);
}

/** SAP numbers typed or pasted: split by spaces, commas, semicolons or new lines, blanks dropped. */
export function splitNumbers(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

// ------------------------------------------------------------------------------------------ lines

const sameItem = (a: AssignDetail, b: AssignDetail) =>
  str(a.Document_No) === str(b.Document_No) && str(a.Item_No) === str(b.Item_No);

/** §5.3: a line takes at most os_qty minus what the other split lines of the same document and item take. */
export function qtyCap(lines: readonly AssignDetail[], index: number): number {
  const line = lines[index];
  if (!line) return 0;
  const others = lines.reduce(
    (sum, other, i) =>
      i !== index && other.include_merge !== false && sameItem(line, other) ? sum + other.Qty : sum,
    0,
  );
  return Math.max(0, round3(num(line.os_qty) - others));
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** A typed quantity, clamped to 0..cap (§5.3), or null when it does not read as a number. */
export function clampQty(typed: string, cap: number): number | null {
  if (typed.trim() === '') return null;
  const n = Number(typed.replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  return round3(Math.min(Math.max(n, 0), cap));
}

/** §5.3: quantities are not editable for collective shipments or when the LN system is used. */
export function qtyEditable(category: ShipmentCategory, useLn: boolean): boolean {
  return category !== 'COLLECTIVE' && !useLn;
}

/** §5.3: at least one line stays included; un-ticking the last included line is reverted (nothing changes). */
export function toggleInclude<L extends AssignDetail>(
  lines: readonly L[],
  index: number,
  include: boolean,
): L[] {
  const next = lines.map((line, i) => (i === index ? { ...line, include_merge: include } : line));
  return next.some((line) => line.include_merge !== false) ? next : [...lines];
}

export const included = <L extends AssignDetail>(lines: readonly L[]): L[] =>
  lines.filter((line) => line.include_merge !== false);

// ------------------------------------------------------------------------------------------ sync

/** A delivery-order or sales-order type with SO factory numbers entered must be synced before saving (§4, §5.2). */
export function syncNeeded(
  orderType: OrderTypeData | null | undefined,
  lines: readonly AssignDetail[],
): boolean {
  if (!orderType || (orderType.Use_DO !== true && orderType.Use_SO !== true)) return false;
  return included(lines).some((line) => str(line.SO_Factory_No).trim() !== '');
}

/** The factory columns show for delivery-order and sales-order types (spec/2 §2.2). */
export function showsFactory(orderType: OrderTypeData | null | undefined): boolean {
  return orderType?.Use_DO === true || orderType?.Use_SO === true;
}

/** SAP's answer to a sync laid over the panel's lines, by Id (falling back to document and item). */
export function withSyncedLines<L extends AssignDetail>(
  lines: readonly L[],
  answer: readonly Partial<AssignDetail>[],
): L[] {
  return lines.map((line) => {
    const found =
      answer.find((a) => a.Id === line.Id) ??
      answer.find(
        (a) => str(a.Document_No) === str(line.Document_No) && str(a.Item_No) === str(line.Item_No),
      );
    if (!found) return line;
    return {
      ...line,
      SO_Factory_No: found.SO_Factory_No ?? line.SO_Factory_No,
      SO_Factory_Item_No: found.SO_Factory_Item_No ?? line.SO_Factory_Item_No,
      SO_Factory_Result: found.SO_Factory_Result ?? line.SO_Factory_Result,
      SO_Factory_Result_Reason: found.SO_Factory_Result_Reason ?? line.SO_Factory_Result_Reason,
      PO_SO_Factory: found.PO_SO_Factory ?? line.PO_SO_Factory,
    };
  });
}

// ------------------------------------------------------------------------------------------ transporters

/** §4: individual and relation start with one entry; collective with none (the block adds them). */
export function initialTransporters(
  category: ShipmentCategory,
  given: readonly AssignTransporter[] | null | undefined,
  relation?: { code: string | null; name: string | null },
): TransporterEntry[] {
  // spec/2 §2.6, §4: a relation starts with one entry, the customer/vendor itself, whatever entry the simulation
  // sketched (it answers one with only the trips: the code is the document's customer/vendor).
  if (category === 'RELATION' || relation) {
    return [
      {
        ...given?.[0],
        transporter_code: relation?.code ?? given?.[0]?.transporter_code ?? null,
        transporter_name: relation?.name ?? given?.[0]?.transporter_name ?? null,
        // §4: for a relation the unit of trips defaults to 1.
        user_not: 1,
      },
    ];
  }
  if (given?.length) return given.map((entry) => ({ ...entry }));
  if (category === 'COLLECTIVE') return [];
  return [{}];
}

/** The criteria that need a reason (DESIGN §4: HIGHER unless relation, DIFFERENT_NOT). */
const REASON_CRITERIA: readonly FreightCriterion[] = ['HIGHER', 'DIFFERENT_NOT'];

/**
 * §4, §5.3: a reason is needed when a criterion asks for one or the cost was raised above the suggested one: as
 * soon as the entry is chosen or changed (withFindings judges it), not only after Check Approval.
 */
export function requiresReason(entry: TransporterEntry): boolean {
  if (entry.criteria_detail?.length) return true;
  if (entry.freight_criteria && REASON_CRITERIA.includes(entry.freight_criteria)) return true;
  if (entry.require_reason === true) return true;
  // Without the suggested option's total (an order's stored entry), its rate is what the cost is compared with.
  if (entry.suggested_total !== null && entry.suggested_total !== undefined) return false;
  const suggested = entry.freight_suggested;
  return suggested !== null && suggested !== undefined && num(entry.freight_cost) > suggested;
}

/**
 * The criteria of a chosen entry as the panel can judge them now (db/resources/freight-criteria.ts, the server's
 * rules): its trips against the system's, its total against the suggested option's while that is known, the
 * quota answer and the company charged. Null for an entry with no transporter or figures yet.
 */
export function judge(entry: TransporterEntry, ctx: JudgeContext = {}): CriterionFinding[] | null {
  if (!str(entry.transporter_code) || entry.system_not === null || entry.system_not === undefined)
    return null;
  const systemNot = num(entry.system_not);
  const userNot = num(entry.user_not) || systemNot;
  const kg = num(entry.kg);
  // What the user's trips can carry: by the truck's capacity, else (an order's stored entry) all of it when the
  // trips reach the system's, which counts the trips the goods fill.
  const recommendedKg = entry.capacity
    ? Math.min(kg, round3(entry.capacity * userNot))
    : userNot >= systemNot
      ? kg
      : round3((kg * userNot) / Math.max(systemNot, 1));
  return freightCriteria({
    totalKg: kg,
    recommendedKg,
    systemNot,
    userNot,
    totalCostUserNot: totalByUserTrips(entry) ?? 0,
    suggestedTotalCost: entry.suggested_total ?? null,
    quotaExceeded: Boolean(entry.quota_message),
    chargeOaCompany: ctx.chargeOaCompany ?? null,
    orderCompany: ctx.orderCompany ?? null,
  });
}

/**
 * The entries as the block shows them and the body sends them: each with why its criteria apply (Check
 * Approval's answer while nothing changed since, else the panel's own judgement) and its first criterion.
 */
export function withFindings(
  entries: readonly TransporterEntry[],
  ctx: JudgeContext = {},
): TransporterEntry[] {
  return entries.map((entry) => {
    const findings = entry.criteria_detail ?? judge(entry, ctx);
    if (!findings) return entry;
    return {
      ...entry,
      criteria_detail: findings,
      freight_criteria: entry.freight_criteria ?? criteriaOf(findings)[0] ?? null,
    };
  });
}

/** What a change of an entry's cost or trips makes stale: the criteria judged on the old figures. */
export const UNJUDGED: Partial<TransporterEntry> = {
  criteria_detail: null,
  freight_criteria: null,
  require_reason: null,
};

/** What the picked option fills in (spec/2 §2.2 "Select Transporter"); the suggested option's cost is kept. */
export function entryFromOption(
  option: TransporterOption,
  suggested: TransporterOption | undefined,
  /** The trips typed in the dialog; null: the option's system trips. */
  trips: number | null,
  truckRental: boolean,
  freightDate: string | null,
): TransporterEntry {
  return {
    transporter_code: option.transporter_code,
    transporter_name: option.transporter_name,
    truck_type_id: option.truck_type_id,
    truck_type_name: option.truck_type_name,
    freight_cost: option.cost,
    freight_total_cost: option.total_cost,
    freight_total_cost_user_not: option.total_cost_user_not,
    freight_suggested: (suggested ?? option).cost,
    freight_container: option.user_not || trips,
    freight_uom: option.uom,
    freight_value: option.is_value,
    freight_master: option.freight_master,
    system_not: option.system_not,
    user_not: option.user_not || trips,
    truck_rental: truckRental,
    freight_date: freightDate,
    assign_reason: null,
    assign_reason_others: null,
    require_reason: false,
    freight_criteria: null,
    kg: option.total_kg,
    capacity: option.freight_capacity,
    // The suggested option at its own system trips (freight.ts: the dialog's suggested one).
    suggested_total: (suggested ?? option).total_cost,
  };
}

/** The criteria and reason flag check_approval computed for each entry, laid over the entries in order. */
export function withApprovalAnswer(
  entries: readonly TransporterEntry[],
  answer: CheckApprovalAnswer,
): TransporterEntry[] {
  return entries.map((entry, i) => {
    const computed = answer.transporter_data?.[i];
    return computed
      ? {
          ...entry,
          freight_criteria: computed.freight_criteria ?? null,
          require_reason: computed.require_reason ?? null,
          criteria_detail: computed.criteria_detail ?? null,
        }
      : entry;
  });
}

/** The request of the Select Transporter dialog (list/transporter_freight but its trips and truck rental). */
export type FreightRequest = Omit<TransporterFreightBody, 'container' | 'truck_rental'>;

export interface FreightInput {
  form: AssignForm;
  lines: readonly AssignDetail[];
  /** The SAP orders of the lines. */
  ids: readonly number[];
  first: FirstDocument | null;
  excludeTransporters: readonly string[];
  transporters: readonly TransporterEntry[];
  /** The entry being chosen for: the others' transporters are not offered again. */
  picking: number;
  multipleWeighing?: boolean | null;
}

/** The freight options' request for the included lines on the form's lane; null until the lane is known. */
export function freightRequestOf(input: FreightInput): FreightRequest | null {
  const { form } = input;
  if (!form.loading || !form.destination || !form.charge_oa_company) return null;
  return {
    loading: Number(form.loading),
    destination: Number(form.destination),
    exclude_transporters: [...input.excludeTransporters],
    materials: included(input.lines).map((l) => ({
      Id: l.Id,
      Qty: l.Qty,
      conversion_type: l.conversion_type ?? null,
    })),
    charge_oa_company: form.charge_oa_company,
    warehouse_code: input.first?.warehouse_code ?? null,
    document_type: input.first?.document_type ?? null,
    freight_date: toIsoDate(form.freight_date) ?? form.freight_date,
    sap_order_ids: [...input.ids],
    shipment_type: shipmentTypeOf(input.first, form),
    trip_type: form.trip_type || null,
    ...(input.multipleWeighing === undefined ? {} : { multiple_weighing: input.multipleWeighing }),
    selected_transporters: input.transporters
      .filter((_, i) => i !== input.picking)
      .map((e) => str(e.transporter_code))
      .filter(Boolean),
  };
}

/**
 * util/refresh_freight_cost's body for one chosen entry (spec/2 §7): the lines and lane as they are now, the
 * entry's transporter alone, its user trips as the trips asked for and its truck type, so the answer prices the
 * option the user chose, not another truck of the same transporter. One call per entry, as the Edit order panel
 * asks util/refresh_freight_cost_order per transporter: the entries of a collective order differ in trips. Null when
 * there is nothing to price or the freight date is still being typed.
 */
export function refreshRequestOf(
  input: Omit<FreightInput, 'transporters' | 'picking'>,
  entry: TransporterEntry,
): TransporterFreightBody | null {
  const code = str(entry.transporter_code).trim();
  if (!code || toIsoDate(input.form.freight_date) === null) return null;
  const request = freightRequestOf({ ...input, transporters: [], picking: -1 });
  if (!request?.materials.length) return null;
  return {
    ...request,
    container: num(entry.user_not) || num(entry.freight_container) || 1,
    truck_rental: entry.truck_rental === true,
    ...(entry.truck_type_id ? { truck_types: [entry.truck_type_id] } : {}),
    selected_transporters: [code],
  };
}

/**
 * A transporter's freight for the lines as they are now: an entry of util/refresh_freight_cost's answer, or
 * util/refresh_freight_cost_order's answer (which carries no basis: the entry keeps its own).
 */
export interface FreightFigures {
  transporter_code: string;
  cost: number;
  total_cost: number;
  total_cost_user_not: number;
  system_not: number;
  user_not: number;
  total_kg: number;
  freight_master?: string | null;
  truck_type_id?: number | null;
  is_value?: boolean;
  uom?: string;
}

/** The entry priced again (both panels): the rate, totals, trips and KG of the answer; reason and quota stay. */
export function withRefreshedFreight(entry: TransporterEntry, freight: FreightFigures): TransporterEntry {
  const next = priced(entry, freight);
  // Other figures: what was judged on the old ones no longer holds, and the suggested option's total (of the
  // lines before) is Check Approval's to say again.
  return freightChanged(entry, next) ? { ...next, ...UNJUDGED, suggested_total: null } : next;
}

function priced(entry: TransporterEntry, freight: FreightFigures): TransporterEntry {
  return {
    ...entry,
    freight_cost: freight.cost,
    freight_total_cost: freight.total_cost,
    freight_total_cost_user_not: freight.total_cost_user_not,
    system_not: freight.system_not,
    user_not: freight.user_not || entry.user_not,
    freight_master: freight.freight_master ?? entry.freight_master,
    truck_type_id: freight.truck_type_id ?? entry.truck_type_id,
    freight_value: freight.is_value ?? entry.freight_value,
    freight_uom: freight.uom ?? entry.freight_uom,
    kg: freight.total_kg,
  };
}

/** What approval is decided on, of an entry's freight: when one of these changed, Check Approval is asked again. */
const FREIGHT_FIGURES = [
  'freight_cost',
  'freight_total_cost',
  'freight_total_cost_user_not',
  'system_not',
  'user_not',
  'truck_type_id',
  'freight_master',
  'freight_value',
  'kg',
] as const satisfies readonly (keyof TransporterEntry)[];

export function freightChanged(before: TransporterEntry, after: TransporterEntry): boolean {
  return FREIGHT_FIGURES.some((key) => (before[key] ?? null) !== (after[key] ?? null));
}

/** The total by the user's trips for a cost typed by hand: per trip times trips, or per KG / MT times the KG. */
export function totalByUserTrips(entry: TransporterEntry): number | null {
  if (entry.freight_cost === null || entry.freight_cost === undefined) return null;
  if (entry.freight_value === true) return round2(entry.freight_cost * num(entry.user_not || 1));
  const kg = num(entry.kg);
  if (!kg) return entry.freight_total_cost_user_not ?? null;
  const per = str(entry.freight_uom).toUpperCase() === 'MT' ? kg / 1000 : kg;
  return round2(entry.freight_cost * per);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

// ------------------------------------------------------------------------------------------ dates

/** dd/mm/yyyy or dd/mm/yy (stuffing dates, spec/2 §9) → yyyy-mm-dd; null when it is not a calendar date. */
export function toIsoDate(typed: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(typed.trim());
  if (!match) return /^\d{4}-\d{2}-\d{2}$/.test(typed.trim()) ? typed.trim() : null;
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const month = Number(match[2]);
  const day = Number(match[1]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** yyyy-mm-dd → dd/mm/yy (stuffing dates) or dd/mm/yyyy. */
export function fromIsoDate(value: unknown, short = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(value));
  if (!match) return '';
  return `${match[3]}/${match[2]}/${short ? match[1]!.slice(2) : match[1]}`;
}

/** The date part of a date or timestamp (yyyy-mm-dd), or null. */
export function dayOf(value: unknown): string | null {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(str(value));
  return match ? match[0] : null;
}

/** The valid range the stuffing dates of these SAP orders keep to, as the save judges it (commonValidRange). */
export function validRangeOf(headers: readonly SapHeader[]): ValidRange {
  return commonValidRange(
    headers.map((header) => ({ valid_from: dayOf(header.Valid_From), valid_to: dayOf(header.Valid_To) })),
  );
}

export type StuffingFieldProblem = 'invalid' | StuffingDateProblem;

/**
 * What is wrong with each typed stuffing date as the user types it: not a date, or what the server's one rule
 * (stuffingDateProblems: within the valid range, the second not before the first; an empty second is the first)
 * refuses, so the message shows under the field before a save is tried and the save is not offered.
 */
export function stuffingProblems(
  typedFrom: string,
  typedTo: string,
  range: ValidRange,
): { from: StuffingFieldProblem | null; to: StuffingFieldProblem | null } {
  const from = typedFrom.trim() ? toIsoDate(typedFrom) : null;
  const to = typedTo.trim() ? toIsoDate(typedTo) : null;
  const rule = stuffingDateProblems(from, to, range);
  return {
    from: typedFrom.trim() && !from ? 'invalid' : rule.from,
    to: typedTo.trim() && !to ? 'invalid' : typedTo.trim() ? rule.to : null,
  };
}

// ------------------------------------------------------------------------------------------ save

/** An alert before saving: the key under `alert.` and, for a transporter entry, its number (1-based). */
export interface SaveProblem {
  key:
    | 'require_loading'
    | 'require_destination'
    | 'require_charge_oa_company'
    | 'require_freight_date'
    | 'require_stuffing_date'
    | 'require_transporter';
  item?: number;
}

/** spec/2 §5.2: the seven checks before a save, in this order; the first that fails is the one shown. */
export function checkBeforeSave(
  form: AssignForm,
  transporters: readonly TransporterEntry[],
): SaveProblem | null {
  if (!form.loading) return { key: 'require_loading' };
  if (!form.destination) return { key: 'require_destination' };
  if (!form.charge_oa_company) return { key: 'require_charge_oa_company' };
  if (!form.freight_date.trim()) return { key: 'require_freight_date' };
  if (!form.stuffing_from.trim() && !form.stuffing_to.trim()) return { key: 'require_stuffing_date' };
  if (transporters.length === 0) return { key: 'require_transporter' };
  const missing = transporters.findIndex((entry) => !str(entry.transporter_code).trim());
  if (missing >= 0) return { key: 'require_transporter', item: missing + 1 };
  return null;
}

/** spec/2 §5.1 (the picker's own checks): what opening Select Transporter needs, in order. */
export function checkBeforeFreight(
  form: AssignForm,
  lines: readonly AssignDetail[],
):
  | 'require_loading'
  | 'require_destination'
  | 'require_charge_oa_company'
  | 'require_freight_date'
  | 'require_conversion_type'
  | null {
  if (!form.loading) return 'require_loading';
  if (!form.destination) return 'require_destination';
  if (!form.charge_oa_company) return 'require_charge_oa_company';
  if (!form.freight_date.trim()) return 'require_freight_date';
  if (included(lines).some((line) => !str(line.conversion_type).trim())) return 'require_conversion_type';
  return null;
}

/** [from, to] with to = from when only the first is given (§5.2), as yyyy-mm-dd where they read as dates. */
export function stuffingRange(form: AssignForm): (string | null)[] {
  const from = form.stuffing_from.trim();
  const to = form.stuffing_to.trim() || from;
  const iso = (typed: string) => (typed ? (toIsoDate(typed) ?? typed) : null);
  return [iso(from), iso(to)];
}

export interface BodyInput {
  ids: readonly number[];
  first: FirstDocument | null;
  form: AssignForm;
  lines: readonly AssignDetail[];
  transporters: readonly TransporterEntry[];
  approval: readonly Approver[] | null;
  lnType: string | null;
  lnIncoRule: string | null;
  /** The documents offer STO/SPO per shipment; otherwise false is sent, whatever the form holds. */
  showStoSpo?: boolean;
}

/** The assign model sent to check_approval, assign_transporter and assign_customer_vendor. */
export function assignBody(input: BodyInput): AssignModel {
  const { form } = input;
  const freightDate = form.freight_date.trim()
    ? (toIsoDate(form.freight_date) ?? form.freight_date.trim())
    : null;
  return {
    id: [...input.ids],
    charge_oa_company: form.charge_oa_company,
    warehouse_code: input.first?.warehouse_code ?? null,
    document_type: input.first?.document_type ?? null,
    loading_destination_from_id: form.loading ? Number(form.loading) : null,
    loading_destination_to_id: form.destination ? Number(form.destination) : null,
    shipment_type: shipmentTypeOf(input.first, form),
    vessel: form.vessel,
    vessel_code: form.vessel,
    freight_date: freightDate,
    stuffing_date: stuffingRange(form),
    trip_type: form.trip_type || null,
    sto_spo_per_shipment: input.showStoSpo === true && form.sto_spo_per_shipment,
    ln_type: input.lnType,
    ln_inco_rule: input.lnIncoRule,
    transporters: input.transporters.map((full) => {
      const {
        kg: _kg,
        quota_message: _quota,
        truck_type_name: _name,
        capacity: _capacity,
        suggested_total: _suggested,
        criteria_detail: _why,
        ...entry
      } = full;
      return { ...entry, freight_date: freightDate, require_reason: requiresReason(full) };
    }),
    details: input.lines.map((line) => ({ ...line, charge_oa_company: form.charge_oa_company })),
    approval_matrix: input.approval ? [...input.approval] : null,
    show_conversion_type: form.show_conversion_type ? 'Y' : 'N',
    relation_truck_type_id: form.relation_truck_type_id ? Number(form.relation_truck_type_id) : null,
  };
}
