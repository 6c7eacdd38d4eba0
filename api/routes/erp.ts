// The ERP push API (DESIGN §3 "Inbound ERP integration"): SAP sends batches of documents to
// `POST /api/erp/sap_orders` with an API key (X-API-Key, or Authorization: ApiKey <key>) instead of a user token.
// The import is idempotent by document number, item and SAP change time (api/erp/import.ts): sending the same
// batch again writes nothing. Every call under /api/erp/, refused ones included, is recorded in api_logs.
//
// Limits of one call (both answer 413): a JSON body of at most 20 MB and at most 5,000 documents. The body of a
// caller without a valid key is not read at all; such a call answers 401.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { defineRoute } from '../http';
import { escapeUnstorable, INPUT_LIMITS, storableJson, storableText } from '../validate';
import { importErpDocuments } from '../erp/import';
import { erpDocumentSchema } from '../erp/types';

export const ERP_PUSH_LIMITS = {
  /** Largest JSON body of one call. */
  bodyBytes: 20 * 1024 * 1024,
  /** Most documents in one call. */
  documents: 5_000,
} as const;

/** Request and response bodies up to this size are logged whole; larger ones as a summary with their start. */
const LOG_WHOLE_BYTES = 1_000_000;
const LOG_HEAD_CHARS = 64_000;

const ERP_PATH = '/api/erp/';

export const erpPushSchema = z.object({
  documents: z.array(erpDocumentSchema).min(1).max(ERP_PUSH_LIMITS.documents),
});

/**
 * Reads the JSON body of /api/erp/ calls (app.ts uses it there instead of the 5 MB reader of other routes):
 * only for a caller with a valid key, at most ERP_PUSH_LIMITS.bodyBytes and ERP_PUSH_LIMITS.documents.
 */
export function erpBodyReader(deps: AppDeps) {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: ERP_PUSH_LIMITS.bodyBytes,
    encoding: 'utf-8',
    onError: (err, ctx) => {
      // A body that is not JSON is still logged as the text it was.
      (ctx.state as Record<string, unknown>).erpRawBody = (err as { body?: unknown }).body;
      throw err;
    },
  });
  return async function readErpBody(ctx: Context, next: Next): Promise<void> {
    if (!(await deps.apiKeys.identify(ctx))) {
      await next();
      return;
    }
    await parse(ctx, async () => {
      const documents = (ctx.request.body as { documents?: unknown } | undefined)?.documents;
      if (Array.isArray(documents) && documents.length > ERP_PUSH_LIMITS.documents) {
        throw new AppError(413, 'TOO_MANY_DOCUMENTS', 'erp.tooManyDocuments', {
          max: ERP_PUSH_LIMITS.documents,
        });
      }
      await next();
    });
  };
}

/** JSON escapes that jsonb refuses: NUL, and halves of surrogate pairs (checked pair or not; see storedJson). */
const UNSTORABLE_ESCAPE = /\\u(0000|d[89a-f])/i;

/** Whether a JSON value nests deeper than INPUT_LIMITS.depth (the walk stops there). */
function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= INPUT_LIMITS.depth) return true;
    for (const item of Object.values(v as object)) stack.push([item, depth + 1]);
  }
  return false;
}

/**
 * The JSON text of a body for jsonb: as it was sent when jsonb takes it, otherwise written again with what
 * jsonb cannot hold escaped (a NUL, a broken character, deep nesting), so even a refused call is recorded.
 */
function storedJson(raw: string, parsed: unknown): string {
  return UNSTORABLE_ESCAPE.test(raw) || tooDeep(parsed) ? JSON.stringify(storableJson(parsed)) : raw;
}

