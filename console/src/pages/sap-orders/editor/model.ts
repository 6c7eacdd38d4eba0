// The SAP order editor's model (spec/3 §2.1, §3, §4.2): the form's header fields and detail columns as the
// definition declares them (db/resources/sap-order.ts: order, types, lengths, what must be filled, what belongs to
// which orders, what stays open on an order from SAP), each turned into the input of the shared FieldControl
// with where its choices come from; the rules that show, hide, lock and force fields; the conversion from the
// server's order to the form and back to the save body; the checks made before asking the server; and the
// fingerprint that tells whether the lines are the ones SAP answered in the last sync. Everything here is pure,
// so the page only wires it up.
import { formFields, type FieldDef } from '../../../../../db/resources/engine';
import { refLookupMinChars } from '../../../../../db/resources/master';
import {
  appliesTo,
  forcedShipmentType,
  FROM_SAP_FIELDS,
  isYesNo,
  SapOrder,
  SapOrderLine,
  SYNC_SAP,
  type OrderKind,
  type SapOrderField,
} from '../../../../../db/resources/sap-order';
import type { EditorMode } from '../../../components/editor/useEditor';
import type { FormValue } from '../../../components/form/values';
import { textOf } from '../../../components/grid/cellFormat';
import { formatDate } from '../../../util/format';

