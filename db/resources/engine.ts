// The resource engine's vocabulary. One definition per master-data table (db/resources/master/*.ts) says
// everything about it once: its wire names, types, rules, references, list behaviour, editor layout and
// sub-tables. From a definition come the API routes (api/resources/), the lookup, the console's Index and
// Editor pages, the labels' keys, the import template and the migration check.
//
// This module is shared by the server and the browser: it may import zod and nothing from Node.
import { z } from 'zod';
import {
  BIGINT_RANGE,
  date,
  DEFAULT_MAX_LENGTH,
  displayDateToIso,
  INTEGER_RANGE,
  isoDateTime,
  number,
  numericRange,
  text,
  within,
  type NumberRange,
} from './input';

export { displayDateToIso };

export type FieldType =
  /** One line of text. */
  | 'text'
  /** Several lines of text. */
  | 'textarea'
  /** Whole number (an integer column, or bigint with `bigint`). */
  | 'integer'
  /** Decimal number: a numeric(`precision`, `scale`) column. */
  | 'decimal'
  /** Calendar date, dd/mm/yyyy on the wire. */
  | 'date'
  /** Date and time, ISO 8601 on the wire. */
  | 'datetime'
  /** Y/N flag, a boolean on the wire. */
  | 'bool'
  /** One of a fixed list of codes (`options`). */
  | 'enum'
  /** A code of a Lookup group (`lookupGroup`), chosen from the Lookup master. */
  | 'lookup'
  /** The business key of a row of another resource (`ref`), chosen with type-ahead. */
  | 'ref'
  /**
   * A JSON document (jsonb, or text holding JSON), e.g. a logged request: shown read-only and pretty-printed in
   * the record view; never listed, filtered, sorted or exported (it can be large).
   */
  | 'json';

export type FilterKind = 'contains' | 'equals' | 'date' | false;

export interface FieldDef {
  /** Wire name, exactly as the API and the console use it (e.g. `Company_Code`). */
  name: string;
  type: FieldType;
  /** Column name; the lower-cased wire name unless given. */
  column?: string;
  required?: boolean;
  /** Unique across the table (case-insensitive for text), or within `uniqueWith` fields. */
  unique?: boolean;
  uniqueWith?: string[];
  /** Characters a text holds (its varchar length); DEFAULT_MAX_LENGTH when not given. */
  maxLength?: number;
  /** Business limits; a number is also kept within what its column holds (precision and scale, int4/bigint). */
  min?: number;
  max?: number;
  /** Decimals: the column is numeric(precision, scale). */
  precision?: number;
  /** Decimals: digits after the point. */
  scale?: number;
  /** Integers stored as bigint rather than integer (int4). */
  bigint?: boolean;
  options?: readonly string[];
  lookupGroup?: string;
  /** Referenced resource name; the value is that resource's key field. */
  ref?: string;
  /**
   * Minimum characters typed before the reference lookup searches (spec/3 §9: 3 by default; 0 for drivers, trucks
   * and locations). On a resource's key it holds for every select of that resource: 0 there too for a vocabulary
   * short enough to list whole (a few dozen rows at most: order types, truck types, companies...), which then
   * opens with its entries before anything is typed.
   */
  lookupMinChars?: number;
  /** Shown in the Index grid (default true). */
  list?: boolean;
  /** Sortable in the grid (default true). */
  sortable?: boolean;
  /** Filter of the grid's filter row (default: contains for text-like fields, equals for flags and codes). */
  filter?: FilterKind;
  /** Editor section key (labels: `resources.groups.<group>`); fields without one go to the main section. */
  group?: string;
  /** Value a new record starts with. */
  default?: string | number | boolean | null;
  /** Set by the server or by another flow; shown, never written by the editor or the import. */
  readOnly?: boolean;
  /** Kept off every answer (e.g. secrets); write-only. */
  secret?: boolean;
}

export interface ChildDef {
  /** Wire name of the array in the record (e.g. `Approvers`). */
  name: string;
  table: string;
  /** Column of the child table holding the parent's id. */
  parentColumn: string;
  fields: FieldDef[];
  /** At least this many rows (default 0). */
  minRows?: number;
}

