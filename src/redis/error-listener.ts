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

// `scheme://user:password@host` anywhere in a message keeps its scheme and host only.
const URL_CREDENTIALS = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@]*@/gi;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.replace(URL_CREDENTIALS, '$1***@');
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
