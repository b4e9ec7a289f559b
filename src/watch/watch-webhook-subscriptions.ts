import { ConfigurationError } from '../errors/base.js';
import type { Webhooks, WebhookSubscription } from '../resources/webhooks/webhooks.js';

const FN = 'watchWebhookSubscriptions';
// Under a second a watch spends the key's rate limit (30 a minute on the free tier) on a state
// that takes the service about 14.6 h of failed retries to reach; above setTimeout's largest
// delay Node fires at once, so a watch of a month would check in a loop.
const MIN_EVERY_MS = 1_000;
const MAX_EVERY_MS = 2_147_483_647;

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
   * limit) or what `onInactive` threw; the watch goes on either way. Default: one
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

  const check = async (): Promise<void> => {
    const seen: WebhookSubscription[] = [];
    try {
      for await (const sub of client.webhooks.list({ limit: 100 }, { signal: stopper.signal })) seen.push(sub);
    } catch (error) {
      // A failed check changes nothing: the next one compares against the last complete list.
      report(error);
      return;
    }
    const current = new Map<string, boolean>();
    for (const sub of seen) {
      if (stopper.signal.aborted) return;
      const key = sub.id ?? sub.url;
      const isInactive = sub.status === 'inactive';
      let reported = inactive.get(key) === true;
      if (isInactive && !reported) {
        try {
          await onInactive(sub);
          reported = true;
        } catch (error) {
          report(error);
        }
      }
      current.set(key, isInactive && reported);
    }
    inactive.clear();
    for (const [key, value] of current) inactive.set(key, value);
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
