import * as z from 'zod/mini';

// Request bodies are strict objects: their input type lists exactly the operation's fields (no
// index signature, so a misspelled field does not compile), and at run time a field they do not
// know is refused before anything is sent (`UNKNOWN_FIELD`, see core/validate-request.ts). A field
// this version does not know yet goes out through the per-call option `extraBody`.

const NOT_AN_OBJECT = { error: 'must be an object' };

/** The body of a create or replace call: exactly the fields of `shape`. */
export function requestBody<S extends z.core.$ZodLooseShape>(shape: S): z.ZodMiniObject<S, z.core.$strict> {
  return z.strictObject(shape, NOT_AN_OBJECT);
}

/** A PATCH body must change something: an empty patch is a slip that would cost a request and change nothing. */
export function patchBody<S extends z.core.$ZodLooseShape>(shape: S): z.ZodMiniObject<S, z.core.$strict> {
  return requestBody(shape).check(
    z.refine((patch) => Object.values(patch).some((value) => value !== undefined), {
      error: 'must set at least one field to change',
    }),
  );
}

/**
 * The second base of every params interface. It adds no members; it is there because TypeScript
 * names an interface with a single type-alias base by that base in some messages (a misspelled
 * field would read "does not exist in type '{ token: Token; ... }'"), and by its own name
 * (`DepositCreateParams`) once it has two bases.
 *
 * @example
 * ```ts
 * const params: RequestParams = {};
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: a member-less base on purpose, see above
export interface RequestParams {}
