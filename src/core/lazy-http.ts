import { checkKey } from './call-checks.js';
import type { HttpCall, HttpCore, HttpResult } from './http.js';
import type { ResolvedOptions } from './options.js';
import type { PacingState } from './pacing/types.js';
import type { RateLimit } from './rate-limit.js';

/** What the operation runner sends through: the {@link HttpCore}, or this stand-in for it. */
export interface Transport {
  send(call: HttpCall): Promise<HttpResult>;
  /** The pacer's view of the key's budget; `undefined` when pacing is off. */
  pacingState(): Promise<PacingState | undefined>;
}

/**
 * The client's {@link HttpCore}, loaded on the first request rather than when the SDK is
 * imported. ky checks at import time whether request streams work by building a `Request` with
 * a `ReadableStream`, which loads undici and the web streams: about as long as the rest of the
 * SDK's import put together, and a cost every program paid even when it never sent a request
 * (a CLI printing `--help`, a module that only verifies webhooks). After the first request the
 * core is called directly; concurrent first calls share one load.
 *
 * The checks the core makes when it is built still run in the client's constructor, so a bad
 * key or header fails `new CreditPlatform()` exactly as before.
 */
export class LazyHttp implements Transport {
  readonly #options: ResolvedOptions;
  readonly #onRateLimit: (rateLimit: RateLimit) => void;
  #core: HttpCore | undefined;
  #loading: Promise<HttpCore> | undefined;

  constructor(options: ResolvedOptions, onRateLimit: (rateLimit: RateLimit) => void) {
    this.#options = options;
    this.#onRateLimit = onRateLimit;
    if (typeof options.apiKey === 'string') checkKey(options.apiKey);
    // The core hands these to `new Headers()`, which throws on a malformed name or value.
    new Headers(options.defaultHeaders);
  }

  send(call: HttpCall): Promise<HttpResult> {
    const core = this.#core;
    if (core) return core.send(call);
    return this.#load().then((loaded) => loaded.send(call));
  }

  pacingState(): Promise<PacingState | undefined> {
    if (this.#options.pacing === undefined) return Promise.resolve(undefined);
    return this.#load().then((loaded) => loaded.pacingState());
  }

  #load(): Promise<HttpCore> {
    if (this.#core) return Promise.resolve(this.#core);
    this.#loading ??= import('./http.js').then(
      ({ HttpCore }) => {
        this.#core = new HttpCore(this.#options, this.#onRateLimit);
        return this.#core;
      },
      (error: unknown) => {
        // A failed load (a chunk missing from a broken deployment) is not cached: the next call tries again.
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}
