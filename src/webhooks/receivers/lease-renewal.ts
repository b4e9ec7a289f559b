// A claim lasts one lease unless renewed. While a handler runs, a timer in its own process renews
// the claim every third of the lease, so a retry that arrives meanwhile finds it in progress (503)
// and the handler is not started twice; a process that dies takes its timer with it, and the id is
// free again one lease later. No `node:*` import.
import type { WebhookDedupStore } from '../stores/dedup-store.js';
import { isThenable } from '../../utils/thenable.js';
import { quotedEventId } from './receiver-logger.js';

function unref(timer: ReturnType<typeof setTimeout>): void {
  // Node and Bun: a pending renewal alone does not keep the process alive.
  (timer as { unref?: () => void }).unref?.();
}

/** @internal Refuses a store that can renew but does not say how long its lease is. */
export function checkLease(store: WebhookDedupStore, fn: string): void {
  if (store.renew === undefined) return;
  const { leaseMs } = store;
  if (typeof leaseMs !== 'number' || !(leaseMs >= 3) || !Number.isFinite(leaseMs)) {
    throw new TypeError(
      `${fn}: the store has renew() but its leaseMs is ${String(leaseMs)}; set leaseMs to the claim's lease, a finite number of milliseconds, at least 3 (the receiver renews every leaseMs / 3).`,
    );
  }
}

/**
 * @internal Runs `handle` while renewing the claim on `eventId` every `leaseMs / 3`, one renewal
 * at a time; stops when `handle` settles. `report` hears, once per run, of a renewal that failed
 * (renewing goes on: the store may come back within the lease) or found the claim lost (renewing
 * stops: another attempt may run the handler too).
 */
export async function withLeaseRenewal<T>(
  store: WebhookDedupStore,
  eventId: string,
  handle: () => T,
  report: (error: unknown) => void,
): Promise<Awaited<T>> {
  const { leaseMs } = store;
  if (store.renew === undefined || leaseMs === undefined) return await handle();
  const result = handle();
  // A handler that returned no promise has finished: no lease to keep, no timer to arm.
  if (!isThenable(result)) return result as Awaited<T>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = true;
  let reported = false;
  const tell = (error: unknown) => {
    if (reported || !running) return;
    reported = true;
    report(error);
  };
  const renew = async () => {
    try {
      if (!(await store.renew?.(eventId))) {
        tell(
          new Error(
            `The claim on webhook event ${quotedEventId(eventId)} ran out while its handler was still running (leaseMs ${leaseMs}): another delivery of it may run the handler too.`,
          ),
        );
        return;
      }
    } catch (error) {
      tell(error);
    }
    schedule();
  };
  const schedule = () => {
    if (!running) return;
    timer = setTimeout(renew, Math.floor(leaseMs / 3));
    unref(timer);
  };
  schedule();
  try {
    return await result;
  } finally {
    running = false;
    clearTimeout(timer);
  }
}
