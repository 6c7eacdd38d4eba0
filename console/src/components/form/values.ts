// Form values of a resource record: what the inputs hold (text for numbers and dates, so half-typed input stays
// as typed) and how they go back on the wire. Dates are shown dd/mm/yyyy and sent that way (the server accepts
// it); numbers are sent as numbers when they read as one, else as typed so the server names the problem.
import type { FieldDef } from '../../../../db/resources/engine';
import { formatDate } from '../../util/format';
import { textOf } from '../grid/cellFormat';

export type FormValue = string | boolean | null;
export type FormRecord = Record<string, FormValue>;

export function toFormValue(field: FieldDef, value: unknown): FormValue {
  if (field.type === 'bool') return value === true || value === 'Y' || value === 'true';
  if (value === null || value === undefined) return '';
  if (field.type === 'date' && typeof value === 'string') return formatDate(value);
  return textOf(value);
}

export function toWireValue(field: FieldDef, value: FormValue | undefined): unknown {
  if (field.type === 'bool') return value === true;
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '') return null;
  if ((field.type === 'integer' || field.type === 'decimal') && typeof text === 'string') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** Numbers keep only what a number can hold: digits, one point for decimals, a leading minus when allowed. */
export function cleanNumber(field: FieldDef, typed: string): string {
  const negative = field.min === undefined || field.min < 0;
  let out = '';
  let point = false;
  for (const [i, ch] of [...typed].entries()) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && i === 0 && negative) out += ch;
    else if ((ch === '.' || ch === ',') && field.type === 'decimal' && !point) {
      out += '.';
      point = true;
    }
  }
  return out;
}

/** On leaving a number input: clamp to min/max (spec/3 §5) and round to the field's decimals. */
export function settleNumber(field: FieldDef, typed: string): string {
  if (typed.trim() === '' || typed === '-') return '';
  let n = Number(typed);
  if (!Number.isFinite(n)) return typed;
  if (field.min !== undefined && n < field.min) n = field.min;
  if (field.max !== undefined && n > field.max) n = field.max;
  if (field.type === 'integer') return String(Math.round(n));
  if (field.scale !== undefined) {
    const factor = 10 ** field.scale;
    return String(Math.round(n * factor) / factor);
  }
  return String(n);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** ISO timestamp → the value of a datetime-local input (local time). */
export function isoToLocalInput(value: string): string {
  const d = new Date(value);
  if (!value || Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function localInputToIso(value: string): string {
  const d = new Date(value);
  return !value || Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
