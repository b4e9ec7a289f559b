// A record the SDK hands out never carries an own `__proto__` or `constructor` key, at any depth
// and on every path (the in-place check, zod, no schema, validation off): the keys are dropped.
// JSON.parse keeps `"__proto__"` as an own key, and `Object.assign({}, record)` then takes it
// as the target's prototype.
import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { withoutProtoKeys } from '../../src/utils/proto-keys.js';
import { client, http, HttpResponse, url, useMswServer } from '../helpers/msw.js';
import { EVIL, expectNoProtoKeys } from '../helpers/proto-keys.js';

const server = useMswServer();

const PROTO_KEYS = [
  ['"__proto__"', '"__proto__"'],
  ['"\\u005f\\u005fproto\\u005f\\u005f"', '"\\u005f\\u005fproto\\u005f\\u005f"'],
  ['"\\u005F\\u005Fpr\\u006fto__" (upper-case hex, partly escaped)', '"\\u005F\\u005Fpr\\u006fto__"'],
] as const;

const raw = (data: string) =>
  new HttpResponse(`{"success":true,"data":${data},"message":null}`, { headers: { 'content-type': 'application/json' } });

/** A record as the attacker wrote it: a prototype under `__proto__`, another under `constructor`. */
const hostile = (protoKey: string, fields = '"id":"tx_1"') =>
  `{${fields},${protoKey}:${EVIL},"constr\\u0075ctor":{"prototype":${EVIL}},"constructor":${EVIL}}`;

describe.each(PROTO_KEYS)('a response with %s', (_label, protoKey) => {
  it('a record (the in-place check path)', async () => {
    server.use(http.get(url('transactions/tx_1'), () => raw(hostile(protoKey, '"id":"tx_1","amount":"1.00"'))));
    const tx = await client().transactions.retrieve('tx_1');
    expect(tx).toEqual({ id: 'tx_1', amount: '1.00' });
    expectNoProtoKeys(tx);
  });

  it('an item of a page', async () => {
    server.use(http.get(url('transactions'), () => raw(`{"items":[${hostile(protoKey)},{"id":"tx_2"}],"nextCursor":null}`)));
    const page = await client().transactions.list({ limit: 2 });
    expect(page.items.map((tx) => tx.id)).toEqual(['tx_1', 'tx_2']);
    for (const tx of page.items) expectNoProtoKeys(tx);
  });

  it('a nested object and an object in a nested array', async () => {
    const nested = `{"id":"tx_1","meta":${hostile(protoKey, '"a":1')},"list":[[${hostile(protoKey, '"b":2')}]]}`;
    server.use(http.get(url('transactions/tx_1'), () => raw(nested)));
    const tx = (await client().transactions.retrieve('tx_1')) as unknown as { meta: object; list: object[][] };
    expect(tx).toEqual({ id: 'tx_1', meta: { a: 1 }, list: [[{ b: 2 }]] });
    expectNoProtoKeys(tx);
    expectNoProtoKeys(tx.meta);
    expectNoProtoKeys(tx.list[0]?.[0]);
  });

  it('client.request without a schema, with a schema zod parses, and with validation off', async () => {
    server.use(
      http.get(url('custom'), () => raw(hostile(protoKey))),
      http.get(url('transactions/tx_1'), () => raw(hostile(protoKey))),
    );
    expectNoProtoKeys(await client().request('GET', '/custom'));
    // A refinement keeps the in-place check out: zod builds the result.
    const refined = z.looseObject({ id: z.string().check(z.minLength(1)) });
    expectNoProtoKeys(await client().request('GET', '/custom', { schema: refined }));
    expectNoProtoKeys(await client({ validateResponses: false }).transactions.retrieve('tx_1'));
  });
});

describe('what zod itself does with such keys (so its path is no worse)', () => {
  it('a loose object drops an own __proto__ but keeps an own constructor', () => {
    const parsed = z.parse(z.looseObject({ id: z.string() }), JSON.parse(hostile('"__proto__"')));
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false);
    expect(Object.hasOwn(parsed, 'constructor')).toBe(true);
  });
});

describe('withoutProtoKeys', () => {
  it('walks only a text that could spell one of the names: any other is handed back untouched', () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"a":"\\u00e9\\u003c"}');
    // The same object with a text that holds neither name nor an escape of their letters.
    expect(Object.hasOwn(withoutProtoKeys(parsed, '{"a":"\\u00e9\\u003c"}'), '__proto__')).toBe(true);
    expect(Object.hasOwn(withoutProtoKeys(parsed, '{"__proto__":{}}'), '__proto__')).toBe(false);
  });

  it('walks a deeply nested answer without overflowing the stack', () => {
    const depth = 200_000;
    const text = `${'['.repeat(depth)}{"constructor":1}${']'.repeat(depth)}`;
    let value = withoutProtoKeys(JSON.parse(text), text) as unknown;
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toEqual({});
  });
});

