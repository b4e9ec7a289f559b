/**
 * `credit-platform/money`: exact arithmetic on the decimal strings the API exchanges as amounts.
 * Nothing in it loads the HTTP client, and the root entry does not load it.
 *
 * **Start here**: `Decimal.sum(amounts)` adds the API's decimal strings exactly; `Decimal.from(text)`
 * reads one, and `.plus()`, `.minus()`, `.compare()` work on it. Guide: [exact money](../../docs/guides/money.md).
 *
 * @example
 * ```ts
 * import { Decimal } from 'credit-platform/money';
 * const total = Decimal.sum(['0.10', '0.20']);
 * console.log(`${total}`); // "0.30"
 * ```
 *
 * @module credit-platform/money
 */
export { Decimal, type DecimalInput } from './decimal.js';
