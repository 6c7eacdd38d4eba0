// The SAP order editor (spec/3 §2.1, §4.2): one order for view, edit or create, and its save.
//
// Who may save what:
//   create (Id 0)   Type MANUAL or TRANSFER ORDER; a Document_No is drawn from the RunningNumber SAP_ORDER
//                   (MSO...), the order starts WAITING FOR APPROVAL and enters approval (approval.ts)
//   edit (Id > 0)   while WAITING FOR APPROVAL and Type MANUAL or TRANSFER ORDER: the whole order; the Type stays
//                   what it was
//   edit SYNC SAP   while APPROVED: only the fields the definition marks fromSap (warehouse, shipment type,
//                   delivery address and, on langsir orders, destination plant/factory); everything else sent is
//                   ignored, the rest of the order and its lines stay SAP's, no sync and no approval are asked
//   all             the user needs the company and plant (services/plant-authorization.ts), and for a manual or
//                   transfer order of a type SAP_SYNC_SETTING names, a successful sync of its lines after the last
//                   change (sync.ts)
//
// What a save takes, and which fields must be filled or belong to some orders only, is the definition's
// (db/resources/sap-order.ts: the form, `editor`, `readOnly`), read by the console's form as well. The rules that
// need master data are here (spec/3 §2.1, §4.2), applied to what the client sends, never trusted from it:
//   - transfer orders (order type code TO) take customer/vendor and incoterm from TRANSFER_ORDER_DEFAULT,
//     whatever was sent; their document type defaults from it
//   - relation orders (util/order_is_relation) always use the relation shipment type, and only they may
//   - Langsir_Type only for the transfer-out order type; a langsir value with Info1 Y sets the shipment type to
//     its Info2 and enables the destination plant/factory, which are cleared otherwise
//   - Delivery_Using_Truck Y fixes the shipment type to INDIVIDUAL_TRUCK; relation and langsir come first
//   - a customer/vendor for order types that use one; sales and purchase organisations of the order's company
//   - every code names an active master-data row or lookup value; the plant belongs to the company
import { z } from 'zod';
import type { Knex } from 'knex';
import { columnOf, formFields, issueMessage, numberRange, type FieldDef } from '../../db/resources/engine';
import { date, DEFAULT_MAX_LENGTH, integer, number, text } from '../../db/resources/input';
import { resourceByName } from '../../db/resources/master';
import {
  appliesTo,
  CREATE_TYPES,
  forcedShipmentType,
  isYesNo,
  SapOrder,
  SapOrderLine,
  SYNC_SAP,
  YES_NO,
  type OrderKind,
  type SapOrderField,
} from '../../db/resources/sap-order';
import type { AppDeps } from '../deps';
import { ForbiddenError, NotFoundError, RuleError, ValidationError, type FieldErrors } from '../errors';
import type { Language } from '../i18n';
import type { AuthUser } from '../services/session';
import { insertSapLines, updateSapLines, type SapLineValues } from '../../db/ledger';
import { startSapOrderApproval } from './approval';
import { isAuthorized, type PlantAuthorization } from '../services/plant-authorization';
import { editScope } from './edit-scope';
import { shipmentTypeName, readLines, selectWire, type Row } from './fields';
import {
  fitsCreateType,
  isRelationOrder,
  lookupValue,
  orderTypeByName,
  relationShipmentType,
  syncRequiredFor,
  TRANSFER_ORDER_CODE,
  transferOrderDefaults,
  type LookupValue,
  type OrderTypeRow,
} from '../services/order-types';
import { nextRunningNumber } from './running-number';
import { approvalStarterOf } from './services';
import { assertSynced } from './sync';

export const SAP_ORDER_RUNNING_NUMBER = 'SAP_ORDER';

// ---------------------------------------------------------------------------------------------- read

/** The order for the editor: data.header (with Details) and data.detail (the same lines). */
export async function readSapOrder(
  db: Knex,
  id: number,
  lang: Language,
): Promise<{ header: Row; detail: Row[] } | undefined> {
  const q = db('sap_orders as s')
    .leftJoin('order_types as ot', 'ot.name', 's.order_type')
    .leftJoin('customers as cu', 'cu.customer_code', 's.customer_vendor_code')
    .leftJoin('vendors as ve', 've.vendor_code', 's.customer_vendor_code')
    .where('s.id', id)
    .first(
      ...selectWire(db, SapOrder.fields, 's'),
      db.raw('s.order_type as ??', ['order_type_name']),
      db.raw('ot.id as ??', ['order_type_id']),
      db.raw(`${shipmentTypeName(lang)} as ??`, ['shipment_type_name']),
      db.raw('coalesce(cu.customer_name, ve.vendor_name) as ??', ['customer_vendor_name']),
    );
  const header = (await q) as Row | undefined;
  if (!header) return undefined;
  const lines = (await readLines(db, [id])).get(id) ?? [];
  header.is_relation_setting = header.is_relation;
  header.Details = lines;
  return { header, detail: lines };
}

