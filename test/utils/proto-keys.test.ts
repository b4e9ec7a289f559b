// A record the SDK hands out never carries an own `__proto__` or `constructor` key, at any depth
// and on every path (the in-place check, zod, no schema, validation off): the keys are dropped.
// JSON.parse keeps `"__proto__"` as an own key, and `Object.assign({}, record)` then takes it
// as the target's prototype.
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
