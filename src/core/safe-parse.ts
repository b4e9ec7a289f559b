import * as z from 'zod/mini';

// Schemas are parsed by zod's interpreter, not `z.compile`: the compiler is 29 KB of the
// 40 KB (gzipped) budget of the whole client, and the hot path no longer needs it. Valid
// responses are vouched for by the in-place check (in-place-check.ts) without parsing; zod runs
// on request bodies (a few fields) and on responses that check cannot vouch for.

// zod/mini loads no locale, so an issue without a message of ours would read "Invalid input".
// This names what was expected instead, in a few lines rather than the whole English locale.
function readableIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${describe(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
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
