import type { Logger } from '../../core/types.js';
import { type CliOutput, printLine } from '../io.js';
import { printableLine } from './terminal-text.js';

/** A wait the service imposed on a call, as the client's `warn` line reports it. */
export interface ServiceWait {
  /** Milliseconds the client waits before it tries again. */
  readonly waitMs: number;
  /** The header the wait was read from. */
  readonly header: 'Retry-After' | 'X-RateLimit-Reset';
  /** The status that asked for it (429, 503). */
  readonly status: number | undefined;
}

const HEADERS: Record<string, ServiceWait['header']> = { 'retry-after': 'Retry-After', 'rate-limit-reset': 'X-RateLimit-Reset' };

/**
 * The client's `logger` option as a command shows it on stderr: one line each, never the
 * multi-line object dump of the default `console` logger. A wait the service imposed goes to
 * `onWait`, which words it for the command; a retry given up is left to the command's own
 * failure report (it says the same, with what to do); anything else is its message, made
 * printable on one line (it may quote the service). The fields read are those the client documents for its `warn` lines.
 */
export function commandLogger(stream: CliOutput, onWait: (wait: ServiceWait) => void): Logger {
  const line = (message: string) => printLine(stream, printableLine(message));
  const ignore = () => undefined;
  return {
    debug: ignore,
    info: ignore,
    warn(message, fields) {
      const { waitSource, waitMs, status, reason } = fields ?? {};
      const header = HEADERS[String(waitSource)];
      if (header !== undefined && typeof waitMs === 'number') {
        onWait({ waitMs, header, status: typeof status === 'number' ? status : undefined });
      } else if (reason === undefined) {
        line(message);
      }
    },
    error: line,
  };
}
