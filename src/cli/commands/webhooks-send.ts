import { randomBytes } from 'node:crypto';
import { saysDuplicate } from '../../testing/delivery/duplicate-answer.js';
import { buildEvent } from '../../testing/delivery/event-samples.js';
import { checkDeliveryUrl } from '../../testing/delivery/delivery-url.js';
import { networkErrorText } from '../../testing/delivery/network-error.js';
import { redact } from '../../core/redaction/redact.js';
import { signWebhookPayload, WEBHOOK_SIGNATURE_HEADER } from '../../webhooks/index.js';
import { required, UsageError } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { eventDataArg, eventTypeArg } from '../event-input.js';
import { EXIT_FAILURE, EXIT_OK, printLine } from '../io.js';
import { COMMAND_SIGNER, statusHint } from '../output/status-hint.js';
import { printableLine, readEndpointAnswer } from '../output/terminal-text.js';
import { requiredWebhookSecret, SECRET_HELP, SECRET_OPTIONS, WEBHOOK_SECRET_ENV, secretReadOptions } from '../secret-source.js';

const NAME = 'webhooks send';
const OPTIONS = {
  to: { type: 'string' },
  ...SECRET_OPTIONS,
  data: { type: 'string' },
  id: { type: 'string' },
} as const;

/** The service's delivery time-out as the fake uses it: a receiver slower than this is a failed attempt. */
const TIMEOUT_MS = 10_000;
/** The most of the endpoint's answer that is shown. */
const SHOWN_CHARS = 4096;
const EVENT_ID = /^evt_[\x21-\x7e]{1,251}$/;

const help = `usage: credit-platform webhooks send <event-type> --to <url> [--secret-file <path>] [--data <json>] [--id <evt_...>]

Builds a valid <event-type> event (the sample data of fake.admin.emit, --data merged over its
data), signs it as the service does (X-Webhook-Signature: hex HMAC-SHA256 of the body) with the
secret your endpoint verifies with, POSTs it to <url> and prints the status, the time taken and
the first ${SHOWN_CHARS} characters of the endpoint's answer, with any echo of the secret replaced by
[REDACTED], on one line: line breaks shown as \\n, control characters as \\u escapes.
Exits 0 only for a 2xx answer.

  --to <url>            https://, or http:// on this machine (localhost, 127.0.0.1, [::1])
${SECRET_HELP}
  --data <json>         fields merged over the sample data, e.g. '{"amount":"25.00"}'
  --id <evt_...>        the event id (default a fresh one); send the same id twice to test de-duplication

example:
  export ${WEBHOOK_SECRET_ENV}=...   # the secret your endpoint verifies with
  npx credit-platform webhooks send deposit.created --to http://localhost:3000/webhooks`;

/** `credit-platform webhooks send`: one signed sample delivery to a developer's endpoint. */
export const webhooksSend: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  positionals: ['event-type'],
  summary: 'POST a signed sample event to your endpoint and show its answer',
  help,
  async run(args, io) {
    const { values, positionals } = args;
    const type = eventTypeArg(NAME, positionals[0] as string);
    let url: URL;
    try {
      url = checkDeliveryUrl(required({ command: NAME }, 'to', values.to), '--to');
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(`${NAME}: ${error.message}`);
      throw error;
    }
    const secret = await requiredWebhookSecret(NAME, values, io.env, secretReadOptions(io));
    if (values.id !== undefined && !EVENT_ID.test(values.id)) {
      throw new UsageError(`${NAME}: --id must start with evt_ and be visible ASCII without spaces.`);
    }
    const data = eventDataArg(NAME, values.data);
    const id = values.id ?? `evt_${randomBytes(12).toString('hex')}`;
    let event: ReturnType<typeof buildEvent>;
    try {
      event = buildEvent(type, data, 1, () => ({ id, timestamp: new Date().toISOString() }), '--data');
    } catch (error) {
      // Stryker disable next-line ConditionalExpression: buildEvent throws only TypeErrors (its own check is of a body it built, signed and dated now).
      if (error instanceof TypeError) throw new UsageError(`${NAME}: ${error.message}`);
      throw error;
    }
    const body = JSON.stringify(event);
    const target = `${url.origin}${url.pathname}`;
    printLine(io.stdout, `POST ${target}  ${event.type} ${event.id}`);
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(body, secret) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      printLine(io.stderr, `${NAME}: no answer from ${url.origin} after ${ms} ms: ${networkReason(error)}`);
      return EXIT_FAILURE;
    }
    const answer = await readEndpointAnswer(response, SHOWN_CHARS, [secret]).catch(() => ({
      text: '(body could not be read)',
      truncated: false,
    }));
    const ms = Math.round(performance.now() - started);
    printLine(io.stdout, `${response.status} ${printableLine(redact(response.statusText, [secret]))} in ${ms} ms`);
    if (answer.text.length > 0) printLine(io.stdout, answer.text);
    if (answer.truncated) printLine(io.stdout, `(answer cut at ${SHOWN_CHARS} characters)`);
    const hint = statusHint(response.status, saysDuplicate(answer.text), { urlOption: '--to', signer: COMMAND_SIGNER });
    if (response.ok) {
      if (hint !== undefined) printLine(io.stderr, `${NAME}: ${hint}`);
      return EXIT_OK;
    }
    printLine(io.stderr, `${NAME}: ${response.status} is not 2xx: ${hint}`);
    return EXIT_FAILURE;
  },
});

/** What went wrong on the network, e.g. `ECONNREFUSED` for a receiver that is not running. */
export function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no response within ${TIMEOUT_MS} ms`;
  const text = printableLine(networkErrorText(error));
  return text.includes('(ECONNREFUSED)') ? `${text}: is it running?` : text;
}
