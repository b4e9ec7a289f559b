// The de-duplication memory covers every event the freshness check still accepts: maxEventAge
// after its timestamp, and the 5 minutes of clock skew an event may be signed ahead by.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryDedupStore,
  createNodeWebhookHandler,
  createSignedWebhookDelivery,
  createWebhookHandler,
  createWebhookReceiver,
  DEFAULT_MAX_EVENT_AGE,
  type WebhookDedupStore,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { ConfigurationError } from '../../../src/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

afterEach(() => {
  vi.useRealTimers();
});

function post(delivery: { body: string; headers: Record<string, string> }) {
  return new Request('http://127.0.0.1/webhooks', { method: 'POST', body: delivery.body, headers: delivery.headers });
}

describe('an event signed ahead of the receiver clock', () => {
  it('is still a duplicate at 72 h + 1 min, when its signed age is under 72 h (default store)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const onDeposit = vi.fn();
    const handler = createWebhookHandler({ secret: SECRET, on: { 'deposit.created': onDeposit } });
    const delivery = createSignedWebhookDelivery({
      type: 'deposit.created',
      data: depositData(),
      secret: SECRET,
      timestamp: new Date(Date.now() + 4 * MINUTE).toISOString(),
    });
    expect(await (await handler(post(delivery))).json()).toEqual({ received: true });
    vi.setSystemTime(Date.now() + 72 * HOUR + MINUTE);
    const replay = await handler(post(delivery));
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(onDeposit).toHaveBeenCalledOnce();
  });

  it('is remembered maxEventAge + 5 min by the default store when maxEventAge is longer than 72 h', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const onDeposit = vi.fn();
    const receive = createWebhookReceiver({ secret: SECRET, on: { 'deposit.created': onDeposit }, maxEventAge: 96 * HOUR });
    const delivery = createSignedWebhookDelivery({
      type: 'deposit.created',
      data: depositData(),
      secret: SECRET,
      timestamp: new Date(Date.now() + 4 * MINUTE).toISOString(),
    });
    const signature = delivery.headers['x-webhook-signature'];
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('processed');
    vi.setSystemTime(Date.now() + 96 * HOUR + 3 * MINUTE);
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('duplicate');
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect((await receive({ body: delivery.body, signature })).outcome).toBe('stale_event');
    expect(onDeposit).toHaveBeenCalledOnce();
  });
});

describe('createMemoryDedupStore retention', () => {
  it('keeps completed ids 72 h + 5 min by default, and says so in retentionMs', () => {
    let now = 1_000;
    const store = createMemoryDedupStore({ now: () => now });
    expect(store.retentionMs).toBe(DEFAULT_MAX_EVENT_AGE + 5 * MINUTE);
    store.claim('evt_1');
    store.complete('evt_1');
    now += 72 * HOUR + 5 * MINUTE - 1;
    expect(store.claim('evt_1')).toBe('completed');
    now += 1;
    expect(store.claim('evt_1')).toBe('claimed');
  });

  it('reports the ttlMs it was given as retentionMs', () => {
    expect(createMemoryDedupStore({ ttlMs: 96 * HOUR }).retentionMs).toBe(96 * HOUR);
  });
});

describe('a store whose retentionMs is shorter than maxEventAge + 5 min', () => {
  const shortStore = (): WebhookDedupStore => ({ ...createMemoryDedupStore(), retentionMs: 72 * HOUR });
  const CREATORS: [string, (options: WebhookReceiverOptions) => unknown][] = [
    ['createWebhookReceiver', createWebhookReceiver],
    ['createWebhookHandler', createWebhookHandler],
    ['createNodeWebhookHandler', createNodeWebhookHandler],
  ];

  it.each(CREATORS)('is refused by %s when it is created, naming both numbers and the fix', (name, create) => {
    const attempt = () => create({ secret: SECRET, store: shortStore() });
    expect(attempt).toThrow(TypeError);
    expect(attempt).toThrow(new RegExp(`^${name}: `));
    expect(attempt).toThrow(/259200000 ms \(72 h\)/);
    expect(attempt).toThrow(/259500000 ms \(72\.1 h\)/);
    expect(attempt).toThrow(/ttlMs/);
    expect(() => create({ secret: SECRET, store: createMemoryDedupStore({ ttlMs: 72 * HOUR }) })).toThrow(/259500000 ms/);
  });

  it.each(CREATORS)('is accepted by %s when maxEventAge fits within it, or the store does not say', (_, create) => {
    expect(() => create({ secret: SECRET, store: shortStore(), maxEventAge: 72 * HOUR - 5 * MINUTE })).not.toThrow();
    expect(() => create({ secret: SECRET, store: { ...shortStore(), retentionMs: undefined } })).not.toThrow();
    expect(() => create({ secret: SECRET, store: createMemoryDedupStore() })).not.toThrow();
  });

  it.each(CREATORS)(
    'is refused by %s with a ConfigurationError when maxEventAge is Infinity (no freshness check)',
    (name, create) => {
      const refusal = (options: WebhookReceiverOptions) => {
        try {
          create(options);
        } catch (error) {
          return error as ConfigurationError;
        }
        return undefined;
      };
      const refused = refusal({ secret: SECRET, store: shortStore(), maxEventAge: Number.POSITIVE_INFINITY });
      expect(refused).toBeInstanceOf(ConfigurationError);
      expect(refused?.option).toBe('maxEventAge');
      expect(refused?.message).toBe(
        `${name}: maxEventAge is Infinity, so a delivery signed at any time is accepted, but the store forgets event ids ` +
          'after 259200000 ms (72 h): a captured delivery sent again after that would be handled again. Set maxEventAge ' +
          "to at most 258900000 ms (the store's retention less the 5 minutes an event may be signed ahead), or use a " +
          'store that keeps ids for ever (retentionMs undefined or Infinity).',
      );
      // The default store forgets too.
      expect(refusal({ secret: SECRET, maxEventAge: Number.POSITIVE_INFINITY })?.message).toMatch(
        /but the default in-memory store forgets event ids after 259500000 ms/,
      );
      // A store that keeps ids for ever, or does not say, is taken at its word.
      for (const retentionMs of [undefined, Number.POSITIVE_INFINITY]) {
        expect(() =>
          create({ secret: SECRET, store: { ...shortStore(), retentionMs }, maxEventAge: Number.POSITIVE_INFINITY }),
        ).not.toThrow();
      }
    },
  );
});
