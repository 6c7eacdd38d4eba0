// SAP OData v2 values in and out: the JSON "verbose" format's dates and decimals, and literals for $filter that
// no typed value can break out of.

/**
 * `/Date(1700000000000)/` (Edm.DateTime) or `/Date(1700000000000+0420)/` (Edm.DateTimeOffset). The number is
 * always milliseconds since 1970-01-01 UTC; the optional suffix is the offset of the local time SAP recorded,
 * in minutes as the OData v2 JSON format defines it (SAP Gateway sends +0000). Also accepts ISO 8601 text, which
 * some custom services send. Returns null for an empty value and throws for anything else.
 */
export function parseODataDate(value: unknown): { instant: Date; offsetMinutes: number } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new TypeError(`Not an OData date: ${JSON.stringify(value)}`);
  const m = /^\/Date\((-?\d+)(?:([+-])(\d{1,4}))?\)\/$/.exec(value);
  if (m) {
    const offset = m[2] ? (m[2] === '-' ? -1 : 1) * Number(m[3]) : 0;
    return { instant: new Date(Number(m[1])), offsetMinutes: offset };
  }
  const iso = Date.parse(value);
  if (!Number.isNaN(iso) && /^\d{4}-\d{2}-\d{2}/.test(value))
    return { instant: new Date(iso), offsetMinutes: 0 };
  throw new TypeError(`Not an OData date: ${JSON.stringify(value)}`);
}

/** The calendar day SAP meant: Edm.DateTime dates are midnight UTC; an offset moves to SAP's local day. */
export function odataCalendarDate(value: unknown): string | null {
  const d = parseODataDate(value);
  if (!d) return null;
  return new Date(d.instant.getTime() + d.offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The moment, as ISO 8601 in UTC (the shape ErpDocument.Changed_At takes). */
export function odataInstant(value: unknown): string | null {
  const d = parseODataDate(value);
  return d ? d.instant.toISOString() : null;
}

/**
 * Edm.Time `PT14H30M05S` (SAP's CreationTime and the like) as seconds after midnight; null when empty.
 */
export function parseODataTime(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const m = typeof value === 'string' ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value) : null;
  if (!m) throw new TypeError(`Not an OData time: ${JSON.stringify(value)}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Math.floor(Number(m[3] ?? 0));
}

/**
 * Edm.Decimal arrives as a string ("12.500", "-3", "1E+3"); a number is taken as it is. Null when empty; throws
 * for text that is not a number, so a bad quantity never becomes 0 unnoticed.
 */
export function parseDecimal(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value))
    return Number(value);
  throw new TypeError(`Not a decimal: ${JSON.stringify(value)}`);
}

/** An Edm.String literal for $filter or a key: quoted, with quotes doubled as OData v2 escapes them. */
export function stringLiteral(value: string): string {
  // Control characters have no business in a document number or a code; they are refused rather than sent.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) {
    throw new TypeError('A filter value may not contain control characters');
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** An Edm.DateTime literal for a calendar day (yyyy-mm-dd). */
export function dateTimeLiteral(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new TypeError(`Not a date: ${day}`);
  return `datetime'${day}T00:00:00'`;
}

/** An Edm.DateTimeOffset literal for a moment. */
export function dateTimeOffsetLiteral(moment: Date): string {
  return `datetimeoffset'${moment.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
}

/** `field eq 'a' or field eq 'b' ...` in parentheses; null when there are no values. */
export function anyOf(fields: readonly string[], values: readonly string[]): string | null {
  const terms = fields.flatMap((f) => values.map((v) => `${f} eq ${stringLiteral(v)}`));
  return terms.length ? `(${terms.join(' or ')})` : null;
}
