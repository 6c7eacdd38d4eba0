// Business and protocol errors carry an HTTP status, a stable message_code for programs and a message key
// for people. The error middleware (middleware/envelope.ts) is the only place they become responses.
import type { MessageParams } from './i18n';

export type FieldErrors = Record<string, { key: string; params?: MessageParams }[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageCode: string,
    readonly messageKey: string,
    readonly params: MessageParams = {},
    readonly data?: unknown,
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(
    readonly fieldErrors: FieldErrors,
    messageKey = 'validation.failed',
    params: MessageParams = {},
    kind: { status: number; code: string } = { status: 400, code: 'VALIDATION' },
  ) {
    super(kind.status, kind.code, messageKey, params);
  }
}
/** A value another record already has (e.g. a code): 409 with the field named, like a validation error. */
export class DuplicateFieldError extends ValidationError {
  constructor(fieldErrors: FieldErrors) {
    super(fieldErrors, 'validation.failed', {}, { status: 409, code: 'DUPLICATE' });
  }
}
/**
 * A write the user's rights do not allow, naming the fields: 403 with `errors`, like a validation error, so an
 * import reports it on its row.
 */
export class ForbiddenFieldError extends ValidationError {
  constructor(fieldErrors: FieldErrors, messageKey = 'errors.forbidden') {
    super(fieldErrors, messageKey, {}, { status: 403, code: 'FORBIDDEN' });
  }
}
export class UnauthorizedError extends AppError {
  constructor() {
    super(401, 'UNAUTHORIZED', 'errors.unauthorized');
  }
}
export class ForbiddenError extends AppError {
  constructor(messageKey = 'errors.forbidden', params?: MessageParams) {
    super(403, 'FORBIDDEN', messageKey, params);
  }
}
export class NotFoundError extends AppError {
  constructor(messageKey = 'errors.notFound', params?: MessageParams) {
    super(404, 'NOT_FOUND', messageKey, params);
  }
}
export class ConflictError extends AppError {
  constructor(messageKey = 'errors.conflict', params?: MessageParams, code = 'CONFLICT') {
    super(409, code, messageKey, params);
  }
}
/** A well-formed request that a business rule refuses. */
export class RuleError extends AppError {
  constructor(code: string, messageKey: string, params?: MessageParams, data?: unknown) {
    super(422, code, messageKey, params, data);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    code: string,
    messageKey: string,
    params: MessageParams,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, messageKey, params);
  }
}
