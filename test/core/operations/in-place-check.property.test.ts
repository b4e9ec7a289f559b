import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { inPlaceCheck } from '../../../src/core/operations/response-check.js';

// The in-place check decides whether a response is handed out as parsed or copied by zod. Its
// contract, over any schema built from what it models: it accepts a value only if zod accepts it
// and zod's output equals the value (sound), and it accepts every value zod would output unchanged
// (complete, so no valid page is copied); a schema with anything it cannot model anywhere inside
// is left to zod whole.

/** A schema with an arbitrary for values it holds exactly, and whether the check models it. */
interface Node {
  readonly schema: z.core.$ZodType;
  readonly valid: fc.Arbitrary<unknown>;
  readonly modelled: boolean;
  readonly label: string;
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

const leaves: fc.Arbitrary<Node> = fc.constantFrom<Node>(
  { schema: z.string(), valid: fc.string({ maxLength: 4 }), modelled: true, label: 'string' },
  { schema: z.number(), valid: finite, modelled: true, label: 'number' },
  { schema: z.boolean(), valid: fc.boolean(), modelled: true, label: 'boolean' },
  { schema: z.null(), valid: fc.constant(null), modelled: true, label: 'null' },
  { schema: z.unknown(), valid: fc.jsonValue({ maxDepth: 2 }), modelled: true, label: 'unknown' },
  { schema: z.any(), valid: fc.jsonValue({ maxDepth: 2 }), modelled: true, label: 'any' },
  { schema: z.literal(1), valid: fc.constant(1), modelled: true, label: 'literal 1' },
  { schema: z.literal('a'), valid: fc.constant('a'), modelled: true, label: "literal 'a'" },
  { schema: z.enum(['a', 'b']), valid: fc.constantFrom('a', 'b'), modelled: true, label: 'enum a|b' },
  // The record's own loop tests these two inline, so they come often enough to meet it absent.
  {
    schema: z.optional(z.string()),
    valid: fc.option(fc.string({ maxLength: 4 }), { nil: undefined, freq: 2 }),
    modelled: true,
    label: 'optional(string)',
  },
  // Not modelled: the output may differ from the input, or a check the loop does not run.
  {
    schema: z.string().check(z.minLength(2)),
    valid: fc.string({ minLength: 2, maxLength: 4 }),
    modelled: false,
    label: 'string min 2',
  },
  { schema: z.coerce.number(), valid: finite, modelled: false, label: 'coerced number' },
  { schema: z.union([z.string(), z.number()]), valid: fc.oneof(fc.string(), finite), modelled: false, label: 'union' },
);

const nodes: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaves,
    tie('node').map((inner) => ({
      schema: z.optional(inner.schema),
      valid: fc.option(inner.valid, { nil: undefined, freq: 2 }),
      modelled: inner.modelled,
      label: `optional(${inner.label})`,
    })),
    tie('node').map((inner) => ({
      schema: z.nullable(inner.schema),
      valid: fc.option(inner.valid, { nil: null }),
      modelled: inner.modelled,
      label: `nullable(${inner.label})`,
    })),
    tie('node').map((inner) => ({
      schema: z.array(inner.schema),
      valid: fc.array(inner.valid, { maxLength: 3 }),
      modelled: inner.modelled,
      label: `array(${inner.label})`,
    })),
    fc.tuple(fc.array(tie('node'), { maxLength: 3 }), fc.constantFrom('loose', 'strip', 'strict')).map(([fields, kind]) => {
      const shape = Object.fromEntries(fields.map((field, i) => [`f${i}`, field.schema]));
      const make = kind === 'loose' ? z.looseObject : kind === 'strip' ? z.object : z.strictObject;
      return {
        schema: make(shape),
        // Keys the shape does not name, which a loose object keeps and zod copies unchanged.
        valid: fc
          .tuple(
            fc.tuple(...fields.map((field) => field.valid)),
            kind === 'loose' ? fc.dictionary(fc.constantFrom('x', 'y'), fc.jsonValue({ maxDepth: 1 })) : fc.constant({}),
          )
          .map(([values, extra]) => {
            const record: Record<string, unknown> = { ...extra };
            // An optional field zod was given as undefined comes out as undefined: leave it absent.
            values.forEach((value, i) => {
              if (value !== undefined) record[`f${i}`] = value;
            });
            return record;
          }),
        modelled: kind === 'loose' && fields.every((field) => field.modelled),
        label: `${kind}{${fields.map((field, i) => `f${i}: ${field.label}`).join(', ')}}`,
      };
    }),
  ),
})).node;

/** Whether a value holds a `__proto__` or `constructor` key, which the envelope drops before any check. */
function hasProtoKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key === '__proto__' || key === 'constructor' || hasProtoKey(inner));
}

/** Values that may or may not fit: the node's own, any JSON, and a few that never do. */
const candidates = (node: Node): fc.Arbitrary<unknown> =>
  fc
    .oneof(
      node.valid,
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, [], {}, ''),
    )
    .filter((value) => !hasProtoKey(value));

describe('the in-place check, over generated schemas', () => {
  it('is built exactly for the schemas it models', () => {
    fc.assert(
      fc.property(nodes, (node) => {
        expect([node.label, inPlaceCheck(node.schema) !== null]).toEqual([node.label, node.modelled]);
      }),
      { numRuns: 400 },
    );
  });

  it('accepts a value only when zod accepts it and outputs it unchanged', () => {
    fc.assert(
      fc.property(
        nodes.chain((node) => fc.tuple(fc.constant(node), fc.array(candidates(node), { minLength: 1, maxLength: 6 }))),
        ([node, values]) => {
          const check = inPlaceCheck(node.schema);
          for (const value of values) {
            if (!check?.(value)) continue;
            const zod = z.safeParse(node.schema, value);
            expect([node.label, value, zod.success]).toEqual([node.label, value, true]);
            expect(zod.data).toStrictEqual(value);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('accepts every value zod would output unchanged, so a valid response is never copied', () => {
    fc.assert(
      fc.property(
        nodes
          .filter((node) => node.modelled)
          .chain((node) =>
            fc.tuple(
              fc.constant(node),
              node.valid.filter((value) => !hasProtoKey(value)),
            ),
          ),
        ([node, value]) => {
          const zod = z.safeParse(node.schema, value);
          expect(zod.success).toBe(true);
          expect(zod.data).toStrictEqual(value);
          expect([node.label, inPlaceCheck(node.schema)?.(value)]).toEqual([node.label, true]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same check object for the same schema', () => {
    const schema = z.looseObject({ id: z.string() });
    expect(inPlaceCheck(schema)).toBe(inPlaceCheck(schema));
  });
});
