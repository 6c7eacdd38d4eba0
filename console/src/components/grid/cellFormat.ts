// How values read in lists and read-only fields (spec/3 §9): Y/N flags, dd/mm/yyyy dates, dd/mm/yyyy HH:mm times,
// numbers with en-GB grouping and a fixed number of decimals when the field has a scale.
import { formatDate } from '../../util/format';

/** Any value as text: objects as JSON rather than "[object Object]". */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean | bigint | symbol);
}

export function formatFlag(value: unknown): string {
  if (value === true || value === 'Y' || value === 'true') return 'Y';
  if (value === false || value === 'N' || value === 'false') return 'N';
  return '';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** An ISO timestamp in the user's local time: 07/03/2024 14:05. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const numberFormats = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: unknown, scale?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return textOf(value);
  const digits = scale ?? 0;
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format.format(n);
}

export type CellKind = 'text' | 'integer' | 'decimal' | 'date' | 'datetime' | 'bool';

export function formatCell(kind: CellKind, value: unknown, scale?: number): string {
  switch (kind) {
    case 'bool':
      return formatFlag(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : '';
    case 'datetime':
      return formatDateTime(value);
    case 'integer':
      return formatNumber(value, 0);
    case 'decimal':
      return formatNumber(value, scale);
    default:
      return textOf(value);
  }
}
