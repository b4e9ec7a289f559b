// The tokens and chains the public documentation lists, as open unions: the client's records and
// requests and the webhooks entry's event data all spell them from here (no zod, so the webhooks
// entry may import it).

/**
 * A deposit token. The five the service documents autocomplete; any other string is accepted so
 * a token the service adds tomorrow needs no SDK release.
 *
 * @example
 * ```ts
 * const token: Token = 'USDC';
 * const newer: Token = 'cbBTC'; // also fine
 * ```
 */
export type Token = 'ETH' | 'USDC' | 'USDT' | 'DAI' | 'wstETH' | (string & {});

/**
 * The tokens the public documentation lists (for docs, tests and pickers; not a request filter).
 *
 * @example
 * ```ts
 * import { KNOWN_TOKENS } from 'credit-platform';
 * const options = KNOWN_TOKENS.map((token) => ({ label: token, value: token }));
 * ```
 */
export const KNOWN_TOKENS = ['ETH', 'USDC', 'USDT', 'DAI', 'wstETH'] as const;

/**
 * A chain. The five the service documents autocomplete; any other name is accepted.
 *
 * @example
 * ```ts
 * const chain: Chain = 'Base';
 * ```
 */
export type Chain = 'Ethereum' | 'Polygon' | 'Arbitrum' | 'Base' | 'Optimism' | (string & {});

/**
 * The chains the public documentation lists (not a request filter).
 *
 * @example
 * ```ts
 * import { KNOWN_CHAINS } from 'credit-platform';
 * KNOWN_CHAINS.includes('Base'); // true
 * ```
 */
export const KNOWN_CHAINS = ['Ethereum', 'Polygon', 'Arbitrum', 'Base', 'Optimism'] as const;
