import { EMIT_PATH } from '../../testing/server/emit-endpoint.js';
import { isLoopbackHost } from '../../testing/delivery/delivery-url.js';
import { type Command, defineCommand } from '../command.js';
import { eventDataArg, eventTypeArg } from '../event-input.js';
import { EXIT_FAILURE, EXIT_OK, printLine } from '../io.js';
import { redact } from '../../core/redaction/redact.js';
import { type Signer, statusHint } from '../output/status-hint.js';
import { printableLine, readBodyPrefix } from '../output/terminal-text.js';
import { WEBHOOK_SECRET_ENV } from '../secret-source.js';
import { networkReason } from './webhooks-send.js';

const NAME = 'webhooks trigger';
const OPTIONS = { data: { type: 'string' } } as const;

const help = `usage: credit-platform webhooks trigger <event-type> [--data <json>]

Makes a running fake (credit-platform fake) emit <event-type>, as fake.admin.emit does: it is
delivered to the fake's --forward-to endpoint and to its subscriptions, retried on the service's
schedule, and each attempt is printed by the fake. The fake is found with
CREDIT_PLATFORM_BASE_URL and CREDIT_PLATFORM_API_KEY, the lines the fake printed (or the key
it was given with --api-key or CREDIT_PLATFORM_API_KEY, which it keeps across restarts).

Prints each endpoint's status, explained as webhooks send explains it (a 401: the endpoint
verifies with another secret than the fake's). Exits 0 when every endpoint answered 2xx (or
the fake only recorded the delivery), 1 when one did not (the fake retries it on the
service's schedule) or there is no fake to talk to, 2 for a mistake in the command line.

  --data <json>  fields merged over the type's sample data, e.g. '{"amount":"25.00"}'

example:
  export CREDIT_PLATFORM_BASE_URL=http://127.0.0.1:4010/api/v1 CREDIT_PLATFORM_API_KEY=...
  npx credit-platform webhooks trigger deposit.created --data '{"amount":"25.00"}'`;

interface EmitAnswer {
  data?: {
    event?: { id?: unknown; type?: unknown };
    deliveries?: { url?: unknown; outcome?: unknown; responseStatus?: unknown; error?: unknown; duplicate?: unknown }[];
  };
  message?: unknown;
}

/** The fake signed the delivery: a 401 means the endpoint verifies with another secret than the fake's. */
const FAKE_SIGNER: Signer = {
  urlOption: '--forward-to',
  signer: `the fake (the ${WEBHOOK_SECRET_ENV}=... line it printed; a restarted fake prints a new one unless ${WEBHOOK_SECRET_ENV} is set where it runs)`,
  duplicateCause: 'A restarted fake emits the ids of an earlier run only when started with the same --seed.',
};

/** `credit-platform webhooks trigger`: `fake.admin.emit` on a fake running in another terminal. */
export const webhooksTrigger: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  positionals: ['event-type'],
  summary: 'make a running fake emit an event (delivered to its --forward-to endpoint)',
  help,
  async run(args, io) {
    const type = eventTypeArg(NAME, args.positionals[0] as string);
    const data = eventDataArg(NAME, args.values.data);
    const baseUrl = io.env.CREDIT_PLATFORM_BASE_URL;
    const apiKey = io.env.CREDIT_PLATFORM_API_KEY;
    if (!baseUrl || !apiKey || !URL.canParse(baseUrl)) {
      printLine(
        io.stderr,
        `${NAME}: set CREDIT_PLATFORM_BASE_URL and CREDIT_PLATFORM_API_KEY to the lines \`credit-platform fake\` printed.`,
      );
      return EXIT_FAILURE;
    }
    const origin = new URL(baseUrl);
    if (origin.protocol !== 'http:' || !isLoopbackHost(origin.hostname)) {
      printLine(io.stderr, `${NAME}: ${origin.origin} is not a local fake; the service emits its events itself.`);
      return EXIT_FAILURE;
    }
    let response: Response;
    try {
      response = await fetch(new URL(EMIT_PATH, origin.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ type, data }),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      printLine(
        io.stderr,
        `${NAME}: no fake at ${origin.origin}: ${networkReason(error)}; start one with \`credit-platform fake\`.`,
      );
      return EXIT_FAILURE;
    }
    const { text } = await readBodyPrefix(response, 64 * 1024);
    let answer: EmitAnswer = {};
    try {
      answer = JSON.parse(text) as EmitAnswer;
    } catch {
      // Reported below with the status.
    }
    const { event, deliveries = [] } = answer.data ?? {};
    if (response.status !== 201 || typeof event?.id !== 'string') {
      const why = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
      printLine(io.stderr, `${NAME}: the fake refused: ${printableLine(redact(why, [apiKey]))}`);
      return EXIT_FAILURE;
    }
    printLine(io.stdout, `emitted ${type} ${printableLine(event.id)} to ${deliveries.length} endpoint(s)`);
    let failed = false;
    for (const d of deliveries) {
      const result = d.responseStatus ?? d.error ?? d.outcome;
      const url = printableLine(redact(String(d.url), [apiKey]));
      printLine(io.stdout, `  ${url}: ${printableLine(redact(String(result), [apiKey]))}`);
      if (typeof d.responseStatus === 'number') {
        const hint = statusHint(d.responseStatus, d.duplicate === true, FAKE_SIGNER);
        if (hint !== undefined) printLine(io.stderr, `${NAME}: ${url}: ${d.responseStatus}: ${hint}`);
        if (d.responseStatus < 200 || d.responseStatus >= 300) failed = true;
      } else if (d.outcome === 'failed') {
        failed = true;
      }
    }
    if (deliveries.length === 0) {
      printLine(
        io.stdout,
        '  (no endpoint: start the fake with --forward-to <url>, or subscribe one with client.webhooks.create)',
      );
    }
    return failed ? EXIT_FAILURE : EXIT_OK;
  },
});