export interface ResourceDef {
  /** Resource name = menu controller (e.g. `Company`); console routes are `/<name>/Index` and `/<name>/Editor`. */
  name: string;
  table: string;
  /** API path segment: `/api/<path>/list` etc. */
  path: string;
  /** The business key other resources reference and the import matches on (e.g. `Company_Code`). */
  key?: string;
  /** Fields whose values make a lookup item's text (default: key and the first text field after it). */
  display?: string[];
  fields: FieldDef[];
  children?: ChildDef[];
  /** Rows that others keep history of are deactivated instead of deleted. */
  deleteMode?: 'delete' | 'deactivate';
  /** Readable without a login (spec: PODRequirement, AppointmentRequirement, Vessel). */
  public?: boolean;
  /** Index only: no editor (e.g. Vessel, which comes from an outside list). */
  readOnly?: boolean;
  /** Pairs of date fields that must be in order (from ≤ to). */
  dateRanges?: [from: string, to: string][];
  /**
   * Rows belonging to an outside company (a transporter's drivers and trucks): an external user (transporter,
   * driver, customer, vendor) sees, looks up, exports and writes only rows whose `field` is their own company
   * code (`userColumn` of their account); staff see all.
   */
  owner?: { field: string; userColumn: 'transporter_code' | 'customer_vendor_code' };
  /** Internal columns set when a record is deactivated: a fixed value, or 'now' for the time of it. */
  deactivateSets?: Record<string, string>;
  /** Columns of the table that no field exposes (e.g. a password hash), known to the schema check. */
  internalColumns?: string[];
  /** Default list order (wire names); the id is always added last. */
  defaultSort?: { field: string; order: 'asc' | 'desc' }[];
  /**
   * The lookup (`GET /api/list/<path>`, api/lookup.ts) that selects of other screens pick rows from; false for
   * none (logs: no select picks their rows, and they are not for everyone).
   */
  lookup?: false | LookupOptions;
  /** Whether the Index lists a system field, where it differs from the default (a log lists its Created_Date). */
  systemList?: Partial<Record<SystemFieldName, boolean>>;
}

/**
 * What a resource's lookup offers beyond its key and display fields. Who may ask: whoever may view the resource
 * or a screen whose fields refer to it (a Vehicle's truck type), and only their own rows where the resource has
 * an owner; `audience` widens or narrows that.
 */
export interface LookupOptions {
  /** Fields the items may be narrowed by, to an exact value (`?Company_Code=1000`); any other parameter is a 400. */
  filters?: string[];
  /** Other names screens send for those parameters (`group` for a Lookup's Lookup_Group). */
  paramNames?: Record<string, string>;
  /** More fields each item carries, besides the display fields. */
  columns?: string[];
  /**
   * Display fields kept in a second language: an Indonesian reader's items show the field named here where it is
   * set (a Lookup's Lookup_Text_Id), and q searches both.
   */
  indonesian?: Record<string, string>;
  /** More paths answering the same lookup: the names the spec's calls use (`vessel_code`). */
  aliases?: string[];
  /** 'signedIn': a vocabulary every screen may show (lookup values); 'staff': never for outside companies. */
  audience?: 'signedIn' | 'staff';
}

/**
 * A business entity whose routes, screens and import are its domain's own (the SAP order; the order and the
 * shipment next), declared like a resource: its fields once, and the list's columns and the editor's form as
 * their screens order them. The domain's list, read, save and import and the console's columns and form derive
 * from it, and the schema check (test/api/resources.test.ts) holds it against its migrated table. The fields'
 * own `list` and `group` do not apply here: `list` and `form` say where a field shows.
 */
export interface EntityDef<F extends FieldDef = FieldDef> {
  /** Label namespace (`resources.<name>.fields.<field>`) and menu controller. */
  name: string;
  table: string;
  /** The business key a record is found and matched by (a document number; a line's item number). */
  key?: string;
  /** Every column the API answers or writes, by wire name, in the order the answers carry them. */
  fields: readonly F[];
  /** Values the list or the read compute beside the fields (a joined name, a code's text), in a column if `column`. */
  computed?: readonly FieldDef[];
  /** The list's columns (fields or computed values) in the screen's order; each sorts and filters as it says. */
  list?: readonly string[];
  /** The editor's fields in the screen's order; those not readOnly are what a save takes. */
  form?: readonly string[];
  /** Pairs of date fields that must be in order (from ≤ to), checked by the save and by the form. */
  dateRanges?: readonly (readonly [from: string, to: string])[];
  /** Rows of a table of their own, answered and saved as the record's array `name`, keyed by `parentColumn`. */
  lines?: { name: string; parentColumn: string; def: EntityDef };
  /** Columns of the table that no field carries (kept by triggers, or by the import for itself). */
  internalColumns?: readonly string[];
}

export type SystemFieldName = 'Is_Active' | 'Created_Date' | 'Created_By' | 'Edited_Date' | 'Edited_By';

/** An account as the owner rule (ResourceDef.owner) reads it: the server's user and the console's session alike. */
export interface OwnerAccount {
  role: string | null | undefined;
  isAdmin: boolean;
  transporterCode?: string | null;
  customerVendorCode?: string | null;
}

