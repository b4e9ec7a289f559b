// The version has one source, package.json. tsup's build reads only its `version` field into the
// bundle (tsup.config.ts, `packageVersionOnly`); tests and tsx runs read the file as it is.
import pkg from '../package.json' with { type: 'json' };

/**
 * The SDK's version (package.json's, read at build time), sent in the `User-Agent` header.
 *
 * @example
 * ```ts
 * import { VERSION } from 'credit-platform';
 * console.log(`credit-platform ${VERSION}`);
 * ```
 */
export const VERSION: string = pkg.version;
