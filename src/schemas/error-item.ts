import { z } from 'zod';

/**
 * One item of an error response's `errors` (spec 2.7); production adds an optional `code`,
 * an open string. The SDK's own `RequestValidationError` items have this shape too.
 */
export const errorItemSchema = z.looseObject({
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
