// The one log line of a failed attempt: what an operator needs to act on it without opening the
// table: which event, which attempt of how many, what happens next, and why (redacted).
import type { Logger } from '../../core/types.js';

/** @internal What became of an event after a failed attempt. */
export type AfterFailure =
  | { readonly status: 'pending'; readonly runAt: Date }
  | { readonly status: 'dead' }
  /** The mark matched nothing: the event changed meanwhile (replayed, edited), and stays as that left it. */
  | { readonly status: 'unrecorded' };

/** @internal One failed attempt, as logged. */
export interface FailedAttempt {
  readonly eventId: string;
  readonly type: string;
  readonly attempt: number;
  readonly maxAttempts: number;
  /** The error as stored: class, message, redacted, at most 500 characters. */
  readonly error: string;
  readonly after: AfterFailure;
}

function next(after: AfterFailure): string {
  switch (after.status) {
    case 'pending':
      return `runs again at ${after.runAt.toISOString()}`;
    case 'dead':
      return 'now dead: fix the cause, then replay it (inbox.replay, or credit-platform webhooks inbox replay)';
    default:
      return 'not recorded: the event changed while the attempt ran (replayed, or its row edited), and stays as that left it';
  }
}

/**
 * @internal Logs `failed` as one `warn` line, e.g. `credit-platform: inbox event evt_1 (deposit.created)
 * attempt 2 of 8 failed, runs again at 2026-11-28T18:40:00.000Z: Error: relation "ledger" does not exist`,
 * with the same facts as fields.
 */
export function logFailedAttempt(logger: Pick<Logger, 'warn'>, failed: FailedAttempt): void {
  const { eventId, type, attempt, maxAttempts, error, after } = failed;
  logger.warn(
    `credit-platform: inbox event ${eventId} (${type}) attempt ${attempt} of ${maxAttempts} failed, ${next(after)}: ${error}`,
    {
      eventId,
      type,
      attempt,
      maxAttempts,
      status: after.status,
      ...(after.status === 'pending' ? { runAt: after.runAt.toISOString() } : {}),
      error,
    },
  );
}
