// Display formats of the product (spec/3 §9): dates dd/mm/yyyy, numbers with en-GB grouping.

/** "2024-03-07" or an ISO timestamp → "07/03/2024"; the date part is read as written, never shifted by time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** "2024-03-07" → "07/03" for compact chart axes. */
export function formatDayMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}` : value;
}

const integerFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

export function formatCount(value: number | null | undefined): string {
  return integerFormat.format(value ?? 0);
}
