// The active values of a lookup group (Lookup master data), as the screens' master lists name them. With a live
// change feed a group is read once and kept until a lookup is written (migration 009), so a master list that
// names a group costs no query while nothing changes.
import type { Db } from '../../db/connection';
import { lookupValues, type LookupValue } from './order-types';
import { FeedCache, type ChangeFeed } from './change-feed';

export class LookupService {
  private readonly cache: FeedCache<readonly LookupValue[]>;

  constructor(
    private readonly db: Db,
    changes?: ChangeFeed,
  ) {
    this.cache = new FeedCache(changes, 'lookups', 1_000);
  }

  /** The group's active values in their sort order; callers must not change them. */
  async values(group: string): Promise<readonly LookupValue[]> {
    return (await this.cache.get(group, () => lookupValues(this.db, group)))!;
  }
}
