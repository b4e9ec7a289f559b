import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { checkResponse, inPlaceCheck } from '../../../src/core/operations/response-check.js';
import type { HttpResult } from '../../../src/core/types.js';
import { InvalidResponseError } from '../../../src/errors/index.js';
import { OPERATIONS } from '../../../src/resources/operations.js';

const transactionSchema = OPERATIONS['transactions.list'].response;

const samples: unknown[] = [
  null,
  undefined,
  0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  1.5,
  '',
  'x',
  true,
  [],
  ['a', 'b'],
  ['a', 1],
  {},
  { id: 'tx_1' },
  { id: 'tx_1', amount: '10.00', status: 'pending', extra: { deep: [1, 2] } },
  { id: 'tx_1', amount: 10 },
  { id: 'tx_1', amount: undefined },
  { id: 'tx_1', type: null },
  { id: 7 },
  { amount: '1' },
  { id: 'tx_1', nested: { id: 'n' }, tags: ['a'], n: null, kind: 'b', one: 1 },
  { id: 'tx_1', nested: { id: 2 } },
  { id: 'tx_1', nested: { id: 'n' }, tags: ['a'], n: 3, kind: 'c', one: 2 },
];

const schemas: Record<string, z.core.$ZodType> = {
  transaction: transactionSchema,
  page: z.array(transactionSchema),
  mixed: z.looseObject({
    id: z.string(),
    nested: z.optional(z.looseObject({ id: z.string() })),
    tags: z.optional(z.array(z.string())),
    n: z.optional(z.nullable(z.number())),
    kind: z.optional(z.enum(['a', 'b'])),
    one: z.optional(z.literal(1)),
    flag: z.optional(z.boolean()),
    anything: z.optional(z.unknown()),
  }),
  strings: z.array(z.string()),
  number: z.number(),
  nullValue: z.null(),
};

describe('in-place check', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: accepts only what zod accepts, and only where zod's output equals the input`, () => {
      const check = inPlaceCheck(schema);
      expect(check).not.toBeNull();
      let accepted = 0;
      for (const value of samples) {
        const zod = z.safeParse(schema, value);
        if (check?.(value)) {
          accepted++;
          expect(zod.success).toBe(true);
          expect(zod.data).toStrictEqual(value);
        }
        if (!zod.success) expect(check?.(value)).toBe(false);
      }
      expect(accepted).toBeGreaterThan(0);
    });
  }

  it('leaves to zod what it cannot model: strip and strict objects, checks, transforms, defaults, unions', () => {
    const unmodelled = [
      z.object({ id: z.string() }),
      z.strictObject({ id: z.string() }),
      z.string().check(z.minLength(1)),
      z.pipe(
        z.string(),
        z.transform((s) => s.length),
      ),
      z._default(z.string(), 'x'),
      z.union([z.string(), z.number()]),
      z.looseObject({ id: z.string(), inner: z.object({ a: z.string() }) }),
      z.array(z.object({ a: z.string() })),
    ];
    for (const schema of unmodelled) expect(inPlaceCheck(schema)).toBeNull();
  });

  it('models every list operation response record, so no page is copied', () => {
    const lists = Object.entries(OPERATIONS).filter(([, op]) => 'list' in op);
    expect(lists.length).toBeGreaterThan(3);
    for (const [name, op] of lists) expect([name, inPlaceCheck(op.response) !== null]).toEqual([name, true]);
  });

  it('refuses a record that lacks a required field whose schema takes undefined, as zod does', () => {
    for (const field of [z.unknown(), z.any(), z.nullable(z.unknown()), z.nullable(z.nullable(z.any()))]) {
      const schema = z.looseObject({ id: z.string(), detail: field });
      expect(z.safeParse(schema, { id: 'x' }).success).toBe(false);
      expect(inPlaceCheck(schema)?.({ id: 'x' })).toBe(false);
      expect(inPlaceCheck(schema)?.({ id: 'x', detail: null })).toBe(true);
    }
    const optional = z.looseObject({ id: z.string(), detail: z.optional(z.unknown()) });
    expect(inPlaceCheck(optional)?.({ id: 'x' })).toBe(true);
  });

  it('a recursive schema is left to zod instead of looping', () => {
    const node = z.looseObject({
      id: z.string(),
      get children() {
        return z.optional(z.array(node));
      },
    });
    expect(inPlaceCheck(node)).toBeNull();
  });
});

describe('checkResponse', () => {
  const schema = z.looseObject({ id: z.string(), amount: z.string(), tags: z.array(z.string()) });
  const call = { method: 'GET', path: 'transactions' };
  /** A result whose redaction masks the word "secret", as the call's key would be. */
  const result = (body: string): HttpResult => ({
    data: undefined,
    response: new Response(body, { status: 200 }),
    redact: (text) => text.replaceAll('secret', '[redacted]'),
    requestId: 'req-test',
    redactedBody: () => body.replaceAll('secret', '[redacted]'),
  });

  it('hands out valid data as parsed, not a copy, and anything at all when validation is off', () => {
    const valid = { id: 'tx_1', amount: '1.00', tags: ['a'], extra: { kept: true } };
    expect(checkResponse(schema, valid, result('{}'), call, true)).toBe(valid);
    const invalid = { id: 7 };
    expect(checkResponse(schema, invalid, result('{}'), call, false)).toBe(invalid);
  });

  it('gives zod’s output where zod accepts what the in-place check does not model', () => {
    const strip = z.object({ id: z.string() });
    expect(checkResponse(strip, { id: 'x', dropped: 1 }, result('{}'), call, true)).toEqual({ id: 'x' });
  });

  it('refuses a mismatch with the call, the first issue’s path and message, the status and the redacted body', () => {
    const body = '{"id":"tx_1","amount":5,"tags":["secret",1]}';
    const error = (() => {
      try {
        checkResponse(schema, { id: 'tx_1', amount: 5, tags: ['secret', 1] }, result(body), call, true);
      } catch (caught) {
        return caught;
      }
    })() as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(
      /^GET \/transactions returned data that does not match its schema at "amount": .+\. Pass validateResponses: false to receive it unchecked\.$/,
    );
    expect(error.status).toBe(200);
    expect(error.body).toBe('{"id":"tx_1","amount":5,"tags":["[redacted]",1]}');
    expect(error.issues.map((issue) => [issue.path, issue.code])).toEqual([
      ['amount', 'invalid_type'],
      ['tags.1', 'invalid_type'],
    ]);
  });

  it('names the data itself when the mismatch is at the top, and redacts issue paths that came from the service', () => {
    const top = (() => {
      try {
        checkResponse(schema, 'secret', result('"secret"'), call, true);
      } catch (caught) {
        return caught as InvalidResponseError;
      }
    })();
    expect(top?.message).toContain('does not match its schema at "(data)": ');
    const records = z.record(z.string(), z.number());
    const keyed = (() => {
      try {
        checkResponse(records, { secret: 'x' }, result('{}'), call, true);
      } catch (caught) {
        return caught as InvalidResponseError;
      }
    })();
    expect(keyed?.issues[0]?.path).toBe('[redacted]');
    expect(keyed?.message).toContain('at "[redacted]"');
  });
});
