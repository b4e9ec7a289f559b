import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  InvalidResponseError,
  RateLimitError,
  watchWebhookSubscriptions,
  type WebhookSubscription,
  type WebhookSubscriptionWatch,
} from '../../src/index.js';
import { client, fail, http, ok, url, useMswServer } from '../helpers/msw.js';

// watchWebhookSubscriptions against msw: when onInactive is called (once per turn to inactive),
// where errors go, how it stops, and what it refuses.

const server = useMswServer();
const EVERY = 60_000;
const watches: WebhookSubscriptionWatch[] = [];
afterEach(() => {
  for (const w of watches.splice(0)) w.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

const sub = (id: string, status: 'active' | 'inactive'): WebhookSubscription => ({
  id,
  url: `https://example.com/hooks/${id}`,
  events: ['deposit.created'],
  status,
});

/** Lets real I/O run (msw's interception, the client's parsing) while the timers stay fake. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Moves fake time by `ms` (running the watch's timer), then waits until `checks` checks have ended. */
async function tick(ms: number, seen?: { checks: number }, checks?: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  if (seen && checks !== undefined) await vi.waitUntil(() => seen.checks >= checks, { timeout: 5_000 });
  await settle();
}

/** Serves the subscriptions `states()` returns at each request, two a page; counts list requests. */
function serve(states: () => WebhookSubscription[] | Response) {
  const seen = { requests: 0, checks: 0 };
  server.use(
    http.get(url('webhooks'), ({ request }) => {
      seen.requests++;
      const all = states();
      if (all instanceof Response) return all;
      const cursor = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
      if (cursor === 0) seen.checks++;
      const next = cursor + 2 < all.length ? String(cursor + 2) : null;
      return ok({ items: all.slice(cursor, cursor + 2), nextCursor: next });
    }),
  );
  return seen;
}

function start(options: Partial<Parameters<typeof watchWebhookSubscriptions>[1]> = {}, timeout?: number) {
  const inactive: string[] = [];
  const errors: unknown[] = [];
  const watch = watchWebhookSubscriptions(client({ maxRetries: 0, ...(timeout === undefined ? {} : { timeout }) }), {
    everyMs: EVERY,
    onInactive: (s) => {
      inactive.push(s.id as string);
    },
    onError: (e) => errors.push(e),
    ...options,
  });
  watches.push(watch);
  return { watch, inactive, errors };
}

describe('watchWebhookSubscriptions: onInactive once per turn to inactive', () => {
  it('reports a subscription once when it turns inactive, not at each check, and again after a reactivation', async () => {
    fakeTimers();
    let states = [sub('wh_a', 'active'), sub('wh_b', 'active'), sub('wh_c', 'active')];
    const seen = serve(() => states);
    const { inactive, errors } = start();
    await tick(0, seen, 1);
    expect([seen.checks, seen.requests]).toEqual([1, 2]); // every page: three subscriptions, two a page
    expect(inactive).toEqual([]);

    states = [sub('wh_a', 'active'), sub('wh_b', 'active'), sub('wh_c', 'inactive')]; // on the second page
    await tick(EVERY, seen, 2);
    expect([seen.checks, inactive]).toEqual([2, ['wh_c']]);
    for (const n of [3, 4, 5]) await tick(EVERY, seen, n);
    expect([seen.checks, inactive]).toEqual([5, ['wh_c']]); // still inactive: not reported again

    states = [sub('wh_a', 'active'), sub('wh_b', 'active'), sub('wh_c', 'active')]; // reactivated
    await tick(EVERY, seen, 6);
    states = [sub('wh_a', 'inactive'), sub('wh_b', 'active'), sub('wh_c', 'inactive')];
    await tick(EVERY, seen, 7);
    expect(inactive).toEqual(['wh_c', 'wh_a', 'wh_c']); // in the list's order
    expect(errors).toEqual([]);
  });

  it('reports once a subscription that is already inactive at the first check, at once', async () => {
    fakeTimers();
    const seen = serve(() => [sub('wh_a', 'inactive'), sub('wh_b', 'active')]);
    const { inactive } = start();
    await tick(0, seen, 1);
    expect(inactive).toEqual(['wh_a']);
    await tick(EVERY, seen, 2);
    await tick(EVERY, seen, 3);
    expect(inactive).toEqual(['wh_a']);
  });

  it('checks everyMs after the previous check ended, never two at once', async () => {
    fakeTimers();
    const times: number[] = [];
    const t0 = Date.now();
    server.use(
      http.get(url('webhooks'), () => {
        times.push(Date.now() - t0);
        return ok({ items: [sub('wh_a', 'active')], nextCursor: null });
      }),
    );
    start();
    const seen = {
      get checks() {
        return times.length;
      },
    };
    for (const n of [1, 2, 3, 4]) await tick(n === 1 ? 0 : EVERY, seen, n);
    // everyMs counts from the end of the last check (waiting for it here moves fake time by a few ms).
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    expect(gaps).toHaveLength(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(EVERY);
    for (const gap of gaps) expect(gap).toBeLessThan(EVERY + 1_000);
  });

  it('awaits onInactive before the next check, and reports again a subscription whose onInactive threw', async () => {
    fakeTimers();
    const seen = serve(() => [sub('wh_a', 'inactive')]);
    let calls = 0;
    const { errors } = start({
      onInactive: async () => {
        calls++;
        if (calls === 1) throw new Error('the pager is down');
      },
    });
    await tick(0, seen, 1);
    expect([calls, (errors[0] as Error).message]).toEqual([1, 'the pager is down']);
    await tick(EVERY, seen, 2);
    expect([calls, errors.length]).toEqual([2, 1]); // the alert got out the second time
    await tick(EVERY, seen, 3);
    expect([calls, seen.checks]).toEqual([2, 3]);
  });
});

describe('watchWebhookSubscriptions: what a check compares', () => {
  it('tells subscriptions without an id apart by their URL', async () => {
    fakeTimers();
    const noId = (path: string): WebhookSubscription => ({
      ...sub('x', 'inactive'),
      id: undefined,
      url: `https://example.com/${path}`,
    });
    const seen = serve(() => [noId('a'), noId('b')]);
    const reported: string[] = [];
    start({ onInactive: (s) => void reported.push(s.url) });
    await tick(0, seen, 1);
    expect(reported).toEqual(['https://example.com/a', 'https://example.com/b']);
  });

  it('reports again a subscription that left the list and came back inactive', async () => {
    fakeTimers();
    let states = [sub('wh_a', 'inactive'), sub('wh_b', 'active')];
    const seen = serve(() => states);
    const { inactive } = start();
    await tick(0, seen, 1);
    states = [sub('wh_b', 'active')]; // deleted
    await tick(EVERY, seen, 2);
    states = [sub('wh_a', 'inactive'), sub('wh_b', 'active')]; // created again, and inactive again
    await tick(EVERY, seen, 3);
    expect(inactive).toEqual(['wh_a', 'wh_a']);
  });
});

describe('watchWebhookSubscriptions: a failed check', () => {
  it('goes to onError and the watch keeps going; a failed check forgets nothing', async () => {
    fakeTimers();
    let answer: 'ok' | 'limited' = 'ok';
    const seen = serve(() => (answer === 'ok' ? [sub('wh_a', 'inactive')] : fail(429, 'Too many requests')));
    const { inactive, errors } = start();
    await tick(0, seen, 1);
    answer = 'limited';
    await tick(EVERY);
    await vi.waitUntil(() => errors.length === 1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RateLimitError);
    answer = 'ok';
    await tick(EVERY, seen, 2);
    // The failed check in between did not make the watch forget that wh_a was reported.
    expect(inactive).toEqual(['wh_a']);
    expect(errors).toHaveLength(1);
  });

  it('warns with one console.warn line when no onError is given, and survives an onError that throws', async () => {
    fakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const seen = serve(() => fail(503, 'Service unavailable'));
    watches.push(watchWebhookSubscriptions(client({ maxRetries: 0 }), { everyMs: EVERY, onInactive: () => undefined }));
    // The client warns of its own given-up call too; the watch's line is its own, one per failed check.
    const mine = () => warn.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('watchWebhookSubscriptions'));
    await vi.waitUntil(() => mine().length > 0);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatch(
      /^watchWebhookSubscriptions: a check of the webhook subscriptions failed \(InternalServerError: 503 Service unavailable\); the watch goes on\.$/,
    );
    expect(mine()[0]).not.toContain('SECRET'); // the test key holds SECRET

    start({
      onError: () => {
        throw new Error('broken callback');
      },
    });
    await vi.waitUntil(() => seen.requests === 2);
    await settle();
    await tick(EVERY);
    await vi.waitUntil(() => seen.requests === 4);
    await tick(EVERY);
    await vi.waitUntil(() => seen.requests === 6); // both watches kept checking
    expect(mine()).toHaveLength(3);
  });
});

/**
 * Serves pages that never end, two subscriptions a page, all active but `wh_3_1` (on page 3);
 * counts requests, and notes how many had been made when each subscription was reported.
 */
function serveEndless(answer: (page: number) => Promise<void> = async () => undefined) {
  const seen = { requests: 0 };
  server.use(
    http.get(url('webhooks'), async ({ request }) => {
      seen.requests++;
      const page = Number(new URL(request.url).searchParams.get('cursor') ?? '1');
      await answer(page);
      const items = [sub(`wh_${page}_0`, 'active'), sub(`wh_${page}_1`, page === 3 ? 'inactive' : 'active')];
      return ok({ items, nextCursor: String(page + 1) });
    }),
  );
  return seen;
}

describe('watchWebhookSubscriptions: one check is bounded', () => {
  it('reads 100 pages of endless ones, then reports an InvalidResponseError naming the bound; an inactive one on page 3 is reported', async () => {
    fakeTimers();
    const seen = serveEndless();
    const requestsAtReport: number[] = [];
    const { inactive, errors } = start({
      onInactive: (s) => {
        inactive.push(s.id as string);
        requestsAtReport.push(seen.requests);
      },
    });
    await vi.waitUntil(() => errors.length === 1, { timeout: 20_000 });
    expect(seen.requests).toBe(100);
    expect(errors[0]).toBeInstanceOf(InvalidResponseError);
    expect((errors[0] as Error).message).toContain('read 100 pages of 100 subscriptions and more followed');
    expect((errors[0] as Error).message).toContain('a check reads at most 100 pages and takes at most 120 s');
    expect(inactive).toEqual(['wh_3_1']);
    // Reported while page 3 was in hand, before page 4 was asked for: no page is held for later.
    expect(requestsAtReport).toEqual([3]);

    await tick(EVERY);
    await vi.waitUntil(() => errors.length === 2, { timeout: 20_000 });
    // The next check is bounded alike, and does not report again what the stopped one reported.
    expect([seen.requests, inactive]).toEqual([200, ['wh_3_1']]);
  });

  it('stops a check still paging after 2 minutes with an InvalidResponseError naming the bound, reporting what it read', async () => {
    fakeTimers();
    // Pages from the 4th on take 50 s each to answer, which the client waits for (no timeout of its own first).
    const seen = serveEndless((page) => (page >= 4 ? new Promise((resolve) => setTimeout(resolve, 50_000)) : Promise.resolve()));
    const { inactive, errors } = start({}, 300_000);
    await vi.waitUntil(() => seen.requests === 4);
    await tick(119_000);
    expect(errors).toEqual([]);
    await tick(1_000);
    await vi.waitUntil(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(InvalidResponseError);
    expect((errors[0] as Error).message).toContain('did not end within 120 s');
    expect(inactive).toEqual(['wh_3_1']);
    expect(seen.requests).toBe(6); // pages 4 to 6 took 50 s each; the 6th was cut short
  });
});

describe('watchWebhookSubscriptions: stopping', () => {
  it('stop() ends it: no request and no callback after, even for the check in flight', async () => {
    fakeTimers();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requests = 0;
    server.use(
      http.get(url('webhooks'), async () => {
        requests++;
        await gate;
        return ok({ items: [sub('wh_a', 'inactive')], nextCursor: null });
      }),
    );
    const { watch, inactive, errors } = start();
    await vi.waitUntil(() => requests === 1);
    watch.stop();
    release();
    await settle();
    await tick(EVERY * 3);
    expect([requests, inactive, errors]).toEqual([1, [], []]);
    watch.stop(); // idempotent
  });

  it('stop() inside onInactive reports no other subscription of the page in hand', async () => {
    fakeTimers();
    const seen = serve(() => [sub('wh_a', 'inactive'), sub('wh_b', 'inactive')]);
    const reported: string[] = [];
    const { watch } = start({
      onInactive: (s) => {
        reported.push(s.id as string);
        watch.stop();
      },
    });
    await vi.waitUntil(() => seen.requests === 1);
    await settle();
    await tick(EVERY * 2);
    expect([reported, seen.requests]).toEqual([['wh_a'], 1]);
  });

  it('an aborted signal stops it, and one aborted before the start makes no request at all', async () => {
    fakeTimers();
    const seen = serve(() => [sub('wh_a', 'active')]);
    const controller = new AbortController();
    start({ signal: controller.signal });
    await tick(0, seen, 1);
    controller.abort();
    await tick(EVERY * 3);
    expect(seen.requests).toBe(1);

    start({ signal: AbortSignal.abort() });
    await tick(EVERY * 2);
    expect(seen.requests).toBe(1);
  });

  it('does not keep the process alive: its timer is unref’d', async () => {
    const unref = vi.fn();
    const real = globalThis.setTimeout;
    let scheduled: number | undefined;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      if (ms === EVERY) {
        scheduled = ms;
        return { unref, ref: vi.fn(), hasRef: () => false, [Symbol.toPrimitive]: () => 0 } as unknown as NodeJS.Timeout;
      }
      return real(fn, ms);
    }) as typeof setTimeout);
    serve(() => [sub('wh_a', 'active')]);
    start();
    await vi.waitFor(() => expect(scheduled).toBe(EVERY));
    expect(unref).toHaveBeenCalledTimes(1);
  });
});

