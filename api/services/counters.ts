// The status counters (status_counter_totals: folded totals plus the deltas not folded yet, migration 002)
// read in one statement, one snapshot. With a live change feed the rows are kept in memory until the next
// notification that a counter was written (migration 007), so the tab and dashboard counts cost no query
// while nothing changes, and are read again as soon as something did.
import type { Db } from '../../db/connection';
import { FeedCache, type ChangeFeed } from './change-feed';

export interface CounterRow {
  entity: string;
  status: string;
  total: number;
}

export class CounterService {
  private readonly cache: FeedCache<readonly CounterRow[]>;

  constructor(
    private readonly db: Db,
    changes?: ChangeFeed,
  ) {
    this.cache = new FeedCache(changes, 'counters', 1);
  }

  /** Every counter row; callers must not change the rows. */
  async totals(): Promise<readonly CounterRow[]> {
    return (await this.cache.get('totals', async () => {
      const result = await this.db.raw<{ rows: CounterRow[] }>(
        'select entity, status, total::float8 as total from status_counter_totals',
      );
      return result.rows;
    }))!;
  }

  /** The sum of an entity's counters, of the given statuses only when named. */
  async sum(entity: string, statuses?: readonly string[]): Promise<number> {
    return sumOf(await this.totals(), entity, statuses);
  }
}

export function sumOf(rows: readonly CounterRow[], entity: string, statuses?: readonly string[]): number {
  let n = 0;
  for (const r of rows) if (r.entity === entity && (!statuses || statuses.includes(r.status))) n += r.total;
  return n;
}
