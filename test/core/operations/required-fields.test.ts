import { describe, expect, it } from 'vitest';
import type { AnySchema, Operation } from '../../../src/core/operations/operation.js';
import { validateRequest } from '../../../src/core/operations/request-check.js';
import { OPERATIONS, type OperationName, RequestValidationError } from '../../../src/index.js';

// Plain JavaScript can leave out any field the types require. Every operation's path parameters,
// query and body are swept: each required field, left out, must be reported as required, not
// with the message its rule gives a value of the wrong type ("must be a string").

type Part = 'pathParams' | 'query' | 'body';

function shapeOf(schema: AnySchema): Record<string, AnySchema> {
  return (schema._zod.def as { shape?: Record<string, AnySchema> }).shape ?? {};
}

function requiredFields(schema: AnySchema): string[] {
  return Object.entries(shapeOf(schema))
    .filter(([, field]) => field._zod.optin !== 'optional')
    .map(([name]) => name);
}

function refusal(schema: AnySchema, value: unknown): RequestValidationError {
  try {
    validateRequest(schema, value, 'the call');
  } catch (error) {
    if (error instanceof RequestValidationError) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

const parts = (Object.entries(OPERATIONS) as [OperationName, Operation][]).flatMap(([name, op]) =>
  (['pathParams', 'query', 'body'] as const satisfies readonly Part[])
    .filter((part) => op[part] !== undefined && requiredFields(op[part] as AnySchema).length > 0)
    .map((part) => [name, part, op[part] as AnySchema] as const),
);

describe('a required field left out', () => {
  it('finds required fields to sweep in path parameters, queries and bodies', () => {
    expect(parts.length).toBeGreaterThan(10);
    expect(new Set(parts.map(([, part]) => part))).toEqual(new Set(['pathParams', 'body']));
  });

  it.each(parts)('%s %s: each missing required field says it is required', (_name, _part, schema) => {
    const error = refusal(schema, {});
    const required = requiredFields(schema);
    for (const field of required) {
      expect(error.errors).toContainEqual(expect.objectContaining({ field, message: 'is required' }));
    }
    expect(error.message).toContain(`${required[0]} is required`);
  });

  it.each(parts)('%s %s: a field set to undefined reads as left out too', (_name, _part, schema) => {
    const [field] = requiredFields(schema) as [string];
    const error = refusal(schema, { [field]: undefined });
    expect(error.errors).toContainEqual(expect.objectContaining({ field, message: 'is required' }));
  });

  it("keeps the rule's own message for a value of the wrong type, null included", () => {
    const body = OPERATIONS['webhooks.create'].body;
    const given = { url: 'https://example.com/hooks', events: ['deposit.created'] };
    expect(refusal(body, { ...given, secret: 42 }).errors).toEqual([
      { field: 'secret', code: 'INVALID_SECRET', message: 'must be a string' },
    ]);
    expect(refusal(body, { ...given, secret: null }).errors).toEqual([
      { field: 'secret', code: 'INVALID_SECRET', message: 'must be a string' },
    ]);
    expect(refusal(body, given).message).toBe('the call was not sent: secret is required.');
    // The whole request left out is no field: it keeps what was expected.
    expect(refusal(body, undefined).errors).toEqual([
      { field: 'request', code: 'INVALID_REQUEST', message: 'must be an object' },
    ]);
  });
});
