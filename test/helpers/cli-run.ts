import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../src/cli/dispatch.js';
import type { CliIO } from '../../src/cli/io.js';

/** A command's run, as a user sees it: exit code, stdout, stderr. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** In-memory streams and environment for one run; `stop()` plays Ctrl-C. */
export function memoryIO(options: { env?: Record<string, string>; stdin?: string; tty?: boolean } = {}) {
  const stdout = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  const stderr = Object.assign(new PassThrough(), { isTTY: options.tty ?? false });
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]), {
    isTTY: options.stdin === undefined,
  });
  const out = { stdout: '', stderr: '' };
  stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
  stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
  const listeners = new Set<() => void>();
  const io: CliIO = {
    stdout,
    stderr,
    stdin,
    env: options.env ?? {},
    onStop(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    io,
    out,
    stop: () => {
      for (const l of [...listeners]) {
        listeners.delete(l);
        l();
      }
    },
  };
}

/** Runs `credit-platform <argv>` in-process. */
export async function cli(argv: string[], options: Parameters<typeof memoryIO>[0] = {}): Promise<CliResult> {
  const { io, out } = memoryIO(options);
  const code = await runCli(argv, io);
  await new Promise((resolve) => setImmediate(resolve));
  return { code, ...out };
}

export { startReceiver } from './webhook-receiver.js';