/** What a new order starts with (GET saporder/0/create): every field empty but for their defaults. */
export function createDefaults(now: Date): { header: Row; detail: Row[] } {
  const header: Row = {};
  for (const f of SapOrder.fields as readonly FieldDef[]) header[f.name] = f.default ?? null;
  Object.assign(header, {
    Id: 0,
    Type: 'MANUAL',
    Document_Date: jakartaDate(now),
    Status: 'WAITING FOR APPROVAL',
    is_relation: false,
    is_relation_setting: false,
    has_order: false,
    changed_in_sap: false,
    order_type_name: null,
    order_type_id: null,
    shipment_type_name: null,
    customer_vendor_name: null,
    Details: [],
  });
  return { header, detail: [] };
}

function jakartaDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);
}

// ---------------------------------------------------------------------------------------------- input

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** Empty input reads as missing (then "required") for a required field, as null for the others. */
const emptyAs = (required: boolean) => (v: unknown) => (empty(v) ? (required ? undefined : null) : v);
/** Codes may come as numbers (a company 1000); they are kept as text. */
const textInput = (required: boolean) => (v: unknown) =>
  typeof v === 'number' ? String(v) : emptyAs(required)(v);
/** A flag: a boolean, Y/N or true/false; missing is false. */
const flag = z
  .union([z.boolean(), z.enum(['Y', 'N', 'true', 'false'])])
  .nullish()
  .transform((v) => v === true || v === 'Y' || v === 'true');

/** A field of the save body as the editor sends it, by its type and whether it must be filled. */
function saveField(field: SapOrderField): z.ZodType {
  const required = field.editor?.required === true;
  switch (field.type) {
    case 'date':
      return z.preprocess(emptyAs(required), required ? date() : date().nullable());
    case 'integer':
    case 'decimal': {
      const n = number(numberRange(field));
      return z.preprocess(emptyAs(required), required ? n : n.nullable());
    }
    case 'bool':
      return flag;
    case 'enum':
      if (isYesNo(field)) return flag.transform((v) => (v ? 'Y' : 'N'));
      return z.preprocess(emptyAs(required), z.enum(field.options as [string, ...string[]]));
    default: {
      const t = text(field.maxLength ?? DEFAULT_MAX_LENGTH);
      return z.preprocess(textInput(required), required ? t : t.nullable());
    }
  }
}

/** The value a save field reads as (saveField). */
type SaveValue<F> = F extends { type: 'integer' | 'decimal' }
  ? number
  : F extends { type: 'bool' }
    ? boolean
    : F extends { options: typeof YES_NO }
      ? (typeof YES_NO)[number]
      : string;
type SaveShape<F extends SapOrderField> = {
  [K in F as K['name']]: z.ZodType<
    K extends { editor: { required: true } } | { type: 'bool' } | { options: typeof YES_NO }
      ? SaveValue<K>
      : SaveValue<K> | null,
    unknown
  >;
};
function saveShape<F extends SapOrderField>(fields: readonly SapOrderField[]): SaveShape<F> {
  return Object.fromEntries(fields.map((f) => [f.name, saveField(f)])) as SaveShape<F>;
}

type HeaderField = (typeof SapOrder.fields)[number];
type LineField = (typeof SapOrderLine.fields)[number];
/** What a save of a whole order takes: the form's fields that are not readOnly (the Type is the body's kind). */
type Writable<F extends SapOrderField, Form extends string> = Exclude<
  Extract<F, { name: Form }>,
  { readOnly: true } | { name: 'Type' }
>;
type WritableHeader = Writable<HeaderField, (typeof SapOrder.form)[number]>;
type WritableLine = Writable<LineField, (typeof SapOrderLine.form)[number]>;
type FromSapField = Extract<HeaderField, { editor: { fromSap: true } }>;

const writable = (fields: readonly SapOrderField[]) => fields.filter((f) => !f.readOnly && f.name !== 'Type');
const HEADER_WRITES = writable(formFields(SapOrder));
const LINE_WRITES = writable(formFields(SapOrderLine));
const FROM_SAP_WRITES = (SapOrder.fields as readonly SapOrderField[]).filter((f) => f.editor?.fromSap);

