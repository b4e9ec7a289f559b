// The fault matrix's table: the operation per method, and each fault with the class, the
// attempts the server sees, and the time budget it must meet.
// test/fault-matrix/fault-matrix.test.ts runs it.
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  CreditPlatform,
  InternalServerError,
  InvalidResponseError,
  RateLimitError,
} from '../../src/index.js';
import type { RequestOptions } from '../../src/core/types.js';
import { type Cell, fakeCell, PARTIAL_JSON, refusedCell, socketCell } from './fault-cells.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const WRITES = new Set<Method>(['POST', 'PATCH']);
export const MAX_RETRIES = 1;
// Short for the cells that test timeouts; generous elsewhere, so a loaded CI machine cannot turn
// a slow answer into a timeout and a different class. A second, not less: the 70 cells share one
// event loop, and at a load of 28 on 2 cores a retry's request took over 300 ms to reach its
// server, which then saw one attempt of two.
const SHORT_TIMEOUT = 1_000;
export const TIMEOUT = 5_000;
// Upper bound for cells that should fail fast: far below any timeout or wait a bug would add.
const FAST = 3_000;

/** One operation per method, with input the SDK accepts, so every cell reaches the network. */
export function call(client: CreditPlatform, method: Method, options: RequestOptions): Promise<unknown> {
  switch (method) {
    case 'GET':
      return client.accounts.me(options);
    case 'POST':
      return client.deposits.create({ token: 'USDC', chain: 'Base', amount: '10.00' }, options);
    case 'PUT':
      return client.yield.replace('yld_1', { autoCompound: true }, options);
    case 'PATCH':
      return client.accounts.update('acc_1', { name: 'Treasury' }, options);
    case 'DELETE':
      return client.webhooks.delete('wh_1', options);
  }
}

export interface Fault {
  name: string;
  setup: () => Promise<Cell>;
  expected: new (...args: never[]) => Error;
  /** Attempts the server sees for an idempotent method and for a write. */
  attempts: { idempotent: number; write: number };
  /** Upper bound on the elapsed time of the call, in ms. */
  budgetMs: number;
  /** The per-attempt timeout; {@link TIMEOUT} unless the cell is about timeouts. */
  timeout?: number;
  /** At least this long, for cells that must wait what the service asked. */
  minMs?: (method: Method) => number;
  check?: (
    error: Error,
    expect: (value: unknown) => { toBe(v: unknown): void; toContain(v: unknown): void; toBeGreaterThanOrEqual(v: number): void },
    method: Method,
  ) => void;
}

const both = (n: number) => ({ idempotent: n, write: n });
const retried = { idempotent: 1 + MAX_RETRIES, write: 1 };
// At least a second ahead, so a loaded machine cannot reach the reset before the client reads it.
const resetSoon = () => Math.floor(Date.now() / 1000) + 2;