/** A parsed record that still holds both keys: whether they go shows whether the text was walked. */
const withBothKeys = () => JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"x":1},"id":"tx_1"}') as object;
const walked = (text: string) => !Object.hasOwn(withoutProtoKeys(withBothKeys(), text), '__proto__');

describe('which texts withoutProtoKeys walks', () => {
  it('every text with \\u00XX escaping a letter of the two names (either case of hex), and no other escape', () => {
    const letters = new Set('_constructorproto');
    for (let code = 0; code < 256; code++) {
      const hex = code.toString(16).padStart(2, '0');
      for (const digits of new Set([hex, hex.toUpperCase()])) {
        const spelling = `\\u00${digits}`;
        const spells = letters.has(String.fromCharCode(code));
        // Alone, and after an escape of another character (the search goes on past it).
        expect({ spelling, walked: walked(`{"a":"${spelling}"}`) }).toEqual({ spelling, walked: spells });
        expect({ spelling, walked: walked(`{"a":"\\u00e9x${spelling}"}`) }).toEqual({ spelling, walked: spells });
      }
    }
  });

  it('every text that holds either name literally', () => {
    for (const text of ['{"__proto__":1}', '{"a":"constructor"}', 'x__proto__', 'constructor']) expect(walked(text)).toBe(true);
  });

  it('no text that only comes close: parts of the names, other escapes, a cut-off escape', () => {
    const near = [
      '',
      '{"a":1}',
      '__',
      '_proto_',
      '__proto_',
      '__prot__',
      'proto',
      'uctor',
      'construct',
      'onstructor',
      'constructo',
      'construtor',
      'c o n s t r u c t o r',
      '\\u00',
      '\\u005',
      '\\u0',
      '\\u015f',
      '\\u105f',
      '\\\\u00e9',
      '{"a":"\\u00e9\\u0041\\u00ff\\u000a"}',
    ];
    for (const text of near) expect({ text, walked: walked(text) }).toEqual({ text, walked: false });
  });
});

// A JSON value as text, with object keys drawn so that both names turn up at every depth, in
// plain and escaped spellings, next to ordinary keys and values.
const KEYS = ['__proto__', 'constructor', '\\u005f\\u005fproto__', 'constr\\u0075ctor', 'id', 'a', 'toString'];
const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('null', '1', 'true', '"__proto__"', '"x"'),
    fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.constantFrom(...KEYS), tie('json')), { maxLength: 5 })
      .map((entries) => `{${entries.map(([key, value]) => `"${key}":${value}`).join(',')}}`),
  ),
}));

/** Every object reachable from `value` (arrays included), itself first. */
function reachable(value: unknown): unknown[] {
  const found: unknown[] = [];
  const pending = [value];
  for (let current = pending.pop(); pending.length > 0 || current !== undefined; current = pending.pop()) {
    if (current === null || typeof current !== 'object') continue;
    found.push(current);
    pending.push(...Object.values(current));
  }
  return found;
}

describe('what withoutProtoKeys leaves of parsed JSON', () => {
  it('drops every own __proto__ and constructor key at every depth, keeps every other key, and returns the same value', () => {
    fc.assert(
      fc.property(json, (text) => {
        const parsed: unknown = JSON.parse(text);
        // The same text with the two names renamed: what must remain, key for key.
        const renamed = text.replaceAll(/"(__proto__|constructor|\\u005f\\u005fproto__|constr\\u0075ctor)":/g, '"dropped":');
        const kept = JSON.parse(renamed, (key, value) => (key === 'dropped' ? undefined : value));
        const cleaned = withoutProtoKeys(parsed, text);
        expect(cleaned).toBe(parsed);
        expect(cleaned).toStrictEqual(kept);
        for (const object of reachable(cleaned)) {
          expect(Object.hasOwn(object as object, '__proto__')).toBe(false);
          expect(Object.hasOwn(object as object, 'constructor')).toBe(false);
          if (!Array.isArray(object)) expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('hands back null and other values that are not objects as they are', () => {
    const text = '{"__proto__":{},"constructor":{}}';
    for (const value of [null, 0, 1, '', '__proto__', true, false]) expect(withoutProtoKeys(value, text)).toBe(value);
  });

  it('walks arrays that hold nulls and other values besides records', () => {
    const text = '[null,1,"s",[null,{"__proto__":{"a":1}}],{"k":null,"v":[null,{"constructor":2}]}]';
    expect(withoutProtoKeys(JSON.parse(text), text)).toStrictEqual([null, 1, 's', [null, {}], { k: null, v: [null, {}] }]);
  });

  it('leaves the __proto__ accessor and constructor of Object.prototype in place', () => {
    const text = '{"__proto__":{},"constructor":{},"a":{"b":{}}}';
    withoutProtoKeys(JSON.parse(text), text);
    expect(Object.hasOwn(Object.prototype, '__proto__')).toBe(true);
    expect(Object.hasOwn(Object.prototype, 'constructor')).toBe(true);
    expect({}.constructor).toBe(Object);
  });
});