export const sapOrderLineSchema = z.object({
  Id: integer({ min: 0 }).nullish(),
  ...saveShape<WritableLine>(LINE_WRITES),
});

/** The editor's save body (spec/3 §3 header and lines); fields the server owns are ignored if sent. */
export const sapOrderSaveSchema = z.object({
  Id: integer({ min: 0 })
    .nullish()
    .transform((v) => v ?? 0),
  Type: z.enum(CREATE_TYPES),
  ...saveShape<WritableHeader>(HEADER_WRITES),
  Details: z.array(sapOrderLineSchema).min(1).max(500),
});
export type SapOrderInput = z.infer<typeof sapOrderSaveSchema>;

/**
 * The save body of an order that came from SAP: its Id and Type and the fields an edit may change (fromSap);
 * the rest of the header and the Details the console sends along are not read.
 */
export const syncSapOrderSaveSchema = z.object({
  Id: integer({ min: 1 }),
  Type: z.literal(SYNC_SAP),
  ...saveShape<FromSapField>(FROM_SAP_WRITES),
});
export type SyncSapOrderInput = z.infer<typeof syncSapOrderSaveSchema>;

/** Field message parameter: the SAP order label of the last path segment (locales resources SAPOrder.fields). */
const label = (field: string) => `${SapOrder.name}.${field}`;

/**
 * Parses the body with errors keyed by path (Details.0.Qty) and labelled by field: a stored order from SAP by
 * what may change on it, any other (and a new one, which can never be SYNC SAP) as a whole order.
 */
export function parseSapOrder(body: unknown): SapOrderInput | SyncSapOrderInput {
  const sent = (body ?? {}) as { Id?: unknown; Type?: unknown };
  const fromSap = sent.Type === SYNC_SAP && Number(sent.Id) > 0;
  const result = (fromSap ? syncSapOrderSaveSchema : sapOrderSaveSchema).safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const key = path.join('.') || '_';
    const last = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? key;
    const message = issueMessage(issue);
    (errors[key] ??= []).push({ key: message.key, params: { ...message.params, field: label(last) } });
  }
  throw new ValidationError(errors);
}

// ---------------------------------------------------------------------------------------------- checks

class Problems {
  readonly errors: FieldErrors = {};
  add(key: string, messageKey: string, params: Record<string, string | number> = {}): void {
    const field = [...key.split('.')].reverse().find((p) => !/^\d+$/.test(p)) ?? key;
    (this.errors[key] ??= []).push({ key: messageKey, params: { field: label(field), ...params } });
  }
  required(key: string): void {
    this.add(key, 'validation.required');
  }
  notFound(key: string, value: string): void {
    this.add(key, 'validation.refNotFound', { value });
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length) throw new ValidationError(this.errors);
  }
}

async function exists(trx: Knex, table: string, column: string, value: string): Promise<boolean> {
  return !!(await trx(table).where(column, value).where('is_active', true).first('id'));
}

/** The master-data table and key column a ref field names (the definition's `ref`). */
function referenced(field: FieldDef): { table: string; column: string } {
  const target = resourceByName(field.ref!);
  const key = target?.fields.find((f) => f.name === target.key);
  if (!target || !key) throw new Error(`SAPOrder.${field.name}: unknown reference ${field.ref}`);
  return { table: target.table, column: columnOf(key) };
}

/**
 * Fields whose codes the save's own rules check: the company and its plant and organisations together, the
 * langsir and shipment types by the shipment rules (decideShipmentType). checkValues checks the others.
 */
const CHECKED_BY_RULES = new Set([
  'Company_Code',
  'Plant',
  'Sales_Organization',
  'Purchase_Organization',
  'Langsir_Type',
  'Shipment_Type',
]);

/**
 * What the definition says of the values once the rules have run: a field that must be filled after them
 * (required 'afterRules') and belongs to the order is filled; every code names an active master-data row (ref)
 * or a value of its lookup group; the date ranges are in order.
 */
