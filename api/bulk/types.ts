// What the bulk runner (runner.ts) is asked and answers: plain data, so it crosses between threads.
import type { Language } from '../i18n';
import type { AuthUser } from '../services/session';

/** A master-data file import (api/resources/transfer.ts importFile). */
export interface ImportFileInput {
  fileName: string;
  contentBase64: string;
  user: AuthUser;
  lang: Language;
  /** Whether rows whose key exists are updated (Edit permission), or refused as duplicates. */
  mayUpdate: boolean;
  /** ISO time the rows are stamped with. */
  now: string;
}

export interface ImportResult {
  created: number;
  updated: number;
}

/** An ERP push (api/erp/routes.ts erpPush): the body as sent, not yet parsed. */
export interface ErpPushInput {
  /** The body's text; null when the call sent no JSON (no body, or another content type). */
  raw: string | null;
  /** The calling key's name. */
  client: string;
  /** ISO time of the call. */
  now: string;
}

/** What api_logs keeps of an ERP call's request. */
export interface ErpCallLog {
  request: string | null;
  documents: number;
}

export type BulkTask =
  { kind: 'import'; resource: string; input: ImportFileInput } | { kind: 'erpPush'; input: ErpPushInput };

export interface BulkOutcome {
  /**
   * The task's result, as the function the task names answers it: ImportResult for an import, the ERP import's
   * result for a push (api/erp/routes.ts erpPush).
   */
  value?: unknown;
  /** Why it failed. */
  error?: Error;
  /** An ERP push's entry for api_logs, whether it failed or not. */
  log?: ErpCallLog;
}

/** What was thrown, as an Error (anything else is wrapped in one). */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

export interface BulkRunner {
  run(task: BulkTask): Promise<BulkOutcome>;
  close(): Promise<void>;
}
