// The claim: takes the next due event and counts its attempt before any handler runs, committed
// on its own or with the done mark of the event before, so that an attempt whose worker dies is
// still counted. The claim leases the event past the attempt's deadline: while the worker lives,
// it closes the attempt (done or failed) before the lease ends, so no other worker takes the event
// and no lock has to be held on its row while the handler runs.
import type { PostgresPoolClient } from '../../postgres-pool.js';
import { retryDelaySeconds } from '../options.js';
import type { InboxTable } from '../table/inbox-table.js';

// The least time between an attempt's deadline and the end of its lease: time to record it failed.
const MIN_DELAY_S = 1;
// Leases sent with each claim: attempts past the last one take the last one's.
const LEASES_KEPT = 32;

/**
 * @internal The lease of each attempt, in s (attempt n's at index n - 1): its deadline, then its
 * retry delay (at least 1 s, which also covers closing the attempt once the deadline passed). An
 * attempt whose worker died is due again when it would have timed out and waited its retry delay.
 * For the first 32 attempts; later attempts take the 32nd's.
 */
export function attemptLeases(retryDelayMs: (attempt: number) => number, maxAttempts: number, timeoutMs: number): number[] {
  return Array.from(
    // Stryker disable next-line MethodExpression: leases past maxAttempts are never read, so a longer list behaves the same.
    { length: Math.min(maxAttempts, LEASES_KEPT) },
    (_, i) => timeoutMs / 1000 + Math.max(retryDelaySeconds(retryDelayMs, i + 1), MIN_DELAY_S),
  );
}

/**
 * @internal The leases as the `float8[]` text every claim sends: written once per worker, where
 * node-postgres would write the array again for each claim.
 */
export function leasesParameter(leases: readonly number[]): string {
  return `{${leases.join(',')}}`;
}

/** @internal A claimed event's row, as the claim answers it. */
export interface ClaimedRow {
  readonly event_id: string;
  readonly type: string;
  readonly body: string;
  readonly attempts: number;
  readonly status: string;
  readonly order_key: string | null;
  readonly died: boolean;
}

/** @internal A claimed event: its row, and when the claim answered (`performance.now()`), where its deadline runs from. */
export interface Claim {
  readonly row: ClaimedRow;
  readonly claimedAt: number;
}

/** @internal What a claim needs of the worker. */
export interface ClaimSettings {
  /** {@link attemptLeases}, as {@link leasesParameter} writes them. */
  readonly leases: string;
  readonly maxAttempts: number;
  /** Whether only keyed events are claimed, in their keys' order. */
  readonly ordered: boolean;
}

/** @internal Claims the next due event on `client` (a statement of its own, or in a transaction), if one is due. */
export async function claimEvent(
  client: PostgresPoolClient,
  table: InboxTable,
  { leases, maxAttempts, ordered }: ClaimSettings,
): Promise<Claim | undefined> {
  const claimed = ordered
    ? await client.query({ ...table.worker.claimInOrder, values: [leases, maxAttempts, table.worker.keyLockPrefix] })
    : await client.query({ ...table.worker.claim, values: [leases, maxAttempts] });
  const row = claimed.rows[0] as ClaimedRow | undefined;
  return row && { row, claimedAt: performance.now() };
}