async function checkValues(
  trx: Knex,
  p: Problems,
  fields: readonly SapOrderField[],
  values: Record<string, unknown>,
  belongs: (field: SapOrderField) => boolean,
): Promise<void> {
  for (const field of fields) {
    if (CHECKED_BY_RULES.has(field.name)) continue;
    const value = values[field.name];
    if (typeof value !== 'string' || !value) {
      if (field.editor?.required === 'afterRules' && belongs(field)) p.required(field.name);
      continue;
    }
    if (field.type === 'ref') {
      const { table, column } = referenced(field);
      if (!(await exists(trx, table, column, value))) p.notFound(field.name, value);
    } else if (field.type === 'lookup' && !(await lookupValue(trx, field.lookupGroup!, value))) {
      p.add(field.name, 'validation.lookupNotFound', { value, group: field.lookupGroup! });
    }
  }
  for (const [from, to] of SapOrder.dateRanges) {
    const a = values[from];
    const b = values[to];
    if (typeof a === 'string' && typeof b === 'string' && a > b) {
      p.add(to, 'validation.dateOrder', { from: label(from) });
    }
  }
}

/** Each line's codes name active master-data rows, looked up once per field for all the lines. */
async function checkLineValues(
  trx: Knex,
  p: Problems,
  lines: readonly Record<string, unknown>[],
): Promise<void> {
  for (const field of LINE_WRITES) {
    if (field.type !== 'ref') continue;
    const { table, column } = referenced(field);
    const values = lines.map((l) => l[field.name]).filter((v): v is string => typeof v === 'string');
    const sent = [...new Set(values)];
    const found = new Set(
      (
        (await trx(table).whereIn(column, sent).where('is_active', true).select(column)) as Record<
          string,
          string
        >[]
      ).map((row) => row[column]),
    );
    lines.forEach((line, i) => {
      const value = line[field.name];
      if (typeof value === 'string' && !found.has(value)) p.notFound(`Details.${i}.${field.name}`, value);
    });
  }
}

// ---------------------------------------------------------------------------------------------- shipment type

interface ShipmentTypeInput {
  /** The order type's code (or name, as util/order_is_relation takes either). */
  orderType: string;
  incoterm: string | null;
  /** The order's LANGSIR_TYPE value, found when the order type may carry one (transfer-out). */
  langsir: LookupValue | undefined;
  deliveryUsingTruck: boolean;
  shipmentType: string | null;
}

/**
 * The shipment type an order gets: the one its rules force (forcedShipmentType: relation, langsir, delivery
 * using truck), otherwise the one chosen, which must be a SHIPMENT_TYPE value and may be the relation one only on
 * a relation order.
 */
async function decideShipmentType(
  trx: Knex,
  p: Problems,
  input: ShipmentTypeInput,
): Promise<{ shipmentType: string | null; relation: boolean; langsir: boolean }> {
  const relationValue = await relationShipmentType(trx);
  const relation = await isRelationOrder(trx, input.incoterm, input.orderType);
  const langsir = (input.langsir?.info1 ?? '').toUpperCase() === 'Y';
  const shipmentType =
    forcedShipmentType({
      relation,
      relationShipmentType: relationValue,
      langsir,
      langsirShipmentType: input.langsir?.info2,
      deliveryUsingTruck: input.deliveryUsingTruck,
    }) ?? input.shipmentType;
  if (!shipmentType) p.required('Shipment_Type');
  else if (!relation && shipmentType.toUpperCase() === relationValue.toUpperCase()) {
    p.add('Shipment_Type', 'sapOrder.relationOnlyShipmentType', { value: shipmentType });
  } else if (!(await lookupValue(trx, 'SHIPMENT_TYPE', shipmentType))) {
    p.add('Shipment_Type', 'validation.lookupNotFound', { value: shipmentType, group: 'SHIPMENT_TYPE' });
  }
  return { shipmentType, relation, langsir };
}

/** Whether the order type may carry a langsir type: the transfer-out one (spec/3 §4.2). */
function isTransferOut(orderType: OrderTypeRow): boolean {
  return (
    orderType.code.toUpperCase() === TRANSFER_ORDER_CODE && (orderType.info1 ?? '').toUpperCase() === 'OUT'
  );
}

/** The destination plant and factory belong to langsir orders: cleared on others, or left as SAP sent them. */
const LANGSIR_FIELDS = new Set(['Plant_Destination', 'Factory_Destination']);

// ---------------------------------------------------------------------------------------------- save steps

interface StoredOrder {
  id: number;
  type: string;
  status: string;
  document_no: string;
  order_type: string;
  company_code: string | null;
  plant: string | null;
  incoterm: string | null;
  langsir_type: string | null;
  delivery_using_truck: string | null;
  created_date: Date;
  edited_date: Date | null;
}

type SaveResult = { id: number; documentNo: string; created: boolean };

