import { checkKey } from '../config/per-call-checks.js';
import type { ResolvedOptions } from '../config/resolve-options.js';
import type { PacingState } from '../pacing/types.js';
import type { HttpCall, HttpResult, Transport } from '../types.js';
import type { HttpCore } from './http-core.js';

/** The client's transport: sends calls, and keeps what the client reports about them. */
export interface ClientTransport extends Transport {
  /** The pacer's view of the key's budget; `undefined` when pacing is off. */
  pacingState(): Promise<PacingState | undefined>;
  /** The headers of the last few responses that carried rate-limit headers, newest last (http-core.ts). */
  readonly rateLimitHeaders: Headers[];
}

/**
 * The client's transport, loading the {@link HttpCore} (and with it ky) on the first request
 * rather than when the SDK is imported: ky checks at import time whether request streams work by
 * building a `Request` with a `ReadableStream`, which loads undici and the web streams, about as
 * long as the rest of the SDK's import put together, and a cost every program paid even when it
 * never sent a request (a CLI printing `--help`, a module that only verifies webhooks).
 * Concurrent first calls share one load. The CommonJS build swaps this module for
 * eager-transport.ts (tsup.config.ts).
 */
export function createTransport(options: ResolvedOptions): ClientTransport {
  return new LazyTransport(options);
}

class LazyTransport implements ClientTransport {
  readonly #options: ResolvedOptions;
  #core: HttpCore | undefined;
  #loading: Promise<HttpCore> | undefined;

  constructor(options: ResolvedOptions) {
    this.#options = options;
    // The checks the core makes when it is built run here, so a bad key or header fails
    // `new CreditPlatform()` rather than the first call. `new Headers()` throws on a malformed
    // name or value.
    if (typeof options.apiKey === 'string') checkKey(options.apiKey);
    new Headers(options.defaultHeaders);
  }

  // Replaced by the loaded core's own `send` once it is built, so every later call goes to the
  // core directly, with no step in between.
  send = (call: HttpCall): Promise<HttpResult> => this.#load().then((core) => core.send(call));

  get rateLimitHeaders(): Headers[] {
    return this.#core?.rateLimitHeaders ?? [];
  }

  pacingState(): Promise<PacingState | undefined> {
    if (this.#options.pacing === undefined) return Promise.resolve(undefined);
    return this.#load().then((core) => core.pacingState());
  }

  #load(): Promise<HttpCore> {
    this.#loading ??= import('./http-core.js').then(
      ({ HttpCore }) => {
        const core = new HttpCore(this.#options);
        this.#core = core;
        this.send = core.send.bind(core);
        return core;
      },
      (error: unknown) => {
        // A failed load (a chunk missing from a broken deployment) is not kept: the next call tries again.
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}
