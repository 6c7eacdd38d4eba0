// zod at the edge: handlers only ever see parsed input. Issues become per-field message keys that the
// envelope translates; a refinement may name its own key by using it as its message (e.g.
// `{ message: 'validation.passwordMismatch' }`).
import type { ZodError, ZodType, z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';
import { issueMessage } from '../db/resources/engine';

export function zodToFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (out[field] ??= []).push(issueMessage(issue));
  }
  return out;
}

export function parseInput<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(zodToFieldErrors(result.error));
  return result.data;
}
