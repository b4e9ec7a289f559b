import type { KyInstance, Options as KyOptions } from 'ky';
import type { CallState } from './call-state.js';

/**
 * Runs a call's attempts, one ky request each, until one answers or the retry clock says stop;
 * the last attempt's error is thrown as ky threw it.
 *
 * ky's own retry loop stays off (`retry: 0`). To be able to retry, ky clones every request before
 * it is sent and follows its signal from the clone: on a page of a long walk that was about a
 * tenth of the call (docs/benchmarks.md), paid by every call although few are ever retried. The
 * SDK decides every retry anyway (the retry clock, through {@link CallState}); here it also waits.
 * Each attempt gets what is left of `totalTimeout` as its own, so ky still stops an attempt that
 * would outlast the call and reports a `TimeoutError` for it.
 */
export async function runAttempts(
  ky: KyInstance,
  input: string,
  options: KyOptions,
  state: CallState,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const { totalTimeout } = state.setup;
  for (;;) {
    const attempt =
      totalTimeout === undefined ? options : { ...options, totalTimeout: Math.max(1, totalTimeout - state.elapsed()) };
    try {
      return await ky(input, attempt);
    } catch (error) {
      const decision = state.decide(error);
      if (decision?.retry !== true) throw error;
      await pause(decision.waitMs, signal);
    }
  }
}

/** Waits `ms`; the caller's signal ends the wait at once, with its reason, as it ends a request. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
