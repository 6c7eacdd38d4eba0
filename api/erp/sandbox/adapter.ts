// The embedded default ERP (ERP_ADAPTER=sandbox): answers the ErpAdapter calls from erp_sandbox_documents, the
// documents generator.ts made, so the Filter screen, the delivery-order sync and the scheduled pull work with no
// SAP. The filter rules are those of api/erp/filter.ts, turned into SQL on the table's indexed columns.
//
// Sync is deterministic, so the console's failure path can be shown on purpose:
// - a document number ending in 13 fails the way SAP does when someone holds the document (a delivery:
//   "Delivery 0080010013 is locked by user SAPBATCH", VL/046; a sales order: V1/042; anything else: ME/006);
// - a number ending in 27 succeeds with an information code (the console's "Info SO Factory" toast);
// - a number the sandbox does not hold answers SAP's "not in the database" (V1/302);
// - every other document succeeds with its lines.
import type { Knex } from 'knex';
import { ErpError, type ErpAdapter, type ErpCallLog, type ErpDocument, type ErpFilter } from '../types';

/** The sandbox's one change stream: its documents table. */
export const SANDBOX_STREAM = 'documents';
export const SANDBOX_SYNC_FAILS_ENDING = '13';
export const SANDBOX_SYNC_INFO_ENDING = '27';
/** The SAP user the sandbox says holds a document it refuses to sync. */
export const SANDBOX_LOCKING_USER = 'SAPBATCH';

export interface SandboxAdapterDeps {
  db: Knex;
  /** Receives every call (success or not), e.g. for api_response_logs. */
  log?: (entry: ErpCallLog) => void | Promise<void>;
  /** Documents per changedSince page; default 500. */
  pageSize?: number;
}

