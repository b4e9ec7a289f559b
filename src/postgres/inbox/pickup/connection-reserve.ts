// How many connections of a pool its inbox workers may hold: the pool's `max` less a reserve they
// never take. Each event holds a connection for its whole handler, so without a reserve a receiver
// on the same pool waits behind the handlers to store a delivery, and its acknowledgement with it.
import { ConfigurationError } from '../../../errors/index.js';

/** The connections kept for the receiver and other statements unless `reservedConnections` says otherwise. */
export const DEFAULT_RESERVED_CONNECTIONS = 2;
// Each worker holds one more: its LISTEN connection.
const LISTENER = 1;

// The connections held by the running workers of each pool, across every inbox on it.
const heldByWorkers = new WeakMap<object, number>();

/** @internal The connections one worker may hold, until it stops. */
export interface ConnectionLease {
  /** How many events the worker runs at once. */
  readonly concurrency: number;
  /** Gives the connections back to the pool's budget (the worker stopped); once. */
  release(): void;
}

function poolMax(pool: object): number | undefined {
  const max = (pool as { options?: { max?: unknown } }).options?.max;
  return typeof max === 'number' && Number.isSafeInteger(max) && max >= 1 ? max : undefined;
}

/**
 * @internal Leases a worker its connections: at most `requested` events at once, fewer (with one
 * `warn`) when the pool's `max` less `reserved` and the other workers' connections leaves fewer.
 * Throws a ConfigurationError when it leaves none.
 */
export function leaseWorkerConnections(
  pool: object,
  requested: number,
  reserved: number,
  warn: (message: string) => void,
): ConnectionLease {
  const max = poolMax(pool);
  // Not a node-postgres Pool: its size is unknown, so nothing is capped.
  if (max === undefined) return { concurrency: requested, release() {} };
  const others = heldByWorkers.get(pool) ?? 0;
  const kept =
    `${reserved} kept for the receiver and other statements (reservedConnections), ` +
    `${others > 0 ? `${others} held by other inbox workers on this pool, ` : ''}and 1 for this worker's LISTEN`;
  const free = max - reserved - others - LISTENER;
  if (free < 1) {
    throw new ConfigurationError(
      'reservedConnections',
      `inbox.work: a Pool of ${max} connections leaves none for this worker's events (${kept}). ` +
        `Give the Pool at least ${max - free + 1} connections (\`new Pool({ max })\`), or lower reservedConnections.`,
    );
  }
  const concurrency = Math.min(requested, free);
  if (concurrency < requested) {
    warn(
      `credit-platform: inbox.work runs ${concurrency} event${concurrency === 1 ? '' : 's'} at once, not the ${requested} of \`concurrency\`: ` +
        `the Pool's ${max} connections are ${concurrency} for events, ${kept}. ` +
        `Give the Pool ${max + requested - concurrency} connections (\`new Pool({ max })\`) to run ${requested}.`,
    );
  }
  const lease = concurrency + LISTENER;
  heldByWorkers.set(pool, others + lease);
  let released = false;
  return {
    concurrency,
    release() {
      if (released) return;
      released = true;
      heldByWorkers.set(pool, (heldByWorkers.get(pool) ?? lease) - lease);
    },
  };
}
