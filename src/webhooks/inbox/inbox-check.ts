// The receivers' checks of an `inbox` option, at creation: alone (never with handlers or a store),
// shaped like an inbox, and remembering ids at least as long as the freshness check accepts events.
import { ConfigurationError } from '../../errors/base.js';
import { hours, MAX_CLOCK_SKEW_MS } from '../events/freshness.js';
import { isWebhookInbox, type WebhookInbox } from '../stores/webhook-inbox.js';

/** @internal The inbox of `options`, checked; `undefined` when there is none. */
export function checkInbox(
  options: { readonly inbox?: unknown; readonly on?: unknown; readonly onUnknownEvent?: unknown; readonly store?: unknown },
  maxEventAge: number,
  fn: string,
): WebhookInbox | undefined {
  const { inbox } = options;
  if (inbox === undefined) return undefined;
  const extra = (['on', 'onUnknownEvent', 'store'] as const).filter((name) => options[name] !== undefined);
  if (extra.length > 0) {
    throw new ConfigurationError(
      'inbox',
      `${fn}: \`inbox\` cannot be combined with ${extra.map((name) => `\`${name}\``).join(' or ')}. With an inbox the ` +
        'receiver only verifies and stores each event (and de-duplicates it); your handlers run from the inbox: ' +
        'pass them to `inbox.work({ on })` and drop them from the receiver options.',
    );
  }
  if (!isWebhookInbox(inbox)) {
    throw new ConfigurationError(
      'inbox',
      `${fn}: \`inbox\` must be a webhook inbox (\`createPostgresWebhookInbox(pool)\` from credit-platform/postgres), ` +
        'with an `accept(event)` method and a numeric `retentionMs`.',
    );
  }
  const needed = maxEventAge + MAX_CLOCK_SKEW_MS;
  if (inbox.retentionMs < needed) {
    const finiteAge = inbox.retentionMs - MAX_CLOCK_SKEW_MS;
    throw new ConfigurationError(
      'inbox',
      `${fn}: the inbox remembers event ids for ${inbox.retentionMs} ms (${hours(inbox.retentionMs)}), ` +
        (maxEventAge === Number.POSITIVE_INFINITY
          ? 'but maxEventAge is Infinity: an event of any age is accepted, so a captured delivery replayed after the ' +
            'inbox forgot its id would be stored and handled again. '
          : `less than maxEventAge plus the 5 minutes an event may be signed ahead: ${needed} ms (${hours(needed)}), so a ` +
            'replayed delivery could be stored and handled again. ') +
        `Set maxEventAge to at most ${Math.max(finiteAge, 0)} ms, or keep ids longer (the inbox's \`retentionMs\`).`,
    );
  }
  return inbox;
}
