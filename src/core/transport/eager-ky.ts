import request, { HTTPError, NetworkError, TimeoutError } from 'ky';
import type * as Ky from './ky-parts.js';

/**
 * load-ky.ts's stand-in where ky is linked at load: in the CommonJS build (tsup.config.ts swaps
 * this module in), because Jest's module runtime refuses a dynamic import and older bundlers
 * cannot follow a computed `require()`; and in a user's bundle (package.json "imports",
 * `#load-ky`, condition `module`), where a lazy import saves no loading. A plain object rather
 * than ky-parts.ts's namespace, which a bundler would rebuild from getters.
 */
export const ky: typeof Ky = { default: request, HTTPError, NetworkError, TimeoutError };

export function loadKy(): Promise<void> {
  return Promise.resolve();
}
