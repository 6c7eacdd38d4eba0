// zod at the edge: handlers only ever see parsed input. Issues become per-field message keys that the
// envelope translates; a refinement may name its own key by using it as its message (e.g.
// `{ message: 'validation.passwordMismatch' }`).
import type { ZodError, ZodType, z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';

const KEY_PATTERN = /^(validation|auth|list|errors)\.[A-Za-z.]+$/;

export function zodToFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    const add = (key: string, params?: Record<string, string | number>) =>
      (out[field] ??= []).push({ key, params });
    if (KEY_PATTERN.test(issue.message) && issue.code === 'custom') {
      add(issue.message, (issue as { params?: Record<string, string | number> }).params);
      continue;
    }
    switch (issue.code) {
      case 'invalid_type':
        add(issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid');
        break;
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) <= 1) add('validation.required');
        else if (issue.origin === 'string') add('validation.minLength', { min: Number(issue.minimum) });
        else add('validation.invalid');
        break;
      case 'too_big':
        if (issue.origin === 'string') add('validation.maxLength', { max: Number(issue.maximum) });
        else add('validation.invalid');
        break;
      case 'invalid_value':
        add('validation.oneOf', { values: issue.values.map(String).join(', ') });
        break;
      default:
        add(KEY_PATTERN.test(issue.message) ? issue.message : 'validation.invalid');
    }
  }
  return out;
}

export function parseInput<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(zodToFieldErrors(result.error));
  return result.data;
}
