// The lookup protocol of every select (spec/3 §7 "Generic remote dropdown", §9; DESIGN.md §3): one engine for
// every `GET /api/list/<path>`, each lookup one definition.
//   q      search text: the items whose display fields contain it (case-insensitive)
//   page   0-based, 10 items a page; `more` says whether another page follows
//   init   the select opening on a value it already holds: q is that id, and the answer is its item only (active
//          or not), so the select can show its text
//   others the parameters the definition offers: a field's exact value (`?Company_Code=1000`) or a narrowing of
//          its own (`?company=1000;2000`, multi-values ';'-joined); any other parameter is a 400
// The answer is `{ items: [{ id, text, name, ...wire fields }], more }`, the items also at the top level, where the
// original console reads them.
//
// A lookup serves the rows of a resource to whoever may see them: whoever may view the resource itself or a
// screen that picks from it (a screen whose fields refer to it, or one the definition names), only their own rows
// where the resource has an owner (records.ts restrictToOwner), and never a parameter the definition does not
// offer, so a select can never list or probe what its user's screens would not show.
import type { Knex } from 'knex';
import { z } from 'zod';
import { allFields, columnOf, type FieldDef, type ResourceDef } from '../db/resources/engine';
import { integer, text } from '../db/resources/input';
import { RESOURCES } from '../db/resources/master';
import type { AppDeps } from './deps';
import { ForbiddenError, ValidationError } from './errors';
import { defineRoute, type RouteDef } from './http';
import type { Language } from './i18n';
import { restrictToOwner, selectColumns } from './resources';
import { isInternal, type AuthUser } from './services/session';

export const LOOKUP_PAGE_SIZE = 10;

const FLAGS = new Map([
  ['true', true],
  ['1', true],
  ['y', true],
  ['false', false],
  ['0', false],
  ['n', false],
  ['', false],
]);

export const lookupQuerySchema = z.looseObject({
  q: text(100, { trim: false }).optional().default(''),
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    integer({ min: 0, max: 10_000 }).optional().default(0),
  ),
  init: text(10)
    .optional()
    .refine((v) => v === undefined || FLAGS.has(v.toLowerCase()), { message: 'validation.invalid' })
    .transform((v) => v !== undefined && FLAGS.get(v.toLowerCase()) === true),
});
type LookupQuery = z.infer<typeof lookupQuerySchema>;

const RESERVED = new Set(['q', 'page', 'init']);

export interface LookupParam {
  /** Narrows to rows whose field (wire name) holds one of the values. */
  field?: string;
  /** The value is a ';'-joined list. */
  multi?: boolean;
  /** Rows whose field is empty match too (a purchase organisation of the whole group). */
  orEmpty?: boolean;
  /** A narrowing of its own instead of a field's value, on `<table> as t`. */
  apply?: (qb: Knex.QueryBuilder, values: string[], db: Knex) => void;
}

export interface LookupItem {
  id: string;
  text: string;
  name: string;
  [wire: string]: unknown;
}

export interface LookupDef {
  path: string;
  /** More paths answering the same lookup. */
  aliases?: string[];
  summary: string;
  /** The rows: the resource's table, who may see them and which are theirs. None for a fixed list. */
  resource?: ResourceDef;
  /** A fixed list of items in the reader's language, instead of a resource's rows. */
  fixed?: (lang: Language) => LookupItem[];
  /** Wire name of the id; default the resource's key. */
  key?: string;
  /** Wire names making the text, id first (searched by q); default the resource's display fields. */
  display?: string[];
  /** More wire fields each item carries. */
  columns?: string[];
  /** Display field -> its Indonesian twin, shown to Indonesian readers where set. */
  indonesian?: Record<string, string>;
  /** Parameters by name (matched without regard to case). */
  params?: Record<string, LookupParam>;
  /** Parameters the screens send that narrow nothing here (said in the summary). */
  ignored?: string[];
  /** One item per distinct id (order type codes). */
  distinct?: boolean;
  /** The id is a row id nobody reads: the text is the display fields alone (list/location_id). */
  idNotShown?: boolean;
  /** Controllers of the screens that pick from it, besides the resource's own: their View right suffices. */
  screens?: string[];
  /** 'signedIn': any signed-in user may ask; 'staff': only staff, with the right as above. */
  audience?: 'signedIn' | 'staff';
}

