// The shape of the master demo data: records in wire names, exactly as the API and the import take them, so
// the seed, the resource definitions and the test that validates every row speak one vocabulary.
import type { ResourceDef } from '../../resources/engine';

export type SeedValue = string | number | boolean | null;
export type SeedChildRow = Readonly<Record<string, SeedValue>>;
/** One record in wire names; a child list (e.g. `Docks`) is an array of child rows. */
export type SeedRecord = Readonly<Record<string, SeedValue | readonly SeedChildRow[]>>;

export interface SeedTable {
  resource: ResourceDef;
  rows: readonly SeedRecord[];
}

/**
 * Every date of the demo is a fixed offset from this day, so two runs (and two machines) write the same
 * data. Licences, registrations and roadworthiness tests all run past the demo's "today" (2026-11-21).
 */
export const BASE_DATE = '2026-11-01';
/** The contract period of rates, quotas and other dated settings. */
export const VALID_FROM = '2026-01-01';
export const VALID_TO = '2027-12-31';

/** An ISO date (yyyy-mm-dd) moved by whole days, in UTC so the machine's time zone plays no part. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
