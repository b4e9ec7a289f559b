import type * as z from 'zod/mini';
import { type ErrorItem, RequestValidationError } from '../errors/index.js';
import { closestName } from './closest-name.js';
import { safeParse } from './safe-parse.js';

function fieldCode(path: readonly PropertyKey[]): string {
  // The service names codes after the field (INVALID_AMOUNT, INVALID_TOKEN); for `events.2`
  // the field is `events`.
  const key = [...path].reverse().find((part) => typeof part === 'string') ?? 'request';
  return `INVALID_${String(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()}`;
}

/** Turns zod issues into the service's `{ field, message, code }` items. */
function toErrorItems(issues: readonly z.core.$ZodIssue[]): ErrorItem[] {
  return issues.map((issue) => {
    const custom = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    return {
      field: issue.path.map(String).join('.') || 'request',
      message: issue.message,
      code: typeof custom === 'string' ? custom : fieldCode(issue.path),
    };
  });
}

/** The field names of an object schema (its shape's keys), or `undefined` for any other schema. */
export function knownFields(schema: z.core.$ZodType): string[] | undefined {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}

/** One `UNKNOWN_FIELD` item, naming the closest known field when one is close. */
function unknownFieldItem(field: string, known: readonly string[]): ErrorItem {
  const near = closestName(field, known);
  const hint = near
    ? `did you mean '${near}'?`
    : `known fields: ${known.join(', ') || 'none'}; send a field this SDK does not know yet with the extraBody or extraQuery option`;
  return { field, code: 'UNKNOWN_FIELD', message: `is not a field of this request; ${hint}` };
}

/** Throws the {@link RequestValidationError} for `errors`; `what` names the call. */
export function refuse(what: string, errors: ErrorItem[]): never {
  const summary = errors.map((e) => `${e.field} ${e.message}`).join('; ');
  throw new RequestValidationError(`${what} was not sent: ${summary}.`, errors);
}

/**
 * Checks `value` against `schema` and returns the parsed value, or throws a
 * {@link RequestValidationError} naming every offending field. A field an object schema does not
 * know is reported alone as `UNKNOWN_FIELD` (a typo explains the rest: a patch of only `emial`
 * also "sets nothing"). `what` names the call.
 */
export function validateRequest<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const known = knownFields(schema);
  if (known && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const unknown = Object.keys(value).filter((key) => !known.includes(key));
    if (unknown.length > 0)
      refuse(
        what,
        unknown.map((key) => unknownFieldItem(key, known)),
      );
  }
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  refuse(what, toErrorItems(result.error.issues));
}
