// What every resource route does with a record, made from its definition: the columns to select, the list
// specification, whole-record validation (types, required, ranges, date order, references, unique values) and
// the writes of a record and its sub-tables. Used by the CRUD routes (routes.ts) and the file import
// (transfer.ts), so a row imported from a file obeys exactly the rules of the editor.
import { z } from 'zod';
import type { Knex } from 'knex';
import {
  allFields,
  columnOf,
  defaultFilter,
  listedFields,
  fieldSchema,
  issueMessage,
  ownerCodeOf,
  type ChildDef,
  type FieldDef,
  type ResourceDef,
} from '../../db/resources/engine';
import { resourceByName } from '../../db/resources/master';
import type { Db } from '../../db/connection';
import { DuplicateFieldError, ForbiddenError, ValidationError, type FieldErrors } from '../errors';
import type { ListSpec } from '../list';
import type { AuthUser } from '../services/session';

/** Message parameter naming a field: resolved to its label in the caller's language by translate(). */
export function fieldParam(def: ResourceDef, field: string): string {
  return `${def.name}.${field}`;
}

export function selectColumns(db: Db, fields: FieldDef[], alias = 't'): (string | Knex.Raw)[] {
  return fields
    .filter((f) => !f.secret)
    .map((f) => {
      const col = `${alias}.${columnOf(f)}`;
      if (f.type === 'date') return db.raw(`to_char(${col}, 'YYYY-MM-DD') as ??`, [f.name]);
      if (f.type === 'decimal') return db.raw(`(${col})::float8 as ??`, [f.name]);
      return db.raw(`${col} as ??`, [f.name]);
    });
}

export function listSpec(def: ResourceDef): ListSpec {
  const fields: ListSpec['fields'] = {};
  for (const f of listedFields(def)) {
    if (f.secret) continue;
    const filter = defaultFilter(f);
    fields[f.name] = {
      column: `t.${columnOf(f)}`,
      sortable: f.sortable !== false,
      ...(filter ? { filter } : {}),
    };
  }
  const defaultSort = (def.defaultSort ?? []).map((s) => {
    const field = allFields(def).find((f) => f.name === s.field);
    if (!field) throw new Error(`${def.name}: default sort on unknown field ${s.field}`);
    return { column: `t.${columnOf(field)}`, order: s.order };
  });
  return { fields, defaultSort: [...defaultSort, { column: 't.id', order: 'asc' }] };
}

/** Fields a client may write: not read-only, not system columns other than Is_Active. */
export function writableFields(fields: FieldDef[]): FieldDef[] {
  return fields.filter((f) => !f.readOnly);
}

function objectSchema(fields: FieldDef[]) {
  return z.object(Object.fromEntries(writableFields(fields).map((f) => [f.name, fieldSchema(f)])));
}

function collectIssues(def: ResourceDef, error: z.ZodError, prefix = '', out: FieldErrors = {}): FieldErrors {
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const field = path[path.length - 1] ?? '_';
    const key = prefix + path.join('.');
    const message = issueMessage(issue);
    (out[key] ??= []).push({
      key: message.key,
      params: { ...message.params, field: fieldParam(def, field) },
    });
  }
  return out;
}

/** Column values for a write; a flag left empty takes its default. */
export function toColumns(fields: FieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of writableFields(fields)) {
    if (!(f.name in values)) continue;
    let v = values[f.name];
    if (v === null && f.type === 'bool') v = f.default ?? false;
    row[columnOf(f)] = v;
  }
  return row;
}

/** The values of the fields that are valid on their own (the object schema checks each field alone). */
function validFields(fields: FieldDef[], body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of writableFields(fields)) {
    const r = fieldSchema(f).safeParse(body[f.name]);
    if (r.success) values[f.name] = r.data;
  }
  return values;
}

export interface Parsed {
  row: Record<string, unknown>;
  children: Record<string, Record<string, unknown>[]>;
}

