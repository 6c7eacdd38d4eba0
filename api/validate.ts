// zod at the edge: handlers only ever see parsed input. Issues become per-field message keys that the
// envelope translates; a refinement may name its own key by using it as its message (e.g.
// `{ message: 'validation.passwordMismatch' }`).
//
// Before any route schema, every request's input (body, query string, path parameters) is held to what no
// field anywhere may receive (checkRequestInput): texts and keys without NUL or broken characters
// (db/resources/input.ts) and of a bounded length, numbers that are finite (JSON's 1e400 reads as Infinity),
// nesting of a bounded depth, a query string whose %-escapes spell UTF-8. A route gets this without declaring
// anything, whether it has a schema or reads its body itself, so hostile input never reaches a query.
import type { Context } from 'koa';
import type { ZodError, ZodType, z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';
import { issueMessage } from '../db/resources/engine';
import { hasForbiddenCharacter, replaceForbiddenCharacters } from '../db/resources/input';

export function zodToFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (out[field] ??= []).push(issueMessage(issue));
  }
  return out;
}

export function parseInput<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(zodToFieldErrors(result.error));
  return result.data;
}

/** What any request's input is held to before a route reads it. */
export const INPUT_LIMITS = {
  /**
   * Levels of nesting. The deepest body a route takes (an ERP push: documents, a document, its Details, a
   * line, a value) has five; beyond this nothing is read, so no parser or walker recurses without bound.
   */
  depth: 32,
  /**
   * Characters of any one text or key. The longest field holds 2,000; the longest legitimate text is a pasted
   * list of up to 500 SAP numbers (the Filter screen). File contents are the exception (RouteDef.files).
   */
  text: 30_000,
  /**
   * Characters of a query or path parameter: codes, ids and typed searches (a lookup's q takes 100). Longer
   * ones are refused here whatever the route, since a parameter a route does not read has no schema to do it.
   */
  urlText: 1_000,
  /** Problems reported for one request: enough to name them, bounded however bad the input is. */
  problems: 20,
} as const;

export interface InputCheckOptions {
  /** Characters a text may have (INPUT_LIMITS.text unless given). */
  maxText?: number;
  /** Body fields (top level) that carry a file: their length is their schema's business, not the edge's. */
  files?: readonly string[];
  /** The message's field parameter for a path (its last name by default; a resource's label key with one). */
  label?: (name: string) => string;
}

/** A path as an error key: indexes and names joined by dots, names that could not be shown escaped and cut. */
function pathKey(path: readonly string[]): string {
  return path.map(displayName).join('.') || '_';
}

function displayName(name: string): string {
  const shown = escapeUnstorable(name);
  return shown.length > 100 ? `${shown.slice(0, 100)}…` : shown;
}

/**
 * A text with what PostgreSQL's text and jsonb cannot hold (NUL, halves of surrogate pairs) written out as
 * JSON escapes ("\u0000"), so a log can still say what was sent.
 */
export function escapeUnstorable(value: string): string {
  if (!hasForbiddenCharacter(value)) return value;
  return replaceForbiddenCharacters(value, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** escapeUnstorable, then at most `max` characters (a cut never leaves half a character behind). */
export function storableText(value: string, max: number): string {
  const text = escapeUnstorable(value);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/**
 * A JSON value as a log can store it in jsonb: texts and keys through escapeUnstorable, and what lies deeper
 * than INPUT_LIMITS.depth replaced by a note, so a refused request is still recorded with what it held.
 */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeUnstorable(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= INPUT_LIMITS.depth) return `(nested deeper than ${INPUT_LIMITS.depth} levels)`;
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      escapeUnstorable(k),
      storableJson(v, depth + 1),
    ]),
  );
}

