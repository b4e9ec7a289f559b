import type { Readable, Writable } from 'node:stream';

/** A stream the command writes to; `isTTY` decides whether progress is redrawn in place. */
export type CliOutput = Writable & { readonly isTTY?: boolean };

/**
 * What a command touches outside itself, so the commands run in-process in tests with
 * streams of their own and as a program with the process's.
 */
export interface CliIO {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  readonly stdin: Readable & { readonly isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Calls `listener` once on Ctrl-C or SIGTERM; the returned function stops listening. */
  onStop(listener: () => void): () => void;
}

/** Exit code of a command that did what it was asked. */
export const EXIT_OK = 0;
/** Exit code of a command that ran and reports a failure (an endpoint's 4xx, a refused delivery, a failed page). */
export const EXIT_FAILURE = 1;
/** Exit code of a mistake in the command line: nothing was done. */
export const EXIT_USAGE = 2;
/** After Ctrl-C, as shells report it. */
export const EXIT_INTERRUPTED = 130;

/** The running process's streams, environment and signals. */
export function processIO(): CliIO {
  // `credit-platform transactions export | head`: the reader went away; stop without a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(EXIT_FAILURE);
  });
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    onStop(listener) {
      const once = () => {
        process.off('SIGINT', once);
        process.off('SIGTERM', once);
        listener();
      };
      process.on('SIGINT', once);
      process.on('SIGTERM', once);
      return () => {
        process.off('SIGINT', once);
        process.off('SIGTERM', once);
      };
    },
  };
}

/** Writes one line. */
export function printLine(stream: CliOutput, line = ''): void {
  stream.write(`${line}\n`);
}

/** Writes `chunk`, waiting for `drain` when the stream's buffer is full (a slow pipe or terminal). */
export async function writeChunk(stream: CliOutput, chunk: string): Promise<void> {
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    stream.once('drain', done);
    stream.once('error', done);
  });
}
