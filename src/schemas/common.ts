import { z } from 'zod';
import type { Chain, Token } from './primitives.js';

// Building blocks of the response schemas. Responses are checked for types, not for the
// formats the request rules enforce: a record the service already accepted is not ours to
// reject for a stylistic difference (e.g. a lowercase chain name).

/** An ISO 8601 UTC timestamp, kept as the string the service sent. */
export const timestamp = z.string();

/** A decimal amount as a string (`"10000.00"`). A number here is a schema mismatch: amounts never pass through floats. */
export const decimalString = z.string();

/** A token symbol, typed as the open {@link Token} union. */
export const tokenString = z.string() as unknown as z.ZodType<Token, Token>;

/** A chain name, typed as the open {@link Chain} union. */
export const chainString = z.string() as unknown as z.ZodType<Chain, Chain>;

/**
 * A string field with known values that autocomplete, open to values a newer service sends.
 * Used for statuses the spec does not fix, so a new status is not an {@link InvalidResponseError}.
 */
export function openEnum<const V extends readonly [string, ...string[]]>(
  _values: V,
): z.ZodType<V[number] | (string & {}), V[number] | (string & {})> {
  return z.string() as unknown as z.ZodType<V[number] | (string & {}), V[number] | (string & {})>;
}
