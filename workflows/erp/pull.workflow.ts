// Pulls the documents the ERP changed since the last pull, started by the `erp-pull` schedule
// (workflows/schedules.ts) at the interval of the SAP_SYNC_SETTING lookup.
//
//   start ──erpPullStreams──▶ { adapter, per stream: since = its mark − overlap }
//         for each stream (SAP: sales, purchase, delivery):
//           ──erpPullStreamPage(cursor) × pages──▶ each page fetched and imported in one activity
//           ──erpPullStreamFinish(newest change seen)──▶ the stream's mark, never past the pull's start
//         ──▶ done { streams, pages, documents, inserted, updated, ... }
//
// Each stream has a mark of its own: SAP's services keep their change times differently (a moment for orders,
// the day for deliveries), and one mark for all let a stream that runs ahead hide the others' changes. A mark
// moves only after all of its stream's pages are in, so a pull that fails half-way reads that stream again from
// its old mark next time, and re-read documents are unchanged (nothing written). A very long pull continues as a
// new run with its place, so its history stays small. The schedule's SKIP overlap policy keeps pulls one at a
// time.
//
// Runs begun before marks per stream replay the one-mark path (pullWithOneMark) and end there without work
// (activities.ts); remove it with deprecatePatch(ERP_PULL_PER_STREAM) once no such run can be open.
import { continueAsNew, patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { ErpActivities, ErpPullPageResult, ErpPullStream } from './activities';

export const ERP_PULL_PER_STREAM = 'erp-pull-marks-per-stream';

const { erpPullStreams, erpPullStreamFinish, erpPullStart, erpPullFinish } = proxyActivities<ErpActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 10 },
});
const { erpPullStreamPage, erpPullPage } = proxyActivities<ErpActivities>({
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

/** Where a stream's pull stands. */
export interface ErpPullStreamState extends ErpPullStream {
  /** The newest change seen so far (ISO), the stream's candidate mark. */
  newest: string | null;
  documents: number;
}

export interface ErpPullResult extends ErpPullTotals {
  adapter: string;
  /** Per stream: where it was read from and its mark after this pull (null while none was ever pulled). */
  streams: { stream: string; since: string; highWater: string | null; documents: number }[];
}

/** Where a pull that continued as a new run stands. */
export interface ErpPullResume {
  adapter: string;
  /** The first run's start: the marks never pass it. */
  now: string;
  streams: ErpPullStreamState[];
  /** Index into streams of the one being read. */
  current: number;
  cursor: string | null;
  totals: ErpPullTotals;
}

/** The place a one-mark run continued with (before marks per stream). */
interface OneMarkResume {
  adapter: string;
  since: string;
  cursor: string;
  highWater: string | null;
  totals: ErpPullTotals;
}

export interface ErpPullInput {
  /** First pull of a stream: documents changed in the last this many days. */
  initialLookbackDays?: number;
  /** Pages per run before continuing as a new run. */
  pagesPerRun?: number;
  /** Set when a long pull continues as a new run. */
  resume?: ErpPullResume | OneMarkResume;
}

const DEFAULT_LOOKBACK_DAYS = 30;
const DEFAULT_PAGES_PER_RUN = 500;
const LISTED_REJECTS = 20;

const NO_TOTALS: ErpPullTotals = {
  pages: 0,
  documents: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  flaggedLines: 0,
  rejectedDocuments: [],
};

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
  if (!patched(ERP_PULL_PER_STREAM)) return pullWithOneMark(input);
  const pagesPerRun = input.pagesPerRun ?? DEFAULT_PAGES_PER_RUN;
  // A one-mark run's place means nothing to the streams: they start again from their marks.
  const resume = input.resume && 'streams' in input.resume ? input.resume : undefined;
  let state: ErpPullResume;
  if (resume) state = resume;
  else {
    const now = new Date(Date.now()).toISOString();
    const start = await erpPullStreams({
      initialLookbackDays: input.initialLookbackDays ?? DEFAULT_LOOKBACK_DAYS,
      now,
    });
    state = {
      adapter: start.adapter,
      now,
      streams: start.streams.map((s) => ({ ...s, newest: null, documents: 0 })),
      current: 0,
      cursor: null,
      totals: NO_TOTALS,
    };
  }

  const { adapter, now, streams } = state;
  let { current, cursor, totals } = state;
  let pagesThisRun = 0;
  for (; current < streams.length; current++) {
    const s = streams[current]!;
    for (;;) {
      if (pagesThisRun > 0 && (pagesThisRun >= pagesPerRun || workflowInfo().continueAsNewSuggested)) {
        return continueAsNew<typeof erpPullWorkflow>({
          ...input,
          resume: { adapter, now, streams, current, cursor, totals },
        });
      }
      const page = await erpPullStreamPage({ adapter, stream: s.stream, since: s.since, cursor });
      pagesThisRun++;
      totals = add(totals, page);
      s.newest = later(s.newest, page.maxChangedAt);
      s.documents += page.received;
      cursor = page.next;
      if (!cursor) break;
    }
    const mark = await erpPullStreamFinish({
      adapter,
      stream: s.stream,
      highWater: later(s.highWater, s.newest),
      documents: s.documents,
      now,
    });
    s.highWater = mark?.highWater ?? s.highWater;
  }

  return {
    adapter,
    streams: streams.map(({ stream, since, highWater, documents }) => ({
      stream,
      since,
      highWater,
      documents,
    })),
    ...totals,
  };
}

/** The pull as it was before marks per stream, for runs whose history replays it (see the top). */
async function pullWithOneMark(input: ErpPullInput): Promise<ErpPullResult> {
  const now = new Date(Date.now()).toISOString();
  const pagesPerRun = input.pagesPerRun ?? DEFAULT_PAGES_PER_RUN;
  let adapter: string;
  let since: string;
  let cursor: string | null;
  let highWater: string | null;
  let totals: ErpPullTotals;
  const resume = input.resume && !('streams' in input.resume) ? input.resume : undefined;
  if (resume) {
    ({ adapter, since, cursor, highWater, totals } = resume);
  } else {
    const start = await erpPullStart({ now });
    ({ adapter, since, highWater } = start);
    cursor = null;
    totals = NO_TOTALS;
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

  await erpPullFinish({ adapter, highWater });
  return { adapter, streams: [], ...totals };
}