/** Order-type flags (spec/3 §3) as util/order_type_fields* answer them. */
export interface OrderTypeFlags {
  Id?: number;
  Code: string;
  Name: string;
  Info1?: string | null;
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

/** The dropdown item of `GET /api/list/...` (components/form/useListItems.ts). */
export type { ListItem } from '../../../components/form/useListItems';

// ------------------------------------------------------------------------------------------------ fields

/**
 * Where a field's choices come from. `ref`: a type-ahead on a lookup (RefSelect), its query narrowed by other
 * fields; `list`: a short list loaded whole and shown as a select (create types, order types, lookup groups).
 */
export type Choices =
  | {
      kind: 'ref';
      url: (v: HeaderValues, rules: Pick<Rules, 'customerLookup'>) => string;
      params?: (v: HeaderValues) => Record<string, string>;
    }
  | { kind: 'list'; list: ListName }
  | { kind: 'yesNo' };

export type ListName =
  'createTypes' | 'orderTypes' | 'DOCUMENT_TYPE' | 'DISTRIBUTION' | 'LANGSIR_TYPE' | 'SHIPMENT_TYPE';

export interface HeaderField {
  def: FieldDef;
  /** The field as the definition declares it (its editor rules). */
  field: SapOrderField;
  choices?: Choices;
  /**
   * Characters typed before a type-ahead searches (spec/3 §9: 3 by default): this screen's own word (CHOICES),
   * else the definitions' (a reference to a short vocabulary, companies or product categories, opens with its
   * entries at once, as in every other form).
   */
  minChars?: number;
  /** Spans the whole row of the form. */
  wide?: boolean;
}

const company = (v: HeaderValues) => ({ company: str(v.Company_Code) });
const lookup = (
  url: string,
  more: Omit<Extract<Choices, { kind: 'ref' }>, 'kind' | 'url'> = {},
): Choices => ({
  kind: 'ref',
  url: () => url,
  ...more,
});

/**
 * Where the choices of the fields that have them come from, beyond what the definition says (a lookup group's
 * values are listed whole, a Y/N flag is a select): the spec's lookups (spec/3 §7), narrowed by a parent field.
 * Lists narrowed by a parent (plants of a company...) open at once; the other references open as their
 * definitions say (HEADER_FIELDS: companies, product categories and incoterms at once, the long lists after 3
 * characters).
 */
const CHOICES: Partial<Record<string, Pick<HeaderField, 'choices' | 'minChars'>>> = {
  Type: { choices: { kind: 'list', list: 'createTypes' } },
  Order_Type: { choices: { kind: 'list', list: 'orderTypes' } },
  Company_Code: { choices: lookup('list/company_code') },
  Product_Category: { choices: lookup('list/business_segment_code') },
  Plant: { choices: lookup('list/plant', { params: company }), minChars: 0 },
  Sales_Organization: { choices: lookup('list/sales_organization_code', { params: company }), minChars: 0 },
  Purchase_Organization: { choices: lookup('list/purchase_organization', { params: company }), minChars: 0 },
  // Customers for customer-type orders, vendors for the others (vendor types, transfers between plants).
  Customer_Vendor_Code: {
    choices: {
      kind: 'ref',
      url: (_, rules) => (rules.customerLookup ? 'list/customer_code' : 'list/vendor_code'),
    },
  },
  Incoterm: { choices: lookup('list/incoterm_code') },
  Plant_Destination: { choices: lookup('list/plant_all') },
  Factory_Destination: { choices: lookup('list/factory') },
  Warehouse_Code: {
    choices: lookup('list/warehouse', { params: (v) => ({ plant: str(v.Plant) }) }),
    minChars: 0,
  },
};

/** The choices of a field: its own (CHOICES), its lookup group's values, or Y/N. */
function choicesOf(field: SapOrderField): Choices | undefined {
  const own = CHOICES[field.name]?.choices;
  if (own) return own;
  if (field.type === 'lookup') return { kind: 'list', list: field.lookupGroup as ListName };
  if (isYesNo(field)) return { kind: 'yesNo' };
  return undefined;
}

/**
 * The input of a field: a type-ahead for a ref, a select for a list, else the field's own type, with its length,
 * limits and decimals; required when the definition asks for it (always, or after the rules).
 */
function formDef(
  field: SapOrderField,
  choices: Choices | undefined,
  limits: Partial<FieldDef> = {},
): FieldDef {
  return {
    name: field.name,
    type: choices?.kind === 'ref' ? 'ref' : choices ? 'enum' : field.type,
    required: field.editor?.required !== undefined,
    readOnly: field.readOnly,
    maxLength: field.maxLength,
    ...(choices && choices.kind !== 'ref' ? { options: [] } : {}),
    ...(field.type === 'decimal' || field.type === 'integer'
      ? { min: field.min, max: field.max, precision: field.precision, scale: field.scale }
      : {}),
    ...limits,
  };
}

/** The header in the order of spec/3 §2.1. */
export const HEADER_FIELDS: readonly HeaderField[] = formFields(SapOrder).map((field: SapOrderField) => {
  const choices = choicesOf(field);
  return {
    def: formDef(field, choices),
    field,
    choices,
    minChars: CHOICES[field.name]?.minChars ?? refLookupMinChars(field),
    wide: field.type === 'textarea',
  };
});

export type HeaderValues = Record<string, FormValue>;

/** The definition's line fields, in the order of spec/3 §2.1 (the add/remove buttons come first). */
const LINE_DEFINITION: readonly SapOrderField[] = formFields(SapOrderLine);

/**
 * Detail columns. A quantity may be typed as 0, to be told it must be above it (checkOrder) rather than turned
 * into the smallest one the column holds.
 */
export const LINE_FIELDS: readonly FieldDef[] = LINE_DEFINITION.map((field) =>
  formDef(field, undefined, field.name === 'Qty' ? { min: 0 } : {}),
);

export interface LineRow {
  /** React key; not sent. */
  key: string;
  /** The stored line's Id (edit), kept so the server keeps its item number. */
  id: number | null;
  /** The material's name as the server or SAP answered it, for read-only rows. */
  materialName: string;
  values: Record<string, FormValue>;
}

let rowCounter = 0;
export function newLine(values: Record<string, FormValue> = {}): LineRow {
  rowCounter += 1;
  const empty = Object.fromEntries(LINE_FIELDS.map((f) => [f.name, ''])) as Record<string, FormValue>;
  return { key: `line-${rowCounter}`, id: null, materialName: '', values: { ...empty, ...values } };
}

// ------------------------------------------------------------------------------------------------ from server

export interface EditorOrder {
  values: HeaderValues;
  lines: LineRow[];
  /** Read-only facts of the stored order. */
  meta: {
    id: number;
    /** The stored order type and its id, whose flags util/order_type_fields?id= answers. */
    orderType: string;
    orderTypeId: number | null;
    isRelation: boolean;
    audit: { Created_Date: unknown; Created_By: unknown; Edited_Date: unknown; Edited_By: unknown };
  };
}

export function str(value: FormValue | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

function formValue(def: FieldDef, value: unknown): FormValue {
  if (def.type === 'bool') return value === true || value === 'Y' || value === 'true';
  if (value === null || value === undefined) return '';
  if (def.type === 'date' && typeof value === 'string') return formatDate(value);
  return textOf(value);
}

export function lineFromServer(line: Record<string, unknown>): LineRow {
  const row = newLine(Object.fromEntries(LINE_FIELDS.map((f) => [f.name, formValue(f, line[f.name])])));
  row.id = typeof line.Id === 'number' ? line.Id : null;
  row.materialName = textOf(line.material_name);
  return row;
}

export function orderFromServer(header: Record<string, unknown>): EditorOrder {
  const values: HeaderValues = {};
  for (const { def } of HEADER_FIELDS) values[def.name] = formValue(def, header[def.name]);
  // A Y/N flag: anything but Y reads as N (a new order starts with N).
  values.Delivery_Using_Truck = header.Delivery_Using_Truck === 'Y' ? 'Y' : 'N';
  const details = Array.isArray(header.Details) ? (header.Details as Record<string, unknown>[]) : [];
  return {
    values,
    lines: details.map(lineFromServer),
    meta: {
      id: typeof header.Id === 'number' ? header.Id : 0,
      orderType: textOf(header.Order_Type),
      orderTypeId: typeof header.order_type_id === 'number' ? header.order_type_id : null,
      isRelation: header.is_relation_setting === true || header.is_relation === true,
      audit: {
        Created_Date: header.Created_Date,
        Created_By: header.Created_By,
        Edited_Date: header.Edited_Date,
        Edited_By: header.Edited_By,
      },
    },
  };
}

// ------------------------------------------------------------------------------------------------ rules

/** What the rules of spec/3 §4.2 are decided from. */
export interface RuleInput {
  mode: EditorMode;
  values: HeaderValues;
  flags: OrderTypeFlags | null;
  /** util/check_sap_order_type's is_transfer_order for the current Type. */
  transfer: boolean;
  /** util/order_is_relation for the current incoterm and order type. */
  relation: boolean;
  /** The chosen LANGSIR_TYPE value's Info1 / Info2 (undefined when the lookup does not carry them). */
  langsirInfo: { info1?: string | null; info2?: string | null } | null;
  /** The SHIPMENT_TYPE code relation orders use. */
  relationShipmentType: string;
}

export interface FieldState {
  shown: boolean;
  locked: boolean;
  /** Why a field is locked or set, shown under it. */
  hint?: 'transferDefault' | 'relation' | 'langsir' | 'deliveryUsingTruck' | 'addressOnSave';
}

export interface Rules {
  editable: boolean;
  /** The kind of order the rules were decided for (which fields belong to it). */
  kind: OrderKind;
  syncSap: boolean;
  transfer: boolean;
  transferOut: boolean;
  langsir: boolean;
  /** The Shipment_Type the order must have (relation, then langsir, then delivery using truck), if any. */
  forcedShipmentType: string | null;
  relationShipmentType: string;
  customerLookup: boolean;
  header: Record<string, FieldState>;
  columns: Record<string, boolean>;
  /** Rows may be added, removed and changed. */
  linesEditable: boolean;
}

/**
 * Fields a user may still change on an order that came from SAP (spec/3 §4.2): the ones the server's save takes
 * from such an order (fromSap in the definition); the destinations only when the langsir rules open them.
 */
const FROM_SAP = new Set(FROM_SAP_FIELDS);

/** Whether a field shows on this order: it belongs to it (the definition's appliesTo), and is asked now. */
function showsOn(field: SapOrderField, kind: OrderKind, creating: boolean): boolean {
  return appliesTo(field, kind) && !(creating && field.editor?.hiddenOnCreate);
}

export function decideRules(input: RuleInput): Rules {
  const { mode, values, flags } = input;
  const editable = mode === 'create' || mode === 'edit';
  const creating = mode === 'create';
  const syncSap = str(values.Type) === SYNC_SAP;
  const transfer = input.transfer;
  const kind: OrderKind = { transfer, flags };
  const transferOut = transfer && (flags?.Info1 ?? '').toUpperCase() === 'OUT';
  // A langsir value marks the order as langsir when its Info1 is Y; a lookup that does not carry Info1 is taken
  // at its word that the value is a langsir type (every LANGSIR_TYPE value is one in the seeded data).
  const langsir =
    transferOut && str(values.Langsir_Type) !== '' && (input.langsirInfo?.info1 ?? 'Y').toUpperCase() === 'Y';
  const deliveryUsingTruck = values.Delivery_Using_Truck === 'Y';
  const forced = forcedShipmentType({
    relation: input.relation,
    relationShipmentType: input.relationShipmentType,
    langsir,
    langsirShipmentType: input.langsirInfo?.info2,
    deliveryUsingTruck,
  });

  const header: Record<string, FieldState> = {};
  for (const { def, field } of HEADER_FIELDS) {
    header[def.name] = {
      shown: showsOn(field, kind, creating),
      locked: !editable || def.readOnly === true || (syncSap && !FROM_SAP.has(def.name)),
    };
  }
  const set = (name: string, patch: Partial<FieldState>) => Object.assign(header[name]!, patch);
  const lock = (name: string, hint?: FieldState['hint']) =>
    set(name, { locked: true, ...(editable && hint ? { hint } : {}) });

  if (!creating) lock('Type');
  if (transfer) {
    lock('Customer_Vendor_Code', 'transferDefault');
    lock('Incoterm', 'transferDefault');
  }
  if (!transferOut) lock('Langsir_Type');
  if (!langsir) {
    lock('Plant_Destination');
    lock('Factory_Destination');
  }
  if (input.relation) lock('Shipment_Type', 'relation');
  else if (langsir) lock('Shipment_Type', 'langsir');
  else if (deliveryUsingTruck) lock('Shipment_Type', 'deliveryUsingTruck');
  if (editable && !syncSap) set('Address', { hint: 'addressOnSave' });

  const columns: Record<string, boolean> = {};
  for (const field of LINE_DEFINITION) columns[field.name] = showsOn(field, kind, creating);
  // SO/DO numbers for delivery-order types; LN items for types that are neither delivery- nor sales-order ones.
  const deliveryOrder = flags?.Use_DO === true;
  const lnItems = !deliveryOrder && flags?.Use_SO !== true;
  columns.SO_DO_No &&= deliveryOrder;
  columns.SO_DO_Item_No &&= deliveryOrder;
  columns.LN_SO_Item_No &&= lnItems;
  columns.LN_STO_Item_No &&= lnItems;

  return {
    editable,
    kind,
    syncSap,
    transfer,
    transferOut,
    langsir,
    forcedShipmentType: forced,
    relationShipmentType: input.relationShipmentType,
    customerLookup: flags?.Use_Customer === true,
    header,
    columns,
    linesEditable: editable && !syncSap,
  };
}

/**
 * A change with what depends on it: spec/3 §4.2 "changing Type clears Order_Type" (and the parties and transfer
 * fields of the old kind of order); a company's plant, warehouse and organisations; a plant's warehouse; a
 * party's address (the server fills it in again on save); a langsir type's destinations.
 */
export function withDependents(name: string, value: FormValue): HeaderValues {
  const patch: HeaderValues = { [name]: value };
  switch (name) {
    case 'Type':
      Object.assign(patch, {
        Order_Type: '',
        Customer_Vendor_Code: '',
        Address: '',
        Langsir_Type: '',
        Plant_Destination: '',
        Factory_Destination: '',
        STO_SPO_Per_Shipment: false,
      });
      break;
    case 'Order_Type':
      patch.Langsir_Type = '';
      break;
    case 'Company_Code':
      Object.assign(patch, {
        Plant: '',
        Warehouse_Code: '',
        Sales_Organization: '',
        Purchase_Organization: '',
      });
      break;
    case 'Plant':
      patch.Warehouse_Code = '';
      break;
    case 'Customer_Vendor_Code':
      patch.Address = '';
      break;
    case 'Langsir_Type':
      Object.assign(patch, { Plant_Destination: '', Factory_Destination: '' });
      break;
    default:
      break;
  }
  return patch;
}

/** TRANSFER_ORDER_DEFAULT as util/check_sap_order_type answers it (default_model). */
export interface TransferDefaults {
  vendor: string | null;
  incoterm: string | null;
  document_type: string | null;
}

/**
 * Transfer orders take customer/vendor and incoterm from the transfer defaults whatever was there, and the
 * document type when none is chosen (the server applies the same defaults).
 */
export function withTransferDefaults(
  values: HeaderValues,
  transfer: boolean,
  defaults: TransferDefaults | null,
): HeaderValues {
  if (!transfer || !defaults) return values;
  return {
    ...values,
    Customer_Vendor_Code: defaults.vendor ?? '',
    Incoterm: defaults.incoterm ?? '',
    Document_Type: str(values.Document_Type) || (defaults.document_type ?? ''),
  };
}

/**
 * The values the screen shows and sends: the shipment type the rules force, and no relation shipment type on an
 * order that is not a relation one (the server refuses it there). Only while the order can be changed: a view
 * shows what was stored.
 */
export function withForcedValues(values: HeaderValues, rules: Rules): HeaderValues {
  if (!rules.editable) return values;
  if (rules.forcedShipmentType) return { ...values, Shipment_Type: rules.forcedShipmentType };
  if (str(values.Shipment_Type) === rules.relationShipmentType) return { ...values, Shipment_Type: '' };
  return values;
}

// ------------------------------------------------------------------------------------------------ to server

function wire(def: FieldDef, value: FormValue | undefined): unknown {
  if (def.type === 'bool') return value === true;
  const t = typeof value === 'string' ? value.trim() : '';
  if (t === '') return null;
  if (def.type === 'decimal' || def.type === 'integer') {
    const n = Number(t);
    return Number.isFinite(n) ? n : t;
  }
  return t;
}

/** What a field the order does not carry is sent as. */
const emptyOf = (def: FieldDef) => (def.type === 'bool' ? false : null);

/** A line's body: its Id and every column, empty where the field does not belong to the order (Tolerance). */
function lineBody(row: LineRow, rules: Pick<Rules, 'kind'>): Record<string, unknown> {
  const body: Record<string, unknown> = { Id: row.id };
  LINE_FIELDS.forEach((def, i) => {
    body[def.name] = appliesTo(LINE_DEFINITION[i]!, rules.kind)
      ? wire(def, row.values[def.name])
      : emptyOf(def);
  });
  return body;
}

/**
 * The save (and sync) body: the order's Id and every header field with its Details. A field the rules hide is
 * sent empty, so what is saved is what the screen showed (the server clears the same fields by the same rules).
 */
export function orderBody(
  id: number,
  values: HeaderValues,
  lines: LineRow[],
  rules: Rules,
): Record<string, unknown> {
  const body: Record<string, unknown> = { Id: id };
  for (const { def } of HEADER_FIELDS) {
    if (def.name === 'Address') continue;
    const shown = rules.header[def.name]?.shown !== false;
    body[def.name] = shown ? wire(def, values[def.name]) : emptyOf(def);
  }
  body.Delivery_Using_Truck = values.Delivery_Using_Truck === 'Y' ? 'Y' : 'N';
  if (!rules.transferOut) body.Langsir_Type = null;
  if (!rules.langsir) body.Plant_Destination = body.Factory_Destination = null;
  body.Details = lines.map((row) => lineBody(row, rules));
  return body;
}

/**
 * The lines as the server's "sync before save" rule compares them (api/sap-orders/sync.ts linesFingerprint):
 * order type and each line's material, quantity (3 decimals) and unit, in order.
 */
export function linesFingerprint(orderType: FormValue | undefined, lines: LineRow[]): string {
  return JSON.stringify([
    str(orderType).toUpperCase(),
    lines.map((l) => [
      str(l.values.Material_Code).toUpperCase(),
      Number(str(l.values.Qty) || 0).toFixed(3),
      str(l.values.UOM).toUpperCase(),
    ]),
  ]);
}

/** The line naming the SAP document a sync asks about (api/sap-orders/sync.ts referenceLine). */
export function referenceLine(
  lines: LineRow[],
): { index: number; field: 'SO_DO_No' | 'PO_SO_No'; document: string } | undefined {
  for (const field of ['SO_DO_No', 'PO_SO_No'] as const) {
    const index = lines.findIndex((l) => str(l.values[field]) !== '');
    if (index >= 0) return { index, field, document: str(lines[index]!.values[field]) };
  }
  return undefined;
}

/**
 * Why a save still needs a sync, worded as the server's refusal (api/sap-orders/sync.ts assertSynced): the line
 * naming the SAP document, by its item number (a new line by its position), and whether that document was not
 * synced yet, its last sync failed (`failedDocument`), or SAP answered other lines than these (`answered`: a
 * sync succeeded, and the lines changed since).
 */
export function syncNeed(
  lines: LineRow[],
  sync: { answered: boolean; failedDocument: string | null },
): Problem {
  const named = referenceLine(lines);
  if (!named) return { key: 'sapOrderEditor.syncNeeded.NO_DOCUMENT', field: 'Details' };
  const reason = sync.answered
    ? 'LINES_CHANGED'
    : sync.failedDocument === named.document
      ? 'SYNC_FAILED'
      : 'NOT_SYNCED';
  const line = str(lines[named.index]!.values.Item_No) || String(named.index + 1);
  return {
    key: `sapOrderEditor.syncNeeded.${reason}`,
    field: named.field,
    params: { line, document: named.document },
  };
}

// ------------------------------------------------------------------------------------------------ checks

/** A message key with its parameters; the page translates it (field labels included). */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
  /** Field whose label goes into `{{field}}`. */
  field: string;
}

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isoOf(value: FormValue | undefined): string | null {
  const match = DATE.exec(str(value));
  if (!match) return null;
  const [, d, m, y] = match;
  const parsed = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (parsed.getUTCDate() !== Number(d) || parsed.getUTCMonth() !== Number(m) - 1) return null;
  return `${y}-${m}-${d}`;
}

/**
 * What can be told before asking the server: required fields that are shown and open, dates in dd/mm/yyyy,
 * Valid_From not after Valid_To, at least one line, each line's material, quantity above 0 and unit. Keys are
 * wire names (`Details.0.Qty` for a cell), as the server names its own field errors.
 */
export function checkOrder(values: HeaderValues, lines: LineRow[], rules: Rules): Record<string, Problem> {
  const problems: Record<string, Problem> = {};
  for (const { def } of HEADER_FIELDS) {
    const state = rules.header[def.name];
    if (!state?.shown || def.readOnly) continue;
    const value = values[def.name];
    if (def.required && !state.locked && str(value) === '') {
      problems[def.name] = { key: 'validation.required', field: def.name };
    } else if (def.type === 'date' && str(value) !== '' && !isoOf(value)) {
      problems[def.name] = { key: 'validation.invalidDate', field: def.name };
    }
  }
  for (const [fromName, toName] of SapOrder.dateRanges) {
    const from = isoOf(values[fromName]);
    const to = isoOf(values[toName]);
    if (from && to && from > to) {
      problems[toName] = { key: 'validation.dateOrder', field: toName, params: { from: fromName } };
    }
  }
  if (rules.linesEditable) {
    if (!lines.length)
      problems.Details = { key: 'validation.minRows', field: 'Details', params: { count: 1 } };
    lines.forEach((row, i) => {
      for (const def of LINE_FIELDS) {
        if (def.required && str(row.values[def.name]) === '') {
          problems[`Details.${i}.${def.name}`] = { key: 'validation.required', field: def.name };
        }
      }
      const qty = str(row.values.Qty);
      if (qty !== '' && !(Number(qty) > 0)) {
        problems[`Details.${i}.Qty`] = { key: 'sapOrderEditor.qtyPositive', field: 'Qty' };
      }
    });
  }
  return problems;
}