export async function validateRecord(
  trx: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  id: number | undefined,
): Promise<Parsed> {
  const errors: FieldErrors = {};
  const fields = allFields(def).filter((f) => f.name !== 'Id');
  const parsed = objectSchema(fields).safeParse(body);
  if (!parsed.success) collectIssues(def, parsed.error, '', errors);
  // With a bad field the others still count, so their references are checked in the same pass: an unknown
  // code is reported beside a format error, not only once that is fixed.
  const values = (parsed.success ? parsed.data : validFields(fields, body)) as Record<string, unknown>;

  const children: Parsed['children'] = {};
  for (const child of def.children ?? []) {
    const raw = body[child.name];
    const rows = Array.isArray(raw) ? (raw as unknown[]) : [];
    if (raw !== undefined && !Array.isArray(raw)) {
      (errors[child.name] ??= []).push({
        key: 'validation.invalid',
        params: { field: fieldParam(def, child.name) },
      });
    }
    if (rows.length < (child.minRows ?? 0)) {
      (errors[child.name] ??= []).push({
        key: 'validation.minRows',
        params: { field: fieldParam(def, child.name), count: child.minRows ?? 0 },
      });
    }
    children[child.name] = [];
    rows.forEach((item, index) => {
      const r = objectSchema(child.fields).safeParse(item ?? {});
      if (!r.success) collectIssues(def, r.error, `${child.name}.${index}.`, errors);
      else children[child.name]!.push(r.data as Record<string, unknown>);
    });
  }

  for (const [from, to] of def.dateRanges ?? []) {
    const a = values[from];
    const b = values[to];
    if (typeof a === 'string' && typeof b === 'string' && a > b) {
      (errors[to] ??= []).push({
        key: 'validation.dateOrder',
        params: { field: fieldParam(def, to), from: fieldParam(def, from) },
      });
    }
  }

  // References must name an active record of the other resource; lookup codes an active value of their group.
  const checked = (f: FieldDef) => f.type === 'ref' || (f.type === 'lookup' && f.lookupGroup !== undefined);
  const refChecks: [string, FieldDef, unknown][] = [];
  for (const f of fields) if (checked(f) && values[f.name]) refChecks.push([f.name, f, values[f.name]]);
  for (const child of def.children ?? []) {
    children[child.name]?.forEach((row, index) => {
      for (const f of child.fields) {
        if (checked(f) && row[f.name]) refChecks.push([`${child.name}.${index}.${f.name}`, f, row[f.name]]);
      }
    });
  }
  const lookups = resourceByName('Lookup');
  for (const [key, f, value] of refChecks) {
    if (f.type === 'lookup') {
      if (!lookups) continue;
      const found: unknown = await trx(lookups.table)
        .where({ lookup_group: f.lookupGroup, lookup_code: value as string, is_active: true })
        .first('id');
      if (!found) {
        (errors[key] ??= []).push({
          key: 'validation.lookupNotFound',
          params: { field: fieldParam(def, f.name), value: String(value), group: f.lookupGroup! },
        });
      }
      continue;
    }
    const target = resourceByName(f.ref!);
    if (!target?.key) throw new Error(`${def.name}.${f.name}: unknown reference ${f.ref}`);
    const keyField = target.fields.find((x) => x.name === target.key)!;
    const found: unknown = await trx(target.table)
      .where(columnOf(keyField), value as string)
      .where('is_active', true)
      .first('id');
    if (!found) {
      (errors[key] ??= []).push({
        key: 'validation.refNotFound',
        params: { field: fieldParam(def, f.name), value: String(value) },
      });
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  // Unique values, named by field (the database's unique indexes stay as the last guard against races).
  const duplicates: FieldErrors = {};
  for (const f of fields) {
    if (!f.unique && !f.uniqueWith) continue;
    const value = values[f.name];
    if (value === null || value === undefined || value === '') continue;
    const q = trx(def.table);
    if (typeof value === 'string') q.whereRaw('lower(??) = lower(?)', [columnOf(f), value]);
    else q.where(columnOf(f), value as number);
    for (const other of f.uniqueWith ?? []) {
      const of = fields.find((x) => x.name === other)!;
      const v = values[other];
      if (v === null || v === undefined) q.whereNull(columnOf(of));
      else q.where(columnOf(of), v as string);
    }
    if (id !== undefined) q.whereNot('id', id);
    if (await q.first('id')) {
      duplicates[f.name] = [{ key: 'errors.duplicate', params: { field: fieldParam(def, f.name) } }];
    }
  }
  if (Object.keys(duplicates).length) throw new DuplicateFieldError(duplicates);

  return { row: toColumns(fields, values), children };
}

export async function readRecord(
  db: Db,
  def: ResourceDef,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const record = (await db(`${def.table} as t`)
    .where('t.id', id)
    .first(selectColumns(db, allFields(def)))) as Record<string, unknown> | undefined;
  if (!record) return undefined;
  for (const child of def.children ?? []) record[child.name] = await readChildren(db, child, id);
  return record;
}

async function readChildren(db: Db, child: ChildDef, parentId: number): Promise<Record<string, unknown>[]> {
  return (await db(`${child.table} as t`)
    .where(`t.${child.parentColumn}`, parentId)
    .orderBy('t.id')
    .select([db.raw('t.id as ??', ['Id']), ...selectColumns(db, child.fields)])) as Record<string, unknown>[];
}

export async function writeChildren(
  trx: Db,
  def: ResourceDef,
  id: number,
  children: Parsed['children'],
): Promise<void> {
  for (const child of def.children ?? []) {
    await trx(child.table).where(child.parentColumn, id).delete();
    const rows = children[child.name] ?? [];
    if (rows.length) {
      await trx(child.table).insert(
        rows.map((r) => ({ ...toColumns(child.fields, r), [child.parentColumn]: id })),
      );
    }
  }
}

/** A new record's values: the fields' defaults, and an outside user's own company where the rows have an owner. */
export function createDefaults(def: ResourceDef, user?: AuthUser): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const f of allFields(def)) if (!f.readOnly && !f.secret) record[f.name] = f.default ?? null;
  for (const child of def.children ?? []) record[child.name] = [];
  const scope = user ? ownerScope(def, user) : undefined;
  if (scope?.value) record[scope.field] = scope.value;
  return record;
}

