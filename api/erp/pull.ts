// The API's side of the worker's ERP port (workflows/erp/port.ts): the configured adapter and the import its
// pulled documents go through, handed to createWorker by the process that starts it. A pulled document is checked
// like a pushed one (erpDocumentSchema); what does not fit, or names unknown master data, is left out and listed
// instead of stopping the pull.
import type { Db } from '../../db/connection';
import type { ErpPullImportResult, ErpPullPort } from '../../workflows/erp/port';
import { importErpDocuments } from './import';
import { erpDocumentSchema, type ErpAdapter, type ErpDocument } from './types';

/** Checks the documents an adapter read and imports the valid ones as `source`. */
export async function importPulledDocuments(
  db: Db,
  documents: readonly unknown[],
  options: { source: ErpAdapter['name']; user: string },
): Promise<ErpPullImportResult> {
  const valid: ErpDocument[] = [];
  const invalid: string[] = [];
  for (const raw of documents) {
    const parsed = erpDocumentSchema.safeParse(raw);
    if (parsed.success) valid.push(parsed.data);
    else {
      const number = (raw as { Document_No?: unknown } | null)?.Document_No;
      invalid.push(typeof number === 'string' ? number : '?');
    }
  }
  const result = await importErpDocuments(db, valid, {
    source: options.source,
    user: options.user,
    invalid: 'skip',
  });
  return {
    inserted: result.inserted,
    updated: result.updated,
    unchanged: result.unchanged,
    rejected: [...invalid, ...result.rejected.map((r) => r.Document_No)],
    flaggedLines: result.flaggedLines,
  };
}

/** The ERP a worker pulls from: `adapter`, its documents imported as coming from it. */
export function erpPullPort(adapter: ErpAdapter): ErpPullPort {
  return {
    adapter,
    importDocuments: (db, documents, { user }) =>
      importPulledDocuments(db, documents, { source: adapter.name, user }),
  };
}
