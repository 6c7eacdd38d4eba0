// The API of every master-data resource, made from its definition (db/resources/engine.ts):
//   POST   /api/<path>/list           list protocol (View)
//   GET    /api/<path>/:id/:mode      one record for the editor, mode create | edit | view (View)
//   POST   /api/<path>                create (Create)
//   PUT    /api/<path>                update, body carries Id (Edit)
//   DELETE /api/<path>/:id            delete, or deactivate for resources that keep history (Delete)
//   GET    /api/list/<path>?q=&page=  lookup for other screens' selects (any signed-in user)
// Every write validates the whole record first (types, required, ranges, date order, references, unique
// values), then runs in one transaction with the audit columns filled here.
import { z } from 'zod';
import type { Knex } from 'knex';
import {
  allFields,
  columnOf,
  defaultFilter,
  fieldSchema,
  issueMessage,
  type ChildDef,
  type FieldDef,
  type ResourceDef,
} from '../../db/resources/engine';
import { resourceByName } from '../../db/resources/master';
import type { Db } from '../../db/connection';
import { DuplicateFieldError, NotFoundError, ValidationError, type FieldErrors } from '../errors';
import { defineRoute, type RouteDef } from '../http';
import { listRequestSchema, runList, type ListSpec } from '../list';
import type { AuthUser } from '../services/session';

const LOOKUP_PAGE_SIZE = 10;

/** Message parameter naming a field: resolved to its label in the caller's language by translate(). */
function fieldParam(def: ResourceDef, field: string): string {
  return `${def.name}.${field}`;
}

function selectColumns(db: Db, fields: FieldDef[], alias = 't'): (string | Knex.Raw)[] {
  return fields
    .filter((f) => !f.secret)
    .map((f) => {
      const col = `${alias}.${columnOf(f)}`;
      if (f.type === 'date') return db.raw(`to_char(${col}, 'YYYY-MM-DD') as ??`, [f.name]);
      if (f.type === 'decimal') return db.raw(`(${col})::float8 as ??`, [f.name]);
      return db.raw(`${col} as ??`, [f.name]);
    });
}