export function audit(user: AuthUser, now: Date, creating: boolean): Record<string, unknown> {
  return creating
    ? { created_by: user.username, created_date: now }
    : { edited_by: user.username, edited_date: now };
}

/**
 * The owner restriction for this user on this resource (see ResourceDef.owner): the column and the user's
 * company code, or undefined when the user sees every row. An external account without that code (a customer
 * on a transporter's drivers) owns nothing: its value is null, and it matches no row.
 */
export function ownerScope(
  def: ResourceDef,
  user: AuthUser,
): { column: string; field: string; value: string | null; userColumn: string } | undefined {
  const value = ownerCodeOf(def, {
    role: user.role,
    isAdmin: user.is_admin,
    transporterCode: user.transporter_code,
    customerVendorCode: user.customer_vendor_code,
  });
  if (value === undefined || !def.owner) return undefined;
  const field = def.fields.find((f) => f.name === def.owner!.field)!;
  return { column: columnOf(field), field: field.name, value, userColumn: def.owner.userColumn };
}

/** Applies the owner restriction to a query on `<table> as <alias>`. */
export function restrictToOwner(q: Knex.QueryBuilder, def: ResourceDef, user: AuthUser, alias = 't'): void {
  const scope = ownerScope(def, user);
  if (!scope) return;
  if (scope.value === null) q.whereRaw('false');
  else q.where(`${alias}.${scope.column}`, scope.value);
}

/**
 * An external user's record always names their own company: left empty, it is filled in; another company's code
 * is refused under its field, not silently replaced (a transporter cannot move a driver to a competitor, nor have
 * a code it did not mean saved as something else). Refusals go to `errors` when given (an import row gathers its
 * own), else they are thrown. An account without a company of that kind cannot write such records at all.
 */
export function stampOwner(
  body: Record<string, unknown>,
  def: ResourceDef,
  user: AuthUser,
  errors?: FieldErrors,
): Record<string, unknown> {
  const scope = ownerScope(def, user);
  if (!scope) return body;
  if (scope.value === null) throw new ForbiddenError(`resources.ownerMissing.${scope.userColumn}`);
  const sent = body[scope.field];
  const named = typeof sent === 'string' ? sent.trim().toLowerCase() : (sent ?? '');
  if (named === '' || named === scope.value.toLowerCase()) {
    return { ...body, [scope.field]: scope.value };
  }
  const refusal: FieldErrors = {
    [scope.field]: [
      {
        key: `resources.notOwn.${scope.userColumn}`,
        params: { field: fieldParam(def, scope.field), value: scope.value },
      },
    ],
  };
  if (!errors) throw new ValidationError(refusal);
  Object.assign(errors, refusal);
  return body;
}
