import { ConfigurationError, PacingTimeoutError } from '../../errors/index.js';
import type { LevelledLogger } from '../config/logger.js';
import { parseRateLimit } from '../observability/rate-limit-headers.js';
import { serverWait } from '../retry-policy.js';
import { createKeyHasher } from './key-hash.js';
import { MemoryPacingStore } from './memory-store.js';
import { type Grant, Lane, type Waiter } from './lane.js';
import type { PacingAttempt, PacingLimit, PacingState, PacingStore, PacingUsage } from './types.js';

/** Per attempt: the caller's signal, and the time (epoch ms) after which waiting is pointless. */
export interface AcquireOptions {
  readonly signal?: AbortSignal | null | undefined;
  readonly deadline?: number | undefined;
}

// After a shared store failed, how long the pacer paces alone before asking it again.
const SHARED_RETRY_MS = 1_000;
// A 429 without Retry-After or X-RateLimit-Reset still pauses the queue this long.
const DEFAULT_429_PAUSE_MS = 1_000;

/** A store's answer, and the shared store that granted the slot (to be told when it is settled); none for a local slot. */
type Taken = readonly [attempt: PacingAttempt, shared?: PacingStore];

/**
 * Sends every attempt through a sliding window, in order: calls queue per key, the head asks
 * the store for a slot, and the rest wait their turn. Responses feed back: a 429 pauses the
 * whole queue, and a service that counts fewer requests left than the store (another client on
 * the key) is believed until its reset.
 *
 * With a shared store, this process also mirrors its own slots locally; when the store stops
 * answering it falls back to that local window (one `warn`), and returns when the store does.
 */
export class Pacer {
  readonly #limits: readonly PacingLimit[];
  readonly #shared: PacingStore | undefined;
  readonly #local: MemoryPacingStore;
  readonly #log: LevelledLogger;
  readonly #hash = createKeyHasher();
  readonly #lanes = new Map<string, Lane>();
  #sharedAnswered = false;
  // 0 while the shared store answers (or there is none); during an outage, when to ask it again.
  #outageRetryAt = 0;

  constructor(limits: readonly PacingLimit[], store: PacingStore, log: LevelledLogger) {
    this.#limits = limits;
    this.#log = log;
    if (store instanceof MemoryPacingStore) {
      this.#local = store;
    } else {
      this.#shared = store;
      this.#local = new MemoryPacingStore();
    }
  }