function listSpec(def: ResourceDef): ListSpec {
  const fields: ListSpec['fields'] = {};
  for (const f of allFields(def)) {
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
function writableFields(fields: FieldDef[]): FieldDef[] {
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
function toColumns(fields: FieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of writableFields(fields)) {
    if (!(f.name in values)) continue;
    let v = values[f.name];
    if (v === null && f.type === 'bool') v = f.default ?? false;
    row[columnOf(f)] = v;
  }
  return row;
}

interface Parsed {
  row: Record<string, unknown>;
  children: Record<string, Record<string, unknown>[]>;
}

async function validateRecord(
  trx: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  id: number | undefined,
): Promise<Parsed> {
  const errors: FieldErrors = {};
  const fields = allFields(def).filter((f) => f.name !== 'Id');
  const parsed = objectSchema(fields).safeParse(body);
  if (!parsed.success) collectIssues(def, parsed.error, '', errors);
  const values = (parsed.success ? parsed.data : {}) as Record<string, unknown>;

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
        params: { field: fieldParam(def, child.name), min: child.minRows ?? 0 },
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

  // References must name an active record of the other resource.
  const refChecks: [string, FieldDef, unknown][] = [];
  for (const f of fields) if (f.type === 'ref' && values[f.name]) refChecks.push([f.name, f, values[f.name]]);
  for (const child of def.children ?? []) {
    children[child.name]?.forEach((row, index) => {
      for (const f of child.fields) {
        if (f.type === 'ref' && row[f.name])
          refChecks.push([`${child.name}.${index}.${f.name}`, f, row[f.name]]);
      }
    });
  }
  for (const [key, f, value] of refChecks) {
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

async function readRecord(
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

async function writeChildren(
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

function createDefaults(def: ResourceDef): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const f of allFields(def)) if (!f.readOnly && !f.secret) record[f.name] = f.default ?? null;
  for (const child of def.children ?? []) record[child.name] = [];
  return record;
}

const idParams = z.object({ id: z.coerce.number().int().positive() });
const recordBody = z.record(z.string(), z.unknown());
const lookupQuery = z.object({
  q: z.string().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

function audit(user: AuthUser, now: Date, creating: boolean): Record<string, unknown> {
  return creating
    ? { created_by: user.username, created_date: now }
    : { edited_by: user.username, edited_date: now };
}

export function resourceRoutes(def: ResourceDef): RouteDef[] {
  const spec = listSpec(def);
  const controller = def.name;
  const view = def.public ? ('public' as const) : { controller, action: 'View' as const };
  const routes: RouteDef[] = [
    defineRoute({
      method: 'post',
      path: `/${def.path}/list`,
      summary: `${def.name}: one page of the list (list protocol).`,
      access: view,
      body: listRequestSchema,
      handler: async ({ deps, body }) => {
        const base = deps.db(`${def.table} as t`).select(selectColumns(deps.db, allFields(def)));
        const { rows, totalRecords } = await runList<Record<string, unknown>>(base, body, spec);
        return { data: rows, extra: { totalRecords } };
      },
    }),
    defineRoute({
      method: 'get',
      path: `/${def.path}/:id/:mode`,
      summary: `${def.name}: one record for the editor (mode create, edit or view; id 0 with create).`,
      access: view,
      params: z.object({ id: z.coerce.number().int().min(0), mode: z.enum(['create', 'edit', 'view']) }),
      handler: async ({ deps, params }) => {
        if (params.mode === 'create') return { data: createDefaults(def) };
        const record = await readRecord(deps.db, def, params.id);
        if (!record) throw new NotFoundError();
        return { data: record };
      },
    }),
  ];
  if (def.readOnly) return [...routes, lookupRoute(def)];
  routes.push(
    defineRoute({
      method: 'post',
      path: `/${def.path}`,
      summary: `${def.name}: create a record.`,
      access: { controller, action: 'Create' },
      body: recordBody,
      handler: async ({ deps, body, user }) => {
        const id = await deps.db.transaction(async (trx) => {
          const parsed = await validateRecord(trx, def, body, undefined);
          const [row] = (await trx(def.table)
            .insert({ ...parsed.row, ...audit(user, deps.now(), true) })
            .returning('id')) as { id: number }[];
          await writeChildren(trx, def, row!.id, parsed.children);
          return row!.id;
        });
        return { message: 'resources.created', data: await readRecord(deps.db, def, id) };
      },
    }),
    defineRoute({
      method: 'put',
      path: `/${def.path}`,
      summary: `${def.name}: update a record (the body carries its Id).`,
      access: { controller, action: 'Edit' },
      body: recordBody,
      handler: async ({ deps, body, user }) => {
        const { id } = idParams.parse({ id: body.Id });
        await deps.db.transaction(async (trx) => {
          const current: unknown = await trx(def.table).where({ id }).forUpdate().first('id');
          if (!current) throw new NotFoundError();
          const parsed = await validateRecord(trx, def, body, id);
          await trx(def.table)
            .where({ id })
            .update({ ...parsed.row, ...audit(user, deps.now(), false) });
          if (def.children?.some((c) => c.name in body)) await writeChildren(trx, def, id, parsed.children);
        });
        return { message: 'resources.updated', data: await readRecord(deps.db, def, id) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: `/${def.path}/:id`,
      summary:
        def.deleteMode === 'deactivate'
          ? `${def.name}: deactivate a record (it keeps its history).`
          : `${def.name}: delete a record (refused while other data uses it).`,
      access: { controller, action: 'Delete' },
      params: idParams,
      handler: async ({ deps, params, user }) => {
        if (def.deleteMode === 'deactivate') {
          const n = await deps
            .db(def.table)
            .where({ id: params.id })
            .update({ is_active: false, ...audit(user, deps.now(), false) });
          if (!n) throw new NotFoundError();
          return { message: 'resources.deactivated' };
        }
        const n = await deps.db.transaction(async (trx): Promise<number> => {
          for (const child of def.children ?? [])
            await trx(child.table).where(child.parentColumn, params.id).delete();
          return (await trx(def.table).where({ id: params.id }).delete()) as number;
        });
        if (!n) throw new NotFoundError();
        return { message: 'resources.deleted' };
      },
    }),
  );
  if (def.key) routes.push(lookupRoute(def));
  return routes;
}

/** `{ id, text }` items for selects: the key and its display fields, active rows only, 10 a page. */
function lookupRoute(def: ResourceDef): RouteDef {
  const keyField = def.fields.find((f) => f.name === def.key) ?? def.fields[0]!;
  const display = (def.display ?? [keyField.name]).map((name) => def.fields.find((f) => f.name === name)!);
  return defineRoute({
    method: 'get',
    path: `/list/${def.path}`,
    summary: `${def.name}: lookup items for selects (q searches the key and its text; 10 a page).`,
    access: def.public ? 'public' : 'authenticated',
    query: lookupQuery,
    handler: async ({ deps, query }) => {
      const q = deps.db(def.table).where('is_active', true);
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q.where((w) => {
          for (const f of display) w.orWhereRaw('??::text ilike ?', [columnOf(f), pattern]);
        });
      }
      const rows = (await q
        .orderBy(columnOf(keyField))
        .offset((query.page - 1) * LOOKUP_PAGE_SIZE)
        .limit(LOOKUP_PAGE_SIZE + 1)
        .select(display.map((f) => deps.db.raw('?? as ??', [columnOf(f), f.name])))) as Record<
        string,
        unknown
      >[];
      const items = rows.slice(0, LOOKUP_PAGE_SIZE).map((r) => ({
        id: r[keyField.name],
        text: display
          .map((f) => r[f.name])
          .filter((v) => v !== null && v !== '')
          .join(' - '),
        ...r,
      }));
      return { data: { items, more: rows.length > LOOKUP_PAGE_SIZE }, extra: { items } };
    },
  });
}
