import * as kyModule from './ky-parts.js';

/**
 * The CommonJS build's stand-in for load-ky.ts (tsup.config.ts swaps this module in): ky is
 * linked at load, because Jest's module runtime refuses a dynamic import and older bundlers
 * cannot follow a computed `require()`.
 */
export const ky = kyModule;

export function loadKy(): Promise<void> {
  return Promise.resolve();
}
