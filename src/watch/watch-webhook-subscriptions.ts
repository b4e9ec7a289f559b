import { ConfigurationError } from '../errors/base.js';
import { InvalidResponseError } from '../errors/invalid-response.js';
import type { Webhooks, WebhookSubscription } from '../resources/webhooks/webhooks.js';

const FN = 'watchWebhookSubscriptions';
// Under a second a watch spends the key's rate limit (30 a minute on the free tier) on a state
// that takes the service about 14.6 h of failed retries to reach; above setTimeout's largest
// delay Node fires at once, so a watch of a month would check in a loop.
const MIN_EVERY_MS = 1_000;
const MAX_EVERY_MS = 2_147_483_647;
// One check's bounds: a service whose pages never end (or loop through cursors) must not blind
// the watch. 100 pages of 100 is 10 000 subscriptions, far past any account's; two minutes is
// far past a few pages' round trips, retries included.
const PAGE_SIZE = 100;
const MAX_PAGES = 100;
const MAX_CHECK_MS = 120_000;

/**
 * Options of {@link watchWebhookSubscriptions}.
 *
 * @example
 * ```ts
 * const options: WatchWebhookSubscriptionsOptions = {
 *   everyMs: 5 * 60_000,
 *   onInactive: (sub) => console.error(`deliveries to ${sub.url} stopped: reactivate it in the dashboard`),
 * };
 * ```
 */
export interface WatchWebhookSubscriptionsOptions {
  /** Milliseconds between the end of one check and the start of the next, 1 000 to 2 147 483 647. */
  everyMs: number;
  /**
   * Called once when a subscription is seen `inactive` (at the first check too), and again only
   * after it was seen active in between. Awaited before the next check. When it throws or
   * rejects, the error goes to `onError` and the subscription is reported again at the next check.
   */
  onInactive: (subscription: WebhookSubscription) => void | Promise<void>;
  /**
   * Called with what made a check fail (the client's error: the service down, a spent rate
   * limit; an `InvalidResponseError` when the check passed its bounds of 100 pages or 2 minutes)
   * or what `onInactive` threw; the watch goes on either way. Default: one
   * `console.warn` line. An error it throws itself is dropped.
   */
  onError?: (error: unknown) => void;
  /** Aborting it stops the watch, as `stop()` does. */
  signal?: AbortSignal;
}

/**
 * A running {@link watchWebhookSubscriptions}.
 *
 * @example
 * ```ts
 * const watch: WebhookSubscriptionWatch = watchWebhookSubscriptions(client, { everyMs: 60_000, onInactive: console.error });
 * process.once('SIGTERM', () => watch.stop());
 * ```
 */
export interface WebhookSubscriptionWatch {
  /** Stops it: the check in flight is abandoned and no callback runs after this returns. Idempotent. */
  stop(): void;
}

/**
 * What the watch needs of a client: `client.webhooks.list`. A `CreditPlatform` fits.
 *
 * @example
 * ```ts
 * const source: WebhookSubscriptionSource = new CreditPlatform({ apiKey: process.env.CREDIT_PLATFORM_API_KEY });
 * ```
 */
export interface WebhookSubscriptionSource {
  /** The client's webhooks resource. */
  readonly webhooks: Pick<Webhooks, 'list'>;
}

/**
 * Watches the account's webhook subscriptions: lists them all (every page) at once and then
 * `everyMs` after each check ends, and calls `onInactive(subscription)` once when one turns
 * `inactive`, which the service does after six failed attempts at one delivery (about 14.6 h)
 * and which stops every later delivery until someone reactivates it in the dashboard.
 *
 * One check is bounded: it reads at most 100 pages of 100 subscriptions and takes at most 2
 * minutes. Past either bound (a service whose pages never end) it stops and `onError` gets an
 * `InvalidResponseError` naming the bound. Each page is looked at as it arrives and only each
 * subscription's id is kept, so an inactive one among the pages read is still reported, and no
 * page is held once the next one is read.
 *
 * A failed check goes to `onError` and the watch keeps going. The watch's timer does not keep
 * the process alive (it is `unref`'d): it runs as long as your server does, and a script that
 * only watches ends at once; for a cron job or a health check, run
 * `credit-platform webhooks status` instead (exit 3 when one is inactive). See the webhooks
 * guide, "Never lose an event", for what to do once one turned inactive.
 *
 * @throws ConfigurationError when `everyMs` is not a whole number from 1 000 to 2 147 483 647,
 *   `onInactive` is not a function, or `onError` is given and is not one.
 *
 * @example
 * ```ts
 * import { CreditPlatform, watchWebhookSubscriptions } from 'credit-platform';
 *
 * const client = new CreditPlatform({ apiKey: process.env.CREDIT_PLATFORM_API_KEY });
 * const watch = watchWebhookSubscriptions(client, {
 *   everyMs: 5 * 60_000,
 *   onInactive: async (sub) => {
 *     console.error(`credit-platform stopped delivering to ${sub.url} (${sub.id}): reactivate it in the dashboard`);
 *   },
 *   onError: (error) => console.warn('subscription check failed', error),
 * });
 * process.once('SIGTERM', () => watch.stop());
 * ```
 */
