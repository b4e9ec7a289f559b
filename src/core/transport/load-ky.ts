import type * as Ky from './ky-parts.js';

/**
 * ky, once {@link loadKy} has loaded it: the HTTP core's requests and the classes of the errors
 * they throw (HTTPError, TimeoutError, NetworkError). Read only on a request's path, after the
 * load, since no ky error can exist before ky does.
 */
export let ky: typeof Ky;

let loading: Promise<void> | undefined;

/**
 * Loads ky on the first request rather than when the SDK is imported: ky checks at import time
 * whether request streams work by building a `Request` with a `ReadableStream`, which loads
 * undici and the web streams, about as long as the rest of the SDK's import put together, and a
 * cost every program paid even when it never sent a request (a CLI printing `--help`, a module
 * that only verifies webhooks). Only ky is loaded so: the HTTP core around it is linked
 * statically. This is the loader Node takes; a bundler takes eager-ky.ts (package.json
 * "imports", `#load-ky`). Concurrent first calls share one load; a failed load (a module
 * missing from a broken deployment) is not kept: the next call tries again.
 */
export function loadKy(): Promise<void> {
  loading ??= import('./ky-parts.js').then(
    (module) => {
      ky = module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
