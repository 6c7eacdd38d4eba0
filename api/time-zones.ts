// Time zones: what a name stands for and the wall clock it keeps. The configuration checks SAP_TIME_ZONE with it,
// and the SAP OData adapter reads SAP's local dates and times and asks for a day with it (api/erp/odata).

/** Formatters by time zone: making one costs far more than using it, and a pull maps thousands of dates. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `instant`, read as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(timeZone).formatToParts(new Date(instant))) parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** Whether `name` is a time zone this runtime knows (IANA, e.g. Asia/Jakarta). */
export function isTimeZone(name: string): boolean {
  try {
    zoneFormat(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The moment a wall-clock time of `timeZone` stands for: SAP keeps dates and times such as a delivery's
 * CreationDate + CreationTime in the system's local time, not in UTC. `day` is yyyy-mm-dd, `seconds` after
 * midnight. A wall time that a daylight-saving change skips or repeats gets one of its readings.
 */
export function zonedMoment(day: string, seconds: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + seconds * 1000;
  // The zone's offset at the wall time read as UTC is right except within hours of an offset change; a second
  // pass with the offset at the first guess settles those.
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant = wall - (wallClock(instant, timeZone) - instant);
  return new Date(instant);
}

/** The calendar day (yyyy-mm-dd) `instant` falls on in `timeZone`. */
export function zonedDay(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}