interface Cursor {
  at: string;
  id: number;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at)) && Number.isSafeInteger(c.id)) {
      return { at: c.at, id: c.id! };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ErpError('The ERP page cursor is not valid; start again without one.', 'INVALID_CURSOR');
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The Filter screen's criteria as a query on erp_sandbox_documents (the same rules as matchesErpFilter). */
function filterQuery(db: Knex, f: ErpFilter): Knex.QueryBuilder {
  const q = db('erp_sandbox_documents').where('order_type', f.orderType);
  if (f.transferType) q.where('transfer_type', f.transferType);
  if (f.sapNos?.length) {
    q.whereRaw(`sap_nos && array[${placeholders(f.sapNos.length)}]::varchar[]`, f.sapNos);
  }
  if (f.documentDateFrom) q.where('document_date', '>=', f.documentDateFrom);
  if (f.documentDateTo) q.where('document_date', '<=', f.documentDateTo);
  if (f.companies?.length) q.whereIn('company_code', f.companies);
  if (f.location) q.where('location', f.location);
  if (f.documentType) q.where('document_type', f.documentType);
  if (f.businessSegment) q.where('product_category', f.businessSegment);
  if (f.plant) q.where('plant', f.plant);
  if (f.distribution) q.where('distribution', f.distribution);
  if (f.material) q.whereRaw('materials @> array[?]::varchar[]', [f.material]);
  // SAP keeps user names in upper case, and so does the sandbox.
  if (f.createdBy?.length)
    q.whereIn(
      'created_by',
      f.createdBy.map((u) => u.toUpperCase()),
    );
  if (f.dischargePort) q.where('discharge_port', f.dischargePort);
  return q;
}

function syncRefusal(doc: ErpDocument): { message: string; code: string } {
  if (doc.Order_Type === 'DO') {
    return {
      message: `Delivery ${doc.Document_No} is locked by user ${SANDBOX_LOCKING_USER}`,
      code: 'VL/046',
    };
  }
  if (doc.Order_Type === 'SO') {
    return {
      message: `Sales document ${doc.Document_No} is currently being processed (by user ${SANDBOX_LOCKING_USER})`,
      code: 'V1/042',
    };
  }
  return {
    message: `Purchasing document ${doc.Document_No} is locked by user ${SANDBOX_LOCKING_USER}`,
    code: 'ME/006',
  };
}

function syncInfo(doc: ErpDocument): { message: string; code: string } {
  return doc.Order_Type === 'DO'
    ? { message: `Delivery ${doc.Document_No} has been saved`, code: 'VL/311' }
    : { message: `Document ${doc.Document_No} has been saved`, code: 'V1/311' };
}

export function createSandboxAdapter(deps: SandboxAdapterDeps): ErpAdapter {
  const { db } = deps;
  const pageSize = deps.pageSize ?? 500;

  async function logged<T>(
    call: { operation: string; method: string; path: string; reference: string | null; request: unknown },
    run: () => Promise<T>,
    describe: (result: T) => { success: boolean; message: string | null; statusCode?: number },
  ): Promise<T> {
    const started = performance.now();
    let entry: ErpCallLog;
    let result: T;
    try {
      result = await run();
      const d = describe(result);
      entry = {
        system: 'sandbox',
        operation: call.operation,
        method: call.method,
        url: `sandbox:/${call.path}`,
        statusCode: d.statusCode ?? 200,
        success: d.success,
        message: d.message,
        durationMs: Math.round(performance.now() - started),
        reference: call.reference,
        request: call.request,
        response: d.message,
      };
    } catch (err) {
      entry = {
        system: 'sandbox',
        operation: call.operation,
        method: call.method,
        url: `sandbox:/${call.path}`,
        statusCode: null,
        success: false,
        message: err instanceof Error ? err.message : String(err),
        durationMs: Math.round(performance.now() - started),
        reference: call.reference,
        request: call.request,
        response: null,
      };
      await report(entry);
      throw err;
    }
    await report(entry);
    return result;
  }

  async function report(entry: ErpCallLog): Promise<void> {
    if (!deps.log) return;
    try {
      await deps.log(entry);
    } catch {
      // Logging must never turn a good ERP answer into a failure; the logger reports its own trouble.
    }
  }

  async function read(documentNo: string): Promise<ErpDocument | null> {
    const row = (await db('erp_sandbox_documents').where('document_no', documentNo).first('document')) as
      { document: ErpDocument } | undefined;
    return row?.document ?? null;
  }

  return {
    name: 'sandbox',

    filterDocuments(filter, limit) {
      return logged(
        {
          operation: 'filter',
          method: 'GET',
          path: '/documents',
          reference: null,
          request: { filter, limit },
        },
        async () => {
          if (limit <= 0) return [];
          const rows = (await filterQuery(db, filter)
            .orderBy([
              { column: 'document_date', order: 'desc' },
              { column: 'document_no', order: 'desc' },
            ])
            .limit(limit)
            .select('document')) as { document: ErpDocument }[];
          return rows.map((r) => r.document);
        },
        (docs) => ({ success: true, message: `${docs.length} documents` }),
      );
    },

    pullStreams: [SANDBOX_STREAM],

    readDocument(documentNo, orderType) {
      return logged(
        {
          operation: 'read',
          method: 'GET',
          path: `/documents/${documentNo}`,
          reference: documentNo,
          request: orderType ? { orderType } : null,
        },
        // Each sandbox document has one type; asked as another, it is none of that type.
        async () => {
          const doc = await read(documentNo);
          return doc && (!orderType || doc.Order_Type === orderType) ? doc : null;
        },
        (doc) =>
          doc
            ? { success: true, message: `${doc.Order_Type} ${doc.Document_No}` }
            : { success: true, message: 'not found', statusCode: 404 },
      );
    },

    changedSince(stream, since, cursor) {
      return logged(
        {
          operation: 'changed_since',
          method: 'GET',
          path: '/documents/changes',
          reference: null,
          request: { stream, since: since.toISOString(), cursor },
        },
        async () => {
          if (stream !== SANDBOX_STREAM) {
            throw new ErpError(`The sandbox has no change stream ${stream}.`, 'INVALID_STREAM');
          }
          const q = db('erp_sandbox_documents').where('changed_at', '>=', since);
          if (cursor) {
            const c = decodeCursor(cursor);
            q.whereRaw('(changed_at, id) > (?::timestamptz, ?)', [c.at, c.id]);
          }
          // The cursor keeps the database's microseconds, which a JavaScript Date would round away.
          const rows = (await q
            .orderBy([
              { column: 'changed_at', order: 'asc' },
              { column: 'id', order: 'asc' },
            ])
            .limit(pageSize + 1)
            .select(
              'id',
              'document',
              db.raw(`to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`),
            )) as { id: number; document: ErpDocument; cursor_at: string }[];
          const page = rows.slice(0, pageSize);
          const last = page[page.length - 1];
          return {
            documents: page.map((r) => r.document),
            next:
              rows.length > pageSize && last
                ? encodeCursor({ at: last.cursor_at, id: Number(last.id) })
                : null,
          };
        },
        (p) => ({
          success: true,
          message: `${p.documents.length} documents${p.next ? ', more to come' : ''}`,
        }),
      );
    },

    syncDeliveryOrder(document) {
      return logged(
        {
          operation: 'sync_do',
          method: 'POST',
          path: `/documents/${document.Document_No}/sync`,
          reference: document.Document_No,
          request: { Document_No: document.Document_No, Order_Type: document.Order_Type },
        },
        async () => {
          const doc = await read(document.Document_No);
          if (!doc) {
            return {
              success: false,
              message: `SD document ${document.Document_No} is not in the database or has been archived`,
              messageCode: 'V1/302',
              details: [],
            };
          }
          if (doc.Document_No.endsWith(SANDBOX_SYNC_FAILS_ENDING)) {
            const refusal = syncRefusal(doc);
            return { success: false, message: refusal.message, messageCode: refusal.code, details: [] };
          }
          if (doc.Document_No.endsWith(SANDBOX_SYNC_INFO_ENDING)) {
            const info = syncInfo(doc);
            return { success: true, message: info.message, messageCode: info.code, details: doc.Details };
          }
          return {
            success: true,
            message: `${doc.Order_Type} ${doc.Document_No} is up to date`,
            messageCode: null,
            details: doc.Details,
          };
        },
        (r) => ({
          success: r.success,
          message: r.messageCode ? `${r.message} (${r.messageCode})` : r.message,
          statusCode: r.success ? 200 : 400,
        }),
      );
    },
  };
}
