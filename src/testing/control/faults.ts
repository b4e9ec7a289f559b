/**
 * A fault to inject into the next matching requests.
 *
 * - `status`: answer with that status and an error envelope (default 500).
 * - `delay`: wait `delayMs` of real time, then serve the request normally.
 * - `drop`: no response at all; `handle()` resolves to `Response.error()` and the
 *   loopback server destroys the socket.
 * - `non-json`: an HTML body with `content-type: text/html` (status default 200).
 * - `raw`: exactly `status` (default 200), `headers` and `body` (no rate-limit headers added), for what a broken proxy or
 *   service sends: empty, cut short, JSON without the envelope, `success: false` on a 200.
 *
 * `headers` are added to the answer of `status`, `non-json` and `raw` faults (e.g. `Retry-After`).
 *
 * @example
 * ```ts
 * fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, times: 2 });
 * fake.faults.inject({ method: 'GET', path: /^\/transactions/, kind: 'drop' });
 * ```
 */
export interface FaultSpec {
  /** Only this method (any when omitted). */
  method?: string;
  /** The path relative to the base URL (`/accounts/me`), or a RegExp tested against it. */
  path: string | RegExp;
  /** How many matching requests fail before the fault is used up; default 1. */
  times?: number;
  /** What goes wrong; see the list above. */
  kind: 'status' | 'delay' | 'drop' | 'non-json' | 'raw';
  /** The status to answer with, 200 to 599: for `status` (default 500) and `non-json` (default 200). */
  status?: number;
  /** Real milliseconds to wait; required for `delay`. */
  delayMs?: number;
  /** Response headers: added over the rate-limit headers for `status` and `non-json`; the only ones for `raw`. */
  headers?: Record<string, string>;
  /** The exact body of a `raw` fault; default empty. */
  body?: string;
}

interface ArmedFault extends FaultSpec {
  left: number;
}

/**
 * Fault injection for tests. Faults are checked before authentication, like a
 * broken proxy in front of the service, and never change the fake's state.
 *
 * @example
 * ```ts
 * fake.faults.inject({ path: '/accounts/me', kind: 'non-json' });
 * fake.faults.clear();
 * ```
 */
export class FaultInjector {
  readonly #faults: ArmedFault[] = [];

  /**
   * Arms a fault; faults are matched in the order they were injected. Throws a `RangeError` for
   * a spec that cannot work (`times` below 1, a `delay` without `delayMs`, a status outside 200–599).
   *
   * @example
   * ```ts
   * import { expect } from 'vitest';
   * fake.faults.inject({ method: 'POST', path: '/deposits', kind: 'status', status: 500 });
   * await expect(client.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00' })).rejects.toThrow(InternalServerError);
   * ```
   */
  inject(spec: FaultSpec): void {
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a positive integer');
    if (spec.kind === 'delay' && !(typeof spec.delayMs === 'number' && spec.delayMs >= 0)) {
      throw new RangeError('a delay fault needs delayMs >= 0');
    }
    if (spec.status !== undefined && !(Number.isInteger(spec.status) && spec.status >= 200 && spec.status <= 599)) {
      throw new RangeError('status must be an HTTP status from 200 to 599');
    }
    this.#faults.push({ ...spec, method: spec.method?.toUpperCase(), left: times });
  }

  /** Number of requests that armed faults will still affect. */
  get pending(): number {
    return this.#faults.reduce((sum, f) => sum + f.left, 0);
  }

  /**
   * Disarms every fault.
   *
   * @example
   * ```ts
   * import { afterEach } from 'vitest';
   * afterEach(() => fake.faults.clear());
   * ```
   */
  clear(): void {
    this.#faults.length = 0;
  }

  /** @internal Used by the fake: uses up one shot of the first fault that matches, if any. */
  take(method: string, path: string): FaultSpec | undefined {
    const index = this.#faults.findIndex(
      (f) => (!f.method || f.method === method) && (typeof f.path === 'string' ? f.path === path : f.path.test(path)),
    );
    const fault = this.#faults[index];
    if (!fault) return undefined;
    if (--fault.left === 0) this.#faults.splice(index, 1);
    return fault;
  }
}