/**
 * The company code every record of `def` an account reads or writes must name (see ResourceDef.owner):
 * undefined when the account keeps every company's rows (staff, role USER, and administrators) or the resource
 * has no owner; null for an outside account without a company of that kind, which owns nothing.
 */
export function ownerCodeOf(def: ResourceDef, account: OwnerAccount): string | null | undefined {
  if (!def.owner || account.isAdmin || account.role === 'USER') return undefined;
  const code =
    def.owner.userColumn === 'transporter_code' ? account.transporterCode : account.customerVendorCode;
  return code || null;
}

/** Audit and state columns every resource table has, with their wire names. */
export const SYSTEM_FIELDS: FieldDef[] = [
  { name: 'Id', type: 'integer', readOnly: true, list: false },
  { name: 'Is_Active', type: 'bool', default: true, filter: 'equals' },
  { name: 'Created_Date', type: 'datetime', readOnly: true, list: false, filter: 'date' },
  { name: 'Created_By', type: 'text', readOnly: true, list: false },
  { name: 'Edited_Date', type: 'datetime', readOnly: true, list: false, filter: 'date' },
  { name: 'Edited_By', type: 'text', readOnly: true, list: false },
];

export function columnOf(field: Pick<FieldDef, 'name' | 'column'>): string {
  return field.column ?? field.name.toLowerCase();
}

/**
 * Checks what each field says of itself (a ref names its resource, a decimal its column's precision and scale...)
 * and that no name is given twice; answers the names.
 */
function checkFields(owner: string, fields: readonly FieldDef[]): Set<string> {
  const names = new Set<string>();
  for (const f of fields) {
    if (names.has(f.name)) throw new Error(`${owner}: field ${f.name} defined twice`);
    names.add(f.name);
    if (f.type === 'ref' && !f.ref) throw new Error(`${owner}.${f.name}: a ref field names its resource`);
    if (f.type === 'lookup' && !f.lookupGroup)
      throw new Error(`${owner}.${f.name}: a lookup names its group`);
    if (f.type === 'enum' && !f.options?.length) throw new Error(`${owner}.${f.name}: an enum lists options`);
    if (f.type === 'decimal' && (f.precision === undefined || f.scale === undefined))
      throw new Error(`${owner}.${f.name}: a decimal gives its column's precision and scale`);
  }
  return names;
}

export function defineResource<const R extends ResourceDef>(def: R): R {
  const names = checkFields(def.name, [...def.fields, ...SYSTEM_FIELDS]);
  if (def.key && !names.has(def.key)) throw new Error(`${def.name}: key ${def.key} is not a field`);
  if (def.lookup) {
    const { filters = [], columns = [], paramNames = {}, indonesian = {} } = def.lookup;
    const named = [
      ...filters,
      ...columns,
      ...Object.values(paramNames),
      ...Object.entries(indonesian).flat(),
    ];
    for (const name of named) {
      if (!names.has(name)) throw new Error(`${def.name}: the lookup names unknown field ${name}`);
    }
  }
  for (const [from, to] of def.dateRanges ?? []) {
    if (!names.has(from) || !names.has(to)) throw new Error(`${def.name}: date range ${from}..${to} unknown`);
  }
  return def;
}

export function defineEntity<const E extends EntityDef>(def: E): E {
  const names = checkFields(def.name, def.fields);
  if (def.key && !names.has(def.key)) throw new Error(`${def.name}: key ${def.key} is not a field`);
  const computed = checkFields(def.name, def.computed ?? []);
  for (const name of computed) {
    if (names.has(name)) throw new Error(`${def.name}: ${name} is both a field and a computed value`);
  }
  for (const name of def.list ?? []) {
    if (!names.has(name) && !computed.has(name))
      throw new Error(`${def.name}: the list names unknown ${name}`);
  }
  for (const name of def.form ?? []) {
    if (!names.has(name)) throw new Error(`${def.name}: the form names unknown field ${name}`);
  }
  for (const [from, to] of def.dateRanges ?? []) {
    if (!names.has(from) || !names.has(to)) throw new Error(`${def.name}: date range ${from}..${to} unknown`);
  }
  const columns = new Set(def.fields.map(columnOf));
  for (const column of def.internalColumns ?? []) {
    if (columns.has(column)) throw new Error(`${def.name}: internal column ${column} is a field's`);
  }
  return def;
}

/** A field or computed value of an entity by wire name. */
export function entityField(def: EntityDef, name: string): FieldDef {
  const field = def.fields.find((f) => f.name === name) ?? def.computed?.find((f) => f.name === name);
  if (!field) throw new Error(`${def.name}: no field ${name}`);
  return field;
}

/** The fields of an entity's form, in its order. */
export function formFields<E extends EntityDef>(def: E): E['fields'][number][] {
  return (def.form ?? []).map((name) => def.fields.find((f) => f.name === name)!);
}

