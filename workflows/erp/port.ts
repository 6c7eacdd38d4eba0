// The ERP as the worker sees it. Workflows never import the API (DESIGN §2), so what the scheduled pull needs is
// said here and the API's side provides it: an adapter that answers the ERP's changes stream by stream and reads
// one document again (api/erp's adapters, `sandbox` and `sap-odata`, are such adapters), and an import that
// checks what was read and stores it (api/erp/pull.ts). The process that starts the worker passes both in
// (createWorker's `erp`).
import type { Db } from '../../db/connection';

/** Raised by an adapter with a message fit for a user (SAP's own text when it gave one). */
export class ErpError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    /** The ERP's HTTP status, when it answered one (never the TMS's own answer to its caller). */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ErpError';
  }
}

/** One page of a change stream: the documents as the adapter read them, and the cursor of the next page. */
export interface ErpPullPage {
  documents: readonly unknown[];
  /** Pass back to read the next page; null when there is none. */
  next: string | null;
}

/** What the pull needs of an ERP adapter. */
export interface ErpPullSource {
  /** Kept with the marks and in sap_orders.source. */
  readonly name: string;
  /**
   * The ERP's change streams, each pulled from its own high-water mark: SAP's services keep their change times
   * differently (a moment for orders, a day for deliveries), so one mark over all of them lets one run ahead.
   */
  readonly pullStreams: readonly string[];
  /** Documents of `stream` changed at or after `since`, page by page (`cursor` from the previous page). */
  changedSince(stream: string, since: Date, cursor: string | null): Promise<ErpPullPage>;
  /** One document, read as `orderType` (a TMS order type Name) when given; null when the ERP has none such. */
  readDocument(documentNo: string, orderType?: string | null): Promise<unknown>;
}

export interface ErpPullImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Numbers of the documents left out (not valid, or naming unknown master data), in page order. */
  rejected: string[];
  flaggedLines: number;
}

/** Checks documents as the adapter read them and imports the valid ones, leaving the others out. */
export type ErpPullImport = (
  db: Db,
  documents: readonly unknown[],
  options: { user: string },
) => Promise<ErpPullImportResult>;

/** The ERP a worker pulls from: the adapter and the import its documents go through. */
export interface ErpPullPort {
  adapter: ErpPullSource;
  importDocuments: ErpPullImport;
}
