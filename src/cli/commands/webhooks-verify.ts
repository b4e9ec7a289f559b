import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { constructWebhookEvent, WebhookVerificationError } from '../../webhooks/index.js';
import { required, UsageError } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { EXIT_FAILURE, EXIT_OK, printLine } from '../io.js';
import { printable } from '../output/terminal-text.js';

const NAME = 'webhooks verify';
const OPTIONS = {
  secret: { type: 'string' },
  signature: { type: 'string' },
  file: { type: 'string' },
} as const;

/** The receivers' default `maxBodyBytes`: a bigger body is not a delivery. */
const MAX_BODY_BYTES = 1024 * 1024;

const help = `usage: credit-platform webhooks verify --secret <secret> --signature <hex> [--file <path>]

Verifies a captured delivery with constructWebhookEvent: the body (from --file, or stdin) and
its X-Webhook-Signature header. Prints the event's type and id when it is authentic and fresh
(exit 0); otherwise the refusal's code and message (signature_mismatch, malformed_signature,
missing_signature, invalid_json, invalid_envelope, stale_event) and exits 1.

  --secret <secret>  the subscription's secret (never printed)
  --signature <hex>  the X-Webhook-Signature header value (64 lowercase hex digits)
  --file <path>      the raw body, byte for byte; without it the body is read from stdin

example:
  npx credit-platform webhooks verify --secret "$WEBHOOK_SECRET" --signature 5f2c... --file body.json`;

/** `credit-platform webhooks verify`: is this captured delivery authentic and fresh? */
export const webhooksVerify: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  summary: 'check a captured delivery (body and X-Webhook-Signature) against a secret',
  help,
  async run(args, io) {
    const secret = required({ command: NAME }, 'secret', args.values.secret);
    const signature = required({ command: NAME }, 'signature', args.values.signature);
    if (secret.length === 0) throw new UsageError(`${NAME}: --secret must not be empty.`);
    const file = args.values.file;
    if (file === undefined && io.stdin.isTTY) {
      throw new UsageError(`${NAME}: give the body with --file <path>, or pipe it on stdin.`);
    }
    let body: Uint8Array;
    try {
      body = file === undefined ? await readLimited(io.stdin) : await readFileLimited(file);
    } catch (error) {
      printLine(io.stderr, `${NAME}: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT_FAILURE;
    }
    try {
      const event = constructWebhookEvent(body, signature, secret);
      const type = event.type === 'unknown' ? `${printable(event.rawType)} (a type this SDK version does not know)` : event.type;
      printLine(io.stdout, `verified: ${type} ${printable(event.id)}`);
      return EXIT_OK;
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        printLine(io.stderr, `${error.code}: ${printable(error.message)}`);
        return EXIT_FAILURE;
      }
      if (error instanceof TypeError) throw new UsageError(`${NAME}: ${error.message}`);
      throw error;
    }
  },
});

const tooLarge = (where: string) => new Error(`${where} is larger than ${MAX_BODY_BYTES} bytes: not a webhook delivery.`);

async function readLimited(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.byteLength;
    if (size > MAX_BODY_BYTES) {
      stream.destroy();
      throw tooLarge('stdin');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

async function readFileLimited(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read --file ${path}: ${error.code ?? error.message}`);
  });
  try {
    if ((await handle.stat()).size > MAX_BODY_BYTES) throw tooLarge(`--file ${path}`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