/** Creating needs Create on the SAP order screen, editing Edit. */
async function authorise(deps: AppDeps, user: AuthUser, creating: boolean): Promise<void> {
  if (!(await deps.permissions.can(user, 'SAPOrder', creating ? 'Create' : 'Edit')))
    throw new ForbiddenError();
}

/**
 * The order being edited, locked for the save: it exists, may still be edited (edit-scope.ts), is of a company
 * and plant of the user, and keeps its Type (an order from SAP is saved by what may change on it, any other as a
 * whole).
 */
async function lockStoredOrder(
  trx: Knex,
  input: { Id: number; Type: string },
  plants: PlantAuthorization,
): Promise<StoredOrder> {
  const stored = (await trx('sap_orders')
    .where('id', input.Id)
    .forUpdate()
    .first(
      'id',
      'type',
      'status',
      'document_no',
      'order_type',
      'company_code',
      'plant',
      'incoterm',
      'langsir_type',
      'delivery_using_truck',
      'created_date',
      'edited_date',
    )) as StoredOrder | undefined;
  if (!stored) throw new NotFoundError();
  if (!editScope({ Status: stored.status, Type: stored.type })) {
    throw new RuleError('NOT_EDITABLE', 'sapOrder.notEditable');
  }
  if (!isAuthorized(plants, stored.company_code, stored.plant)) {
    throw new ForbiddenError('sapOrder.notAuthorized', {
      company: stored.company_code ?? '',
      plant: stored.plant ?? '',
    });
  }
  if (stored.type !== input.Type) {
    const p = new Problems();
    p.add('Type', 'sapOrder.locked');
    p.throwIfAny();
  }
  return stored;
}

/**
 * The order type fits the create type, the company exists and the plant is one of its; then the user must hold
 * that company and plant. Answers the order type.
 */
async function checkOrderTypeAndPlant(
  trx: Knex,
  v: SapOrderInput,
  plants: PlantAuthorization,
): Promise<OrderTypeRow> {
  const p = new Problems();
  const orderType = await orderTypeByName(trx, v.Order_Type);
  if (!orderType) p.notFound('Order_Type', v.Order_Type);
  else if (!fitsCreateType(orderType, v.Type)) {
    p.add('Order_Type', 'sapOrder.orderTypeNotForType', { value: v.Order_Type, type: v.Type });
  }
  if (!(await exists(trx, 'companies', 'company_code', v.Company_Code)))
    p.notFound('Company_Code', v.Company_Code);
  const plant = (await trx('plants')
    .where({ plant_code: v.Plant, is_active: true })
    .first('company_code')) as { company_code: string } | undefined;
  if (!plant) p.notFound('Plant', v.Plant);
  else if (plant.company_code !== v.Company_Code) {
    p.add('Plant', 'sapOrder.plantNotOfCompany', { value: v.Plant, company: v.Company_Code });
  }
  p.throwIfAny();
  if (!isAuthorized(plants, v.Company_Code, v.Plant)) {
    throw new ForbiddenError('sapOrder.notAuthorized', { company: v.Company_Code, plant: v.Plant });
  }
  return orderType!;
}

/**
 * The field rules that need no question answered: a transfer order takes its customer/vendor, incoterm and (when
 * none is chosen) document type from TRANSFER_ORDER_DEFAULT; a field that does not belong to the order (the
 * definition's appliesTo: transfer fields, LN numbers, organisations and estate by the order type's flags) is
 * saved empty, on the header and on each line.
 */
async function applyFieldRules(
  trx: Knex,
  input: SapOrderInput,
  orderType: OrderTypeRow,
): Promise<{ v: SapOrderInput; kind: OrderKind }> {
  const kind: OrderKind = {
    transfer: orderType.code.toUpperCase() === TRANSFER_ORDER_CODE,
    flags: {
      Use_Customer: orderType.use_customer,
      Use_Vendor: orderType.use_vendor,
      Use_GR: orderType.use_gr,
      Use_Distribution: orderType.use_distribution,
    },
  };
  const v: SapOrderInput = { ...input, Details: input.Details.map((line) => ({ ...line })) };
  if (kind.transfer) {
    const defaults = await transferOrderDefaults(trx);
    v.Customer_Vendor_Code = defaults.vendor;
    v.Incoterm = defaults.incoterm;
    v.Document_Type ??= defaults.document_type;
  }
  const clear = (fields: readonly SapOrderField[], values: Record<string, unknown>) => {
    for (const f of fields) if (!appliesTo(f, kind)) values[f.name] = f.type === 'bool' ? false : null;
  };
  clear(HEADER_WRITES, v);
  for (const line of v.Details) clear(LINE_WRITES, line);
  return { v, kind };
}

