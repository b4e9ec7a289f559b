import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { inPlaceCheck } from '../../../src/core/operations/response-check.js';
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
