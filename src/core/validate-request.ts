import type { z } from 'zod';
import { RequestValidationError, type ErrorItem } from '../errors/index.js';
import { compiled } from './compiled.js';

function fieldCode(path: readonly PropertyKey[]): string {
  // The service names codes after the field (INVALID_AMOUNT, INVALID_TOKEN); for `events.2`
  // the field is `events`.
  const key = [...path].reverse().find((part) => typeof part === 'string') ?? 'request';
  return `INVALID_${String(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()}`;
}

/** Turns zod issues into the service's `{ field, message, code }` items. */
export function toErrorItems(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): ErrorItem[] {
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    const custom = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    return {
      field: path.map(String).join('.') || 'request',
      message: issue.message,
      code: typeof custom === 'string' ? custom : fieldCode(path),
    };
  });
}

/**
 * Checks `value` against `schema` and returns the parsed value, or throws a
 * {@link RequestValidationError} naming every offending field. `what` names the call.
 */
export function validateRequest<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = compiled(schema).safeParse(value);
  if (result.success) return result.data;
  const errors = toErrorItems(result.error.issues);
  const summary = errors.map((e) => `${e.field} ${e.message}`).join('; ');
  throw new RequestValidationError(`${what} was not sent: ${summary}.`, errors);
}