export const FAULTS: Fault[] = [
  // Refused: nothing was sent, so even a write is retried; the server never sees a request.
  { name: 'connection refused', setup: refusedCell, expected: APIConnectionError, attempts: both(0), budgetMs: FAST },
  {
    name: 'reset before headers',
    setup: () => socketCell((req) => req.socket.destroy()),
    expected: APIConnectionError,
    attempts: retried,
    budgetMs: FAST,
  },
  {
    name: 'reset mid-body',
    setup: () =>
      socketCell((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write(PARTIAL_JSON);
        setTimeout(() => req.socket.destroy(), 20);
      }),
    expected: APIConnectionError,
    attempts: retried,
    budgetMs: FAST,
  },
  {
    name: 'no response before the timeout',
    setup: () => socketCell(() => undefined),
    expected: APITimeoutError,
    attempts: retried,
    timeout: SHORT_TIMEOUT,
    budgetMs: (1 + MAX_RETRIES) * SHORT_TIMEOUT + 2_500,
  },
  {
    name: 'headers then a stalled body',
    setup: () =>
      socketCell((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(PARTIAL_JSON);
      }),
    expected: APITimeoutError,
    attempts: retried,
    timeout: SHORT_TIMEOUT,
    budgetMs: (1 + MAX_RETRIES) * SHORT_TIMEOUT + 2_500,
  },
  {
    name: '500 with an HTML page',
    setup: () => fakeCell({ kind: 'non-json', status: 500 }),
    expected: InternalServerError,
    attempts: retried,
    budgetMs: FAST,
    check: (error, expect) => {
      expect((error as APIError).status).toBe(500);
      expect((error as APIError).body).toContain('<html>');
    },
  },
  {
    name: '502 with an empty body',
    setup: () => fakeCell({ kind: 'raw', status: 502 }),
    expected: InternalServerError,
    attempts: retried,
    budgetMs: FAST,
    check: (error, expect) => expect((error as APIError).status).toBe(502),
  },
  {
    name: '200 with truncated JSON',
    setup: () => fakeCell({ kind: 'raw', status: 200, body: PARTIAL_JSON, headers: { 'content-type': 'application/json' } }),
    expected: InvalidResponseError,
    attempts: both(1),
    budgetMs: FAST,
  },
  {
    name: '200 without the envelope',
    setup: () => fakeCell({ kind: 'raw', status: 200, body: '{"id":"acc_1"}', headers: { 'content-type': 'application/json' } }),
    expected: InvalidResponseError,
    attempts: both(1),
    budgetMs: FAST,
  },
  {
    name: 'success: false on a 200',
    setup: () => fakeCell({ kind: 'raw', status: 200, body: '{"success":false,"data":null,"message":"Not today","errors":[]}' }),
    expected: APIError,
    attempts: both(1),
    budgetMs: FAST,
    check: (error, expect) => {
      expect((error as APIError).status).toBe(200);
      expect(error.message).toBe('200 Not today');
    },
  },
  {
    name: '429 with X-RateLimit-Reset',
    setup: () =>
      fakeCell({
        kind: 'status',
        status: 429,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetSoon()) },
      }),
    expected: RateLimitError,
    attempts: retried,
    budgetMs: 3_500 + FAST,
    check: (error, expect, method) => {
      const reset = Number((error as RateLimitError).headers.get('x-ratelimit-reset')) * 1000;
      // A write gets the header's instant; a retried read waited for it, and its last 429
      // names a reset already past, so "try again" is now.
      if (WRITES.has(method)) expect((error as RateLimitError).reset.getTime()).toBe(reset);
      else expect(Date.now()).toBeGreaterThanOrEqual(reset);
    },
  },
  {
    name: '429 with no header',
    setup: () => fakeCell({ kind: 'raw', status: 429, body: '{"success":false,"data":null,"message":"Slow down"}' }),
    expected: RateLimitError,
    attempts: retried,
    budgetMs: FAST,
  },
  {
    name: '503 with Retry-After: 1',
    setup: () => fakeCell({ kind: 'status', status: 503, headers: { 'retry-after': '1' } }),
    expected: InternalServerError,
    attempts: retried,
    budgetMs: 1_000 + FAST,
    minMs: (method) => (WRITES.has(method) ? 0 : 950),
  },
  {
    name: '401 after the key was revoked',
    setup: revokedKeyCell,
    expected: AuthenticationError,
    attempts: both(1),
    budgetMs: FAST,
  },
];

/** A fake whose key was revoked (by the SDK itself) before the cell's call; counts from then on. */
async function revokedKeyCell(): Promise<Cell> {
  const cell = await fakeCell();
  const admin = new CreditPlatform({ apiKey: cell.apiKey, baseUrl: cell.baseUrl, logLevel: 'off' });
  for (const key of await admin.keys.list().toArray({ max: 10 })) await admin.keys.revoke(key.keyId);
  const before = cell.seen();
  return { ...cell, seen: () => cell.seen() - before };
}