/**
 * The parties: a customer or vendor (by what the order type uses; transfer orders have theirs by default) that
 * exists, and sales and purchase organisations of the order's company.
 */
async function checkParties(
  trx: Knex,
  p: Problems,
  v: SapOrderInput,
  orderType: OrderTypeRow,
  kind: OrderKind,
): Promise<void> {
  if (v.Customer_Vendor_Code) {
    const customer = orderType.use_customer || !orderType.use_vendor;
    const vendor = orderType.use_vendor || !orderType.use_customer;
    const found =
      (customer && (await exists(trx, 'customers', 'customer_code', v.Customer_Vendor_Code))) ||
      (vendor && (await exists(trx, 'vendors', 'vendor_code', v.Customer_Vendor_Code)));
    if (!found) p.notFound('Customer_Vendor_Code', v.Customer_Vendor_Code);
  } else if (!kind.transfer && (orderType.use_customer || orderType.use_vendor)) {
    p.required('Customer_Vendor_Code');
  }
  if (v.Sales_Organization) {
    const org = (await trx('sales_organizations')
      .where({ sales_organization_code: v.Sales_Organization, is_active: true })
      .first('company_code')) as { company_code: string } | undefined;
    if (!org) p.notFound('Sales_Organization', v.Sales_Organization);
    else if (org.company_code !== v.Company_Code) {
      p.add('Sales_Organization', 'sapOrder.notOfCompany', {
        value: v.Sales_Organization,
        company: v.Company_Code,
      });
    }
  }
  if (v.Purchase_Organization) {
    const org = (await trx('purchase_organizations')
      .where({ purchase_organization_code: v.Purchase_Organization, is_active: true })
      .first('company_code')) as { company_code: string | null } | undefined;
    if (!org) p.notFound('Purchase_Organization', v.Purchase_Organization);
    else if (org.company_code !== null && org.company_code !== v.Company_Code) {
      p.add('Purchase_Organization', 'sapOrder.notOfCompany', {
        value: v.Purchase_Organization,
        company: v.Company_Code,
      });
    }
  }
}

/**
 * The langsir type (only the transfer-out order type carries one) and the shipment type it, the relation and
 * delivery using truck decide; the destinations are cleared unless the order is a langsir one. Answers whether
 * it is a relation order.
 */
async function applyShipmentRules(
  trx: Knex,
  p: Problems,
  v: SapOrderInput,
  orderType: OrderTypeRow,
): Promise<boolean> {
  let langsirValue: LookupValue | undefined;
  if (v.Langsir_Type && !isTransferOut(orderType)) p.add('Langsir_Type', 'sapOrder.langsirOnlyTransferOut');
  else if (v.Langsir_Type) {
    langsirValue = await lookupValue(trx, 'LANGSIR_TYPE', v.Langsir_Type);
    if (!langsirValue) {
      p.add('Langsir_Type', 'validation.lookupNotFound', { value: v.Langsir_Type, group: 'LANGSIR_TYPE' });
    }
  }
  const { shipmentType, relation, langsir } = await decideShipmentType(trx, p, {
    orderType: orderType.code,
    incoterm: v.Incoterm,
    langsir: langsirValue,
    deliveryUsingTruck: v.Delivery_Using_Truck === 'Y',
    shipmentType: v.Shipment_Type,
  });
  v.Shipment_Type = shipmentType;
  if (!langsir) v.Plant_Destination = v.Factory_Destination = null;
  return relation;
}

interface NumberedLine {
  line: SapOrderInput['Details'][number];
  itemNo: string;
  /** The stored line it updates, or null for a new one. */
  keptId: number | null;
}

/**
 * Item numbers: a line the order already has keeps its own, a new one is numbered after the highest (by 10,
 * six digits, as SAP numbers items). Answers the lines and the stored lines no longer sent.
 */
