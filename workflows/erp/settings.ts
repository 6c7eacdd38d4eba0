// Where the scheduled ERP pull keeps its settings and its progress.
//
// - The interval: the Lookup value SAP_SYNC_SETTING / PULL_INTERVAL_MINUTES (Info1, whole minutes), so an
//   administrator changes it in the Lookup screen; workers read it when they start and bring the `erp-pull`
//   schedule to it. An inactive value, or 0, switches the pull off (the schedule is paused).
// - The high-water marks: per adapter and change stream (`ERP_PULL.<adapter>.<stream>`, e.g. ERP_PULL.sap-odata.delivery)
//   the newest change time the pull has processed of that stream, never later than the start of the pull that
//   set it, with the time of the last successful pull. Pulls before marks per stream kept one mark per adapter
//   (`ERP_PULL.<adapter>`); a stream without a mark of its own starts from that one (activities.ts).
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

export const erpPullMarkKey = (adapter: string, stream: string) => `ERP_PULL.${adapter}.${stream}`;
/** Where pulls before marks per stream kept one mark for all streams of an adapter. */
export const erpPullOneMarkKey = (adapter: string) => `ERP_PULL.${adapter}`;

/** The mark stored under `key` (erpPullMarkKey, erpPullOneMarkKey); null when there is none or it is unreadable. */
export async function readErpPullMark(db: Db, key: string): Promise<ErpPullMark | null> {
  const row = (await db('app_settings').where({ key }).first('value')) as
    { value: string | null } | undefined;
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
