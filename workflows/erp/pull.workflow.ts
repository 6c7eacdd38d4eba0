// Pulls the documents the ERP changed since the last pull, started by the `erp-pull` schedule
// (workflows/schedules.ts) at the interval of the SAP_SYNC_SETTING lookup.
//
//   start ──erpPullStart──▶ { adapter, since = mark − overlap }
//         ──erpPullPage(cursor) × pages──▶ each page fetched and imported in one activity
//         ──erpPullFinish(newest change seen)──▶ done { pages, documents, inserted, updated, ... }
//
// The mark moves only after every page is in, so a pull that fails half-way starts again from the old mark
// next time and re-reads pages whose documents are then unchanged (nothing written). A very long pull
// continues as a new run with its cursor, so its history stays small. The schedule's SKIP overlap policy keeps
// pulls one at a time.
import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { ErpActivities, ErpPullPageResult } from './activities';

const { erpPullStart, erpPullFinish } = proxyActivities<ErpActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 10 },
});
const { erpPullPage } = proxyActivities<ErpActivities>({
  // One page: the ERP's answer (SAP can be slow) and the import of up to a few thousand documents.
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '10 seconds', maximumInterval: '5 minutes', maximumAttempts: 10 },
});

export interface ErpPullTotals {
  pages: number;
  documents: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  flaggedLines: number;
  /** The first documents left out (invalid or naming unknown master data), for the operator. */
  rejectedDocuments: string[];
}

export interface ErpPullResult extends ErpPullTotals {
  adapter: string;
  since: string;
  /** The mark after this pull (ISO); null while no document was ever pulled. */
  highWater: string | null;
}

export interface ErpPullInput {
  /** First pull of an adapter: documents changed in the last this many days. */
  initialLookbackDays?: number;
  /** Pages per run before continuing as a new run. */
  pagesPerRun?: number;
  /** Set when a long pull continues as a new run. */
  resume?: {
    adapter: string;
    since: string;
    cursor: string;
    highWater: string | null;
    totals: ErpPullTotals;
  };
}

const DEFAULT_LOOKBACK_DAYS = 30;
const DEFAULT_PAGES_PER_RUN = 500;
const LISTED_REJECTS = 20;

function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function add(totals: ErpPullTotals, page: ErpPullPageResult): ErpPullTotals {
  return {
    pages: totals.pages + 1,
    documents: totals.documents + page.received,
    inserted: totals.inserted + page.inserted,
    updated: totals.updated + page.updated,
    unchanged: totals.unchanged + page.unchanged,
    rejected: totals.rejected + page.rejected,
    flaggedLines: totals.flaggedLines + page.flaggedLines,
    rejectedDocuments: [...totals.rejectedDocuments, ...page.rejectedDocuments].slice(0, LISTED_REJECTS),
  };
}

export async function erpPullWorkflow(input: ErpPullInput = {}): Promise<ErpPullResult> {
  const now = new Date(Date.now()).toISOString();
  const pagesPerRun = input.pagesPerRun ?? DEFAULT_PAGES_PER_RUN;
  let adapter: string;
  let since: string;
  let cursor: string | null;
  let highWater: string | null;
  let totals: ErpPullTotals;
  if (input.resume) {
    ({ adapter, since, cursor, highWater, totals } = input.resume);
  } else {
    const start = await erpPullStart({
      initialLookbackDays: input.initialLookbackDays ?? DEFAULT_LOOKBACK_DAYS,
      now,
    });
    ({ adapter, since, highWater } = start);
    cursor = null;
    totals = {
      pages: 0,
      documents: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      flaggedLines: 0,
      rejectedDocuments: [],
    };
  }

  for (let pagesThisRun = 0; ; pagesThisRun++) {
    if (cursor && (pagesThisRun >= pagesPerRun || workflowInfo().continueAsNewSuggested)) {
      return continueAsNew<typeof erpPullWorkflow>({
        ...input,
        resume: { adapter, since, cursor, highWater, totals },
      });
    }
    const page = await erpPullPage({ adapter, since, cursor });
    totals = add(totals, page);
    highWater = later(highWater, page.maxChangedAt);
    cursor = page.next;
    if (!cursor) break;
  }

  const mark = await erpPullFinish({ adapter, highWater, documents: totals.documents, now });
  return { adapter, since, highWater: mark?.highWater ?? highWater, ...totals };
}
