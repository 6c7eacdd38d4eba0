// Where the scheduled ERP pull keeps its settings and its progress.
//
// - The interval: the Lookup value SAP_SYNC_SETTING / PULL_INTERVAL_MINUTES (Info1, whole minutes), so an
//   administrator changes it in the Lookup screen; workers read it when they start and bring the `erp-pull`
//   schedule to it. An inactive value, or 0, switches the pull off (the schedule is paused).
// - The high-water mark: the newest SAP change time the pull has processed, per adapter, in app_settings
//   (`ERP_PULL.<adapter>`), with the time of the last successful pull.
import type { Db } from '../../db/connection';

export const ERP_PULL_LOOKUP = { group: 'SAP_SYNC_SETTING', code: 'PULL_INTERVAL_MINUTES' } as const;

/** Minutes between pulls, or null when the pull is switched off. */
export async function readErpPullInterval(db: Db): Promise<number | null> {
  const row = (await db('lookups')
    .where({ lookup_group: ERP_PULL_LOOKUP.group, lookup_code: ERP_PULL_LOOKUP.code, is_active: true })
    .first('lookup_info1')) as { lookup_info1: string | null } | undefined;
  const minutes = Number(row?.lookup_info1 ?? NaN);
  return Number.isInteger(minutes) && minutes > 0 ? Math.min(minutes, 24 * 60) : null;
}

export interface ErpPullMark {
  /** The newest SAP change time (ISO) among the documents pulled so far. */
  highWater: string;
  /** When the last pull finished (ISO). */
  lastSuccess: string;
  /** Documents the last pull received. */
  lastDocuments: number;
}

export const erpPullMarkKey = (adapter: string) => `ERP_PULL.${adapter}`;

export async function readErpPullMark(db: Db, adapter: string): Promise<ErpPullMark | null> {
  const row = (await db('app_settings')
    .where({ key: erpPullMarkKey(adapter) })
    .first('value')) as { value: string | null } | undefined;
  if (!row?.value) return null;
  try {
    const mark = JSON.parse(row.value) as Partial<ErpPullMark>;
    return typeof mark.highWater === 'string' && !Number.isNaN(Date.parse(mark.highWater))
      ? (mark as ErpPullMark)
      : null;
  } catch {
    return null;
  }
}
