// The pacer with a shared store (the part Redis plays), against a scripted store on a fake clock:
// what a user relies on when the store never answered, stops answering, and answers again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LevelledLogger } from '../../../src/core/config/logger.js';
import { hashApiKey } from '../../../src/core/pacing/key-hash.js';
import type { Grant } from '../../../src/core/pacing/lane.js';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';
import { Pacer } from '../../../src/core/pacing/pacer.js';
import type { PacingAttempt, PacingLimit, PacingStore, PacingUsage } from '../../../src/core/pacing/types.js';
import { ConfigurationError } from '../../../src/errors/index.js';
import { busiestWindow } from '../../helpers/busiest-window.js';
import { rateLimited } from '../../helpers/rate-limit-response.js';

const KEY = 'cp_test_SECRET_shared_pacing_key';
// A whole second, so X-RateLimit-Reset (whole seconds) can name exact instants.
const T0 = 1_800_000_000_000;

/** A shared store that can be taken down and brought back, and remembers every call made to it. */
class ScriptedStore implements PacingStore {
  inner = new MemoryPacingStore();
  down = false;
  readonly granted = new Set<string>();
  readonly settled: string[] = [];
  readonly calls: { op: string; down: boolean }[] = [];

  #call(op: string): void {
    this.calls.push({ op, down: this.down });
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
  }

  async acquire(key: string, limits: readonly PacingLimit[]): Promise<PacingAttempt> {
    this.#call('acquire');
    const attempt = this.inner.acquire(key, limits);
    if (!attempt.granted) return attempt;
    // Its own id space, so a slot of the pacer's local window can never pass for one of ours.
    this.granted.add(`shared-${attempt.id}`);
    return { ...attempt, id: `shared-${attempt.id}` };
  }

  async settle(key: string, id: string): Promise<void> {
    this.#call('settle');
    this.settled.push(id);
    this.inner.settle(key, id.replace(/^shared-/, ''));
  }

  async peek(key: string, limits: readonly PacingLimit[]): Promise<PacingUsage> {
    this.#call('peek');
    return this.inner.peek(key, limits);
  }

  /** Calls made while it was down. */
  get callsWhileDown(): number {
    return this.calls.filter((c) => c.down).length;
  }
}

function recordingLog() {
  const lines: { level: string; message: string; fields: Record<string, unknown> | undefined }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, message, fields });
  const log: LevelledLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines, count: (level: string) => lines.filter((l) => l.level === level).length };
}

const silent: LevelledLogger = { debug: undefined, info: undefined, warn: undefined, error: undefined };

