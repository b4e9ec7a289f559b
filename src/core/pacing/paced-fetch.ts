import type { Fetch } from '../types.js';
import type { Pacer } from './pacer.js';

/** What the pacer needs of one call. */
export interface PacedCall {
  readonly apiKey: string;
  /** The per-attempt timeout, in ms: waiting for a slot counts against it. */
  readonly timeout: number;
  /** The whole call's deadline (epoch ms), when a total timeout is set. */
  readonly deadline?: number | undefined;
  /** Where the call's tracing context collects the time spent waiting for slots. */
  readonly trace?: { pacingWaitMs?: number } | undefined;
}

/**
 * Wraps the per-attempt fetch of one call: every attempt (retries included, since the service
 * counts each) waits for its slot, and every response is shown to the pacer. `resolveFetch` is
 * called per attempt, as test tools patch the global `fetch` after clients are created.
 */
export function pacedFetch(pacer: Pacer, resolveFetch: () => Fetch, call: PacedCall): Fetch {
  return async (input, init) => {
    // ky hands over a Request that carries the call's signal (the caller's and its timeout's).
    const signal = input instanceof Request ? input.signal : init?.signal;
    const deadline = Math.min(Date.now() + call.timeout, call.deadline ?? Number.POSITIVE_INFINITY);
    const grant = await pacer.acquire(call.apiKey, { signal, deadline });
    if (call.trace) call.trace.pacingWaitMs = (call.trace.pacingWaitMs ?? 0) + grant.waitedMs;
    try {
      const response = await resolveFetch()(input, init);
      pacer.observe(grant, response);
      return response;
    } finally {
      await grant.settle();
    }
  };
}
