// Where the webhook commands (`webhooks send`, `webhooks verify`, `fake`) get the webhook secret.
// The command line is the worst place for it: every local user reads a process's arguments
// (`ps`, /proc/<pid>/cmdline) and the shell keeps them in its history. A file or the environment
// keep it out of both; `--secret` still works, for a throwaway secret.

import { UsageError } from './args.js';
import { type CliIO, printLine } from './io.js';
import { PIPE_WAIT_MS, readCappedFile, TooLargeError, UnreadableError } from './capped-read.js';
import { shellQuote } from './output/shell-quote.js';
import { printableLine } from './output/terminal-text.js';

/** The environment variable the webhook commands read the secret from, and that the fake prints for a secret it generates. */
export const WEBHOOK_SECRET_ENV = 'CREDIT_PLATFORM_WEBHOOK_SECRET';

/** A secret file is a few dozen bytes; anything much bigger is the wrong file. */
export const MAX_SECRET_FILE_BYTES = 4096;

/** The options of the three commands that give the secret. */
export const SECRET_OPTIONS = {
  secret: { type: 'string' },
  'secret-file': { type: 'string' },
} as const;

/** How {@link webhookSecret} reports and waits, besides what it returns. */
export interface SecretReadOptions {
  /** Gets a one-line warning (a secret file other users may read); default: dropped. */
  warn?: (line: string) => void;
  /** How long a `--secret-file` that is a named pipe waits for a writer; default {@link PIPE_WAIT_MS}. */
  pipeWaitMs?: number;
}

/** The options a command passes: warnings go to its stderr, one line each. */
export function secretReadOptions(io: Pick<CliIO, 'stderr'>): SecretReadOptions {
  return { warn: (line) => printLine(io.stderr, line) };
}

/** Where the secret came from, for a line that says so without printing it. */
export type SecretSource = '--secret' | '--secret-file' | typeof WEBHOOK_SECRET_ENV;

/** The `--help` lines of the two options and the variable, shared by the three commands. */
export const SECRET_HELP = `  --secret-file <path>  read the secret from a file (one trailing newline ignored; at most
                        ${MAX_SECRET_FILE_BYTES} bytes; a regular file or a pipe, e.g. --secret-file <(pass show whsec);
                        a named pipe nothing writes into within ${PIPE_WAIT_MS / 1000} s is an error; a file other
                        users may read is warned about: chmod 600 it)
  --secret <secret>     the secret itself; avoid it: every user of this machine can read a
                        command line (ps, /proc/<pid>/cmdline) and your shell keeps it in its history
                        Without either option the secret comes from ${WEBHOOK_SECRET_ENV};
                        it is never printed.`;

/**
 * The webhook secret from `--secret`, `--secret-file` or {@link WEBHOOK_SECRET_ENV}, in that
 * order; `undefined` when none is given (an empty variable counts as none). Both options at
 * once, an empty secret, or a file that cannot be read (missing, a directory or a device, more
 * than {@link MAX_SECRET_FILE_BYTES} bytes, a named pipe nothing writes into in time) is a
 * {@link UsageError} that never quotes the secret. A secret file whose mode lets its group or
 * others in (any of 0o077) is read all the same, with a warning through `options.warn`.
 */
export async function webhookSecret(
  command: string,
  values: { secret?: string; 'secret-file'?: string },
  env: Readonly<Record<string, string | undefined>>,
  options: SecretReadOptions = {},
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
  if (file !== undefined) return { secret: await secretFromFile(command, file, options), source: '--secret-file' };
  const fromEnv = env[WEBHOOK_SECRET_ENV];
  if (fromEnv !== undefined && fromEnv.length > 0) return { secret: fromEnv, source: WEBHOOK_SECRET_ENV };
  return undefined;
}

/** {@link webhookSecret} for a command that cannot run without one: no source is a {@link UsageError} naming all three. */
export async function requiredWebhookSecret(
  command: string,
  values: { secret?: string; 'secret-file'?: string },
  env: Readonly<Record<string, string | undefined>>,
  options: SecretReadOptions = {},
): Promise<string> {
  const found = await webhookSecret(command, values, env, options);
  if (found === undefined) {
    throw new UsageError(
      `${command}: no webhook secret: set ${WEBHOOK_SECRET_ENV}, or give --secret-file <path> (or --secret, which other users of this machine can read).`,
    );
  }
  return found.secret;
}

async function secretFromFile(command: string, path: string, options: SecretReadOptions): Promise<string> {
  let bytes: Buffer;
  try {
    const read = await readCappedFile(path, MAX_SECRET_FILE_BYTES, '--secret-file', 'regular-or-pipe', {
      pipeWaitMs: options.pipeWaitMs,
    });
    bytes = read.bytes;
    // The mode of the file read (a link's target): a pipe's is not a file's to fix.
    if (read.stats.isFile() && (read.stats.mode & 0o077) !== 0) options.warn?.(openFileWarning(command, path, read.stats.mode));
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

/** The one line for a secret file its group or others may use: what it is and the command that fixes it. */
function openFileWarning(command: string, path: string, mode: number): string {
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  // `./` keeps a name that starts with `-` from reading as an option of chmod.
  const target = shellQuote(path.startsWith('-') ? `./${path}` : path);
  return `${command}: warning: --secret-file ${printableLine(path)} is open to other users of this machine (mode ${octal}), who may read the secret; make it yours alone: chmod 600 ${target}`;
}
