// Where the webhook commands (`webhooks send`, `webhooks verify`, `fake`) get the webhook secret.
// The command line is the worst place for it: every local user reads a process's arguments
// (`ps`, /proc/<pid>/cmdline) and the shell keeps them in its history. A file or the environment
// keep it out of both; `--secret` still works, for a throwaway secret.

import { UsageError } from './args.js';
import { readFileCapped, TooLargeError, UnreadableError } from './capped-read.js';

/** The environment variable the webhook commands read the secret from, and that the fake prints for a secret it generates. */
export const WEBHOOK_SECRET_ENV = 'CREDIT_PLATFORM_WEBHOOK_SECRET';

/** A secret file is a few dozen bytes; anything much bigger is the wrong file. */
export const MAX_SECRET_FILE_BYTES = 4096;

/** The options of the three commands that give the secret. */
export const SECRET_OPTIONS = {
  secret: { type: 'string' },
  'secret-file': { type: 'string' },
} as const;

/** Where the secret came from, for a line that says so without printing it. */
export type SecretSource = '--secret' | '--secret-file' | typeof WEBHOOK_SECRET_ENV;

/** The `--help` lines of the two options and the variable, shared by the three commands. */
export const SECRET_HELP = `  --secret-file <path>  read the secret from a file (one trailing newline ignored; at most
                        ${MAX_SECRET_FILE_BYTES} bytes; a regular file or a pipe, e.g. --secret-file <(pass show whsec))
  --secret <secret>     the secret itself; avoid it: every user of this machine can read a
                        command line (ps, /proc/<pid>/cmdline) and your shell keeps it in its history
                        Without either option the secret comes from ${WEBHOOK_SECRET_ENV};
                        it is never printed.`;

/**
 * The webhook secret from `--secret`, `--secret-file` or {@link WEBHOOK_SECRET_ENV}, in that
 * order; `undefined` when none is given (an empty variable counts as none). Both options at
 * once, an empty secret, or a file that cannot be read (missing, a directory or a device, more
 * than {@link MAX_SECRET_FILE_BYTES} bytes) is a {@link UsageError} that never quotes the secret.
 */
export async function webhookSecret(
  command: string,
  values: { secret?: string; 'secret-file'?: string },
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ secret: string; source: SecretSource } | undefined> {
  const given = values.secret;
  const file = values['secret-file'];
  if (given !== undefined && file !== undefined) {
    throw new UsageError(`${command}: give the secret once: --secret-file <path> or --secret, not both.`);
  }
  if (given !== undefined) {
    if (given.length === 0) throw new UsageError(`${command}: --secret must not be empty.`);
    return { secret: given, source: '--secret' };
  }
  if (file !== undefined) return { secret: await secretFromFile(command, file), source: '--secret-file' };
  const fromEnv = env[WEBHOOK_SECRET_ENV];
  if (fromEnv !== undefined && fromEnv.length > 0) return { secret: fromEnv, source: WEBHOOK_SECRET_ENV };
  return undefined;
}

/** {@link webhookSecret} for a command that cannot run without one: no source is a {@link UsageError} naming all three. */
export async function requiredWebhookSecret(
  command: string,
  values: { secret?: string; 'secret-file'?: string },
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const found = await webhookSecret(command, values, env);
  if (found === undefined) {
    throw new UsageError(
      `${command}: no webhook secret: set ${WEBHOOK_SECRET_ENV}, or give --secret-file <path> (or --secret, which other users of this machine can read).`,
    );
  }
  return found.secret;
}

async function secretFromFile(command: string, path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFileCapped(path, MAX_SECRET_FILE_BYTES, '--secret-file', 'regular-or-pipe');
  } catch (error) {
    if (error instanceof TooLargeError)
      throw new UsageError(`${command}: ${error.message} A webhook secret file holds only the secret.`);
    if (error instanceof UnreadableError) throw new UsageError(`${command}: ${error.message}`);
    throw error;
  }
  const secret = bytes.toString('utf8').replace(/\r?\n$/, '');
  if (secret.length === 0) throw new UsageError(`${command}: --secret-file is empty; it must hold the webhook secret.`);
  return secret;
}
