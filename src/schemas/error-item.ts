import { z } from 'zod';

/**
 * One item of an error response's `errors` (spec 2.7); production adds an optional `code`,
 * an open string. The SDK's own `RequestValidationError` items have this shape too.
 */
export const errorItemSchema = z.looseObject({
  /** The offending field, as a dotted path (`amount`, `events.0`). */
  field: z.string(),
  /** What is wrong with it, readable by a person. */
  message: z.string(),
  /** A machine-readable code such as `INVALID_AMOUNT`, when there is one. */
  code: z.string().optional(),
});
