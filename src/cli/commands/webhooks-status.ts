import { CreditPlatform } from '../../client.js';
import { redact } from '../../core/redaction/redact.js';
import type { WebhookSubscription } from '../../resources/webhooks/webhooks.js';
import { type Command, defineCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK, printLine } from '../io.js';
import { commandLogger } from '../output/client-log.js';
import { printableLine, readBodyPrefix } from '../output/terminal-text.js';
import { forwardNote } from '../output/forward-note.js';
import { isLoopbackHost } from '../../testing/delivery/delivery-url.js';
import { FORWARD_PATH, type ForwardReport } from '../../testing/server/forward-endpoint.js';

const NAME = 'webhooks status';
/** Exit code when the command ran and at least one subscription is inactive. */
export const EXIT_INACTIVE = 3;

const help = `usage: credit-platform webhooks status

Lists the account's webhook subscriptions (every page), one line each:
  <status> <id> <url> <event types>
from the service named by CREDIT_PLATFORM_API_KEY and CREDIT_PLATFORM_BASE_URL.

Against a fake started with --forward-to (credit-platform fake), it also says where the fake
forwards events, which is not a subscription, and whether every forwarded event was delivered.

Exit codes: 0 every subscription is active (or there is none) and a fake's forward delivered
every event, 3 at least one subscription is inactive or a forwarded event is not delivered,
1 the list could not be read, 2 a mistake in the command line. A subscription turns inactive
after six failed attempts at one delivery (about 14.6 h) and is sent nothing more until it is
reactivated in the dashboard, so this fits a cron job or a health check.

example:
  */10 * * * *  npx credit-platform webhooks status || notify-team "webhook subscription inactive"`;

/** One subscription's line, every service string made terminal-safe and free of the key. */
function subscriptionLine(sub: WebhookSubscription, apiKey: string | undefined): string {
  const secrets = apiKey ? [apiKey] : [];
  const field = (value: string | undefined) => printableLine(redact(value ?? '-', secrets));
  const status = sub.status ?? 'unknown';
  return [field(status).padEnd(8), field(sub.id), field(sub.url), field(sub.events.join(','))].join('  ');
}

/** `credit-platform webhooks status`: each subscription, exit 3 when one is inactive. */
export const webhooksStatus: Command = defineCommand({
  name: NAME,
  options: {},
  summary: 'list the webhook subscriptions; exit 3 when one is inactive (cron, health checks)',
  help,
  async run(_args, io) {
    const apiKey = io.env.CREDIT_PLATFORM_API_KEY;
    let client: CreditPlatform;
    try {
      client = new CreditPlatform({
        apiKey,
        baseUrl: io.env.CREDIT_PLATFORM_BASE_URL,
        logger: commandLogger(io.stderr, (wait) => {
          const seconds = Math.max(1, Math.ceil(wait.waitMs / 1000));
          printLine(io.stderr, `${NAME}: the service asked to wait ${seconds} s (${wait.header}); waiting.`);
        }),
      });
    } catch (error) {
      printLine(io.stderr, `${NAME}: ${printableLine(error instanceof Error ? error.message : String(error))}`);
      return EXIT_FAILURE;
    }
    const stop = new AbortController();
    const stopListening = io.onStop(() => stop.abort());
    const subscriptions: WebhookSubscription[] = [];
    try {
      for await (const sub of client.webhooks.list({ limit: 100 }, { signal: stop.signal })) subscriptions.push(sub);
    } catch (error) {
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      printLine(io.stderr, `${NAME}: could not list the subscriptions: ${printableLine(text)}`);
      return EXIT_FAILURE;
    } finally {
      stopListening();
    }
    for (const sub of subscriptions) printLine(io.stdout, subscriptionLine(sub, apiKey));
    const inactive = subscriptions.filter((s) => s.status === 'inactive').length;
    const fake = await fakeForward(io.env.CREDIT_PLATFORM_BASE_URL, apiKey);
    const forward =
      fake === undefined
        ? undefined
        : forwardNote(fake.report, fake.origin, subscriptions.length, (text) => redact(text, apiKey ? [apiKey] : []));
    for (const line of forward?.lines ?? []) printLine(io.stderr, `${NAME}: ${line}`);
    if (subscriptions.length === 0 && forward === undefined) {
      printLine(io.stderr, `${NAME}: no subscription: the service sends this account no events.`);
    }
    if (inactive === 0) return forward === undefined || forward.allClear ? EXIT_OK : EXIT_INACTIVE;
    printLine(
      io.stderr,
      `${NAME}: ${inactive} of ${subscriptions.length} subscription(s) inactive: the service sends them nothing until ` +
        'they are reactivated in the dashboard. Then replay what your inbox holds and catch up from transactions.list ' +
        '(docs/guides/webhooks.md, "Never lose an event").',
    );
    return EXIT_INACTIVE;
  },
});

/**
 * The forward of a fake on this machine (`credit-platform fake --forward-to`), read from its
 * `/_fake/forward`; `undefined` when the base URL is not a plain-http loopback address (the
 * service is never asked), nothing answers there as a fake does, or the fake forwards nothing.
 */
async function fakeForward(
  baseUrl: string | undefined,
  apiKey: string | undefined,
): Promise<{ origin: string; report: ForwardReport & { url: string } } | undefined> {
  // The client's constructor has refused a missing key and a malformed base URL: this narrows the types.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a missing key never gets here, so only the base URL decides.
  if (baseUrl === undefined || apiKey === undefined) return undefined;
  const { protocol, hostname, origin } = new URL(baseUrl);
  if (protocol !== 'http:' || !isLoopbackHost(hostname)) return undefined;
  try {
    const response = await fetch(new URL(FORWARD_PATH, origin), {
      headers: { 'x-api-key': apiKey },
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    });
    const { text } = await readBodyPrefix(response, 64 * 1024);
    const report = (JSON.parse(text) as { data?: unknown }).data;
    return response.status === 200 && isForwardReport(report) ? { origin, report } : undefined;
  } catch {
    // No fake there, or one from before this endpoint: the subscriptions are the whole answer.
    return undefined;
  }
}

/** A fake's forward report, checked field by field: whatever listens on loopback may answer. */
function isForwardReport(value: unknown): value is ForwardReport & { url: string } {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: null would throw in the destructuring below, which fakeForward's catch turns into the same undefined; other primitives fail the field checks.
  if (typeof value !== 'object' || value === null) return false;
  const { url, events, undelivered, lastFailure: last } = value as Record<string, unknown>;
  const failure = last as Record<string, unknown> | null;
  return (
    typeof url === 'string' &&
    Number.isSafeInteger(events) &&
    Number.isSafeInteger(undelivered) &&
    (failure === null ||
      // Stryker disable next-line ConditionalExpression: a primitive has no string eventId, so the next check refuses it alike.
      (typeof failure === 'object' &&
        typeof failure.eventId === 'string' &&
        typeof failure.eventType === 'string' &&
        Number.isSafeInteger(failure.attempt) &&
        (failure.responseStatus === null || Number.isSafeInteger(failure.responseStatus)) &&
        (failure.error === null || typeof failure.error === 'string')))
  );
}
