// What the API takes as a text, a number or a date, said once for every way input arrives: the request edge
// (api/validate.ts checks every body, query string and path parameter before a route sees it), the routes' zod
// schemas, the master-data fields (engine.ts fieldSchema), the file import and the console's forms.
//   - A text holds no NUL (PostgreSQL cannot store one in text) and no half of a UTF-16 surrogate pair without
//     its other half (no character at all: JSON may carry one as "\ud800", and bytes of an imported file that
//     are not UTF-8 are read as one), and it has a maximum length.
//   - A number is a JSON number or a plain decimal string ("12", "-3.5", " 8000.50 ", "1.5e3"): never a hex
//     string, a boolean, an array or an empty string, which zod's coerce would take as 16, 1, 5 and 0; and it
//     lies within what its column holds (numeric(p,s): less than 10^(p-s); integer: int4, or bigint).
//   - A date is a calendar date of the years 1 to 9999 (PostgreSQL has no year 0), as dd/mm/yyyy (the console)
//     or yyyy-mm-dd (ISO, SAP); a date and time is ISO 8601 with an offset, in the same years.
// Refusals carry message keys (validation.*), which issueMessage (engine.ts) passes on to the server's and
// the console's messages.
//
// Shared by the server and the browser: it may import zod and nothing from Node.
import { z } from 'zod';

/** A NUL, or a lone surrogate (with the u flag a pair is one code point, so only unpaired halves match). */
// eslint-disable-next-line no-control-regex -- the NUL is exactly what is looked for
const FORBIDDEN_CHARACTER = /[\u0000\p{Cs}]/u;
const FORBIDDEN_CHARACTERS = new RegExp(FORBIDDEN_CHARACTER.source, 'gu');

/** Whether a text holds a character no field may hold (NUL, or half a surrogate pair). */
export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN_CHARACTER.test(value);
}

/** The text with each forbidden character replaced by what `replace` makes of it. */
export function replaceForbiddenCharacters(value: string, replace: (character: string) => string): string {
  return value.replace(FORBIDDEN_CHARACTERS, replace);
}

/** Length of a text field that declares none (a reference to another record's code, say). */
export const DEFAULT_MAX_LENGTH = 1000;

/**
 * A text: no forbidden character, at most `max` characters, trimmed unless `trim` is false (a password, a
 * search typed with its spaces). A zod string, so a schema goes on with `.min(1)`, `.nullish()` and the like.
 */
export function text(max: number = DEFAULT_MAX_LENGTH, { trim = true }: { trim?: boolean } = {}) {
  const checked = z
    .string()
    .refine((v) => !hasForbiddenCharacter(v), { message: 'validation.invalidCharacters', abort: true });
  return (trim ? checked.trim() : checked).max(max);
}

// ---------------------------------------------------------------------------------------------- numbers

/** What a number may be: its range (inclusive), whether it must be whole, and the column it goes to. */
export interface NumberRange {
  min?: number;
  max?: number;
  integer?: boolean;
  /** numeric(precision, scale): after rounding to `scale` digits, fewer than precision - scale before the point. */
  numeric?: { precision: number; scale: number };
}

/** int4, PostgreSQL's `integer`. */
export const INTEGER_RANGE: NumberRange = { min: -2_147_483_648, max: 2_147_483_647, integer: true };
/** bigint, as far as a JavaScript number holds it exactly. */
export const BIGINT_RANGE: NumberRange = {
  min: Number.MIN_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
};

/** The range a numeric(precision, scale) column holds. */
export function numericRange(precision: number, scale: number): NumberRange {
  return { numeric: { precision, scale } };
}

/** Both ranges at once (a field's business limits inside its column's). */
export function within(a: NumberRange, b: NumberRange): NumberRange {
  const pick = (x: number | undefined, y: number | undefined, f: (p: number, q: number) => number) =>
    x === undefined ? y : y === undefined ? x : f(x, y);
  return {
    min: pick(a.min, b.min, Math.max),
    max: pick(a.max, b.max, Math.min),
    integer: a.integer || b.integer,
    numeric: a.numeric ?? b.numeric,
  };
}

/**
 * The largest value of numeric(precision, scale) as text ("9999999999999999.99"): exact, where the number
 * itself is not (doubles near 10^16 are 2 apart), so it is compared by digits and shown as text.
 */
