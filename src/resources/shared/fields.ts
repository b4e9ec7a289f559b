import * as z from 'zod/mini';
import type { Chain, KNOWN_CHAINS, KNOWN_TOKENS, Token } from '../../utils/known-assets.js';
import type { PERMISSIONS } from './primitives.js';

// Building blocks of the response schemas. Responses are checked for types, not for the
// formats the request rules enforce: a record the service already accepted is not ours to
// reject for a stylistic difference (e.g. a lowercase chain name). A newer service is not an
// error either: the rule for every record is that a value this SDK does not know (a new status,
// tier, permission, event type, token or chain) is accepted (`openEnum`), and a field it does not
// know is kept on the object (`recordSchema`). Requests stay closed: what the SDK sends must be
// valid today (primitives.ts).

/** An ISO 8601 UTC timestamp, kept as the string the service sent. */
export const timestamp = z.string();

/** A decimal amount as a string (`"10000.00"`). A number here is a schema mismatch: amounts never pass through floats. */
export const decimalString = z.string();

/**
 * The one way an enum-like response field is declared: `openEnum<'a' | 'b'>()` is typed
 * `'a' | 'b' | (string & {})`, so an editor offers the known values and a comparison with one
 * compiles, while any string the service sends is accepted, never an `InvalidResponseError`. A
 * user's exhaustive `switch` needs a `default`. At run time the field is checked as a string, so
 * the known values are a type argument only and add nothing to the bundle. Request fields use a
 * closed `z.enum` of the same values instead (primitives.ts).
 */
export function openEnum<Known extends string>(): z.ZodMiniType<Known | (string & {}), Known | (string & {})> {
  return z.string() as unknown as z.ZodMiniType<Known | (string & {}), Known | (string & {})>;
}

/** A token symbol, typed as the open {@link Token} union. */
export const tokenString: z.ZodMiniType<Token, Token> = openEnum<(typeof KNOWN_TOKENS)[number]>();

/** A chain name, typed as the open {@link Chain} union. */
export const chainString: z.ZodMiniType<Chain, Chain> = openEnum<(typeof KNOWN_CHAINS)[number]>();

/** An API key permission as a record states it: `read`, `write`, `admin`, or one added later. */
export const permissionValue = openEnum<(typeof PERMISSIONS)[number]>();

/** Where a money movement or a payment stands: `pending` until settled, then `confirmed` or `failed`. */
export const settlementStatus = openEnum<'pending' | 'confirmed' | 'failed'>();

// The public documentation names only the lowest and the highest tier; the open union keeps the
// ones in between (and any new one) without inventing their names.
/** A credit tier, `SECURED_ONLY` … `PREMIUM`: an account's, a credit line's and a score's. */
export const creditTier = openEnum<'SECURED_ONLY' | 'PREMIUM'>();

/**
 * The fields of an on-chain money movement, shared by transactions, deposits and withdrawals.
 * The spec shows none of them; all but `id` are optional.
 */
export const movementShape = {
  /** The record id, prefixed `tx_`, `dep_` or `wd_`. */
  id: z.string(),
  /** The token moved. */
  token: z.optional(tokenString),
  /** The chain it moved on. */
  chain: z.optional(chainString),
  /** The amount, as a decimal string. */
  amount: z.optional(decimalString),
  /** `pending` until the chain confirms it, then `confirmed` or `failed`. */
  status: z.optional(settlementStatus),
  /** The on-chain transaction hash (`0x` and 64 hex digits), once there is one. */
  transactionHash: z.optional(z.string()),
  /** When it was recorded (ISO 8601 UTC). */
  createdAt: z.optional(timestamp),
};

/**
 * The type a record shape describes: exactly its fields, no index signature. A record interface
 * extends this (`interface Deposit extends RecordOf<typeof depositShape> {}`), so it has a name
 * in hovers and compiler messages and cannot drift from the shape that checks it.
 */
export type RecordOf<S extends z.core.$ZodLooseShape> = z.output<z.ZodMiniObject<S>>;

/** A schema whose output is the record interface `T`. */
type RecordSchema<T> = z.ZodMiniType<T, unknown>;

/**
 * `shape` with every field optional, for an answer the spec does not show (a deletion's, a
 * revocation's): each field wrapped in `z.optional`, as `z.partial(z.object(shape)).shape` would
 * give it, without the object schema built only for its shape. zod's `partial` alone brought
 * about 1.5 KB (minified) of zod into every bundle of the client for these two answers.
 */
export function optionalFields<S extends z.core.$ZodShape>(shape: S): { [K in keyof S]: z.ZodMiniOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, z.optional(field)])) as {
    [K in keyof S]: z.ZodMiniOptional<S[K]>;
  };
}

/**
 * The schema that checks a record: the loose object of its shape, so fields this version does
 * not know stay on the object at run time (read one with `(record as Record<string, unknown>).newField`),
 * typed as the record's named interface `T`, which extends `RecordOf<typeof shape>`. The cast
 * only drops the index signature from the type: the shape, and so every typed field, is the same.
 */
export function recordSchema<T extends RecordOf<S>, S extends z.core.$ZodLooseShape = z.core.$ZodLooseShape>(
  shape: S,
): RecordSchema<T> {
  return z.looseObject(shape) as unknown as RecordSchema<T>;
}
