// The list protocol of every table screen (DESIGN.md §3): `start` offset, `rows` page size (default 15),
// multi-column `sorts`, `filters` with contains / equals / in / date (dd/mm/yyyy, or a [from, to] range),
// and a status tab. Sort and filter fields are whitelisted per list by wire name; anything else is a 400,
// so a client can never sort or filter on a column the list does not expose (or inject SQL through one).
import type { Knex } from 'knex';
import { z } from 'zod';
import { displayDateToIso, integer, text } from '../db/resources/input';
import { ValidationError } from './errors';

export const MATCH_MODES = ['contains', 'equals', 'in', 'date', 'dateRange', 'startsWith'] as const;
export type FilterKind = 'contains' | 'equals' | 'in' | 'date';

/** One value of a filter: typed text (kept as typed, spaces and all), a number or a flag. */
const filterScalar = z.union([text(1000, { trim: false }), z.number(), z.boolean()]).nullable();

export const listRequestSchema = z.object({
  start: integer({ min: 0, max: 10_000_000 }).default(0),
  rows: integer({ min: 1, max: 1000 }).default(15),
  sorts: z
    .array(
      z.object({
        field: text(100).min(1),
        order: z
          .union([z.enum(['ASC', 'DESC', 'asc', 'desc']), z.literal(1), z.literal(-1)])
          .transform((o) => (o === -1 || o === 'DESC' || o === 'desc' ? 'desc' : 'asc')),
      }),
    )
    .max(10)
    .default([]),
  filters: z
    .array(
      z.object({
        field: text(100).min(1),
        // A list of values for `in`, or [from, to] for a date range.
        value: z.union([filterScalar, z.array(filterScalar).max(1000)]).optional(),
        matchMode: z.enum(MATCH_MODES).default('contains'),
      }),
    )
    .max(50)
    .default([]),
  tab_status: text(100).optional(),
});
export type ListRequest = z.infer<typeof listRequestSchema>;

export interface ListField {
  /** Column or SQL expression the wire name maps to. */
  column: string;
  sortable?: boolean;
  filter?: FilterKind;
  /**
   * For a contains (or startsWith) filter, a condition added to the match, with one `?` for the value as typed,
   * that an index answers; it must hold on every row the match holds on (e.g. a gram index, migration 012).
   */
  indexSql?: string;
  /**
   * For a contains (or startsWith) filter, the values the column holds that match the ILIKE pattern, when they
   * are known beforehand (a column of few values): the match becomes `column = any(those values)`, which an
   * index answers and the planner weighs as the cheap check it is. Undefined: the match as usual.
   */
  matchingValues?: (pattern: string) => readonly string[] | undefined;
}

/** Longer values go without the field's indexSql (a text-search lexeme has a size limit); none can be that long. */
const INDEX_VALUE_MAX = 200;

export interface ListSpec {
  fields: Record<string, ListField>;
  /** Tab name -> restriction. 'ALL' needs no entry. */
  tabs?: Record<string, (qb: Knex.QueryBuilder) => void>;
  /** Applied after the user's sorts; must end in a unique column so paging is stable. */
  defaultSort: { column: string; order: 'asc' | 'desc' }[];
}

/** dd/mm/yyyy -> yyyy-mm-dd, or undefined when not a real date. */
export function parseDisplayDate(value: unknown): string | undefined {
  return typeof value === 'string' ? displayDateToIso(value) : undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A filter without a value (nothing, '' or an empty list) filters nothing. */
export function isEmptyFilterValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
}

/** The ILIKE pattern of a contains filter, or of a startsWith one. */
export function likePattern(value: string, matchMode: string): string {
  return matchMode === 'startsWith' ? `${escapeLike(value)}%` : `%${escapeLike(value)}%`;
}

function bad(field: string, key: string, params: Record<string, string>): never {
  throw new ValidationError({ [field]: [{ key, params }] }, key, params);
}

