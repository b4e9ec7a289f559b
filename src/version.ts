/**
 * The SDK's version, sent in the `User-Agent` header; a test keeps it equal to package.json's.
 *
 * @example
 * ```ts
 * import { VERSION } from 'credit-platform';
 * console.log(`credit-platform ${VERSION}`);
 * ```
 */
export const VERSION = '0.1.0';
