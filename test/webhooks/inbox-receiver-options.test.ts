// The receivers' `inbox` option: alone, shaped like an inbox, and remembering ids at least as long
// as the freshness check accepts events; checked when the receiver is created. The types refuse the
// mixes too.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import {
  createMemoryDedupStore,
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  createWebhookHandler,
  createWebhookReceiver,
  type WebhookInbox,
  type WebhookInboxEvent,
} from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';

const SECRET = 'whsec_inbox_options';
const HORIZON = 72 * 3_600_000 + 5 * 60_000;

function memoryInbox(retentionMs = HORIZON): WebhookInbox & { events: WebhookInboxEvent[] } {
  const events: WebhookInboxEvent[] = [];
  return {
    events,
    retentionMs,
    async accept(event) {
      if (events.some((e) => e.id === event.id)) return 'duplicate';
      events.push(event);
      return 'stored';
    },
  };
}

const factories = { createWebhookReceiver, createWebhookHandler, createNodeWebhookHandler } as const;

describe.each(Object.entries(factories))('%s with an inbox', (name, create) => {
  const make = create as (options: object) => unknown;

  it.each([
    ['on', { on: { 'deposit.created': () => undefined } }],
    ['onUnknownEvent', { onUnknownEvent: () => undefined }],
    ['store', { store: createMemoryDedupStore() }],
  ])('refuses `inbox` with `%s`, naming both and the fix', async (extra, options) => {
    const error = await captureError(() => make({ secret: SECRET, inbox: memoryInbox(), ...options }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('inbox');
    expect((error as Error).message).toContain(`${name}: \`inbox\` cannot be combined with \`${extra}\``);
    expect((error as Error).message).toContain('inbox.work({ on })');
  });

  it('refuses something that is not an inbox', async () => {
    const error = await captureError(() => make({ secret: SECRET, inbox: { accept: 'no' } }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/must be a webhook inbox/);
  });

  it('refuses an inbox that forgets ids before maxEventAge + 5 min, and any finite one with maxEventAge: Infinity', async () => {
    expect(await captureError(() => make({ secret: SECRET, inbox: memoryInbox(HORIZON - 1) }))).toBeInstanceOf(
      ConfigurationError,
    );
    expect(() => make({ secret: SECRET, inbox: memoryInbox(HORIZON) })).not.toThrow();
    expect(() => make({ secret: SECRET, inbox: memoryInbox(3_600_000), maxEventAge: 3_300_000 })).not.toThrow();
    const infinite = await captureError(() =>
      make({ secret: SECRET, inbox: memoryInbox(), maxEventAge: Number.POSITIVE_INFINITY }),
    );
    expect((infinite as Error).message).toMatch(/maxEventAge is Infinity/);
    expect(() =>
      make({ secret: SECRET, inbox: memoryInbox(Number.POSITIVE_INFINITY), maxEventAge: Number.POSITIVE_INFINITY }),
    ).not.toThrow();
  });
});

describe('the types', () => {
  it('refuse `inbox` beside `on` or `store`', () => {
    const inbox = memoryInbox();
    // @ts-expect-error: handlers run from the inbox
    expect(() => createWebhookReceiver({ secret: SECRET, inbox, on: {} })).toThrow(ConfigurationError);
    // @ts-expect-error: the inbox de-duplicates
    expect(() => createWebhookHandler({ secret: SECRET, inbox, store: createMemoryDedupStore() })).toThrow(ConfigurationError);
  });
});

describe('a delivery into an inbox', () => {
  it('hands over the id, the type as sent, the timestamp and the exact verified body; 200 stored, then 200 duplicate', async () => {
    const inbox = memoryInbox();
    const receive = createWebhookReceiver({ secret: SECRET, inbox });
    const signed = createSignedWebhookDelivery({
      type: 'loan.new' as 'score.updated',
      id: 'evt_raw',
      data: { a: 'é' },
      secret: SECRET,
    });
    const bytes = new TextEncoder().encode(signed.body);
    const first = await receive({ body: bytes, signature: signed.headers['x-webhook-signature'] });
    expect([first.status, first.outcome, first.body]).toEqual([200, 'stored', '{"received":true}']);
    expect(inbox.events).toEqual([
      { id: 'evt_raw', type: 'loan.new', timestamp: JSON.parse(signed.body).timestamp, body: signed.body },
    ]);
    const again = await receive({ body: signed.body, signature: signed.headers['x-webhook-signature'] });
    expect([again.status, again.outcome]).toEqual([200, 'duplicate']);
  });

  it('answers 503 with Retry-After when the inbox rejects, and tells onError', async () => {
    const failures: unknown[] = [];
    const receive = createWebhookReceiver({
      secret: SECRET,
      inbox: { retentionMs: HORIZON, accept: () => Promise.reject(new Error('database down')) },
      onError: (error) => failures.push(error),
    });
    const signed = createSignedWebhookDelivery({ type: 'score.updated', id: 'evt_down', data: {}, secret: SECRET });
    const result = await receive({ body: signed.body, signature: signed.headers['x-webhook-signature'] });
    expect([result.status, result.outcome, result.headers['retry-after']]).toEqual([503, 'store_error', '60']);
    expect(failures).toEqual([new Error('database down')]);
  });
});
