import { randomBytes, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import { checkDeliveryUrl } from '../../testing/delivery/delivery-url.js';
import { startFakeServer } from '../../testing/server/server.js';
import { UsageError, wholeNumber } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { API_KEY_ENV, givenApiKey } from '../fake-api-key.js';
import { formatAttempt } from '../output/delivery-line.js';
import { retriesAfter } from '../output/retry-wording.js';
import { EXIT_OK, printLine } from '../io.js';
import { printableLine } from '../output/terminal-text.js';
import { SECRET_HELP, SECRET_OPTIONS, WEBHOOK_SECRET_ENV, webhookSecret, secretReadOptions } from '../secret-source.js';

const NAME = 'fake';
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  transactions: { type: 'string' },
  seed: { type: 'string' },
  'api-key': { type: 'string' },
  'forward-to': { type: 'string' },
  ...SECRET_OPTIONS,
  'send-webhooks': { type: 'boolean' },
} as const;

const help = `usage: credit-platform fake [--port <n>] [--host <addr>] [--transactions <n>] [--seed <n>]
                          [--api-key <key>] [--forward-to <url>] [--secret-file <path>] [--send-webhooks]

Runs the Credit Platform fake on loopback until Ctrl-C, printing CREDIT_PLATFORM_BASE_URL=...
and CREDIT_PLATFORM_API_KEY=... (a throwaway key of the fake, new on every run), unless it is
given a key to keep.

  --port <n>            default 4010 (0: any free port)
  --host <addr>         default 127.0.0.1. An address other than loopback (127.0.0.0/8, ::1,
                        localhost) is warned about: every machine of that network can then
                        use the fake's API with the printed key and make it sign events to
                        your --forward-to endpoint
  --transactions <n>    generated transactions of the default account; default 250
  --seed <n>            makes the key, event ids and data the same on every run; without it
                        the data is seed 1's (what the README prints) and each run has its own
                        key and ids, so an endpoint still running from an earlier run never
                        takes a new event for one it already handled
  --api-key <key>       answer to this key, on every run: the terminals that exported it keep
                        working across restarts. Without it the key comes from ${API_KEY_ENV}
                        when that is set where the fake runs (the better place: a command line
                        is visible to every user of this machine). A given key is never printed
  --forward-to <url>    deliver every event the fake emits to <url>, as if it were subscribed to
                        every event type: https://, or http:// on this machine (localhost,
                        127.0.0.1, [::1]); a failed attempt is retried on the service's schedule
                        (${retriesAfter()}); one line is printed per attempt
${SECRET_HELP}
                        With --forward-to and no secret, a new whsec_... is generated and
                        printed as ${WEBHOOK_SECRET_ENV}=...; set that variable where the
                        fake runs to keep the same secret across restarts.
  --send-webhooks       also send deliveries to subscriptions created through the API (without
                        it they are only recorded)

Make it emit an event from another terminal: credit-platform webhooks trigger <event-type>.

example:
  npx credit-platform fake --forward-to http://localhost:3000/webhooks`;