async function numberLines(
  trx: Knex,
  stored: StoredOrder | undefined,
  details: SapOrderInput['Details'],
): Promise<{ lines: NumberedLine[]; removedIds: number[] }> {
  const storedLines = stored
    ? ((await trx('sap_order_details').where('sap_order_id', stored.id).select('id', 'item_no')) as {
        id: number;
        item_no: string;
      }[])
    : [];
  const itemOf = new Map(storedLines.map((l) => [Number(l.id), l.item_no]));
  let highest = Math.max(0, ...storedLines.map((l) => Number(l.item_no) || 0));
  const keptIds = new Set<number>();
  const lines = details.map((line) => {
    const kept = line.Id ? itemOf.get(Number(line.Id)) : undefined;
    if (kept !== undefined) keptIds.add(Number(line.Id));
    const itemNo = kept ?? String((highest += 10)).padStart(6, '0');
    return { line, itemNo, keptId: kept !== undefined ? Number(line.Id) : null };
  });
  const removedIds = storedLines.filter((l) => !keptIds.has(Number(l.id))).map((l) => l.id);
  return { lines, removedIds };
}

/**
 * For order types SAP_SYNC_SETTING names, the lines saved must be the ones SAP answered in a sync since the
 * order's last change (sync.ts). A refusal names a line as the screen shows it: by its stored item number, a new
 * line (not numbered on screen yet) by its position.
 */
async function checkSynced(
  trx: Knex,
  user: AuthUser,
  stored: StoredOrder | undefined,
  v: SapOrderInput,
  numbered: readonly NumberedLine[],
  orderType: OrderTypeRow,
  now: Date,
  lang: Language,
): Promise<void> {
  if (!(await syncRequiredFor(trx, orderType.code))) return;
  await assertSynced(trx, {
    sapOrderId: stored?.id ?? null,
    username: user.username,
    orderType: orderType.name,
    lines: v.Details,
    itemNos: numbered.map((l) => (l.keptId === null ? null : l.itemNo)),
    lastChange: stored ? (stored.edited_date ?? stored.created_date) : null,
    now,
    lang,
  });
}

/** The columns of the fields a save takes, from their wire values. */
function columnsOf(fields: readonly FieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [columnOf(f), values[f.name] ?? null]));
}

/**
 * The header row: the fields the save takes, and what the server owns: the order type by its stored Name and
 * Code, the customer's or vendor's address, the transfer direction (IN or OUT, the order type's Info1) and the
 * relation flag.
 */
async function headerRow(
  trx: Knex,
  v: SapOrderInput,
  orderType: OrderTypeRow,
  relation: boolean,
): Promise<Record<string, unknown>> {
  const party = v.Customer_Vendor_Code
    ? ((await trx
        .select('address')
        .from('customers')
        .where('customer_code', v.Customer_Vendor_Code)
        .unionAll(
          (q) => void q.select('address').from('vendors').where('vendor_code', v.Customer_Vendor_Code),
        )
        .first()) as { address: string | null } | undefined)
    : undefined;
  return {
    ...columnsOf(HEADER_WRITES, v),
    order_type: orderType.name,
    order_type_code: orderType.code,
    address: party?.address ?? null,
    transfer_type: orderType.info1 === 'IN' || orderType.info1 === 'OUT' ? orderType.info1 : null,
    is_relation: relation,
  };
}

/**
 * A line's row: the fields the save takes and its item number. Its outstanding quantity is the ledger's
 * (db/ledger.ts: all of it, as no order holds a line of an order that may still be edited).
 */
function lineRow({ line, itemNo }: NumberedLine): SapLineValues {
  return { ...columnsOf(LINE_WRITES, line), item_no: itemNo };
}

/** A new order: its MSO number, header and lines, waiting for approval (the workflow starts before the commit). */
async function insertOrder(
  deps: AppDeps,
  trx: Knex,
  user: AuthUser,
  v: SapOrderInput,
  orderType: OrderTypeRow,
  header: Record<string, unknown>,
  lines: NumberedLine[],
  now: Date,
): Promise<SaveResult> {
  const documentNo = await nextRunningNumber(trx, SAP_ORDER_RUNNING_NUMBER, now);
  const [row] = (await trx('sap_orders')
    .insert({
      ...header,
      document_no: documentNo,
      type: v.Type,
      status: 'WAITING FOR APPROVAL',
      source: 'console',
      created_by: user.username,
      created_date: now,
    })
    .returning('id')) as { id: number }[];
  const id = row!.id;
  await insertSapLines(
    trx,
    lines.map((l) => ({ ...lineRow(l), sap_order_id: id })),
  );
  await startSapOrderApproval(
    { db: trx, now: deps.now, startWorkflow: approvalStarterOf(deps) },
    {
      Id: id,
      Document_No: documentNo,
      Company_Code: v.Company_Code,
      Order_Type: orderType.name,
      Created_By: user.username,
    },
  );
  return { id, documentNo, created: true };
}