/** Screens whose fields (or sub-tables' fields) pick from `target`: their users may look its rows up. */
function referringScreens(target: ResourceDef): string[] {
  const refers = (f: FieldDef) =>
    (f.type === 'ref' && f.ref === target.name) || (f.type === 'lookup' && target.name === 'Lookup');
  return RESOURCES.filter(
    (r) => r !== target && [...r.fields, ...(r.children ?? []).flatMap((c) => c.fields)].some(refers),
  ).map((r) => r.name);
}

/** A resource's own lookup, as its definition says (ResourceDef.lookup). */
export function resourceLookup(def: ResourceDef): LookupDef {
  if (!def.key) throw new Error(`${def.name}: a lookup needs the resource's key`);
  const options = def.lookup || {};
  const params: Record<string, LookupParam> = {};
  for (const field of options.filters ?? []) params[field] = { field };
  for (const [name, field] of Object.entries(options.paramNames ?? {})) params[name] = { field };
  return {
    path: def.path,
    aliases: options.aliases,
    summary:
      `${def.name}: items for selects.` +
      (options.filters?.length ? ` Narrowed by ${options.filters.join(', ')}.` : ''),
    resource: def,
    columns: options.columns,
    indonesian: options.indonesian,
    params,
    screens: referringScreens(def),
    audience: options.audience,
  };
}

/** Whether the user may ask this lookup (see the file comment). */
async function mayAsk(deps: AppDeps, user: AuthUser, def: LookupDef): Promise<boolean> {
  if (def.audience === 'signedIn') return true;
  if (def.audience === 'staff' && !isInternal(user)) return false;
  const controllers = new Set([...(def.resource ? [def.resource.name] : []), ...(def.screens ?? [])]);
  for (const controller of controllers) {
    if (await deps.permissions.can(user, controller, 'View')) return true;
  }
  return false;
}

/** The parameters of a call, checked against the definition: name -> values (empty ones dropped). */
function callParams(def: LookupDef, query: LookupQuery): [LookupParam, string[]][] {
  const offered = new Map(Object.entries(def.params ?? {}).map(([name, p]) => [name.toLowerCase(), p]));
  const ignored = new Set((def.ignored ?? []).map((name) => name.toLowerCase()));
  const out: [LookupParam, string[]][] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (RESERVED.has(name)) continue;
    const param = offered.get(name.toLowerCase());
    if (!param) {
      if (ignored.has(name.toLowerCase())) continue;
      throw new ValidationError({ [name]: [{ key: 'list.filterNotAllowed', params: { field: name } }] });
    }
    const values = (Array.isArray(raw) ? raw : [raw])
      .flatMap((v) => (param.multi ? String(v).split(';') : [String(v)]))
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) out.push([param, values]);
  }
  return out;
}

/** The row's own id, which a lookup may be keyed by (list/location_id: orders keep locations by id). */
const ROW_ID: FieldDef = { name: 'Id', type: 'integer', readOnly: true };

