// The ERP push API (DESIGN §3 "Inbound ERP integration"): SAP sends batches of documents to
// `POST /api/erp/sap_orders` with an API key (X-API-Key, or Authorization: ApiKey <key>) instead of a user token.
// The import is idempotent by document number, item and SAP change time (api/erp/import.ts): sending the same
// batch again writes nothing. Every call under /api/erp/, refused ones included, is recorded in api_logs.
//
// Limits of one call (both answer 413): a JSON body of at most 20 MB and at most 5,000 documents. The body of a
// caller without a valid key is not read at all; such a call answers 401.
import Bourne from '@hapi/bourne';
import coBody from 'co-body';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { defineRoute } from '../http';
import type { Db } from '../../db/connection';
import { asError, type BulkOutcome, type ErpCallLog, type ErpPushInput } from '../bulk/types';
import {
  checkBodyInput,
  escapeUnstorable,
  INPUT_LIMITS,
  parseInput,
  storableJson,
  storableText,
} from '../validate';
import { importErpDocuments, type ErpImportResult } from './import';
import { erpDocumentSchema } from './types';

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

/** The content types read as JSON, as the other routes' body reader reads them. */
const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
  'application/reports+json',
  'application/scim+json',
];

/**
 * Reads the text of a JSON body of /api/erp/ calls (app.ts uses it there instead of the 5 MB reader of other
 * routes): only for a caller with a valid key, at most ERP_PUSH_LIMITS.bodyBytes (413 beyond). The text is
 * parsed and checked by erpPush, on a bulk thread: 7 MB of JSON would hold this event loop for a second.
 */
export function erpBodyReader(deps: AppDeps) {
  return async function readErpBody(ctx: Context, next: Next): Promise<void> {
    if (!(await deps.apiKeys.identify(ctx))) {
      await next();
      return;
    }
    if (ctx.request.is(JSON_TYPES)) {
      (ctx.request as { rawBody?: string }).rawBody = (await coBody.text(ctx, {
        limit: ERP_PUSH_LIMITS.bodyBytes,
        encoding: 'utf-8',
      })) as string;
    }
    await next();
  };
}

/** What a JSON body reader accepts: an object or an array (a body of nothing is an empty object). */
const JSON_START = /^[ \t\n\r]*[[{]/;

function parseJsonBody(raw: string | null): unknown {
  if (raw === null || raw === '') return {};
  try {
    if (!JSON_START.test(raw)) throw new SyntaxError('invalid JSON, only supports object and array');
    // A __proto__ key is refused, not merged into the prototype.
    return Bourne.parse(raw, { protoAction: 'error' });
  } catch (err) {
    throw Object.assign(err as Error, { status: 400, type: 'entity.parse.failed' });
  }
}

/**
 * One ERP push, from the body's text to the import (runs on a bulk thread, api/bulk): parsed, held to the
 * limits and to the edge's input rules (validate.ts), validated against erpPushSchema, imported. Its api_logs
 * entry comes with the outcome, failed or not.
 */
export async function erpPush(db: Db, input: ErpPushInput): Promise<BulkOutcome> {
  let parsed: unknown;
  try {
    parsed = parseJsonBody(input.raw);
  } catch (thrown) {
    return { error: asError(thrown), log: callLog(input.raw, undefined) };
  }
  try {
    const documents = (parsed as { documents?: unknown }).documents;
    if (Array.isArray(documents) && documents.length > ERP_PUSH_LIMITS.documents) {
      throw new AppError(413, 'TOO_MANY_DOCUMENTS', 'erp.tooManyDocuments', {
        max: ERP_PUSH_LIMITS.documents,
      });
    }
    // A document's fields are a SAP order's (the route's labels).
    checkBodyInput(parsed, { label: (name) => `SAPOrder.${name}` });
    const body = parseInput(erpPushSchema, parsed);
    const value = await importErpDocuments(db, body.documents, {
      source: 'push',
      user: input.client,
      now: new Date(input.now),
    });
    return { value, log: callLog(input.raw, parsed) };
  } catch (thrown) {
    return { error: asError(thrown), log: callLog(input.raw, parsed) };
  }
}

function callLog(raw: string | null, parsed: unknown): ErpCallLog {
  const documents = (parsed as { documents?: unknown } | undefined)?.documents;
  return {
    request: loggedBody(raw ?? undefined, parsed),
    documents: Array.isArray(documents) ? documents.length : 0,
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
        const log = (ctx.state.erpLog as ErpCallLog | undefined) ?? readLog(ctx);
        const answer = (ctx.body ?? {}) as {
          success?: unknown;
          message?: unknown;
          data?: { written?: unknown };
        };
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
          documents: log.documents,
          written: typeof answer.data?.written === 'number' ? answer.data.written : 0,
          duration_ms: Date.now() - started,
          request: log.request,
          response: loggedResponse(ctx.body),
        });
      } catch (err) {
        deps.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'api log not written');
      }
    }
  };
}

/**
 * The log entry of a call the route never reached (refused before it, or a path without a route): the text
 * read, parsed here when it is small enough to be kept whole.
 */
function readLog(ctx: Context): ErpCallLog {
  const raw = (ctx.request as { rawBody?: string }).rawBody || null;
  let parsed: unknown;
  if (raw !== null && raw.length <= LOG_WHOLE_BYTES) {
    try {
      parsed = parseJsonBody(raw);
    } catch {
      // Kept as the text it was.
    }
  }
  return callLog(raw, parsed);
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
    // Read, checked and imported by erpPush on a bulk thread.
    rawBody: true,
    // A document's fields are a SAP order's.
    labels: 'SAPOrder',
    handler: async ({ deps, ctx, client }) => {
      const outcome = await deps.bulk.run({
        kind: 'erpPush',
        input: {
          raw: (ctx.request as { rawBody?: string }).rawBody || null,
          client: client!.name,
          now: deps.now().toISOString(),
        },
      });
      ctx.state.erpLog = outcome.log;
      if (outcome.error !== undefined) throw outcome.error;
      const { documents, inserted, updated, unchanged, written, lines, flaggedLines } =
        outcome.value as ErpImportResult;
      return {
        message: 'erp.imported',
        messageParams: { documents, inserted, updated, unchanged },
        messageCode: 'ERP_IMPORTED',
        data: { documents, inserted, updated, unchanged, written, lines, flaggedLines },
      };
    },
  }),
];