/** The problems of one input value (body, query or params), keyed by path. */
export function inputProblems(
  value: unknown,
  options: InputCheckOptions = {},
  out: FieldErrors = {},
): FieldErrors {
  let found = Object.keys(out).length;
  const add = (path: readonly string[], key: string, params: Record<string, string | number> = {}) => {
    if (found >= INPUT_LIMITS.problems) return;
    const field = pathKey(path);
    if (!out[field]) found++;
    const name = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? field;
    const label = options.label ? options.label(displayName(name)) : displayName(name);
    (out[field] ??= []).push({ key, params: { ...params, field: label } });
  };
  const checkText = (text: string, at: () => string[], file: boolean) => {
    const max = options.maxText ?? INPUT_LIMITS.text;
    if (!file && text.length > max) add(at(), 'validation.maxLength', { max });
    else if (hasForbiddenCharacter(text)) add(at(), 'validation.invalidCharacters');
  };
  // Depth-first without recursion: a stack of values still to look at, each with its key and its parent's
  // entry (a path is only spelled out for a problem; a push of 5,000 documents has a million values).
  interface Entry {
    value: unknown;
    key: string;
    parent: Entry | undefined;
    depth: number;
  }
  const pathOf = (entry: Entry | undefined): string[] => {
    const path: string[] = [];
    for (let e = entry; e?.parent; e = e.parent) path.push(e.key);
    return path.reverse();
  };
  const stack: Entry[] = [{ value, key: '', parent: undefined, depth: 0 }];
  while (stack.length && found < INPUT_LIMITS.problems) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      const file = entry.depth === 1 && (options.files ?? []).includes(entry.key);
      checkText(v, () => pathOf(entry), file);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) add(pathOf(entry), 'validation.number');
    } else if (v !== null && typeof v === 'object') {
      if (entry.depth >= INPUT_LIMITS.depth) {
        add(pathOf(entry).slice(0, 3), 'validation.tooDeep', { max: INPUT_LIMITS.depth });
        continue;
      }
      const isArray = Array.isArray(v);
      const keys = isArray ? undefined : Object.keys(v);
      const length = isArray ? v.length : keys!.length;
      for (let i = length - 1; i >= 0; i--) {
        const key = isArray ? String(i) : keys![i]!;
        const child: Entry = {
          value: isArray ? (v as unknown[])[i] : (v as Record<string, unknown>)[key],
          key,
          parent: entry,
          depth: entry.depth + 1,
        };
        if (!isArray) checkText(key, () => pathOf(child), false);
        stack.push(child);
      }
    }
  }
  return out;
}

/** Names of query parameters whose %-escapes do not spell UTF-8 (Koa's parser would read them as "�"). */
function badlyEscapedParameters(querystring: string): string[] {
  const bad: string[] = [];
  for (const part of querystring.split('&')) {
    const [name = '', ...rest] = part.split('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      decode(name);
      decode(rest.join('='));
    } catch {
      let shown = name;
      try {
        shown = decode(name);
      } catch {
        // The name itself is what is broken; it is shown as sent.
      }
      bad.push(shown);
    }
  }
  return bad;
}

/** Refuses (400, the fields named) a body read apart from the request (an ERP push, on a bulk thread). */
export function checkBodyInput(body: unknown, options: InputCheckOptions = {}): void {
  const errors = inputProblems(body, options);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * Refuses (400, the fields named) a request whose body, query string or path parameters hold what no field may
 * receive; see the top of this file.
 */
export function checkRequestInput(ctx: Context, options: InputCheckOptions = {}): void {
  const errors: FieldErrors = {};
  for (const name of badlyEscapedParameters(ctx.querystring)) {
    const key = displayName(name) || '_';
    (errors[key] ??= []).push({ key: 'validation.invalidCharacters', params: { field: key } });
  }
  const url = { label: options.label, maxText: INPUT_LIMITS.urlText };
  inputProblems(ctx.params, url, errors);
  inputProblems(ctx.query, url, errors);
  // A parameter given twice reads as a list, which no route takes from the query string.
  for (const [name, value] of Object.entries(ctx.query)) {
    if (Array.isArray(value)) {
      const key = displayName(name);
      (errors[key] ??= []).push({
        key: 'validation.invalid',
        params: { field: options.label?.(key) ?? key },
      });
    }
  }
  inputProblems((ctx.request as { body?: unknown }).body, options, errors);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}