function fieldOf(resource: ResourceDef, name: string): FieldDef {
  const field = name === 'Id' ? ROW_ID : allFields(resource).find((f) => f.name === name);
  if (!field) throw new Error(`${resource.name}: the lookup names unknown field ${name}`);
  return field;
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** An item: id, its text (`id - name`), its name (the other display fields) and the wire fields. */
function itemOf(
  row: Record<string, unknown>,
  key: string,
  display: string[],
  def: LookupDef,
  lang: Language,
): LookupItem {
  const shown = (name: string) => {
    const twin = lang === 'id' ? def.indonesian?.[name] : undefined;
    return twin && present(row[twin]) ? row[twin] : row[name];
  };
  const id = String(row[key]);
  const name = display
    .filter((d) => d !== key)
    .map(shown)
    .filter(present)
    .map(String)
    .join(' - ');
  const text = def.idNotShown ? name || id : name && name !== id ? `${id} - ${name}` : id;
  return { id, text, name: name || id, ...row };
}

async function pageOf(
  deps: AppDeps,
  def: LookupDef,
  query: LookupQuery,
  lang: Language,
  user?: AuthUser,
): Promise<LookupItem[]> {
  if (def.fixed) {
    callParams(def, query);
    const q = query.q.toLowerCase();
    const items = def
      .fixed(lang)
      .filter((i) =>
        query.init
          ? i.id === query.q
          : !q || i.id.toLowerCase().includes(q) || i.text.toLowerCase().includes(q),
      );
    const start = query.init ? 0 : query.page * LOOKUP_PAGE_SIZE;
    return items.slice(start, start + LOOKUP_PAGE_SIZE + 1);
  }
  const resource = def.resource!;
  const db = deps.db;
  const key = def.key ?? resource.key!;
  const display = def.display ?? resource.display ?? [key];
  const twins = display.map((d) => def.indonesian?.[d]).filter((d): d is string => !!d);
  const wanted = [...new Set([key, ...display, ...(def.columns ?? []), ...twins])];
  const qb = db(`${resource.table} as t`);
  // An init call shows the text of a value already chosen, which may since have been deactivated.
  if (!query.init) qb.where('t.is_active', true);
  if (user) restrictToOwner(qb, resource, user);
  for (const [param, values] of callParams(def, query)) {
    if (param.apply) {
      param.apply(qb, values, db);
      continue;
    }
    const column = `t.${columnOf(fieldOf(resource, param.field!))}`;
    qb.where((w) => {
      void w.whereRaw('??::text = any(?)', [column, values]);
      if (param.orEmpty) void w.orWhereNull(column);
    });
  }
  if (query.init) {
    qb.whereRaw('??::text = ?', [`t.${columnOf(fieldOf(resource, key))}`, query.q]);
  } else if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb.where((w) => {
      for (const name of [...display, ...twins]) {
        void w.orWhereRaw('??::text ilike ?', [`t.${columnOf(fieldOf(resource, name))}`, pattern]);
      }
    });
  }
  const columns = selectColumns(
    db,
    wanted.map((name) => fieldOf(resource, name)),
  );
  const ordered = def.distinct
    ? qb.distinct(columns).orderBy(key)
    : qb.select(columns).orderBy([{ column: key }, { column: 't.id' }]);
  const rows = (await ordered
    .offset(query.init ? 0 : query.page * LOOKUP_PAGE_SIZE)
    .limit(LOOKUP_PAGE_SIZE + 1)) as Record<string, unknown>[];
  return rows.map((row) => itemOf(row, key, display, def, lang));
}

function lookupRoute(def: LookupDef, path: string): RouteDef {
  const open = def.resource?.public === true;
  return defineRoute({
    method: 'get',
    path: `/list/${path}`,
    summary:
      `${def.summary} Items { id, text, name }; q searches the text; page counts from 0 (10 a page); ` +
      "init with q = an id answers that id's item.",
    access: open ? 'public' : 'authenticated',
    query: lookupQuerySchema,
    handler: async ({ deps, query, lang, user }) => {
      if (!open && !(await mayAsk(deps, user, def))) throw new ForbiddenError();
      const rows = await pageOf(deps, def, query, lang, open ? undefined : user);
      const items = rows.slice(0, LOOKUP_PAGE_SIZE);
      return { data: { items, more: rows.length > LOOKUP_PAGE_SIZE }, extra: { items } };
    },
  });
}

/**
 * The routes of every lookup: each resource's own (resourceLookup) unless a screen's definition of the same path
 * replaces it (it starts from the resource's and adds what the screen needs), and the screens' other lookups.
 * One definition answers each path.
 */
export function lookupRoutes(screens: LookupDef[]): RouteDef[] {
  const defs = [
    ...screens,
    ...RESOURCES.filter((r) => r.key && r.lookup !== false)
      .map(resourceLookup)
      .filter((l) => !screens.some((s) => s.path === l.path)),
  ];
  const seen = new Set<string>();
  const routes: RouteDef[] = [];
  for (const def of defs) {
    for (const path of [def.path, ...(def.aliases ?? [])]) {
      if (seen.has(path)) throw new Error(`list/${path} is defined twice`);
      seen.add(path);
      routes.push(lookupRoute(def, path));
    }
  }
  return routes;
}
