// Activities of the scheduled ERP pull (pull.workflow.ts). A page of documents is fetched and imported inside
// one activity, so documents never travel through workflow history (a page can be megabytes); the workflow
// only carries cursors, counts and the high-water mark. Every step is safe to repeat: the import writes nothing
// for a document it already has (api/erp/import.ts) and the mark only moves forward.
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../../db/connection';
import { importErpDocuments } from '../../api/erp/import';
import { erpDocumentSchema, ErpError, type ErpAdapter, type ErpDocument } from '../../api/erp/types';
import { erpPullMarkKey, readErpPullMark, type ErpPullMark } from './settings';

/** Documents changed this long before the mark are read again: SAP commits are not ordered by change time. */
export const ERP_PULL_OVERLAP_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const SYSTEM_USER = 'system';

export interface ErpPullStartInput {
  /** How far back the first pull of an adapter (no mark yet) reaches. */
  initialLookbackDays: number;
  /** The workflow's start time (ISO), so a retried activity computes the same window. */
  now: string;
}

export interface ErpPullStart {
  adapter: string;
  /** Read documents changed at or after this moment (ISO). */
  since: string;
  /** The mark so far (ISO), null before the first successful pull. */
  highWater: string | null;
}

export interface ErpPullPageInput {
  adapter: string;
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

export interface ErpPullFinishInput {
  adapter: string;
  highWater: string | null;
  documents: number;
  now: string;
}

const LISTED_REJECTS = 20;

/** An adapter failure the next attempt cannot fix (SAP refused the request) stops the pull; others retry. */
function classify(err: unknown): unknown {
  if (err instanceof ErpError) {
    const status = err.status ?? 0;
    const permanent =
      err.code === 'INVALID_CURSOR' || (status >= 400 && status < 500 && status !== 408 && status !== 429);
    return permanent ? ApplicationFailure.nonRetryable(err.message, 'ErpError', err.code) : err;
  }
  return err;
}

export function createErpActivities({ db, erp }: { db: Db; erp?: ErpAdapter }) {
  const adapterFor = (expected?: string): ErpAdapter => {
    if (!erp) {
      throw ApplicationFailure.nonRetryable(
        'No ERP adapter is configured for this worker.',
        'ERP_NOT_CONFIGURED',
      );
    }
    if (expected !== undefined && erp.name !== expected) {
      throw ApplicationFailure.nonRetryable(
        `The worker's ERP adapter is ${erp.name}, the pull started with ${expected}.`,
        'ERP_ADAPTER_CHANGED',
      );
    }
    return erp;
  };

  return {
    /** Where this pull starts: a little before the mark, or the look-back window for an adapter's first pull. */
    async erpPullStart(input: ErpPullStartInput): Promise<ErpPullStart> {
      const adapter = adapterFor().name;
      const mark = await readErpPullMark(db, adapter);
      const since = mark
        ? Date.parse(mark.highWater) - ERP_PULL_OVERLAP_MS
        : Date.parse(input.now) - input.initialLookbackDays * DAY_MS;
      return { adapter, since: new Date(since).toISOString(), highWater: mark?.highWater ?? null };
    },

    /** Fetches one page of changed documents and imports it; documents with errors are left out and listed. */
    async erpPullPage(input: ErpPullPageInput): Promise<ErpPullPageResult> {
      const adapter = adapterFor(input.adapter);
      let page;
      try {
        page = await adapter.changedSince(new Date(input.since), input.cursor);
      } catch (err) {
        throw classify(err);
      }
      // The adapter's documents are checked like pushed ones: what does not fit is left out, not imported.
      const valid: ErpDocument[] = [];
      const invalid: string[] = [];
      let newest = -Infinity;
      for (const raw of page.documents as unknown[]) {
        const parsed = erpDocumentSchema.safeParse(raw);
        const { Changed_At: changed, Document_No: number } = (raw ?? {}) as Record<string, unknown>;
        const changedAt = typeof changed === 'string' ? Date.parse(changed) : NaN;
        if (Number.isFinite(changedAt)) newest = Math.max(newest, changedAt);
        if (parsed.success) valid.push(parsed.data);
        else invalid.push(typeof number === 'string' ? number : '?');
      }
      const result = await importErpDocuments(db, valid, {
        source: adapter.name,
        user: SYSTEM_USER,
        invalid: 'skip',
      });
      const rejected = [...invalid, ...result.rejected.map((r) => r.Document_No)];
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

    /** Records the pull: the mark moves to the newest change seen, never back. */
    async erpPullFinish(input: ErpPullFinishInput): Promise<ErpPullMark | null> {
      return db.transaction(async (trx) => {
        const key = erpPullMarkKey(input.adapter);
        // Locks the row (when there is one) so two pulls finishing together cannot move the mark back.
        await trx('app_settings').where({ key }).forUpdate().first('key');
        const previous = await readErpPullMark(trx, input.adapter);
        const candidates = [previous?.highWater, input.highWater].filter((v): v is string => !!v);
        if (!candidates.length) return null;
        const highWater = new Date(Math.max(...candidates.map((v) => Date.parse(v)))).toISOString();
        const mark: ErpPullMark = { highWater, lastSuccess: input.now, lastDocuments: input.documents };
        await trx('app_settings')
          .insert({ key, value: JSON.stringify(mark), created_by: SYSTEM_USER })
          .onConflict('key')
          .merge({ value: JSON.stringify(mark), edited_by: SYSTEM_USER, edited_date: new Date(input.now) });
        return mark;
      });
    },
  };
}

export type ErpActivities = ReturnType<typeof createErpActivities>;
