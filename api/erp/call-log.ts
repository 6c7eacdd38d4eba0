// Every call an ERP adapter makes, written to api_response_logs (the APIResponseLog screen): what was asked,
// what came back, how long it took. Bodies are cut to a size a person reads and the database keeps cheaply, and
// anything that could let someone act as the SAP user (Authorization, cookies, CSRF tokens, passwords) is
// removed here as well as in the adapters, so no caller can leak it by mistake.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { storableJson, storableText } from '../validate';
import type { ErpCallLog } from './types';

/** Characters of a response body kept in the log. */
export const RESPONSE_LIMIT = 64_000;
/** Characters of a request (as JSON) kept in the log. */
export const REQUEST_LIMIT = 32_000;

const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-csrf-token|password|passwd|secret|api[-_]?key|x-api-key|token)$/i;

/** At most `max` characters, with what the database cannot hold (a NUL in an answer, say) escaped. */
const cut = storableText;

/** The value with every secret-looking key replaced by "(removed)", recursively. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) && !(typeof v === 'string' && v.toLowerCase() === 'fetch')
        ? '(removed)'
        : redact(v, depth + 1),
    ]),
  );
}

/** A URL without user info and without password-like query parameters. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    for (const key of [...u.searchParams.keys()]) {
      if (/pass|secret|token|key/i.test(key)) u.searchParams.set(key, '(removed)');
    }
    return u.toString();
  } catch {
    return url;
  }
}

/** The api_response_logs row for an entry. */
export function callLogRow(entry: ErpCallLog) {
  const request = entry.request === undefined ? null : storableJson(redact(entry.request));
  const requestJson = request === null ? null : JSON.stringify(request);
  return {
    system: cut(entry.system, 30),
    operation: cut(entry.operation, 60),
    method: cut(entry.method, 10),
    url: cut(safeUrl(entry.url), 2000),
    status_code: entry.statusCode,
    success: entry.success,
    message: entry.message === null ? null : cut(entry.message, 1000),
    duration_ms: Math.max(0, Math.round(entry.durationMs)),
    reference: entry.reference === null ? null : cut(entry.reference, 100),
    // jsonb: a request too big to keep is replaced by its beginning, as text.
    request:
      requestJson === null
        ? null
        : requestJson.length > REQUEST_LIMIT
          ? JSON.stringify({ truncated: true, start: requestJson.slice(0, REQUEST_LIMIT) })
          : requestJson,
    response: entry.response === null ? null : cut(entry.response, RESPONSE_LIMIT),
    // The adapter caused the row (the logs' created_by names who did).
    created_by: cut(entry.system, 100),
  };
}

export async function writeCallLog(db: Knex, entry: ErpCallLog): Promise<void> {
  await db('api_response_logs').insert(callLogRow(entry));
}

/**
 * The `log` function adapters take: writes the entry and never throws (a log that cannot be written is
 * reported to the process log, and the ERP call's answer stands).
 */
export function createCallLogger(
  db: Knex,
  logger?: Pick<Logger, 'warn'>,
): (entry: ErpCallLog) => Promise<void> {
  return async (entry) => {
    try {
      await writeCallLog(db, entry);
    } catch (err) {
      logger?.warn(
        { err, operation: entry.operation, reference: entry.reference },
        'ERP call log not written',
      );
    }
  };
}
