// Display helpers of the order screens: quantities with 1 to 3 decimals (spec/1 §9), a line's conversion total
// (quantity times its KG factor, spec/1 §2), the first of several spellings a field arrives in (the view's header
// uses spec/2 §3 names, the list spec/1 §3 names), and the time left before a deadline as the countdown reads it.
import { textOf } from '../../components/grid/cellFormat';
import { formatQty } from '../../components/grid/format';
import type { Row } from './types';

export { formatQty };

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Qty × Conversion of a line; empty when either is missing. */
export function conversionTotal(line: Row): number | null {
  const qty = numberOf(line.Qty);
  const factor = numberOf(line.Conversion);
  return qty === null || factor === null ? null : qty * factor;
}

/** The sum of the lines' conversion totals. */
export function sumConversion(lines: Row[]): number {
  return lines.reduce((sum, line) => sum + (conversionTotal(line) ?? 0), 0);
}

/** The first non-empty of a row's fields, as text. */
export function pick(row: Row | undefined, ...fields: string[]): string {
  if (!row) return '';
  for (const field of fields) {
    const text = textOf(row[field]);
    if (text) return text;
  }
  return '';
}

export interface Remaining {
  passed: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The time from `now` to `deadline` (ms), whole seconds rounded up so 0.4 s left still reads 1 s. */
export function remaining(deadline: number, now: number): Remaining {
  const left = Math.ceil((deadline - now) / 1000);
  if (left <= 0) return { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  return {
    passed: false,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2d 03:04:05", or "03:04:05" under a day. */
export function formatRemaining(left: Remaining, dayUnit: string): string {
  const clock = `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
  return left.days > 0 ? `${left.days}${dayUnit} ${clock}` : clock;
}