/** `credit-platform fake` (and `credit-platform-fake`): the fake on loopback, optionally forwarding events. */
export const fake: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  summary: 'run the fake service on loopback; --forward-to sends its events to your endpoint',
  help,
  async run(args, io) {
    const { values } = args;
    const forwardTo = values['forward-to'];
    for (const option of ['secret', 'secret-file'] as const) {
      if (values[option] !== undefined && forwardTo === undefined) {
        throw new UsageError(`${NAME}: --${option} signs forwarded deliveries; give --forward-to <url> too.`);
      }
    }
    let forwardUrl: string | undefined;
    try {
      forwardUrl = forwardTo === undefined ? undefined : checkDeliveryUrl(forwardTo, '--forward-to').href;
    } catch (error) {
      // Stryker disable next-line ConditionalExpression: checkDeliveryUrl throws only TypeErrors.
      if (error instanceof TypeError) throw new UsageError(`${NAME}: ${error.message}`);
      throw error;
    }
    const given = forwardUrl === undefined ? undefined : await webhookSecret(NAME, values, io.env, secretReadOptions(io));
    const secret = given?.secret ?? `whsec_${randomBytes(24).toString('hex')}`;
    const host = values.host ?? '127.0.0.1';
    const seeded = values.seed !== undefined;
    const apiKey = givenApiKey(NAME, values['api-key'], io.env);
    const server = await startFakeServer({
      port: wholeNumber(NAME, 'port', values.port, 4010, 0, 65_535),
      host,
      transactions: wholeNumber(NAME, 'transactions', values.transactions, 250),
      // The data of startFakeServer() and the README unless --seed; ids made while running come
      // from one of 2^31 seeds, so event ids of two runs differ. The key is not derived (below).
      seed: wholeNumber(NAME, 'seed', values.seed, 1, 0, 2 ** 31 - 1),
      ...(seeded ? {} : { runSeed: randomInt(2 ** 31) }),
      // A given key is kept; else, without --seed, the key is random, not derived from the seed,
      // so it cannot be guessed.
      ...(apiKey ? { apiKey: apiKey.key } : seeded ? {} : { apiKey: `cpk_test_${randomBytes(20).toString('hex')}` }),
      webhookTransport: values['send-webhooks'] ? (request) => fetch(request) : undefined,
      forwardWebhooks: forwardUrl === undefined ? undefined : { url: forwardUrl, secret },
      emitEndpoint: true,
      onWebhookAttempt: (delivery, timing) =>
        printLine(io.stdout, formatAttempt(delivery, timing, delivery.duplicate ? duplicateNote(seeded) : undefined)),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      throw new Error(`${error.message}: another program listens there; pick another --port (0: any free port).`);
    });
    if (!isLoopbackListenHost(host)) {
      printLine(
        io.stderr,
        `${NAME}: warning: --host ${printableLine(host)} is not loopback: any machine that reaches this address can use the fake's API with the key printed below${forwardUrl === undefined ? '' : ' and make the fake sign events and deliver them to your --forward-to endpoint'}. Use --host 127.0.0.1 unless another machine must reach it.`,
      );
    }
    printLine(io.stdout, `Credit Platform fake listening on ${server.url}`);
    printLine(io.stdout, `CREDIT_PLATFORM_BASE_URL=${server.baseUrl}`);
    // Printing a key of its own is the point: it is a throwaway key of a fake. A given key may be
    // one the user keeps elsewhere too, and they know it already.
    if (apiKey) printLine(io.stdout, `${API_KEY_ENV}: the key from ${apiKey.source}, the same on every run (not printed)`);
    else printLine(io.stdout, `${API_KEY_ENV}=${server.apiKey}`);
    // A generated secret is printed for the endpoint to verify with; a given one never is.
    if (forwardUrl !== undefined && given === undefined) printLine(io.stdout, `${WEBHOOK_SECRET_ENV}=${secret}`);
    if (given !== undefined) printLine(io.stdout, `Signing deliveries with the secret from ${given.source}`);
    if (forwardUrl !== undefined) {
      printLine(io.stdout, `Forwarding every event to ${forwardUrl}`);
      printLine(io.stdout, 'Trigger one from another terminal: npx credit-platform webhooks trigger deposit.created');
    }
    await new Promise<void>((resolve) => io.onStop(resolve));
    await server.close();
    return EXIT_OK;
  },
});

/** Whether the fake's `--host` keeps it on this machine: 127.0.0.0/8, ::1 (also IPv4-mapped), `localhost`. */
export function isLoopbackListenHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(bare);
  return false;
}

/** What a duplicate answer means in the fake's terminal: the id was handled before, and why it came again. */
export function duplicateNote(seeded: boolean): string {
  return `the endpoint had already handled this event id and did not run its handler again${
    seeded
      ? '; with --seed every run of the fake emits the same ids: restart the fake without --seed, or restart the endpoint'
      : ''
  }`;
}
