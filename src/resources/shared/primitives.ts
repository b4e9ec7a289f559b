import * as z from 'zod/mini';
import type { Chain, Token } from '../../utils/known-assets.js';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/event-types.js';

// Request-side rules. Each mirrors a rule the service enforces, so a call that would be
// rejected anyway fails here, typed, before anything is sent.
//
// Emptiness, patterns, ranges and closed lists are predicates in `z.refine` or `z.custom` rather
// than zod's `z.minLength`, `z.regex`, `z.int` and `z.enum`: the same values are refused with the
// same messages, a value of the wrong type is one item rather than two (an array as an id was
// also "not empty"), and zod's length, format and enum schemas stay out of every client bundle.

/**
 * One of `values`, exactly: a closed list, as requests take. What `z.enum` checks, as a predicate
 * (zod's enum schema is not needed in the bundle for three lists of words).
 */
export function oneOf<const V extends readonly string[]>(values: V, error: string): z.ZodMiniType<V[number], V[number]> {
  return z.custom<V[number]>((value) => (values as readonly unknown[]).includes(value), { error });
}

/** A non-empty identifier that cannot escape its path segment (`.` and `..` would). */
export const idRule = z.string({ error: 'must be a string' }).check(
  z.refine((value) => value !== '', { error: 'must not be empty' }),
  z.refine((value) => value !== '.' && value !== '..', { error: 'must not be "." or ".."' }),
);

/** `limit` of a list call: an integer from 1 to 100 (spec 2.6). */
export const limitRule = z.custom<number>(
  (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100,
  { error: 'must be an integer from 1 to 100' },
);

/**
 * An opaque, non-empty cursor from a previous page's `nextCursor` or an error's `resumeCursor`.
 * `null` is typed so that either needs no cast: `list()` reads a `null` cursor as "from the first
 * page" (an error's `resumeCursor` is `null` when the first page failed) before this rule runs.
 */
export const cursorRule = z
  .custom<string, string | null>((value) => typeof value === 'string', {
    error: 'must be a string (a nextCursor from an earlier page)',
    abort: true,
  })
  .check(z.refine((value) => value !== '', { error: 'must not be empty; omit it to start from the first page' }));

/** An absolute HTTPS URL (spec 2.3: deliveries only go to HTTPS). */
export const httpsUrlRule = z.string({ error: 'must be a string' }).check(
  z.refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute https:// URL' },
  ),
);

/** A non-empty list of the spec's event types. */
export const eventTypesRule = z
  .array(oneOf(WEBHOOK_EVENT_TYPES, `must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`), {
    error: 'must be an array of event types',
  })
  .check(z.refine((list) => list.length > 0, { error: 'must list at least one event type' }));

/** A non-empty secret (the service signs deliveries with it). */
export const secretRule = z.string({ error: 'must be a string' }).check(
  z.refine((value) => value !== '', { error: 'must not be empty' }),
  z.refine((value) => value.trim() === value, { error: 'must not start or end with whitespace (a copy-paste slip?)' }),
);

// Plain ASCII digits only: '1e3', ' 1' and '٣' are not amounts the service accepts.
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
// A well-formed decimal with a minus sign: its problem is the sign, so it gets the message '0' gets.
const NEGATIVE_DECIMAL = /^-(0|[1-9][0-9]*)(\.[0-9]+)?$/;

// Every amount problem carries the service's own code, INVALID_AMOUNT, whatever the field is
// called (`amount`, a credit line's `limit`), so callers can handle them in one place.
const AMOUNT = { code: 'INVALID_AMOUNT' };

