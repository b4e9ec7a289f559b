import type { ErrorItem } from '../errors/index.js';
import type { QueryValue } from './http.js';
import { type Operation, pathParamNames } from './operation.js';
import type { RequestOptions } from './options.js';
import { knownFields, refuse } from './validate-request.js';

/**
 * Merges the per-call `extraBody` and `extraQuery` into an already validated body and query.
 * They carry fields this SDK version does not know yet, unvalidated. What they cannot do is
 * refused, so nothing is silently overridden: a field the operation knows (it belongs in the
 * params, where it is checked) and a path parameter's name (the path is filled from the checked
 * arguments before, and the key is a header they never reach).
 */
export function mergeExtras(
  op: Operation,
  validated: { query: Record<string, QueryValue> | undefined; body: unknown },
  options: RequestOptions | undefined,
  what: string,
): { query: Record<string, QueryValue> | undefined; body: unknown } {
  const extraBody = options?.extraBody;
  const extraQuery = options?.extraQuery;
  if (extraBody === undefined && extraQuery === undefined) return validated;
  const items: ErrorItem[] = [];
  const pathNames = pathParamNames(op.path);
  const check = (option: 'extraBody' | 'extraQuery', extra: unknown, known: readonly string[]) => {
    if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) {
      items.push({ field: option, code: 'INVALID_EXTRA_FIELDS', message: 'must be an object of field names and values' });
      return;
    }
    for (const key of Object.keys(extra)) {
      if (pathNames.includes(key)) {
        items.push({
          field: `${option}.${key}`,
          code: 'PATH_PARAMETER',
          message: `is a path parameter of ${op.method} /${op.path}; it is set by the call's arguments and cannot be changed through ${option}`,
        });
      } else if (known.includes(key)) {
        items.push({
          field: `${option}.${key}`,
          code: 'KNOWN_FIELD',
          message: `is a field this SDK knows; pass it in the call's params, where it is checked, not through ${option}`,
        });
      }
    }
  };
  if (extraBody !== undefined) {
    if (op.body === undefined) {
      items.push({ field: 'extraBody', code: 'NO_BODY', message: `${op.method} /${op.path} sends no body` });
    } else {
      check('extraBody', extraBody, knownFields(op.body) ?? []);
    }
  }
  if (extraQuery !== undefined) check('extraQuery', extraQuery, op.query ? (knownFields(op.query) ?? []) : []);
  if (items.length > 0) refuse(what, items);
  return {
    query: extraQuery ? { ...validated.query, ...extraQuery } : validated.query,
    body: extraBody ? { ...(validated.body as Record<string, unknown>), ...extraBody } : validated.body,
  };
}
