import { CreditPlatformError } from './base.js';
import { excerpt } from './excerpt.js';

/**
 * One schema problem in a response: where, and what was wrong.
 *
 * @example
 * ```ts
 * import { InvalidResponseError, type ResponseIssue } from 'credit-platform';
 * const describe = (issue: ResponseIssue) => `${issue.path || 'data'}: ${issue.message} (${issue.code})`;
 * try { await client.accounts.me(); } catch (error) {
 *   if (error instanceof InvalidResponseError) console.error(error.issues.map(describe));
 * }
 * ```
 */
export interface ResponseIssue {
  /** Dotted path inside `data`, e.g. `items.3.amount`; `''` for `data` itself. */
  path: string;
  /** What was wrong, as zod words it. */
  message: string;
  /** zod's issue code, e.g. `invalid_type`. */
  code: string;
}

/**
 * The response could not be used: not JSON, not the `success/data/message/errors` envelope,
 * `data` that does not fit the operation's schema, or a list that repeats its cursor. A value
 * or a field this SDK version does not know (a new status, an added field) fits: records are
 * forward compatible, so only a wrong type or a missing required field is a mismatch.
 *
 * @example
 * ```ts
 * import { InvalidResponseError } from 'credit-platform';
 * try { await client.accounts.me(); } catch (error) {
 *   if (error instanceof InvalidResponseError) console.error(error.status, error.issues, error.body);
 * }
 * ```
 */
export class InvalidResponseError extends CreditPlatformError {
  override readonly name: string = 'InvalidResponseError';
  /** The HTTP status of the response. */
  readonly status: number;
  /** The start of the body (at most 500 characters), for diagnosis. */
  readonly body: string;
  /** Schema problems, when `data` did not fit its schema; `[]` otherwise. */
  readonly issues: ResponseIssue[];

  constructor(message: string, init: { status: number; body: string; issues?: ResponseIssue[] }) {
    super(message);
    this.status = init.status;
    this.body = excerpt(init.body);
    this.issues = init.issues ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, body: this.body, issues: this.issues };
  }
}