function numericLimit({ precision, scale }: { precision: number; scale: number }): string {
  return '9'.repeat(precision - scale) + (scale ? `.${'9'.repeat(scale)}` : '');
}

/** Whether `n`, rounded to `scale` digits as PostgreSQL rounds it on the way in, fits numeric(precision, scale). */
function fitsNumeric(n: number, { precision, scale }: { precision: number; scale: number }): boolean {
  const factor = 10 ** scale;
  return Math.round(Math.abs(n) * factor) / factor < 10 ** (precision - scale);
}

/** A plain decimal, as a person or a spreadsheet writes one; an exponent only after digits. */
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The number a value spells, or NaN: a JSON number as it is, a plain decimal string, nothing else. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const trimmed = value.trim();
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : NaN;
}

/** A number within `range` (see toNumber for what spells one). */
export function number(range: NumberRange = {}) {
  // Typed as number or string (what the OpenAPI document shows); anything else is "not a number".
  return z.union([z.number(), z.string()], { error: 'validation.number' }).transform((value, ctx): number => {
    const n = toNumber(value);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'validation.number', input: value });
      return z.NEVER;
    }
    if (range.integer && !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'validation.integer', input: value });
      return z.NEVER;
    }
    if (range.min !== undefined && n < range.min) {
      ctx.addIssue({ code: 'custom', message: 'validation.min', params: { min: range.min }, input: value });
      return z.NEVER;
    }
    if (range.max !== undefined && n > range.max) {
      ctx.addIssue({ code: 'custom', message: 'validation.max', params: { max: range.max }, input: value });
      return z.NEVER;
    }
    if (range.numeric && !fitsNumeric(n, range.numeric)) {
      const limit = numericLimit(range.numeric);
      const [message, params] =
        n < 0 ? ['validation.min', { min: `-${limit}` }] : ['validation.max', { max: limit }];
      ctx.addIssue({ code: 'custom', message, params, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/** A whole number within `range`, and within int4 unless the range says otherwise. */
export function integer(range: Omit<NumberRange, 'integer' | 'numeric'> = {}) {
  return number(within({ ...range, integer: true }, INTEGER_RANGE));
}

// ---------------------------------------------------------------------------------------------- dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function calendarIso(year: string, month: string, day: string): string | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || m < 1 || m > 12 || d < 1) return undefined;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as they are.
  const last = new Date(0);
  last.setUTCFullYear(y, m, 0);
  return d > last.getUTCDate() ? undefined : `${year}-${month}-${day}`;
}

/** yyyy-mm-dd → itself when it is a calendar date of the years 1 to 9999. */
export function isoCalendarDate(value: string): string | undefined {
  const m = ISO_DATE.exec(value.trim());
  return m ? calendarIso(m[1]!, m[2]!, m[3]!) : undefined;
}

/** dd/mm/yyyy → yyyy-mm-dd when it is a calendar date of the years 1 to 9999. */
export function displayDateToIso(value: string): string | undefined {
  const m = DISPLAY_DATE.exec(value.trim());
  return m ? calendarIso(m[3]!, m[2]!, m[1]!) : undefined;
}

/** A date in either wire format → yyyy-mm-dd. */
export function parseDate(value: string): string | undefined {
  return isoCalendarDate(value) ?? displayDateToIso(value);
}

function dateSchema(parse: (value: string) => string | undefined, message: string) {
  return z.string().transform((value, ctx): string => {
    const iso = hasForbiddenCharacter(value) ? undefined : parse(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return iso;
  });
}

/** A calendar date as dd/mm/yyyy or yyyy-mm-dd; answers yyyy-mm-dd. */
export function date() {
  return dateSchema(parseDate, 'validation.invalidDate');
}

/** A calendar date as yyyy-mm-dd only (what SAP sends). */
export function isoDate() {
  return dateSchema(isoCalendarDate, 'validation.invalidIsoDate');
}

const ISO_DATE_TIME = z.iso.datetime({ offset: true });

/** An ISO 8601 date and time with an offset (or Z), on a calendar day of the years 1 to 9999. */
export function isoDateTime() {
  return z
    .string()
    .refine((v) => ISO_DATE_TIME.safeParse(v).success && isoCalendarDate(v.slice(0, 10)) !== undefined, {
      message: 'validation.invalidDateTime',
    });
}
