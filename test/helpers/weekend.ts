// The weekend on the fake's clock, shared by the classic receiver's run
// (test/integration/weekend-classic.test.ts) and the inbox's (test/postgres/weekend-inbox.test.ts):
// the handler's dependency is down for 20 h from the first deposit, a deposit arrives every hour
// for 48 h, the fake retries each failed delivery on the spec's schedule (1 min, 5 min, 30 min,
// 2 h, 12 h) and turns the subscription inactive after six failed attempts (spec 6.4), and
// watchWebhookSubscriptions checks every 15 minutes.
import { vi } from 'vitest';
import { CreditPlatform, watchWebhookSubscriptions, type WebhookSubscription } from '../../src/index.js';
import { createFakeCreditPlatform, createManualClock, type FakeCreditPlatform } from '../../src/testing/index.js';

export const SECRET = 'whsec_weekend';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** The watch's interval. */
export const EVERY = 15 * MINUTE;
export const OUTAGE = 20 * HOUR;
export const WEEKEND = 48 * HOUR;

/** Lets real I/O run while setTimeout stays fake. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A fake that sends its deliveries to `receiver`, on a manual clock that ends the weekend near now
 * (receivers refuse events signed more than 72 h ago or 5 min ahead of the real clock).
 */
export function fakeService(receiver: (request: Request) => Promise<Response>): FakeCreditPlatform {
  return createFakeCreditPlatform({
    clock: createManualClock(Date.now() - WEEKEND - HOUR),
    transactions: 0,
    webhookTransport: receiver,
  });
}

/** Whether the dependency is down at the fake's time: the first 20 h of the weekend. */
export function dependencyDown(fake: FakeCreditPlatform, start: number): boolean {
  return fake.clock.now() < start + OUTAGE;
}

export interface WeekendResult {
  /** The ids of the deposits emitted, one an hour. */
  events: string[];
  /** Fake-clock times at which onInactive was called. */
  reportedAt: number[];
  /** The subscription at the end. */
  subscription: WebhookSubscription;
}

/**
 * Runs the weekend from the fake's current time: a deposit every hour on the hour, the fake's
 * clock and the watch's timer moved together in steps of one watch interval, each step waiting
 * for the watch's check. Leaves fake timers off.
 */
export async function runWeekend(fake: FakeCreditPlatform): Promise<WeekendResult> {
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
  const created = await client.webhooks.create({ url: 'https://example.com/hooks', events: ['deposit.created'], secret: SECRET });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
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
    const subscription = await client.webhooks.retrieve(created.id as string);
    return { events, reportedAt, subscription };
  } finally {
    vi.useRealTimers();
  }
}
