// Checking a response against its schema. Freshly parsed JSON that zod would output unchanged is
// handed out as it is, without zod's copy; only what that check refuses goes through zod, so what
// is accepted or refused, and the issues, are zod's.
import * as z from 'zod/mini';
import { InvalidResponseError } from '../../errors/index.js';
import type { HttpResult } from '../types.js';
import type { AnySchema } from './operation.js';
import { safeParse } from './request-check.js';

/**
 * Checks `data` against `schema` when `validate` is on; a mismatch is an `InvalidResponseError`
 * naming the first issue, with the response's body (secrets removed). `call` names the call.
 */
export function checkResponse<S extends AnySchema>(
  schema: S,
  data: unknown,
  result: HttpResult,
  call: { readonly method: string; readonly path: string },
  validate: boolean,
): z.output<S> {
  if (!validate || inPlaceCheck(schema)?.(data)) return data as z.output<S>;
  const parsed = safeParse(schema, data);
  if (parsed.success) return parsed.data;
  // Issue paths are record keys and messages may quote values: both came from the service.
  const issues = parsed.error.issues.map((issue) => ({
    path: result.redact(issue.path.map(String).join('.')),
    message: result.redact(issue.message),
    code: issue.code,
  }));
  const first = issues[0];
  throw new InvalidResponseError(
    `${call.method} /${call.path} returned data that does not match its schema${first ? ` at "${first.path || '(data)'}": ${first.message}` : ''}. Pass validateResponses: false to receive it unchecked.`,
    { status: result.response.status, body: result.redactedBody(), issues },
  );
}

const itemsSchemas = new WeakMap<AnySchema, AnySchema>();

/** The schema of a page's items, for the schema of one; built on first use, not at import. */
export function itemsSchemaOf(item: AnySchema): AnySchema {
  let schema = itemsSchemas.get(item);
  if (!schema) {
    schema = z.array(item);
    itemsSchemas.set(item, schema);
  }
  return schema;
}

/** Answers whether a value already is what a schema would output, without building anything. */
export type InPlaceCheck = (value: unknown) => boolean;

const checks = new WeakMap<z.core.$ZodType, InPlaceCheck | null>();

/**
 * A check that accepts a value exactly when the schema would accept it *and* zod's output would
 * equal the value itself, so the parsed JSON is handed out as it is rather than copied by zod;
 * `null` for a schema it cannot model. (`unwrapEnvelope` has already dropped any own
 * `__proto__` or `constructor` key, as zod drops `__proto__` from its copy.)
 *
 * Modelled: `string`, `number` (finite), `boolean`, `null`, `unknown`/`any`, `literal`, `enum`,
 * `optional`, `nullable`, `array` and loose objects, with no refinements, checks, coercion,
 * defaults or transforms. Anything else, or a value the check refuses, goes through zod, so what
 * is accepted or refused, and the issues, are zod's.
 */
export function inPlaceCheck(schema: z.core.$ZodType): InPlaceCheck | null {
  let check = checks.get(schema);
  if (check === undefined) {
    check = build(schema, new Set());
    checks.set(schema, check);
  }
  return check;
}

type Def = z.core.$ZodTypeDef & {
  checks?: unknown[];
  coerce?: boolean;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
};

// `schema` is `undefined` where a def lacks the inner schema it names; that is left to zod.
function build(schema: z.core.$ZodType | undefined, building: Set<z.core.$ZodType>): InPlaceCheck | null {
  const def = schema?._zod?.def as Def | undefined;
  if (!schema || !def || (def.checks !== undefined && def.checks.length > 0) || def.coerce === true) return null;
  // A schema that contains itself (a getter in its shape) is left to zod.
  if (building.has(schema)) return null;
  building.add(schema);
  try {
    return buildDef(def, building);
  } finally {
    building.delete(schema);
  }
}

// The checks of the fields most records are made of, one object each, so that a record's check
// can recognise them and test those fields inline.
const isString: InPlaceCheck = (value) => typeof value === 'string';
const isOptionalString: InPlaceCheck = (value) => value === undefined || typeof value === 'string';

function buildDef(def: Def, building: Set<z.core.$ZodType>): InPlaceCheck | null {
  switch (def.type) {
    case 'string':
      return isString;
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal':
    case 'enum': {
      const allowed = new Set(def.type === 'literal' ? def.values : Object.values(def.entries ?? {}));
      return (value) => allowed.has(value);
    }
    case 'optional':
    case 'nullable': {
      const inner = build(def.innerType, building);
      if (!inner) return null;
      if (inner === isString && def.type === 'optional') return isOptionalString;
      const empty = def.type === 'optional' ? undefined : null;
      return (value) => value === empty || inner(value);
    }
    case 'array': {
      const element = build(def.element, building);
      if (!element) return null;
      return (value) => Array.isArray(value) && value.every(element);
    }
    case 'object':
      return looseObject(def, building);
    default:
      return null;
  }
}

// Only loose objects: a strip object drops unknown keys and a strict one refuses them, so
// their output is not the input.
function looseObject(def: Def, building: Set<z.core.$ZodType>): InPlaceCheck | null {
  if (def.catchall?._zod.def.type !== 'unknown' || !def.shape) return null;
  const keys: string[] = [];
  const kinds: FieldKind[] = [];
  const checks: InPlaceCheck[] = [];
  const required: boolean[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const check = build(field, building);
    if (!check) return null;
    keys.push(key);
    kinds.push(check === isString ? FieldKind.String : check === isOptionalString ? FieldKind.OptionalString : FieldKind.Other);
    checks.push(check);
    // zod refuses an absent key unless its field is optional, even when the field's schema
    // takes `undefined` (`unknown`, `nullable(unknown)`).
    required.push(field._zod.optin !== 'optional');
  }
  const count = keys.length;
  // A record is checked on every page of every walk: its plain fields are tested in this loop
  // rather than through a function each (a page of 100 transactions took about 1.7 times as long to check that way).
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    for (let i = 0; i < count; i++) {
      const field = record[keys[i] as string];
      switch (kinds[i]) {
        case FieldKind.String:
          if (typeof field !== 'string') return false;
          break;
        case FieldKind.OptionalString:
          if (field !== undefined && typeof field !== 'string') return false;
          break;
        default:
          if (field === undefined && required[i]) return false;
          if (!(checks[i] as InPlaceCheck)(field)) return false;
      }
    }
    return true;
  };
}

enum FieldKind {
  String,
  OptionalString,
  Other,
}
