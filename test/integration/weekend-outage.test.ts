import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditPlatform, watchWebhookSubscriptions, type WebhookSubscription } from '../../src/index.js';
import { createFakeCreditPlatform, createManualClock, type FakeCreditPlatform } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';

// The weekend, on the fake's clock: the handler's dependency (the ledger) is down for 20 h from
// the first deposit, and a deposit arrives every hour for 48 h. The fake retries each failed
// delivery on the spec's schedule (1 min, 5 min, 30 min, 2 h, 12 h) and turns the subscription
// inactive after six failed attempts (spec 6.4); the watch checks every 15 minutes.

const SECRET = 'whsec_weekend';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EVERY = 15 * MINUTE;
const OUTAGE = 20 * HOUR;
const WEEKEND = 48 * HOUR;

afterEach(() => {
  vi.useRealTimers();
});

/** Lets real I/O run while setTimeout stays fake. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A fake on a manual clock that ends the weekend near now (receivers refuse events signed over 72 h ago or 5 min ahead). */
function fakeService(receiver: (request: Request) => Promise<Response>): FakeCreditPlatform {
  return createFakeCreditPlatform({ clock: createManualClock(Date.now() - WEEKEND - HOUR), transactions: 0, webhookTransport: receiver });
}

/** A client on the fake in-process; counts the subscription lists it completed. */
function clientOf(fake: FakeCreditPlatform) {
  const lists = { done: 0 };
  const client = new CreditPlatform({
    apiKey: fake.apiKey,
    baseUrl: 'https://api.example.test/api/v1',
    maxRetries: 0,
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const response = await fake.handle(request);
      if (new URL(request.url).pathname.endsWith('/webhooks') && request.method === 'GET') lists.done++;
      return response;
    },
  });
  return { client, lists };
}

interface WeekendResult {
  events: string[];
  /** Fake-clock times at which onInactive was called. */
  reportedAt: number[];
  subscription: WebhookSubscription;
  start: number;
}

/**
 * Runs the weekend: a deposit every hour on the hour, the fake's clock and the watch's timer moved
 * together in steps of one watch interval.
 */
async function weekend(fake: FakeCreditPlatform): Promise<WeekendResult> {
  const { client, lists } = clientOf(fake);
  const created = await client.webhooks.create({ url: 'https://example.com/hooks', events: ['deposit.created'], secret: SECRET });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const start = fake.clock.now();
  const reportedAt: number[] = [];
  const watch = watchWebhookSubscriptions(client, {
    everyMs: EVERY,
    onInactive: () => {
      reportedAt.push(fake.clock.now());
    },
    onError: (error) => {
      throw error;
    },
  });
  await vi.waitUntil(() => lists.done === 1);
  const events: string[] = [];
  for (let t = 0; t < WEEKEND; t += EVERY) {
    if (t % HOUR === 0) events.push((await fake.admin.emit('deposit.created', { amount: '10.00' })).event.id);
    await fake.advanceTime(EVERY);
    const before = lists.done;
    await vi.advanceTimersByTimeAsync(EVERY);
    await vi.waitUntil(() => lists.done === before + 1, { timeout: 5_000 });
    await settle();
  }
  watch.stop();
  const subscription = (await client.webhooks.retrieve(created.id as string)) as WebhookSubscription;
  return { events, reportedAt, subscription, start };
}

describe('the weekend: the ledger is down for 20 h', () => {
  it('the classic receiver lets the subscription turn inactive; the watch reports it within one interval; the events are lost', async () => {
    let fake: FakeCreditPlatform | undefined;
    const ledger = new Set<string>();
    const receiver = createWebhookHandler({
      secret: SECRET,
      onError: () => undefined,
      on: {
        'deposit.created': async (event) => {
          if ((fake as FakeCreditPlatform).clock.now() < started + OUTAGE) throw new Error('ledger database is down');
          ledger.add(event.id);
        },
      },
    });
    fake = fakeService(receiver);
    const started = fake.clock.now();
    const { events, reportedAt, subscription, start } = await weekend(fake);

    // The first deposit's sixth attempt failed at 1 + 5 + 30 + 120 + 720 min = 14 h 36 min.
    expect(subscription.status).toBe('inactive');
    const inactiveAt = Date.parse(subscription.updatedAt as string);
    expect(inactiveAt - start).toBe(14 * HOUR + 36 * MINUTE);
    expect(reportedAt).toHaveLength(1);
    expect(reportedAt[0]! - inactiveAt).toBeGreaterThanOrEqual(0);
    expect(reportedAt[0]! - inactiveAt).toBeLessThanOrEqual(EVERY);

    // Nothing reached the ledger: before 20 h every attempt failed, and after 14 h 36 min the
    // service sent nothing at all, not even the deposits made once the ledger was back.
    expect(events).toHaveLength(48);
    expect(ledger.size).toBe(0);
    const sentAfter = fake.admin.deliveries().filter((d) => Date.parse(d.attemptedAt) > inactiveAt);
    expect(sentAfter).toEqual([]);
  });
});