/** Adds the filters and the tab of a list request to a query. */
export function applyListFilters(qb: Knex.QueryBuilder, req: ListRequest, spec: ListSpec): void {
  if (req.tab_status && req.tab_status.toUpperCase() !== 'ALL') {
    const tab = spec.tabs?.[req.tab_status.toUpperCase()];
    if (!tab) bad('tab_status', 'list.tabNotAllowed', { tab: req.tab_status });
    tab(qb);
  }
  for (const f of req.filters) {
    const field = spec.fields[f.field];
    if (!field?.filter) bad('filters', 'list.filterNotAllowed', { field: f.field });
    if (isEmptyFilterValue(f.value)) continue;
    const col = field.column;
    if (field.filter === 'date' || f.matchMode === 'date' || f.matchMode === 'dateRange') {
      if (field.filter !== 'date')
        bad('filters', 'list.matchModeNotAllowed', { field: f.field, mode: f.matchMode });
      const [from, to] = (Array.isArray(f.value) ? f.value : [f.value, f.value]) as unknown[];
      const fromIso = parseDisplayDate(from);
      const toIso = to === null || to === undefined || to === '' ? fromIso : parseDisplayDate(to);
      if (!fromIso || !toIso) throw new ValidationError({ [f.field]: [{ key: 'validation.invalidDate' }] });
      qb.whereRaw(`(${col})::date between ?::date and ?::date`, [fromIso, toIso]);
    } else if (f.matchMode === 'in') {
      if (field.filter !== 'in' && field.filter !== 'equals') {
        bad('filters', 'list.matchModeNotAllowed', { field: f.field, mode: f.matchMode });
      }
      const values = (Array.isArray(f.value) ? f.value : String(f.value).split(';')).map(String);
      qb.whereRaw(`(${col})::text = any(?)`, [values]);
    } else if (f.matchMode === 'equals' || field.filter === 'equals' || field.filter === 'in') {
      qb.whereRaw(`(${col})::text = ?`, [String(f.value)]);
    } else {
      const value = String(f.value);
      const pattern = likePattern(value, f.matchMode);
      const values = field.matchingValues?.(pattern);
      if (values) {
        qb.whereRaw(`(${col})::text = any(?)`, [[...values]]);
        continue;
      }
      if (field.indexSql && value.length <= INDEX_VALUE_MAX) qb.whereRaw(field.indexSql, [value]);
      // Without a letter in it, a value matches the same rows with or without case folding, and LIKE does not
      // lowercase every row it checks.
      const folds = value.toLowerCase() !== value.toUpperCase();
      qb.whereRaw(`(${col})::text ${folds ? 'ilike' : 'like'} ?`, [pattern]);
    }
  }
}

/** The ORDER BY of a list request: the user's sorts (whitelisted), then the stable default order. */
export function listOrderSql(req: ListRequest, spec: ListSpec): string {
  const parts: string[] = [];
  for (const s of req.sorts) {
    const field = spec.fields[s.field];
    if (!field?.sortable) bad('sorts', 'list.sortNotAllowed', { field: s.field });
    parts.push(`${field.column} ${s.order} nulls last`);
  }
  for (const s of spec.defaultSort) parts.push(`${s.column} ${s.order}`);
  return parts.join(', ');
}

/** Adds the user's sorts (whitelisted) and the stable default order. */
export function applyListSorts(qb: Knex.QueryBuilder, req: ListRequest, spec: ListSpec): void {
  const order = listOrderSql(req, spec);
  if (order) qb.orderByRaw(order);
}

/**
 * Runs a list: `base` is the query with the list's joins and columns (and any ownership restriction);
 * the page and the total are read with the same filters.
 */
export async function runList<Row>(
  base: Knex.QueryBuilder,
  req: ListRequest,
  spec: ListSpec,
): Promise<{ rows: Row[]; totalRecords: number }> {
  const filtered = base.clone();
  applyListFilters(filtered, req, spec);
  const countQuery = filtered.clone().clearSelect().clearOrder().count<{ n: number | string }[]>('* as n');
  const page = filtered.clone();
  applyListSorts(page, req, spec);
  page.offset(req.start).limit(req.rows);
  const [rows, count] = (await Promise.all([page, countQuery])) as [unknown[], { n: number | string }[]];
  return { rows: rows as Row[], totalRecords: Number(count[0]?.n ?? 0) };
}
