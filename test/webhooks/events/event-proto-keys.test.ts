// A verified webhook event never carries an own `__proto__` or `constructor` key, at any depth and
// in any spelling: the keys are dropped right after `JSON.parse`, as on the client's responses
// (test/utils/proto-keys.test.ts). A signed body is authentic, not harmless: `JSON.parse` keeps
// `"__proto__"` as an own key, and `Object.assign({}, event.data)` then takes the sender's object
// as its prototype.
import { describe, expect, it, vi } from 'vitest';
import {
  constructWebhookEvent,
  constructWebhookEventAsync,
  createMemoryDedupStore,
  createWebhookHandler,
  signWebhookPayload,
  type UnknownWebhookEvent,
  type WebhookEvent,
} from '../../../src/webhooks/index.js';
import { EVIL, expectNoProtoKeys } from '../../helpers/proto-keys.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const PROTO_KEYS = [
  ['"__proto__"', '"__proto__"'],
  ['"\\u005f\\u005fproto\\u005f\\u005f"', '"\\u005f\\u005fproto\\u005f\\u005f"'],
] as const;
const ANY_AGE = { maxEventAge: Number.POSITIVE_INFINITY };

/** Fields as the sender wrote them, plus a prototype under `__proto__` and others under `constructor`. */
const hostile = (protoKey: string, fields: string) =>
  `${fields},${protoKey}:${EVIL},"constr\\u0075ctor":{"prototype":${EVIL}},"constructor":${EVIL}`;

/** A signed delivery whose envelope, `data` and an object nested in `data` all carry both keys. */
function delivery(protoKey: string, type = 'deposit.created') {
  const data = JSON.stringify(depositData()).slice(1, -1);
  const nested = `"meta":{${hostile(protoKey, '"a":1')}},"list":[[{${hostile(protoKey, '"b":2')}}]]`;
  const body = `{${hostile(protoKey, `"id":"evt_1","type":"${type}","timestamp":"2026-01-01T12:00:00.000Z","data":{${hostile(protoKey, `${data},${nested}`)}}`)}}`;
  return { body, signature: signWebhookPayload(body, SECRET) };
}

function expectCleanEvent(event: WebhookEvent | UnknownWebhookEvent): void {
  const data = event.data as Record<string, unknown> & { meta: object; list: object[][] };
  expect(data).toMatchObject({ ...depositData(), meta: { a: 1 }, list: [[{ b: 2 }]] });
  expectNoProtoKeys(event);
  expectNoProtoKeys(data);
  expectNoProtoKeys(data.meta);
  expectNoProtoKeys(data.list[0]?.[0]);
}

describe.each(PROTO_KEYS)('a signed delivery with %s', (_label, protoKey) => {
  it('constructWebhookEvent drops the keys from the envelope, its data and nested objects', () => {
    const { body, signature } = delivery(protoKey);
    const event = constructWebhookEvent(body, signature, SECRET, ANY_AGE);
    expect(event).toMatchObject({ id: 'evt_1', type: 'deposit.created' });
    expectCleanEvent(event);
  });

  it('constructWebhookEventAsync drops them too', async () => {
    const { body, signature } = delivery(protoKey);
    const event = await constructWebhookEventAsync(new TextEncoder().encode(body), signature, SECRET, ANY_AGE);
    expectCleanEvent(event);
  });

  it('an event of a type this SDK does not know (copied into an `unknown` event) is clean', () => {
    const { body, signature } = delivery(protoKey, 'loan.created');
    const event = constructWebhookEvent(body, signature, SECRET, ANY_AGE);
    expect(event).toMatchObject({ type: 'unknown', rawType: 'loan.created' });
    expectCleanEvent(event);
  });

  it('a receiver hands its callback a clean event', async () => {
    const onDeposit = vi.fn();
    const handler = createWebhookHandler({
      secret: SECRET,
      maxEventAge: Number.POSITIVE_INFINITY,
      // With no freshness check the store must keep ids for ever; this one keeps them for the test.
      store: { ...createMemoryDedupStore(), retentionMs: Number.POSITIVE_INFINITY },
      on: { 'deposit.created': onDeposit },
    });
    const { body, signature } = delivery(protoKey);
    const response = await handler(
      new Request('http://127.0.0.1/webhooks', { method: 'POST', body, headers: { 'x-webhook-signature': signature } }),
    );
    expect(response.status).toBe(200);
    expect(onDeposit).toHaveBeenCalledOnce();
    expectCleanEvent(onDeposit.mock.calls[0]?.[0]);
  });
});