/** A positive decimal amount written as a string, e.g. `"10000.00"`. Never a number. */
export const amountRule = z
  .custom<string>((value) => typeof value === 'string', {
    error: 'must be a decimal string such as "10.00", not a number',
    params: AMOUNT,
    abort: true,
  })
  .check(
    // `abort` so that "-1" and "abc" are one problem each, not also the rule after theirs.
    z.refine((value) => !NEGATIVE_DECIMAL.test(value), { error: 'must be greater than 0', params: AMOUNT, abort: true }),
    z.refine((value) => DECIMAL.test(value), {
      error: 'must be a decimal string of ASCII digits such as "10.00"',
      params: AMOUNT,
      abort: true,
    }),
    z.refine((value) => /[1-9]/.test(value), { error: 'must be greater than 0', params: AMOUNT }),
  );

// Tokens and chains are checked for shape only, not against the documented lists: the service
// answers an unsupported one with INVALID_TOKEN itself, and a closed list here would turn every
// token the service adds into an SDK release.
const SYMBOL = /^[A-Za-z0-9]+$/;

/** A token symbol: non-empty ASCII letters and digits (`wstETH`, `USDC`, or a newer one). */
export const tokenRule = z
  .string({ error: 'must be a token symbol such as "USDC"' })
  .check(
    z.refine((value) => SYMBOL.test(value), { error: 'must be a token symbol of ASCII letters and digits such as "USDC"' }),
  ) as unknown as z.ZodMiniType<Token, Token>;

/** A chain name: non-empty ASCII letters and digits (`Ethereum`, `Base`, or a newer one). */
export const chainRule = z
  .string({ error: 'must be a chain name such as "Ethereum"' })
  .check(
    z.refine((value) => SYMBOL.test(value), { error: 'must be a chain name of ASCII letters and digits such as "Ethereum"' }),
  ) as unknown as z.ZodMiniType<Chain, Chain>;

/**
 * An Ethereum address: `0x` and 40 hex digits. Whatever the field is called, the item's code is
 * the service's `INVALID_ADDRESS`. The EIP-55 checksum is left to the service (it needs Keccak).
 */
export const addressRule = z.custom<string>((value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value), {
  error: 'must be an Ethereum address: 0x followed by 40 hex digits',
  params: { code: 'INVALID_ADDRESS' },
});

/** The API key permissions of spec 5.4, for the closed request rule and the open record field. */
export const PERMISSIONS = ['read', 'write', 'admin'] as const;

/** API key permissions (spec 5.4): a request may name only these. */
export const permissionSchema = oneOf(PERMISSIONS, 'must be one of: read, write, admin');

/**
 * An API key permission a request may name: one of `read`, `write`, `admin`. A key record's
 * `permissions` (`ApiKey['permissions']`) may also hold one added after this SDK version.
 *
 * @example
 * ```ts
 * const permissions: Permission[] = ['read', 'write'];
 * await client.keys.create({ name: 'reporting', permissions });
 * ```
 *
 * @useDeclaredType
 */
export type Permission = z.infer<typeof permissionSchema>;

/** A non-empty set of permissions: no duplicates, so the request means what it says. */
export const permissionsRule = z.array(permissionSchema, { error: 'must be an array of permissions (read, write, admin)' }).check(
  z.refine((list) => list.length > 0, { error: 'must list at least one permission' }),
  z.refine((list) => new Set(list).size === list.length, { error: 'must not list a permission twice' }),
);

/** A non-empty display name or free-text field (a blank one is a slip, not a value). */
export const nameRule = z.string({ error: 'must be a string' }).check(
  z.refine((value) => value.trim() !== '', { error: 'must not be empty' }),
  z.refine((value) => value.length <= 200, { error: 'must be at most 200 characters' }),
);

/** An email address, checked loosely (one `@`, no spaces): the service has the final word. */
export const emailRule = z
  .string({ error: 'must be a string' })
  .check(z.refine((value) => /^[^@\s]+@[^@\s]+$/.test(value), { error: 'must be an email address such as "ops@example.com"' }));

/** An ISO 3166-1 alpha-2 country code such as `"DE"`. */
export const countryRule = z
  .string({ error: 'must be a string' })
  .check(z.refine((value) => /^[A-Za-z]{2}$/.test(value), { error: 'must be a two-letter country code such as "DE"' }));