describe('watchWebhookSubscriptions: options checked at the call', () => {
  const onInactive = () => undefined;
  it.each([
    [
      'everyMs',
      { everyMs: 999, onInactive },
      /`everyMs` must be a whole number of milliseconds from 1000 to 2147483647; got 999\. Every 5 minutes/,
    ],
    ['everyMs', { everyMs: 1_500.5, onInactive }, /got 1500\.5/],
    ['everyMs', { everyMs: 2 ** 31, onInactive }, /got 2147483648/],
    ['everyMs', { everyMs: Number.NaN, onInactive }, /got NaN/],
    ['everyMs', { everyMs: '60000', onInactive }, /got 60000/],
    ['onInactive', { everyMs: EVERY }, /`onInactive` must be a function/],
    ['onError', { everyMs: EVERY, onInactive, onError: 'log' }, /`onError` must be a function/],
    ['signal', { everyMs: EVERY, onInactive, signal: {} }, /`signal` must be an AbortSignal/],
    ['options', undefined, /pass \{ everyMs, onInactive \}/],
  ])('refuses a bad %s with a ConfigurationError that says what to pass, before any request', (option, options, message) => {
    const seen = serve(() => []);
    let error: unknown;
    try {
      watchWebhookSubscriptions(client(), options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/^watchWebhookSubscriptions: /);
    expect(seen.requests).toBe(0);
  });

  it('refuses something other than a client', () => {
    expect(() => watchWebhookSubscriptions({} as never, { everyMs: EVERY, onInactive })).toThrow(
      'watchWebhookSubscriptions: pass a CreditPlatform client as the first argument.',
    );
    // The boundary values pass.
    watches.push(watchWebhookSubscriptions(client(), { everyMs: 1_000, onInactive, signal: AbortSignal.abort() }));
    watches.push(watchWebhookSubscriptions(client(), { everyMs: 2 ** 31 - 1, onInactive, signal: AbortSignal.abort() }));
  });
});
