// Checking a call's input before anything is sent: the operation's schemas (a field it does not
// know is named, with the closest known one), the per-call options, `extraBody`/`extraQuery`,
// and the path. What is refused is a RequestValidationError; nothing leaves the process.
import * as z from 'zod/mini';
import { type ErrorItem, RequestValidationError } from '../../errors/index.js';
import { checkRequestOptionNames, LIST_OPTIONS } from '../config/option-names.js';
import type { HttpCall, QueryValue, RequestOptions } from '../types.js';
import { closestName } from '../../utils/closest-name.js';
import { fillPath, isJsonObject, type Operation, type OperationInput, pathParamNames } from './operation.js';

// Schemas are parsed by zod's interpreter, not `z.compile`, which alone is 29 KB minified, a
// quarter of the whole client. Valid responses are vouched for without parsing
// (response-check.ts); zod runs on requests (a few fields) and on responses that check refuses.

// zod/mini loads no locale, so an issue without a message of ours would read "Invalid input".
// This names what was expected instead, in a few lines rather than the whole English locale.
function readableIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${describe(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      return `must be at most ${issue.maximum}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'matches none of the expected shapes';
    default:
      return 'is not valid';
  }
}

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** Parses `value` with `schema`; every issue has a readable message. */
export function safeParse<S extends z.core.$ZodType>(schema: S, value: unknown): z.core.util.SafeParseResult<z.output<S>> {
  return z.safeParse(schema, value, { error: readableIssue }) as z.core.util.SafeParseResult<z.output<S>>;
}

function fieldCode(path: readonly PropertyKey[]): string {
  // The service names codes after the field (INVALID_AMOUNT, INVALID_TOKEN); for `events.2`
  // the field is `events`.
  const key = [...path].reverse().find((part): part is string => typeof part === 'string') ?? 'request';
  return `INVALID_${key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/**
 * Whether `path` names a field `value` does not have (absent, or `undefined`). A rule's own
 * message ("must be a string") is written for a value of the wrong type; a field left out of a
 * plain JavaScript call needs to read as what it is: a required field that was not given.
 */
function isMissing(value: unknown, path: readonly PropertyKey[]): boolean {
  let current = value;
  // zod reports an issue below a field only when the field holds an object or an array, so every
  // step of the path is one to read from.
  for (const key of path) current = (current as Record<PropertyKey, unknown>)[key];
  return current === undefined;
}

/** Turns zod issues on `value` into the service's `{ field, message, code }` items. */
function toErrorItems(issues: readonly z.core.$ZodIssue[], value: unknown): ErrorItem[] {
  return issues.map((issue) => {
    const custom = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    const missing = issue.path.length > 0 && isMissing(value, issue.path);
    return {
      field: issue.path.map(String).join('.') || 'request',
      message: missing ? 'is required' : issue.message,
      code: typeof custom === 'string' ? custom : fieldCode(issue.path),
    };
  });
}

/** The field names of an object schema (its shape's keys), or `undefined` for any other schema. */
export function knownFields(schema: z.core.$ZodType): string[] | undefined {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}

/**
 * How the call is written, for a message that shows where a per-call option goes: the method
 * (`transactions.list`) and its arguments before the options (`params`, `body`).
 */
export interface CallShape {
  readonly method: string | undefined;
  readonly args: string;
}

/**
 * One `UNKNOWN_FIELD` item: a per-call option given as a field (`list({ timeout })`) is pointed to
 * the options argument; otherwise the closest known field is named when one is close.
 */
function unknownFieldItem(field: string, known: readonly string[], shape: (() => CallShape) | undefined): ErrorItem {
  if (shape !== undefined && LIST_OPTIONS.has(field)) {
    const call = shape();
    const method = call.method ?? 'the method';
    return {
      field,
      code: 'UNKNOWN_FIELD',
      message: `is not a field of this request but an option of the call: pass it in the options argument, ${method}(${call.args}, { ${field} })`,
    };
  }
  const near = closestName(field, known);
  const hint = near
    ? `did you mean '${near}'?`
    : `known fields: ${known.join(', ') || 'none'}; send a field this SDK does not know yet with the extraBody or extraQuery option`;
  return { field, code: 'UNKNOWN_FIELD', message: `is not a field of this request; ${hint}` };
}

/**
 * Throws the {@link RequestValidationError} for `errors`; `what` names the call. The items are
 * joined into one sentence: `; ` between them, a full stop at the end, except after an item that
 * ends in a question (`did you mean 'limit'?`), which needs neither.
 */
export function refuse(what: string, errors: ErrorItem[]): never {
  let summary = '';
  for (const e of errors) {
    const part = `${e.field} ${e.message}`;
    summary += summary === '' ? part : `${summary.endsWith('?') ? ' ' : '; '}${part}`;
  }
  throw new RequestValidationError(`${what} was not sent: ${summary}${/[.?!]$/.test(summary) ? '' : '.'}`, errors);
}

/**
 * Checks `value` against `schema` and returns the parsed value, or throws a
 * {@link RequestValidationError} naming every offending field. A field an object schema does not
 * know is reported alone as `UNKNOWN_FIELD` (a typo explains the rest: a patch of only `emial`
 * also "sets nothing"). `what` names the call.
 */
export function validateRequest<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  what: string,
  call?: () => CallShape,
): z.output<S> {
  const known = knownFields(schema);
  if (known && isJsonObject(value)) {
    const unknown = Object.keys(value).filter((key) => !known.includes(key));
    if (unknown.length > 0)
      refuse(
        what,
        unknown.map((key) => unknownFieldItem(key, known, call)),
      );
  }
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  refuse(what, toErrorItems(result.error.issues, value));
}

/**
 * Checks a call's input against its operation and builds what is sent; throws what it refuses.
 * `optionNames` are the per-call options this kind of call takes; `name` is the resource method
 * (`'transactions.list'`) for logs and traces. Parts the operation does not have cost nothing.
 */
export function prepareCall(
  op: Operation,
  input: OperationInput,
  options: RequestOptions | undefined,
  optionNames: ReadonlySet<string>,
  name: string | undefined,
): HttpCall {
  const what = `${op.method} /${op.path}`;
  checkRequestOptionNames(options, optionNames, what);
  const path = op.pathParams
    ? fillPath(op.path, validateRequest(op.pathParams, input.path ?? {}, what) as Record<string, unknown>, what)
    : op.path;
  // Built only for a message: the call that succeeds pays nothing for it.
  const shape = (last: string) => (): CallShape => ({ method: name, args: [...pathParamNames(op.path), last].join(', ') });
  const query = (op.query ? validateRequest(op.query, input.query ?? {}, what, shape('params')) : input.query) as
    | Record<string, QueryValue>
    | undefined;
  const body = op.body ? validateRequest(op.body, input.body, what, shape('body')) : input.body;
  if (options?.extraBody !== undefined || options?.extraQuery !== undefined) checkExtras(op, options, what);
  return {
    method: op.method,
    path,
    query: options?.extraQuery ? { ...query, ...options.extraQuery } : query,
    body: options?.extraBody ? { ...(body as Record<string, unknown>), ...options.extraBody } : body,
    options,
    operation: name ?? what,
    template: op.path,
  };
}

/**
 * Checks the per-call `extraBody` and `extraQuery`, which prepareCall then merges into the
 * validated body and query. They carry fields this SDK version does not know yet, unvalidated.
 * What they cannot do is refused, so nothing is silently overridden: a field the operation knows
 * (it belongs in the params, where it is checked) and a path parameter's name (the path is filled
 * from the checked arguments before, and the key is a header they never reach).
 */
function checkExtras(op: Operation, options: RequestOptions, what: string): void {
  const { extraBody, extraQuery } = options;
  const items: ErrorItem[] = [];
  const pathNames = pathParamNames(op.path);
  const check = (option: 'extraBody' | 'extraQuery', extra: unknown, known: readonly string[]) => {
    if (!isJsonObject(extra)) {
      items.push({ field: option, code: 'INVALID_EXTRA_FIELDS', message: 'must be an object of field names and values' });
      return;
    }
    for (const key of Object.keys(extra)) {
      if (pathNames.includes(key)) {
        items.push({
          field: `${option}.${key}`,
          code: 'PATH_PARAMETER',
          message: `is a path parameter of ${what}; it is set by the call's arguments and cannot be changed through ${option}`,
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
      items.push({ field: 'extraBody', code: 'NO_BODY', message: `${what} sends no body` });
    } else {
      check('extraBody', extraBody, knownFields(op.body) ?? []);
    }
  }
  if (extraQuery !== undefined) check('extraQuery', extraQuery, op.query ? (knownFields(op.query) ?? []) : []);
  if (items.length > 0) refuse(what, items);
}
