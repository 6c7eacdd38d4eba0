// Every answer is an envelope {success, message, message_code, data}. This middleware is the single place
// where errors (ours, zod's, the database's, Temporal's, Koa's) become envelopes with real HTTP statuses.
// Nothing internal (SQL, stack traces, table names) reaches the client; unexpected errors are logged with a
// request id that the client sees in the header X-Request-Id.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { ErpError } from '../erp';
import { AppError, ValidationError, TooManyRequestsError } from '../errors';
import { LANGUAGES, translate, type Language } from '../i18n';
import { zodToFieldErrors } from '../validate';

export interface Envelope {
  success: boolean;
  message: string;
  message_code: string;
  data?: unknown;
  errors?: Record<string, string[]>;
  /**
   * The same field messages in every language the product speaks, so a screen that shows them can follow a
   * language switch without asking again (`errors` is the request's language).
   */
  errors_by_language?: Record<Language, Record<string, string[]>>;
}

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
/** ON DELETE RESTRICT: a row still referenced. */
const PG_RESTRICT = '23001';
const PG_CHECK = '23514';
const PG_SERIALIZATION = '40001';
const PG_DEADLOCK = '40P01';

/**
 * The column(s) of a unique violation, from PostgreSQL's detail "Key (lower(username::text))=(rina) already
 * exists.": expression indexes are reduced to their column, casts dropped.
 */
export function uniqueKeyField(detail: string | undefined): string {
  const key = /Key \((.+?)\)=\(/.exec(detail ?? '')?.[1] ?? '';
  return key
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^(?:lower|upper|btrim|trim)\((.*)\)$/i, '$1')
        .replace(/::[\w ]+$/, ''),
    )
    .join(', ');
}

function dbErrorToApp(err: { code?: string; constraint?: string; detail?: string }): AppError | undefined {
  switch (err.code) {
    case PG_UNIQUE: {
      const field = uniqueKeyField(err.detail);
      // Several columns (a child row's parent id and its own key) mean nothing to a user by name.
      if (field.includes(',') || field === '') return new AppError(409, 'DUPLICATE', 'errors.duplicateRow');
      return new AppError(409, 'DUPLICATE', 'errors.duplicate', { field });
    }
    case PG_CHECK:
      return new AppError(400, 'VALIDATION', 'errors.checkFailed');
    case PG_FOREIGN_KEY:
    case PG_RESTRICT:
      return new AppError(409, 'REFERENCED', 'errors.referenced');
    case PG_SERIALIZATION:
    case PG_DEADLOCK:
      return new AppError(409, 'CONFLICT', 'errors.conflict');
    default:
      return undefined;
  }
}

/**
 * The ERP behind the TMS failed (DESIGN §3: a gateway's failure, 502). Its status is SAP's answer to the TMS,
 * never the TMS's answer to its caller: SAP refusing the TMS's own login is no 401, which the console would take
 * for the user's expired session and log them out. Each message says what to check.
 */
function erpErrorToApp(err: ErpError): AppError {
  if (err.status === 401) return new AppError(502, 'ERP_LOGIN_REFUSED', 'erp.loginRefused');
  if (err.code === 'UNREACHABLE') return new AppError(502, 'ERP_UNREACHABLE', 'erp.unreachable');
  if (err.code === 'TIMEOUT') return new AppError(502, 'ERP_TIMEOUT', 'erp.timeout');
  // An order type the adapter has no source for: the request, not SAP, is at fault.
  if (err.code === 'UNSUPPORTED') {
    return new AppError(422, 'ERP_UNSUPPORTED', 'erp.unsupported', { detail: err.message });
  }
  return new AppError(502, 'ERP_FAILED', 'erp.failed', { detail: err.message });
}

/** A body that is not a JSON object or array: the body itself is the field in error. */
function malformedBody(): ValidationError {
  return new ValidationError({ body: [{ key: 'validation.malformedBody' }] }, 'validation.malformedBody');
}

export function errorEnvelope(logger: Logger) {
  return async function envelope(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = body(ctx.state.lang as Language, 'ROUTE_NOT_FOUND', 'errors.routeNotFound');
      }
    } catch (raw) {
      const lang = (ctx.state.lang as Language | undefined) ?? 'en';
      let err: AppError | undefined;
      if (raw instanceof AppError) err = raw;
      else if (raw instanceof ErpError) err = erpErrorToApp(raw);
      else if (raw instanceof ZodError) err = new ValidationError(zodToFieldErrors(raw));
      else if (raw && typeof raw === 'object') {
        const e = raw as { status?: number; code?: string; expose?: boolean; type?: string };
        err = dbErrorToApp(e as { code?: string });
        if (!err && e.status === 401) err = new AppError(401, 'UNAUTHORIZED', 'errors.unauthorized');
        else if (
          !err &&
          (e.type === 'entity.parse.failed' || (e.status === 400 && raw instanceof SyntaxError))
        )
          err = malformedBody();
        else if (!err && e.status === 413) err = new AppError(413, 'TOO_LARGE', 'errors.tooLarge');
        else if (!err && e.status === 415) err = malformedBody();
      }
      if (!err) {
        logger.error({ err: raw, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
        err = new AppError(500, 'INTERNAL_ERROR', 'errors.internal');
      } else if (err.status >= 500) {
        logger.error({ err: raw, requestId: ctx.state.requestId, path: ctx.path }, 'server error');
      }
      ctx.status = err.status;
      if (err instanceof TooManyRequestsError) ctx.set('Retry-After', String(err.retryAfterSeconds));
      const env = body(lang, err.messageCode, err.messageKey, err.params);
      if (err.data !== undefined) env.data = err.data;
      if (err instanceof ValidationError) {
        const worded = (language: Language) => {
          const out: Record<string, string[]> = {};
          for (const [field, list] of Object.entries(err.fieldErrors)) {
            out[field] = list.map((m) => translate(language, m.key, { field, ...m.params }));
          }
          return out;
        };
        env.errors = worded(lang);
        env.errors_by_language = Object.fromEntries(
          LANGUAGES.map((language) => [language, language === lang ? env.errors! : worded(language)]),
        ) as Record<Language, Record<string, string[]>>;
        const first = Object.values(env.errors)[0]?.[0];
        if (first && err.messageKey === 'validation.failed') env.message = first;
      }
      ctx.body = env;
    }
  };
}

function body(lang: Language, code: string, key: string, params?: Record<string, string | number>): Envelope {
  return { success: false, message: translate(lang, key, params), message_code: code };
}
