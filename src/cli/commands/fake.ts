import { randomBytes } from 'node:crypto';
import { checkDeliveryUrl } from '../../testing/delivery/delivery-url.js';
import { startFakeServer } from '../../testing/server/server.js';
import { UsageError, wholeNumber } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { formatAttempt } from '../output/delivery-line.js';
import { EXIT_OK, printLine } from '../io.js';

const NAME = 'fake';
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  transactions: { type: 'string' },
  seed: { type: 'string' },
  'forward-to': { type: 'string' },
  secret: { type: 'string' },
  'send-webhooks': { type: 'boolean' },
} as const;

const help = `usage: credit-platform fake [--port <n>] [--host <addr>] [--transactions <n>] [--seed <n>]
                          [--forward-to <url>] [--secret <secret>] [--send-webhooks]

Runs the Credit Platform fake on loopback until Ctrl-C, printing CREDIT_PLATFORM_BASE_URL=...
and CREDIT_PLATFORM_API_KEY=... (a throwaway key of the fake).

  --port <n>          default 4010 (0: any free port)
  --host <addr>       default 127.0.0.1
  --transactions <n>  generated transactions of the default account; default 250
  --seed <n>          makes ids, keys and data reproducible; default 1
  --forward-to <url>  deliver every event the fake emits to <url>, as if it were subscribed to
                      every event type: https://, or http:// on this machine (localhost,
                      127.0.0.1, [::1]); failed attempts are retried on the service's schedule
                      (1 min, 5 min, 30 min, 2 h, 12 h); one line is printed per attempt
  --secret <secret>   sign forwarded deliveries with it; default a new whsec_... printed as
                      WEBHOOK_SECRET=... (a secret you pass is never printed)
  --send-webhooks     also send deliveries to subscriptions created through the API (without
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
    if (values.secret !== undefined && forwardTo === undefined) {
      throw new UsageError(`${NAME}: --secret signs forwarded deliveries; give --forward-to <url> too.`);
    }
    if (values.secret === '') throw new UsageError(`${NAME}: --secret must not be empty.`);
    let forwardUrl: string | undefined;
    try {
      forwardUrl = forwardTo === undefined ? undefined : checkDeliveryUrl(forwardTo, '--forward-to').href;
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(`${NAME}: ${error.message}`);
      throw error;
    }
    const generated = forwardUrl !== undefined && values.secret === undefined;
    const secret = values.secret ?? `whsec_${randomBytes(24).toString('hex')}`;
    const server = await startFakeServer({
      port: wholeNumber(NAME, 'port', values.port, 4010, 0, 65_535),
      host: values.host ?? '127.0.0.1',
      transactions: wholeNumber(NAME, 'transactions', values.transactions, 250),
      seed: wholeNumber(NAME, 'seed', values.seed, 1),
      webhookTransport: values['send-webhooks'] ? (request) => fetch(request) : undefined,
      forwardWebhooks: forwardUrl === undefined ? undefined : { url: forwardUrl, secret },
      emitEndpoint: true,
      onWebhookAttempt: (delivery, timing) => printLine(io.stdout, formatAttempt(delivery, timing)),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      throw new Error(`${error.message}: another program listens there; pick another --port (0: any free port).`);
    });
    printLine(io.stdout, `Credit Platform fake listening on ${server.url}`);
    printLine(io.stdout, `CREDIT_PLATFORM_BASE_URL=${server.baseUrl}`);
    // Printing the key is the point: it is a throwaway key of a fake.
    printLine(io.stdout, `CREDIT_PLATFORM_API_KEY=${server.apiKey}`);
    if (generated) printLine(io.stdout, `WEBHOOK_SECRET=${secret}`);
    if (forwardUrl !== undefined) {
      printLine(io.stdout, `Forwarding every event to ${forwardUrl}`);
      printLine(io.stdout, 'Trigger one from another terminal: npx credit-platform webhooks trigger deposit.created');
    }
    await new Promise<void>((resolve) => io.onStop(resolve));
    await server.close();
    return EXIT_OK;
  },
});