/** Every field of a resource including the system ones, in display order. */
export function allFields(def: ResourceDef): FieldDef[] {
  const system = def.systemList
    ? SYSTEM_FIELDS.map((f) => {
        const list = def.systemList?.[f.name as SystemFieldName];
        return list === undefined ? f : { ...f, list };
      })
    : SYSTEM_FIELDS;
  return [system[0]!, ...def.fields, ...system.slice(1)];
}

/** The fields a list page or an export carries: all but JSON documents, which only the record view shows. */
export function listedFields(def: ResourceDef): FieldDef[] {
  return allFields(def).filter((f) => f.type !== 'json');
}

export function defaultFilter(field: FieldDef): FilterKind {
  if (field.type === 'json') return false;
  if (field.filter !== undefined) return field.filter;
  if (field.secret) return false;
  switch (field.type) {
    case 'bool':
    case 'enum':
    case 'lookup':
      return 'equals';
    case 'date':
    case 'datetime':
      return 'date';
    default:
      return 'contains';
  }
}

/** The numbers a number field takes: its business limits within what its column holds. */
export function numberRange(field: FieldDef): NumberRange {
  const declared: NumberRange = { min: field.min, max: field.max, integer: field.type === 'integer' };
  if (field.type === 'decimal') return within(declared, numericRange(field.precision!, field.scale!));
  return within(declared, field.bigint ? BIGINT_RANGE : INTEGER_RANGE);
}

/** The numbers a number field's column holds, whatever the business limits (a line still being typed...). */
export function columnRange(field: FieldDef): NumberRange {
  if (field.type === 'decimal') return numericRange(field.precision!, field.scale!);
  return field.bigint ? BIGINT_RANGE : INTEGER_RANGE;
}

/**
 * The zod schema of one field's input value, made of the shared primitives (./input.ts): empty input ('' or
 * null) is null for optional fields and "required" for required ones; texts without NUL or broken characters
 * and within their length; numbers as numbers or decimal strings within their range; dates as dd/mm/yyyy (or
 * ISO) calendar dates, leaving as yyyy-mm-dd; Y/N flags as booleans. Issues are turned into message keys by
 * `issueMessage`, on the server and in the console alike.
 */
export function fieldSchema(field: FieldDef): z.ZodType<unknown> {
  let base: z.ZodType<unknown>;
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'lookup':
    case 'ref':
      base = text(field.maxLength ?? DEFAULT_MAX_LENGTH);
      break;
    case 'enum':
      base = z.enum(field.options as [string, ...string[]]);
      break;
    case 'integer':
    case 'decimal':
      base = number(numberRange(field));
      break;
    case 'bool':
      base = z
        .union([z.boolean(), z.enum(['Y', 'N', 'true', 'false'])])
        .transform((v) => v === true || v === 'Y' || v === 'true');
      break;
    case 'date':
      base = date();
      break;
    case 'datetime':
      base = isoDateTime();
      break;
    case 'json':
      base = z.unknown();
      break;
  }
  const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (field.required) {
    return z
      .unknown()
      .superRefine((v, ctx) => {
        if (isEmpty(v)) ctx.addIssue({ code: 'custom', message: 'validation.required', abort: true });
      })
      .pipe(base);
  }
  return z.preprocess((v) => (isEmpty(v) ? null : v), base.nullable());
}

export interface IssueMessage {
  key: string;
  params?: Record<string, string | number>;
}

const KEY_PATTERN = /^(validation|auth|list|errors)\.[A-Za-z.]+$/;

/** A zod issue as a message key and its params (the field name is added by whoever shows it). */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  if (issue.code === 'custom' && KEY_PATTERN.test(issue.message)) {
    return { key: issue.message, params: (issue as { params?: Record<string, string | number> }).params };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { key: 'validation.required' };
      if (issue.expected === 'number' || issue.expected === 'int') return { key: 'validation.number' };
      return { key: 'validation.invalid' };
    case 'too_small':
      if (issue.origin === 'array')
        return { key: 'validation.minRows', params: { count: Number(issue.minimum) } };
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return { key: 'validation.required' };
      if (issue.origin === 'string')
        return { key: 'validation.minLength', params: { min: Number(issue.minimum) } };
      if (issue.origin === 'number') return { key: 'validation.min', params: { min: Number(issue.minimum) } };
      return { key: 'validation.invalid' };
    case 'too_big':
      if (issue.origin === 'string')
        return { key: 'validation.maxLength', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'number') return { key: 'validation.max', params: { max: Number(issue.maximum) } };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      return { key: 'validation.oneOf', params: { values: issue.values.map(String).join(', ') } };
    default:
      return { key: KEY_PATTERN.test(issue.message) ? issue.message : 'validation.invalid' };
  }
}