/** Calls that record the fake-clock instant their slot was granted, and settle at once (an instant response). */
function caller(pacer: Pacer) {
  const sent: number[] = [];
  const call = () =>
    pacer.acquire(KEY).then(async (grant) => {
      sent.push(Date.now());
      await grant.settle();
      return grant;
    });
  return { sent, call };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Pacer with a shared store', () => {
  it('sends nothing while the store has never answered: every queued call fails with a ConfigurationError', async () => {
    const store = new ScriptedStore();
    store.down = true;
    const { log, lines } = recordingLog();
    const pacer = new Pacer([{ requests: 5, perMs: 1_000 }], store, log);
    const results = await Promise.allSettled([pacer.acquire(KEY), pacer.acquire(KEY), pacer.acquire(KEY)]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ConfigurationError;
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error.cause as Error).message).toContain('ECONNREFUSED');
    }
    // Still never answered: the next call fails the same way, not on a local window.
    await expect(pacer.acquire(KEY)).rejects.toBeInstanceOf(ConfigurationError);
    expect(lines).toEqual([]);
    expect(store.granted.size).toBe(0);

    store.down = false;
    await pacer.acquire(KEY);
    expect(store.granted.size).toBe(1);
    expect(lines).toEqual([]);
    expect((await pacer.state(KEY)).mode).toBe('shared');
  });

  it('an outage after the store answered: one warn, this process paces alone, asks the store once a second, one info when it answers', async () => {
    const store = new ScriptedStore();
    const { log, lines, count } = recordingLog();
    const pacer = new Pacer([{ requests: 100, perMs: 60_000 }], store, log);
    const { call } = caller(pacer);
    expect((await pacer.state(KEY)).mode).toBe('shared');
    const heldShared = await pacer.acquire(KEY); // its response comes during the outage
    expect(store.granted.size).toBe(1);

    store.down = true;
    await vi.advanceTimersByTimeAsync(100);
    await call();
    await call();
    await call();
    expect(count('warn')).toBe(1);
    expect(lines[0]?.fields).toEqual({ error: 'connect ECONNREFUSED 127.0.0.1:6379' });
    expect(store.callsWhileDown).toBe(1);
    expect((await pacer.state(KEY)).mode).toBe('local');
    await heldShared.settle();
    const heldLocal = await pacer.acquire(KEY); // granted on the local window; its response comes after the outage

    await vi.advanceTimersByTimeAsync(999);
    await call();
    expect(store.callsWhileDown).toBe(1); // the state, the settle and this call did not ask it
    await vi.advanceTimersByTimeAsync(1);
    await call();
    expect(store.callsWhileDown).toBe(2); // a second after it failed, it is asked again
    expect(count('warn')).toBe(1);

    store.down = false;
    await vi.advanceTimersByTimeAsync(500);
    await call();
    expect(store.calls.length).toBe(store.callsWhileDown + 2); // not before its second is up
    expect((await pacer.state(KEY)).mode).toBe('local');
    await vi.advanceTimersByTimeAsync(500);
    await call();
    await call();
    expect(store.granted.size).toBe(3);
    expect(count('info')).toBe(1);
    expect(count('warn')).toBe(1);
    expect((await pacer.state(KEY)).mode).toBe('shared');

    await heldLocal.settle();
    // The store only ever hears of its own slots, and only while it is up.
    for (const id of store.settled) expect(store.granted.has(id)).toBe(true);
    expect(store.callsWhileDown).toBe(2);
  });

  it('keeps working through an outage and back with a logger that has no warn or info', async () => {
    const store = new ScriptedStore();
    const pacer = new Pacer([{ requests: 100, perMs: 60_000 }], store, silent);
    const { call, sent } = caller(pacer);
    await call();
    store.down = true;
    await call();
    store.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    await call();
    expect(sent).toHaveLength(3);
    expect(store.granted.size).toBe(2);
    expect((await pacer.state(KEY)).mode).toBe('shared');
  });

  it('never exceeds its own window during an outage, nor when the store comes back empty', async () => {
    const store = new ScriptedStore();
    const pacer = new Pacer([{ requests: 3, perMs: 5_000 }], store, silent);
    const { call, sent } = caller(pacer);
    await Promise.all([call(), call()]);
    store.down = true;
    await vi.advanceTimersByTimeAsync(100);
    const rest = Promise.all([call(), call(), call(), call()]);
    await vi.advanceTimersByTimeAsync(1_100);
    // The store returns flushed (a restarted Redis): it no longer counts this process's slots.
    store.inner = new MemoryPacingStore();
    store.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(10_000);
    await rest;
    expect(sent).toHaveLength(6);
    expect(busiestWindow(sent, 5_000)).toBe(3);
  });

  it('waits only for the slots the store really holds: two calls after another process filled the window both go when it opens', async () => {
    const store = new ScriptedStore();
    const limits = [{ requests: 2, perMs: 1_000 }];
    const pacer = new Pacer(limits, store, silent);
    const hashed = await hashApiKey(KEY);
    for (let i = 0; i < 2; i++) {
      const other = store.inner.acquire(hashed, limits); // another process on the key
      if (other.granted) store.inner.settle(hashed, other.id);
    }
    const { call, sent } = caller(pacer);
    await pacer.state(KEY); // the key's hash is ready: the calls queue at once
    void call();
    void call();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([T0 + 1_000, T0 + 1_000]);
  });

  it("reports the shared store's count, slots of other processes included", async () => {
    const store = new ScriptedStore();
    const limits = [{ requests: 4, perMs: 10_000 }];
    const pacer = new Pacer(limits, store, silent);
    const hashed = await hashApiKey(KEY);
    store.inner.acquire(hashed, limits);
    store.inner.acquire(hashed, limits);
    expect(await pacer.state(KEY)).toMatchObject({ windows: [{ used: 2, remaining: 2 }], remaining: 2, mode: 'shared' });
    store.inner.acquire(hashed, limits);
    store.inner.acquire(hashed, limits);
    const full = await pacer.state(KEY);
    expect(full.remaining).toBe(0);
    expect(full.nextSlotAt.getTime()).toBeGreaterThan(T0);
  });

  it('answers its state from its own window while the store is down, before any call noticed', async () => {
    const store = new ScriptedStore();
    const pacer = new Pacer([{ requests: 4, perMs: 10_000 }], store, silent);
    const { call } = caller(pacer);
    await call();
    store.down = true;
    expect(await pacer.state(KEY)).toMatchObject({ windows: [{ used: 1, remaining: 3 }], remaining: 3 });
  });

  it("does not adopt a lower X-RateLimit-Remaining that the shared store's fresh count already explains", async () => {
    const store = new ScriptedStore();
    const limits = [{ requests: 10, perMs: 60_000 }];
    const pacer = new Pacer(limits, store, silent);
    const hashed = await hashApiKey(KEY);
    const grant: Grant = await pacer.acquire(KEY); // its count at grant time: 1
    for (let i = 0; i < 3; i++) {
      const other = store.inner.acquire(hashed, limits); // another process, while this request is on its way
      if (other.granted) store.inner.settle(hashed, other.id);
    }
    await vi.advanceTimersByTimeAsync(10_000);
    await grant.settle();
    // The service counts the other process's three too: 6 left. The store knows; nothing to adopt.
    pacer.observe(grant, rateLimited(200, { limit: 10, remaining: 6, resetAt: T0 + 70_000 }));
    await vi.advanceTimersByTimeAsync(51_000);
    // The other process's slots have left the window; only this one remains.
    expect((await pacer.state(KEY)).remaining).toBe(9);
  });
});
