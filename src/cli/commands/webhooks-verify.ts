import { constructWebhookEvent, WebhookVerificationError } from '../../webhooks/index.js';
import { required, UsageError } from '../args.js';
import { readFileCapped, readStreamCapped, TooLargeError } from '../capped-read.js';
import { type Command, defineCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK, printLine } from '../io.js';
import { printableLine } from '../output/terminal-text.js';
import { requiredWebhookSecret, SECRET_HELP, SECRET_OPTIONS, WEBHOOK_SECRET_ENV, secretReadOptions } from '../secret-source.js';

const NAME = 'webhooks verify';
const OPTIONS = {
  ...SECRET_OPTIONS,
  signature: { type: 'string' },
  file: { type: 'string' },
} as const;

/** The receivers' default `maxBodyBytes`: a bigger body is not a delivery. */
const MAX_BODY_BYTES = 1024 * 1024;

const help = `usage: credit-platform webhooks verify --signature <hex> [--file <path>] [--secret-file <path>]

Verifies a captured delivery with constructWebhookEvent: the body (from --file, or stdin) and
its X-Webhook-Signature header. Prints the event's type and id when it is authentic and fresh
(exit 0); otherwise the refusal's code and message (signature_mismatch, malformed_signature,
missing_signature, invalid_json, invalid_envelope, stale_event) and exits 1.

  --signature <hex>     the X-Webhook-Signature header value (64 lowercase hex digits)
  --file <path>         the raw body, byte for byte; without it the body is read from stdin.
                        At most 1 MiB is read, whatever the file claims (a device or a pipe too).
${SECRET_HELP}

example:
  export ${WEBHOOK_SECRET_ENV}=...   # the subscription's secret
  npx credit-platform webhooks verify --signature 5f2c... --file body.json`;

/** `credit-platform webhooks verify`: is this captured delivery authentic and fresh? */
export const webhooksVerify: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  summary: 'check a captured delivery (body and X-Webhook-Signature) against a secret',
  help,
  async run(args, io) {
    const signature = required({ command: NAME }, 'signature', args.values.signature);
    const secret = await requiredWebhookSecret(NAME, args.values, io.env, secretReadOptions(io));
    const file = args.values.file;
    if (file === undefined && io.stdin.isTTY) {
      throw new UsageError(`${NAME}: give the body with --file <path>, or pipe it on stdin.`);
    }
    let body: Uint8Array;
    try {
      body =
        file === undefined
          ? await readStreamCapped(io.stdin, MAX_BODY_BYTES, 'stdin')
          : await readFileCapped(file, MAX_BODY_BYTES, '--file', 'anything-readable');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const why = error instanceof TooLargeError ? `${message} Not a webhook delivery.` : printableLine(message);
      printLine(io.stderr, `${NAME}: ${why}`);
      return EXIT_FAILURE;
    }
    try {
      const event = constructWebhookEvent(body, signature, secret);
      const type =
        event.type === 'unknown' ? `${printableLine(event.rawType)} (a type this SDK version does not know)` : event.type;
      printLine(io.stdout, `verified: ${type} ${printableLine(event.id)}`);
      return EXIT_OK;
    } catch (error) {
      // The command passes a non-empty secret, a string signature and bytes: the TypeErrors
      // constructWebhookEvent has for other arguments cannot arise, and anything else goes on.
      // Stryker disable next-line ConditionalExpression: only WebhookVerificationError can arrive here (above).
      if (!(error instanceof WebhookVerificationError)) throw error;
      printLine(io.stderr, `${error.code}: ${printableLine(error.message)}`);
      return EXIT_FAILURE;
    }
  },
});