export function watchWebhookSubscriptions(
  client: WebhookSubscriptionSource,
  options: WatchWebhookSubscriptionsOptions,
): WebhookSubscriptionWatch {
  const { everyMs, onInactive, onError = warnOnce, signal } = checkOptions(client, options);
  // Per subscription: was it inactive at the last check that saw it. Absent: never seen, or gone.
  const inactive = new Map<string, boolean>();
  const stopper = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const report = (error: unknown) => {
    if (stopper.signal.aborted) return;
    try {
      onError(error);
    } catch {
      // The watch must outlive its own error callback.
    }
  };

  // Looks at one subscription of the check in flight: reports it when it turned inactive, and
  // notes in `current` what the next check compares against.
  const look = async (sub: WebhookSubscription, current: Map<string, boolean>): Promise<void> => {
    const key = sub.id ?? sub.url;
    const isInactive = sub.status === 'inactive';
    let reported = inactive.get(key) === true || current.get(key) === true;
    if (isInactive && !reported) {
      try {
        await onInactive(sub);
        reported = true;
      } catch (error) {
        report(error);
      }
    }
    current.set(key, isInactive && reported);
  };

  const check = async (): Promise<void> => {
    const deadline = new AbortController();
    const deadlineTimer = setTimeout(() => deadline.abort(), MAX_CHECK_MS);
    deadlineTimer.unref?.();
    const current = new Map<string, boolean>();
    let failure: unknown;
    try {
      const signal = AbortSignal.any([stopper.signal, deadline.signal]);
      // `prefetch: 0`: a page is asked for only once the one before it was looked at, so a check
      // stopped at the page bound sent exactly that many requests.
      let pages = 0;
      for await (const page of client.webhooks.list({ limit: PAGE_SIZE }, { signal, prefetch: 0 }).pages()) {
        pages++;
        for (const sub of page.items) {
          if (stopper.signal.aborted) return;
          await look(sub, current);
        }
        if (page.hasNextPage() && pages >= MAX_PAGES) {
          failure = boundError(`read ${MAX_PAGES} pages of ${PAGE_SIZE} subscriptions and more followed`);
          break;
        }
      }
    } catch (error) {
      failure = deadline.signal.aborted ? boundError(`did not end within ${MAX_CHECK_MS / 1_000} s`) : error;
    } finally {
      clearTimeout(deadlineTimer);
    }
    if (stopper.signal.aborted) return;
    // A complete check replaces what the watch knows; a failed one only adds what it saw, so a
    // subscription it reported is not reported again, and one it did not reach is not forgotten.
    if (failure === undefined) inactive.clear();
    for (const [key, value] of current) inactive.set(key, value);
    if (failure !== undefined) report(failure);
  };

  const loop = async (): Promise<void> => {
    await check();
    if (stopper.signal.aborted) return;
    timer = setTimeout(loop, everyMs);
    timer.unref?.();
  };

  const stop = () => {
    stopper.abort();
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  };
  if (signal?.aborted) {
    stopper.abort();
    return { stop };
  }
  signal?.addEventListener('abort', stop, { once: true });
  void loop();
  return { stop };
}

// A check stopped at one of its bounds: the service's list did not end as a list should.
function boundError(what: string): InvalidResponseError {
  return new InvalidResponseError(
    `${FN}: one check of the webhook subscriptions ${what}; it stopped there (a check reads at most ` +
      `${MAX_PAGES} pages and takes at most ${MAX_CHECK_MS / 1_000} s). The subscriptions on the pages read were checked; ` +
      'the watch goes on.',
    { status: 200, body: '' },
  );
}

function warnOnce(error: unknown): void {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.warn(`${FN}: a check of the webhook subscriptions failed (${text}); the watch goes on.`);
}

function checkOptions(
  client: WebhookSubscriptionSource,
  options: WatchWebhookSubscriptionsOptions,
): WatchWebhookSubscriptionsOptions {
  if (typeof client?.webhooks?.list !== 'function') {
    throw new ConfigurationError('client', `${FN}: pass a CreditPlatform client as the first argument.`);
  }
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError('options', `${FN}: pass { everyMs, onInactive }, e.g. { everyMs: 300_000, onInactive }.`);
  }
  const { everyMs, onInactive, onError } = options;
  if (typeof everyMs !== 'number' || !Number.isInteger(everyMs) || everyMs < MIN_EVERY_MS || everyMs > MAX_EVERY_MS) {
    throw new ConfigurationError(
      'everyMs',
      `${FN}: \`everyMs\` must be a whole number of milliseconds from ${MIN_EVERY_MS} to ${MAX_EVERY_MS}; got ${String(everyMs)}. ` +
        'Every 5 minutes (300_000) finds an inactive subscription long before a day of events is missed.',
    );
  }
  if (typeof onInactive !== 'function') {
    throw new ConfigurationError(
      'onInactive',
      `${FN}: \`onInactive\` must be a function; it is called with each subscription that turns inactive.`,
    );
  }
  if (onError !== undefined && typeof onError !== 'function') {
    throw new ConfigurationError(
      'onError',
      `${FN}: \`onError\` must be a function, or left out for one console.warn line per failed check.`,
    );
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new ConfigurationError('signal', `${FN}: \`signal\` must be an AbortSignal (from an AbortController).`);
  }
  return options;
}
