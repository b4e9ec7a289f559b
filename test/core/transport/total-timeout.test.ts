// totalTimeout: one budget for the whole call (attempts, waits between them, the pacer's wait),
// given to the client or per call.
import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import {
  APITimeoutError,
  ConfigurationError,
  CreditPlatform,
  InternalServerError,
  PacingTimeoutError,
  RequestValidationError,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY } from '../../helpers/msw.js';
import { loopback } from '../../helpers/loopback.js';
import { type LimitedService, startLimitedService } from '../../../bench/pacing/limited-service.js';

const saved = { ...BACKOFF };
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

const at = (baseUrl: string, options: ConstructorParameters<typeof CreditPlatform>[0] = {}) =>
  new CreditPlatform({ apiKey: API_KEY, baseUrl, logLevel: 'off', ...options });

describe('totalTimeout', () => {
  it('bounds the whole call, attempts and waits included (client option)', async () => {
    // A short backoff, so attempts go on until the budget is spent rather than a random wait
    // being refused early for passing it (that case is the next test's).
    Object.assign(BACKOFF, { baseMs: 10, maxMs: 20 });
    const server = await loopback(() => undefined);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { timeout: 200, maxRetries: 10, totalTimeout: 700 }).accounts.me());
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(APITimeoutError);
    // A loaded machine can end an attempt inside the last backoff's span of the budget; the call
    // then stops at once and says the wait would pass totalTimeout. Either way the budget decided.
    expect(error.message).toMatch(
      /totalTimeout of 700 ms spent over \d+ attempts|\d+ attempts; not retried: waiting \d+ ms would pass totalTimeout/,
    );
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(3_000);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(server.requests.length).toBeLessThan(5);
  });

  it('cuts short an attempt that would outlast it, however long the per-attempt timeout', async () => {
    const server = await loopback(() => undefined);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { timeout: 5_000, totalTimeout: 300 }).accounts.me());
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/totalTimeout of 300 ms spent over 1 attempt/);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000); // not the 5 s per-attempt timeout
  });

  it('gives a retry only what the attempts before it left, however long the per-attempt timeout', async () => {
    Object.assign(BACKOFF, { baseMs: 10, maxMs: 20 });
    const server = await loopback((_req, res) => {
      if (server.requests.length > 1) return;
      setTimeout(() => res.writeHead(503, { 'content-type': 'application/json' }).end('{"success":false,"data":null}'), 600);
    });
    const started = Date.now();
    // The first answer comes 1.4 s before the total runs out, so a loaded machine still sees two attempts.
    const error = await captureError(at(server.baseUrl, { timeout: 10_000, totalTimeout: 2_000 }).accounts.me());
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/totalTimeout of 2000 ms spent over 2 attempts/);
    expect(elapsed).toBeGreaterThanOrEqual(1_950);
    // A second attempt given the whole 2 000 ms again (or 2 000 ms and the 600 spent) would end past 2 600 ms.
    expect(elapsed).toBeLessThan(2_550);
  });

  it('per call, and a wait that would pass it ends the call at once with the error in hand', async () => {
    const server = await loopback((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end('{"success":false,"data":null,"message":"maintenance"}');
    });
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { maxRetries: 3 }).accounts.me({ totalTimeout: 2_000 }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(Date.now() - started).toBeLessThan(2_500); // not the 5 s Retry-After
    expect(server.requests).toHaveLength(1);
  });

  it('a backoff that would pass totalTimeout is not started, and the message says so', async () => {
    Object.assign(BACKOFF, { baseMs: 5_000, maxMs: 5_000 });
    const server = await loopback(() => undefined);
    const started = Date.now();
    const error = await captureError(at(server.baseUrl, { timeout: 200, totalTimeout: 400 }).accounts.me());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/\(1 attempt; not retried: waiting \d+ ms would pass totalTimeout\)/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it('an invalid per-call totalTimeout is refused before sending', async () => {
    const error = await captureError(at('http://127.0.0.1:9/api/v1').accounts.me({ totalTimeout: -1 }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(() => at('http://127.0.0.1:9/api/v1', { totalTimeout: 0 })).toThrow(ConfigurationError);
  });

  it('a call whose slot opens within its totalTimeout, or that has none, waits for the slot and is answered', async () => {
    await withPacedService(400, async (client, service) => {
      const started = Date.now();
      await expect(client.accounts.me({ totalTimeout: 5_000 })).resolves.toBeDefined();
      await expect(client.accounts.me()).resolves.toBeDefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      expect(service.accepted).toHaveLength(3);
    });
  });

  it('a call whose slot opens after its totalTimeout fails at once with PacingTimeoutError, nothing sent', async () => {
    await withPacedService(5_000, async (client, service) => {
      const started = Date.now();
      const error = await client.accounts.me({ totalTimeout: 1_000 }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(800); // not the 1 s totalTimeout
      expect(error).toBeInstanceOf(PacingTimeoutError);
      expect((error as PacingTimeoutError).waitMs).toBeGreaterThan(4_000);
      expect(service.accepted.length + service.rejected).toBe(1);
    });
  });
});

/** A client paced to one request per `perMs` against a local service, its one slot just spent. */
async function withPacedService(
  perMs: number,
  run: (client: CreditPlatform, service: LimitedService) => Promise<void>,
): Promise<void> {
  const service = await startLimitedService({ requests: 10, windowMs: 1_000 });
  try {
    const client = new CreditPlatform({
      apiKey: 'k',
      baseUrl: service.baseUrl,
      logLevel: 'off',
      pacing: { limits: [{ requests: 1, perMs }] },
    });
    await client.accounts.me();
    await run(client, service);
  } finally {
    await service.close();
  }
}
