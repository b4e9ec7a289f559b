/**
 * Part of every store's contract (the memory one and `credit-platform/redis`): a
 * granted slot is counted as "in flight" (dated this far ahead) until it is settled: a request
 * still on its way must not leave the window, however long its process is held up between the
 * grant and the send. Settling dates it to the response. A process that dies mid-request frees
 * its slots this long after the window would have.
 */
export const IN_FLIGHT_HOLD_MS = 60_000;
