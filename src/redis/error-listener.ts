// Both Redis clients report a lost connection, and each failed reconnect, as an 'error' event.
// node-redis throws an 'error' event nobody listens to, which ends the process; ioredis writes
// each one to stderr with no way to route it. A process that passed its client to a store has
// fallbacks for an outage (its own pacing window, 503 from receivers), so the store listens
// when the user does not, and turns the storm of events into one line per outage.
import type { Logger } from '../core/types.js';
import { ConfigurationError } from '../errors/index.js';

interface Emitter {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  listenerCount(event: string): number;
}

function isEmitter(redis: unknown): redis is Emitter {
  const r = redis as Partial<Emitter> | null;
  return typeof r?.on === 'function' && typeof r.listenerCount === 'function';
}

// The start of a URL: its scheme and `://`. Built per call, since a pattern with the `g` flag
// keeps its position.
const urlStart = () => /\b[a-z][a-z\d+.-]*:\/\//gi;

// `scheme://user:password@host` anywhere in a message keeps its scheme and what follows the last
// `@` of its run of non-space characters. The last, not the first: a password written with an
// unencoded `/`, `?`, `#` or `@` makes a URL the client cannot parse, and its error quotes it. An
// `@` in a path or query hides the host too, which costs a log line detail, never a secret. One
// pass: each URL's run is searched once, and the next search starts after it.
function withoutCredentials(text: string): string {
  const pattern = urlStart();
  let out = '';
  let copied = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const space = /\s/g;
    space.lastIndex = start;
    const end = space.exec(text)?.index ?? text.length;
    const at = text.slice(start, end).lastIndexOf('@');
    if (at !== -1) {
      out += `${text.slice(copied, start)}***`;
      copied = start + at;
    }
    pattern.lastIndex = end;
  }
  return out + text.slice(copied);
}

function errorText(error: unknown): string {
  return withoutCredentials(error instanceof Error ? error.message || error.name : String(error));
}

/** Checks the `logger` option of a Redis store: it needs `warn` and `info`. */
export function storeLogger(logger: Logger | undefined, fn: string): Logger {
  if (logger === undefined) return console;
  if (typeof logger?.warn !== 'function' || typeof logger.info !== 'function') {
    throw new ConfigurationError('logger', `${fn}: \`logger\` must have \`warn\` and \`info\` methods (console fits).`);
  }
  return logger;
}

/**
 * Gives `redis` an `'error'` listener unless it has one: one `warn` at the first error of an
 * outage, one `info` when the client is ready again. A client that already has a listener (the
 * user's, or the one a store added first) is left alone, as is one without `on`/`listenerCount`.
 */
export function listenForErrors(redis: unknown, logger: Logger): void {
  if (!isEmitter(redis) || redis.listenerCount('error') > 0) return;
  let down = false;
  redis.on('error', (error) => {
    if (down) return;
    down = true;
    logger.warn(
      'credit-platform: the Redis connection is down; the Redis stores fail fast until the client reconnects (each process paces on its own window; webhook receivers answer 503).',
      { error: errorText(error) },
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info('credit-platform: the Redis connection is back.');
  });
}
