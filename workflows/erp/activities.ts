// Activities of the scheduled ERP pull (pull.workflow.ts). A page of documents is fetched and imported inside
// one activity, so documents never travel through workflow history (a page can be megabytes); the workflow
// only carries cursors, counts and the high-water marks, one per change stream of the ERP. Every step is safe
// to repeat: the import writes nothing for a document it already has (api/erp/import.ts) and a mark only moves
// forward. The ERP comes in through the worker's port (port.ts): the adapter and the import are the API's.
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../../db/connection';
import { ErpError, type ErpPullPort, type ErpPullSource } from './port';
import { erpPullMarkKey, erpPullOneMarkKey, readErpPullMark, type ErpPullMark } from './settings';

/** Documents changed this long before the mark are read again: SAP commits are not ordered by change time. */
export const ERP_PULL_OVERLAP_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/**
 * How far before the one mark of earlier pulls (one for all streams) a stream without a mark of its own starts:
 * deliveries were stamped as if SAP's local time were UTC, so that mark could be ahead of a stream by SAP's
 * offset from UTC, and a day covers every zone. What is read twice is not written twice.
 */
export const ERP_PULL_ONE_MARK_DOUBT_MS = DAY_MS;
const SYSTEM_USER = 'system';
const LISTED_REJECTS = 20;

export interface ErpPullStreamsInput {
  /** How far back the first pull of a stream (no mark yet) reaches. */
  initialLookbackDays: number;
  /** The workflow's start time (ISO), so a retried activity computes the same window. */
  now: string;
}

export interface ErpPullStream {
  stream: string;
  /** Read documents changed at or after this moment (ISO). */
  since: string;
  /** The stream's mark so far (ISO), null before its first successful pull. */
  highWater: string | null;
}

export interface ErpPullStreams {
  adapter: string;
  streams: ErpPullStream[];
}

export interface ErpPullStreamPageInput {
  adapter: string;
  stream: string;
  since: string;
  cursor: string | null;
}

export interface ErpPullPageResult {
  next: string | null;
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Documents left out (not valid, or naming unknown master data); the first few numbers are listed. */
  rejected: number;
  rejectedDocuments: string[];
  flaggedLines: number;
  /** The newest Changed_At of the page (ISO), every document counted: each one has been dealt with. */
  maxChangedAt: string | null;
}

export interface ErpPullStreamFinishInput {
  adapter: string;
  stream: string;
  /** The newest change seen (ISO); the mark never passes `now`. */
  highWater: string | null;
  documents: number;
  now: string;
}

/** An adapter failure the next attempt cannot fix (SAP refused the request) stops the pull; others retry. */
function classify(err: unknown): unknown {
  if (err instanceof ErpError) {
    const status = err.status ?? 0;
    const permanent =
      err.code === 'INVALID_CURSOR' ||
      err.code === 'INVALID_STREAM' ||
      (status >= 400 && status < 500 && status !== 408 && status !== 429);
    return permanent ? ApplicationFailure.nonRetryable(err.message, 'ErpError', err.code) : err;
  }
  return err;
}

/** What the pull reads of a document as the adapter gave it (the import checks the rest). */
function stampOf(doc: unknown): { number: string | null; orderType: string | null; changedAt: number } {
  const {
    Document_No: number,
    Order_Type: orderType,
    Changed_At: changed,
  } = (doc ?? {}) as Record<string, unknown>;
  return {
    number: typeof number === 'string' ? number : null,
    orderType: typeof orderType === 'string' ? orderType : null,
    changedAt: typeof changed === 'string' ? Date.parse(changed) : NaN,
  };
}

const EMPTY_PAGE: ErpPullPageResult = {
  next: null,
  received: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  rejectedDocuments: [],
  flaggedLines: 0,
  maxChangedAt: null,
};