/** What api_logs keeps of a body: the JSON itself, or for a big one its size, document numbers and start. */
function loggedBody(raw: string | undefined, parsed: unknown): string | null {
  if (raw === undefined) return parsed === undefined ? null : JSON.stringify(storableJson(parsed));
  if (raw.length <= LOG_WHOLE_BYTES && parsed !== undefined) return storedJson(raw, parsed);
  const documents = (parsed as { documents?: unknown } | undefined)?.documents;
  const numbers = Array.isArray(documents)
    ? documents.map((d) => (d as { Document_No?: unknown } | null)?.Document_No ?? null)
    : undefined;
  return JSON.stringify({
    truncated: true,
    size: raw.length,
    ...(numbers ? { documents: numbers.length, Document_No: storableJson(numbers) } : {}),
    text: escapeUnstorable(raw.slice(0, LOG_HEAD_CHARS)),
  });
}

function loggedResponse(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  const text = JSON.stringify(storableJson(body));
  if (text.length <= LOG_WHOLE_BYTES) return text;
  const { success, message, message_code } = body as Record<string, unknown>;
  return JSON.stringify(storableJson({ truncated: true, size: text.length, success, message, message_code }));
}

/**
 * Records every call under /api/erp/ in api_logs once its answer is known (it sits outside the error
 * envelope, so refused calls are recorded with their status and message). A log that cannot be written does
 * not change the answer: the import has committed by then; the failure goes to the server log.
 */
export function erpApiLog(deps: AppDeps) {
  return async function logErpCall(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(ERP_PATH)) {
      await next();
      return;
    }
    const started = Date.now();
    try {
      await next();
    } finally {
      try {
        const client = await deps.apiKeys.identify(ctx);
        const request = ctx.request as { body?: unknown; rawBody?: string };
        const raw =
          request.rawBody ?? ((ctx.state as Record<string, unknown>).erpRawBody as string | undefined);
        const answer = (ctx.body ?? {}) as {
          success?: unknown;
          message?: unknown;
          data?: { written?: unknown };
        };
        const documents = (request.body as { documents?: unknown } | undefined)?.documents;
        await deps.db('api_logs').insert({
          request_id: String(ctx.state.requestId ?? '').slice(0, 64) || undefined,
          method: ctx.method.slice(0, 10),
          path: ctx.path.slice(0, 300),
          client: client?.name ?? null,
          created_by: client?.name ?? null,
          remote_address: ctx.ip.slice(0, 100),
          status_code: ctx.status,
          success: answer.success === true && ctx.status < 400,
          message: typeof answer.message === 'string' ? storableText(answer.message, 1000) : null,
          documents: Array.isArray(documents) ? documents.length : 0,
          written: typeof answer.data?.written === 'number' ? answer.data.written : 0,
          duration_ms: Date.now() - started,
          request: loggedBody(raw, request.body),
          response: loggedResponse(ctx.body),
        });
      } catch (err) {
        deps.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'api log not written');
      }
    }
  };
}

export const erpRoutes = [
  defineRoute({
    method: 'post',
    path: '/erp/sap_orders',
    summary:
      'SAP pushes documents (sales, delivery, purchase, stock-transfer orders) with their lines. Idempotent by ' +
      'document number, item and Changed_At: an unchanged document writes nothing; a changed one updates lines ' +
      'no order holds and flags the others "changed in SAP". One bad document refuses the batch (400 with ' +
      `documents.<index>.<field> errors). At most ${ERP_PUSH_LIMITS.documents} documents and 20 MB per call.`,
    access: 'apiKey',
    body: erpPushSchema,
    // A document's fields are a SAP order's.
    labels: 'SAPOrder',
    handler: async ({ deps, body, client }) => {
      const result = await importErpDocuments(deps.db, body.documents, {
        source: 'push',
        user: client!.name,
        now: deps.now(),
      });
      const { documents, inserted, updated, unchanged, written, lines, flaggedLines } = result;
      return {
        message: 'erp.imported',
        messageParams: { documents, inserted, updated, unchanged },
        messageCode: 'ERP_IMPORTED',
        data: { documents, inserted, updated, unchanged, written, lines, flaggedLines },
      };
    },
  }),
];
