// The company, plant and customer/vendor codes the SAP orders hold (sap_order_values, migration 008), by the
// ILIKE pattern of a list filter. The list turns `code contains x` into `code = any(the codes found)`: a condition
// with known values, which the planner checks first (a few cheap comparisons) instead of after the text matches
// of the other filters, as it does with a subquery whose values it cannot know. With a live change feed the
// codes of a pattern are kept until a new code is stored (migration 009, `sap-order-values`).
import type { Db } from '../../db/connection';
import { FeedCache, type ChangeFeed } from '../services/change-feed';

export class SapOrderCodeValues {
  private readonly cache: FeedCache<readonly string[]>;

  constructor(
    private readonly db: Db,
    changes?: ChangeFeed,
  ) {
    this.cache = new FeedCache(changes, 'sap-order-values', 1_000);
  }

  /** The stored values of a code column (SAP_ORDER_VALUE_COLUMNS) that match an ILIKE pattern. */
  async matching(column: string, pattern: string): Promise<readonly string[]> {
    return (await this.cache.get(`${column}\u0000${pattern}`, async () => {
      const result = await this.db.raw<{ rows: { codes: string[] }[] }>(
        `select coalesce(array_agg(value order by value), '{}') as codes
           from sap_order_values where field = ? and value ilike ?`,
        [column, pattern],
      );
      return result.rows[0]?.codes ?? [];
    }))!;
  }
}
