import { ConfigurationError } from '../../errors/index.js';
import type { PacingLimit, PacingOptions, PacingStore, PacingTier } from './types.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The spec's limits per tier (section 8): a per-minute and a per-day sliding window. */
const TIER_LIMITS: Readonly<Record<PacingTier, readonly PacingLimit[]>> = Object.freeze({
  free: Object.freeze([Object.freeze({ requests: 30, perMs: MINUTE }), Object.freeze({ requests: 1_000, perMs: DAY })]),
  standard: Object.freeze([Object.freeze({ requests: 120, perMs: MINUTE }), Object.freeze({ requests: 10_000, perMs: DAY })]),
  premium: Object.freeze([Object.freeze({ requests: 600, perMs: MINUTE }), Object.freeze({ requests: 100_000, perMs: DAY })]),
});

const STORE_METHODS = Object.freeze(['acquire', 'settle', 'peek']);
const MAX_WINDOW_MS = 7 * DAY;

/** `pacing` after its checks: the windows to keep and, when given, the shared store. */
export interface ResolvedPacing {
  readonly limits: readonly PacingLimit[];
  readonly store: PacingStore | undefined;
}

function fail(message: string): never {
  throw new ConfigurationError('pacing', message);
}

/** A safe integer of at least 1 (so a number: `isSafeInteger` takes no other type). */
function isPositiveInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

function checkLimit(limit: unknown, index: number): PacingLimit {
  if (limit === null || typeof limit !== 'object') {
    fail(`\`pacing.limits[${index}]\` must be an object \`{ requests, perMs }\`; got ${String(limit)}.`);
  }
  const { requests, perMs } = limit as Record<string, unknown>;
  if (!isPositiveInteger(requests)) {
    fail(`\`pacing.limits[${index}].requests\` must be a positive integer (requests per window); got ${String(requests)}.`);
  }
  if (!isPositiveInteger(perMs) || perMs > MAX_WINDOW_MS) {
    fail(
      `\`pacing.limits[${index}].perMs\` must be a positive integer of milliseconds, at most ${MAX_WINDOW_MS} (7 days); got ${String(perMs)}.`,
    );
  }
  return { requests, perMs };
}

function checkStore(store: unknown): PacingStore | undefined {
  if (store === undefined) return undefined;
  const missing = STORE_METHODS.filter(
    (method) => store === null || typeof (store as Record<string, unknown>)[method] !== 'function',
  );
  if (missing.length > 0) {
    fail(
      `\`pacing.store\` must have the methods ${STORE_METHODS.join(', ')}; missing: ${missing.join(', ')}. Use createRedisPacingStore(redis) from 'credit-platform/redis', or leave \`store\` out for the in-memory store.`,
    );
  }
  return store as PacingStore;
}

/**
 * Checks the `pacing` option. `undefined` means pacing is off; anything else must describe at
 * least one window, so a typo never yields a silently unlimited client.
 */
export function resolvePacing(pacing: PacingOptions | undefined): ResolvedPacing | undefined {
  if (pacing === undefined) return undefined;
  if (pacing === null || typeof pacing !== 'object') {
    fail(`\`pacing\` must be an object such as \`{ tier: 'standard' }\`; got ${String(pacing)}.`);
  }
  const { tier, limits } = pacing as { tier?: unknown; limits?: unknown };
  if (tier !== undefined && limits !== undefined) {
    fail('`pacing` takes either `tier` or `limits`, not both.');
  }
  const store = checkStore((pacing as { store?: unknown }).store);
  if (tier !== undefined) {
    if (typeof tier !== 'string' || !Object.hasOwn(TIER_LIMITS, tier)) {
      fail(`\`pacing.tier\` must be one of 'free', 'standard', 'premium'; got ${JSON.stringify(tier)}.`);
    }
    return { limits: TIER_LIMITS[tier as PacingTier], store };
  }
  if (limits === undefined) {
    fail("`pacing` needs `tier` ('free', 'standard' or 'premium') or `limits: [{ requests, perMs }]`.");
  }
  if (!Array.isArray(limits) || limits.length === 0) {
    fail('`pacing.limits` must be a non-empty array of `{ requests, perMs }`, e.g. `[{ requests: 120, perMs: 60_000 }]`.');
  }
  return { limits: limits.map(checkLimit), store };
}
