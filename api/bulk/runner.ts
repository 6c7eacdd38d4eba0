// Bulk work (DESIGN §6 "Availability"): a master-data file import of up to 20,000 rows and an ERP push of up to
// 5,000 documents hold a CPU for seconds, much of it in stretches that never yield (parsing 7 MB of JSON,
// validating every document). On the API's event loop that froze every other user's request for as long.
// Here they run on threads of their own at a lower CPU priority, each thread with its own database connections,
// so the event loop that answers everyone else only hands the work over and receives the outcome.
//
// A task's outcome crosses to the API as plain data (toWire/fromWire): the value, or the error rebuilt as the
// error the envelope maps (AppError, ValidationError, or an error with the database's code). The in-process
// runner (tests, scripts) passes its outcomes through the same crossing, so every API test sees what the
// threads would give.
import type { Db } from '../../db/connection';
import { AppError, ValidationError, type FieldErrors } from '../errors';
import type { MessageParams } from '../i18n';
import { runBulkTask } from './tasks';
import type { BulkOutcome, BulkRunner } from './types';

/** An error as it crosses between threads. */
export type WireError =
  | {
      app: {
        status: number;
        code: string;
        key: string;
        params: MessageParams;
        data?: unknown;
        fieldErrors?: FieldErrors;
      };
    }
  | {
      plain: { name: string; message: string; stack?: string; code?: string; status?: number; type?: string };
    };

export type WireOutcome = Omit<BulkOutcome, 'error'> & { error?: WireError };

export function errorToWire(err: unknown): WireError {
  if (err instanceof AppError) {
    return {
      app: {
        status: err.status,
        code: err.messageCode,
        key: err.messageKey,
        params: err.params,
        data: err.data,
        ...(err instanceof ValidationError ? { fieldErrors: err.fieldErrors } : {}),
      },
    };
  }
  const e = (err ?? {}) as {
    name?: unknown;
    message?: unknown;
    stack?: unknown;
    code?: unknown;
    status?: unknown;
    type?: unknown;
  };
  return {
    plain: {
      name: typeof e.name === 'string' ? e.name : 'Error',
      message: typeof e.message === 'string' ? e.message : String(err),
      ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(typeof e.status === 'number' ? { status: e.status } : {}),
      ...(typeof e.type === 'string' ? { type: e.type } : {}),
    },
  };
}

export function errorFromWire(wire: WireError): Error {
  if ('app' in wire) {
    const { status, code, key, params, data, fieldErrors } = wire.app;
    return fieldErrors
      ? new ValidationError(fieldErrors, key, params, { status, code })
      : new AppError(status, code, key, params, data);
  }
  const { name, message, stack, ...rest } = wire.plain;
  // A SyntaxError stays one: the envelope reads a body that is not JSON by it.
  const err = name === 'SyntaxError' ? new SyntaxError(message) : new Error(message);
  if (name !== 'SyntaxError') err.name = name;
  if (stack) err.stack = stack;
  return Object.assign(err, rest);
}

export function outcomeToWire(outcome: BulkOutcome): WireOutcome {
  const { error, ...rest } = outcome;
  return error === undefined ? rest : { ...rest, error: errorToWire(error) };
}

export function outcomeFromWire(wire: WireOutcome): BulkOutcome {
  const { error, ...rest } = wire;
  return error === undefined ? rest : { ...rest, error: errorFromWire(error) };
}

/** Runs each task on the caller's event loop, on `db`, its outcome passed through the threads' crossing. */
export function inProcessBulk(db: Db): BulkRunner {
  return {
    run: async (task) => outcomeFromWire(structuredClone(outcomeToWire(await runBulkTask(db, task)))),
    close: () => Promise.resolve(),
  };
}