  /** Resolves when this attempt may be sent; the grant must be settled once it has a response or failed. */
  async acquire(apiKey: string, { signal, deadline = Number.POSITIVE_INFINITY }: AcquireOptions = {}): Promise<Grant> {
    const key = await this.#hash(apiKey);
    signal?.throwIfAborted();
    const lane = this.#lane(key);
    return new Promise<Grant>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, deadline, since: Date.now() };
      if (signal) {
        const onAbort = () => {
          lane.remove(waiter);
          reject(signal.reason);
        };
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: redundant: an abort fires once and onAbort detaches the listener itself (lane.remove)
        signal.addEventListener('abort', onAbort, { once: true });
        waiter.detach = () => signal.removeEventListener('abort', onAbort);
      }
      lane.queue.push(waiter);
      void this.#pump(key, lane);
    });
  }

  /** Learns from a response: 429s pause the queue; a lower `X-RateLimit-Remaining` is adopted. */
  observe(grant: Grant, response: Response): void {
    const lane = grant.lane;
    const now = Date.now();
    if (response.status === 429) {
      // The retry clock's reading of the headers, so the pause and the retry wait agree.
      const waitMs = serverWait(429, response.headers, now)?.ms ?? DEFAULT_429_PAUSE_MS;
      lane.pauseUntil(now + waitMs);
      this.#log.debug?.('credit-platform: 429 from the service; pausing every queued request', { waitMs });
      return;
    }
    const rateLimit = parseRateLimit(response.headers);
    if (rateLimit === undefined) return;
    const index = this.#windowFor(rateLimit.limit);
    const window = this.#limits[index] as PacingLimit;
    // What this pacer believed was left: the count at grant time (this request included), less
    // what it granted after this one.
    const own = window.requests - (grant.used[index] ?? 0) - (lane.granted - grant.seq - 1);
    if (rateLimit.remaining >= own) return;
    // Other processes on a shared store also took slots since; only a fresh count tells whether
    // the service really saw requests the store did not (another client on the key).
    // A reset further out than the window itself is a clock skew, not a longer wait.
    const until = Math.min(rateLimit.reset.getTime(), now + window.perMs);
    const adoptIfLower = (usage: PacingUsage) => {
      if (rateLimit.remaining < window.requests - (usage.used[index] ?? 0)) lane.adopt(rateLimit.remaining, until, Date.now());
    };
    const usage = this.#peek(lane.key);
    if (usage instanceof Promise) void usage.then(adoptIfLower);
    else adoptIfLower(usage);
  }

  // The store's count now: the shared store while it answers, else this process's window.
  #peek(key: string): PacingUsage | Promise<PacingUsage> {
    const shared = this.#shared;
    if (shared === undefined || this.#outageRetryAt > 0) return this.#local.peek(key, this.#limits);
    return Promise.resolve()
      .then(() => shared.peek(key, this.#limits))
      .catch(() => this.#local.peek(key, this.#limits));
  }

  /** The budget of `apiKey` now: used and remaining per window, the next slot, the queue. */
  async state(apiKey: string): Promise<PacingState> {
    const key = await this.#hash(apiKey);
    // Only read: asking about a key that never sent makes no lane for it.
    const lane = this.#lanes.get(key);
    const answer = await this.#peek(key);
    const now = Date.now();
    const blockedUntil = Math.max(now + answer.waitMs, lane?.blockedUntil(now) ?? 0);
    const windows = this.#limits.map((limit, i) => {
      const used = answer.used[i] ?? 0;
      return { ...limit, used, remaining: Math.max(0, limit.requests - used) };
    });
    return {
      windows,
      remaining:
        blockedUntil > now ? 0 : Math.min(...windows.map((w) => w.remaining), lane?.budgetLeft(now) ?? Number.POSITIVE_INFINITY),
      nextSlotAt: new Date(blockedUntil),
      queued: lane?.queue.length ?? 0,
      mode: this.#shared !== undefined && this.#outageRetryAt === 0 ? 'shared' : 'local',
    };
  }

  #lane(key: string): Lane {
    let lane = this.#lanes.get(key);
    if (lane === undefined) {
      lane = new Lane(key);
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  // The configured window the service's X-RateLimit-Limit describes, else the shortest one.
  #windowFor(serviceLimit: number): number {
    const limits = this.#limits;
    let shortest = 0;
    for (let i = 0; i < limits.length; i++) {
      const limit = limits[i] as PacingLimit;
      if (limit.requests === serviceLimit) return i;
      if (limit.perMs < (limits[shortest] as PacingLimit).perMs) shortest = i;
    }
    return shortest;
  }

  async #pump(key: string, lane: Lane): Promise<void> {
    if (lane.pumping) return;
    lane.pumping = true;
    try {
      while (lane.queue.length > 0) {
        if (lane.budgetExhausted(Date.now())) await this.#pauseForService(key, lane);
        const now = Date.now();
        let waitMs = lane.blockedUntil(now) - now;
        if (waitMs <= 0) {
          let attempt: PacingAttempt;
          let shared: PacingStore | undefined;
          try {
            [attempt, shared] = await this.#take(key);
          } catch (error) {
            lane.failAll(error);
            break;
          }
          if (attempt.granted) {
            lane.grant(attempt, Date.now(), () => this.#settle(key, attempt.id, shared), this.#log);
            continue;
          }
          waitMs = attempt.waitMs;
        }
        lane.expire(now + waitMs, now, (_waiter, leftMs) => new PacingTimeoutError(waitMs, leftMs));
        if (lane.queue.length > 0) await lane.sleep(waitMs);
      }
    } finally {
      lane.pumping = false;
    }
  }

  // The service said nothing is left until its reset, a whole second. When this pacer's own
  // window is full too and opens a slot within that second, its millisecond answer is the better
  // one; a window that sees room now is missing someone else's requests.
  async #pauseForService(key: string, lane: Lane): Promise<void> {
    const until = lane.budgetUntil();
    const own = await this.#peek(key);
    const ownNext = Date.now() + own.waitMs;
    lane.pauseUntil(own.waitMs > 0 && ownNext > until - 1_000 && ownNext <= until ? ownNext : until);
    lane.clearBudget();
  }

  async #take(key: string): Promise<Taken> {
    const shared = this.#shared;
    if (shared !== undefined) {
      // This process's own slots bound it even when the shared window has room (e.g. just after an outage).
      const mirror = this.#local.peek(key, this.#limits);
      if (mirror.waitMs > 0) return [{ granted: false, ...mirror }];
      if (Date.now() >= this.#outageRetryAt) {
        try {
          const attempt = await shared.acquire(key, this.#limits);
          this.#sharedAnswered = true;
          if (this.#outageRetryAt > 0) {
            this.#outageRetryAt = 0;
            this.#log.info?.('credit-platform: the pacing store answers again; pacing on the shared window.');
          }
          if (attempt.granted) this.#local.add(key, attempt.id, this.#limits);
          return [attempt, shared];
        } catch (error) {
          if (!this.#sharedAnswered) {
            throw new ConfigurationError(
              'pacing.store',
              'The pacing store did not answer (is Redis reachable?); nothing was sent. See `cause`.',
              { cause: error },
            );
          }
          if (this.#outageRetryAt === 0) {
            this.#log.warn?.(
              'credit-platform: the pacing store is unreachable; this process paces on its own window until it returns.',
              { error: error instanceof Error ? error.message : String(error) },
            );
          }
          this.#outageRetryAt = Date.now() + SHARED_RETRY_MS;
        }
      }
    }
    return [this.#local.acquire(key, this.#limits)];
  }

  // Awaited before the call resolves: a process that exits right after its last call must not
  // leave that slot in flight in the shared store. A failed settle only leaves the slot counted
  // longer, so it is not an error of the call.
  async #settle(key: string, id: string, shared: PacingStore | undefined): Promise<void> {
    this.#local.settle(key, id);
    if (shared === undefined || this.#outageRetryAt > 0) return;
    try {
      await shared.settle(key, id);
    } catch {
      // counted until the hold ends
    }
  }
}
