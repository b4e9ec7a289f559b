import { APITimeoutError } from './connection.js';

/**
 * With `pacing` on, the call would have had to wait for a rate-limit slot past its deadline
 * (`timeout`, or `totalTimeout` when set), so it failed at once, before anything was sent.
 * `waitMs` says how long the wait would have been. Raise the timeout, send fewer requests, or
 * move to a higher tier. It is an {@link APITimeoutError}, so timeout handling catches it too.
 *
 * @example
 * ```ts
 * import { PacingTimeoutError } from 'credit-platform';
 * try { await client.accounts.me({ timeout: 2_000 }); } catch (error) {
 *   if (error instanceof PacingTimeoutError) console.log(`the next slot is ${error.waitMs} ms away`);
 * }
 * ```
 */
export class PacingTimeoutError extends APITimeoutError {
  override readonly name: string = 'PacingTimeoutError';

  constructor(
    /** How long the call would have waited for a slot, in ms. */
    readonly waitMs: number,
    /** How long the call had left before its deadline, in ms. */
    readonly leftMs: number,
  ) {
    super(
      `Waiting for a rate-limit slot would take ${Math.ceil(waitMs)} ms, past this call's deadline (${Math.max(0, Math.floor(leftMs))} ms left), so this attempt was not sent. Raise \`timeout\` (or \`totalTimeout\`), send fewer requests, or use a higher tier.`,
    );
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), waitMs: this.waitMs, leftMs: this.leftMs };
  }
}