export function createErpActivities({ db, erp }: { db: Db; erp?: ErpPullPort }) {
  const portFor = (expected?: string): ErpPullPort => {
    if (!erp) {
      throw ApplicationFailure.nonRetryable(
        'No ERP adapter is configured for this worker.',
        'ERP_NOT_CONFIGURED',
      );
    }
    if (expected !== undefined && erp.adapter.name !== expected) {
      throw ApplicationFailure.nonRetryable(
        `The worker's ERP adapter is ${erp.adapter.name}, the pull started with ${expected}.`,
        'ERP_ADAPTER_CHANGED',
      );
    }
    return erp;
  };

  /**
   * A document the TMS already has keeps its order type. One SAP document can be read as more than one type (a
   * stock transport order is an STO OUT for the supplying plant and an STO IN for the receiving one), the
   * Filter screen may have brought it in as either, and the pull's own choice must not turn it into the other:
   * such a document is read again as its stored type. One that no longer reads as that type is left out.
   */
  async function keepStoredTypes(
    adapter: ErpPullSource,
    documents: readonly unknown[],
  ): Promise<{ documents: unknown[]; leftOut: string[] }> {
    const stamps = documents.map(stampOf);
    const numbers = stamps.flatMap((s) => (s.number ? [s.number] : []));
    const stored = numbers.length
      ? ((await db('sap_orders')
          .whereIn('document_no', numbers)
          .where('type', 'SYNC SAP')
          .select('document_no', 'order_type')) as { document_no: string; order_type: string | null }[])
      : [];
    const storedType = new Map(stored.map((r) => [r.document_no, r.order_type]));
    const kept: unknown[] = [];
    const leftOut: string[] = [];
    for (const [i, doc] of documents.entries()) {
      const { number, orderType } = stamps[i]!;
      const type = number ? storedType.get(number) : undefined;
      if (!number || !type || !orderType || type === orderType) {
        kept.push(doc);
        continue;
      }
      const again = await adapter.readDocument(number, type);
      if (again) kept.push(again);
      else leftOut.push(number);
    }
    return { documents: kept, leftOut };
  }

  return {
    /** Each stream of the adapter and where its pull starts: a little before its mark, or the look-back window. */
    async erpPullStreams(input: ErpPullStreamsInput): Promise<ErpPullStreams> {
      const { adapter } = portFor();
      const now = Date.parse(input.now);
      const oneMark = await readErpPullMark(db, erpPullOneMarkKey(adapter.name));
      const streams: ErpPullStream[] = [];
      for (const stream of adapter.pullStreams) {
        const mark = await readErpPullMark(db, erpPullMarkKey(adapter.name, stream));
        const since = mark
          ? Math.min(Date.parse(mark.highWater), now) - ERP_PULL_OVERLAP_MS
          : oneMark
            ? Math.min(Date.parse(oneMark.highWater), now) - ERP_PULL_ONE_MARK_DOUBT_MS
            : now - input.initialLookbackDays * DAY_MS;
        streams.push({ stream, since: new Date(since).toISOString(), highWater: mark?.highWater ?? null });
      }
      return { adapter: adapter.name, streams };
    },

    /** Fetches one page of a stream and imports it; documents with errors are left out and listed. */
    async erpPullStreamPage(input: ErpPullStreamPageInput): Promise<ErpPullPageResult> {
      const { adapter, importDocuments } = portFor(input.adapter);
      let page;
      let read;
      try {
        page = await adapter.changedSince(input.stream, new Date(input.since), input.cursor);
        read = await keepStoredTypes(adapter, page.documents);
      } catch (err) {
        throw classify(err);
      }
      let newest = -Infinity;
      for (const doc of page.documents) {
        const { changedAt } = stampOf(doc);
        if (Number.isFinite(changedAt)) newest = Math.max(newest, changedAt);
      }
      const result = await importDocuments(db, read.documents, { user: SYSTEM_USER });
      const rejected = [...read.leftOut, ...result.rejected];
      return {
        next: page.next,
        received: page.documents.length,
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.unchanged,
        rejected: rejected.length,
        rejectedDocuments: rejected.slice(0, LISTED_REJECTS),
        flaggedLines: result.flaggedLines,
        maxChangedAt: Number.isFinite(newest) ? new Date(newest).toISOString() : null,
      };
    },

    /**
     * Records a stream's pull: its mark moves to the newest change seen, never back and never past the pull's
     * start, so a stamp in the future (a clock that is off, a time read in the wrong zone) cannot make later
     * pulls skip what changes until then.
     */
    async erpPullStreamFinish(input: ErpPullStreamFinishInput): Promise<ErpPullMark | null> {
      return db.transaction(async (trx) => {
        const key = erpPullMarkKey(input.adapter, input.stream);
        // Locks the row (when there is one) so two pulls finishing together cannot move the mark back.
        await trx('app_settings').where({ key }).forUpdate().first('key');
        const previous = await readErpPullMark(trx, key);
        const candidates = [previous?.highWater, input.highWater].filter((v): v is string => !!v);
        if (!candidates.length) return null;
        const newest = Math.max(...candidates.map((v) => Date.parse(v)));
        const highWater = new Date(Math.min(newest, Date.parse(input.now))).toISOString();
        const mark: ErpPullMark = { highWater, lastSuccess: input.now, lastDocuments: input.documents };
        await trx('app_settings')
          .insert({ key, value: JSON.stringify(mark), created_by: SYSTEM_USER })
          .onConflict('key')
          .merge({ value: JSON.stringify(mark), edited_by: SYSTEM_USER, edited_date: new Date(input.now) });
        return mark;
      });
    },

    // Pulls started before marks per stream replay the one-mark path of pull.workflow.ts (patch
    // ERP_PULL_PER_STREAM). What they still ask is answered with nothing to do: such a run ends without reading
    // or moving a mark, and the next scheduled pull reads every stream from its own mark. Remove with the patch.
    erpPullStart(input: { now: string }): Promise<{ adapter: string; since: string; highWater: null }> {
      return Promise.resolve({ adapter: portFor().adapter.name, since: input.now, highWater: null });
    },
    erpPullPage(_input: {
      adapter: string;
      since: string;
      cursor: string | null;
    }): Promise<ErpPullPageResult> {
      return Promise.resolve(EMPTY_PAGE);
    },
    erpPullFinish(_input: { adapter: string; highWater: string | null }): Promise<ErpPullMark | null> {
      return Promise.resolve(null);
    },
  };
}

export type ErpActivities = ReturnType<typeof createErpActivities>;
