import { HttpCore } from './http.js';
import type { Transport } from './lazy-http.js';
import type { ResolvedOptions } from './options.js';
import type { RateLimit } from './rate-limit.js';

/**
 * The CommonJS build's stand-in for {@link LazyHttp} (tsup.config.ts swaps it in): the same
 * class name and behaviour, with the core built at once, because Jest's module runtime refuses
 * a dynamic import and older bundlers cannot follow a computed `require()`.
 */
export class LazyHttp implements Transport {
  readonly #core: HttpCore;

  constructor(options: ResolvedOptions, onRateLimit: (rateLimit: RateLimit) => void) {
    this.#core = new HttpCore(options, onRateLimit);
  }

  send: Transport['send'] = (call) => this.#core.send(call);

  pacingState: Transport['pacingState'] = () => this.#core.pacingState();
}
