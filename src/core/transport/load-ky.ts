import type * as KyModule from 'ky';

/** The ky module, as {@link loadKy} resolves with it: the request function and its error classes. */
export type Ky = typeof KyModule;

let loading: Promise<Ky> | undefined;

/**
 * Loads ky on the first request rather than when the SDK is imported: ky's import-time check
 * for request streams loads undici and the web streams, which costs about as much as the rest
 * of the SDK's import, and a program that never sends a request (a CLI printing `--help`, a
 * webhook receiver) would pay it for nothing. Concurrent first calls share one load; a failed
 * load is not kept, so the next call tries again.
 */
export function loadKy(): Promise<Ky> {
  loading ??= import('ky').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
