// When the store and the inbox purge what they no longer need: after work is done, at most every
// interval, never two purges at once, and again at once while a purge finds a full batch.
import type { Logger } from '../core/types.js';
import { messageOf } from './pooled-connection.js';

/** @internal The most rows one purge deletes. */
export const PURGE_BATCH = 1_000;

/**
 * @internal `due()` starts `purge` when one is due: every `intervalMs` (never when `Infinity`), and
 * at the next call while the last purge deleted a full batch. A failure is a `warn` with `what`.
 */
export function purgeScheduler(
  intervalMs: number,
  purge: () => Promise<number>,
  logger: Pick<Logger, 'warn'>,
  what: string,
): { due(): void } {
  let next = 0;
  let running = false;
  return {
    due() {
      if (running || intervalMs === Number.POSITIVE_INFINITY || Date.now() < next) return;
      running = true;
      next = Date.now() + intervalMs;
      purge()
        .then((deleted) => {
          if (deleted >= PURGE_BATCH) next = 0;
        })
        .catch((error: unknown) => logger.warn(`credit-platform: purging ${what} failed`, { error: messageOf(error) }))
        .finally(() => {
          running = false;
        });
    },
  };
}
