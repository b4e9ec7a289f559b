import type { ResolvedOptions } from '../config/resolve-options.js';
import { HttpCore } from './http-core.js';
import type { ClientTransport } from './lazy-transport.js';

/**
 * The CommonJS build's stand-in for lazy-transport.ts (tsup.config.ts swaps this module in): the
 * core is built at once, because Jest's module runtime refuses a dynamic import and older
 * bundlers cannot follow a computed `require()`.
 */
export function createTransport(options: ResolvedOptions): ClientTransport {
  return new HttpCore(options);
}