/** An edited order: its header, the lines no longer sent removed, the kept ones updated, the new ones added. */
async function updateOrder(
  trx: Knex,
  user: AuthUser,
  stored: StoredOrder,
  header: Record<string, unknown>,
  lines: NumberedLine[],
  removedIds: number[],
  now: Date,
): Promise<SaveResult> {
  await trx('sap_orders')
    .where('id', stored.id)
    .update({ ...header, edited_by: user.username, edited_date: now });
  if (removedIds.length) await trx('sap_order_details').whereIn('id', removedIds).delete();
  await updateSapLines(
    trx,
    lines.filter((l) => l.keptId !== null).map((l) => ({ id: l.keptId!, values: lineRow(l) })),
  );
  await insertSapLines(
    trx,
    lines.filter((l) => l.keptId === null).map((l) => ({ ...lineRow(l), sap_order_id: stored.id })),
  );
  return { id: stored.id, documentNo: stored.document_no, created: false };
}

/**
 * An order from SAP keeps SAP's header and lines; the fields marked fromSap change (the destinations only on a
 * langsir order; otherwise they stay what SAP sent). The shipment type follows the same rules as on any order,
 * from the order's own incoterm, langsir type and delivery-using-truck.
 */
async function saveOrderFromSap(
  trx: Knex,
  user: AuthUser,
  stored: StoredOrder,
  v: SyncSapOrderInput,
  now: Date,
): Promise<SaveResult> {
  const p = new Problems();
  const orderType = await orderTypeByName(trx, stored.order_type);
  // The order type may since have been deactivated in master data: then it carries no langsir type.
  const langsirValue =
    orderType && stored.langsir_type && isTransferOut(orderType)
      ? await lookupValue(trx, 'LANGSIR_TYPE', stored.langsir_type)
      : undefined;
  const decided = await decideShipmentType(trx, p, {
    orderType: orderType?.code ?? stored.order_type,
    incoterm: stored.incoterm,
    langsir: langsirValue,
    deliveryUsingTruck: stored.delivery_using_truck === 'Y',
    shipmentType: v.Shipment_Type,
  });
  const values = { ...v, Shipment_Type: decided.shipmentType };
  const taken = FROM_SAP_WRITES.filter((f) => decided.langsir || !LANGSIR_FIELDS.has(f.name));
  await checkValues(trx, p, taken, values, () => true);
  p.throwIfAny();
  await trx('sap_orders')
    .where('id', stored.id)
    .update({
      ...columnsOf(taken, values),
      is_relation: decided.relation,
      edited_by: user.username,
      edited_date: now,
    });
  return { id: stored.id, documentNo: stored.document_no, created: false };
}

/**
 * Creates (Id 0) or edits a manual / transfer SAP order, or edits what may change on an order from SAP; answers
 * its id and document number. One transaction: the order, its lines and its approval commit together or not at
 * all.
 */
export async function saveSapOrder(
  deps: AppDeps,
  user: AuthUser,
  input: SapOrderInput | SyncSapOrderInput,
  lang: Language,
): Promise<SaveResult> {
  const creating = input.Id === 0;
  await authorise(deps, user, creating);
  const plants = await deps.permissions.plants(user);
  const now = deps.now();

  return deps.db.transaction(async (trx) => {
    const stored = creating ? undefined : await lockStoredOrder(trx, input, plants);
    if (input.Type === SYNC_SAP) {
      // parseSapOrder reads a SYNC SAP body only with an Id: a stored order from SAP, its Type checked above.
      if (!stored) throw new NotFoundError();
      return saveOrderFromSap(trx, user, stored, input, now);
    }
    const orderType = await checkOrderTypeAndPlant(trx, input, plants);
    const { v, kind } = await applyFieldRules(trx, input, orderType);
    const p = new Problems();
    await checkParties(trx, p, v, orderType, kind);
    const relation = await applyShipmentRules(trx, p, v, orderType);
    await checkValues(trx, p, HEADER_WRITES, v, (f) => appliesTo(f, kind));
    await checkLineValues(trx, p, v.Details);
    const { lines, removedIds } = await numberLines(trx, stored, v.Details);
    p.throwIfAny();
    await checkSynced(trx, user, stored, v, lines, orderType, now, lang);
    const header = await headerRow(trx, v, orderType, relation);
    if (!stored) return insertOrder(deps, trx, user, v, orderType, header, lines, now);
    return updateOrder(trx, user, stored, header, lines, removedIds, now);
  });
}
