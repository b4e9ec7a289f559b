// Every HTTP method × every fault a network, a proxy or the service can produce, over real
// loopback HTTP. Each cell asserts the error class, the attempts the server saw (writes are
// never re-sent after a fault that may have reached the service), the time taken, and that
// nothing rejected unhandled. Backoff is shrunk so the whole matrix takes seconds.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { BACKOFF } from '../../src/core/retry-policy.js';
import { APIConnectionError, APITimeoutError, AuthenticationError, CreditPlatform } from '../../src/index.js';
import { capturedErrors } from '../helpers/capture.js';
import { fakeCell } from '../helpers/fault-cells.js';
import { call, FAULTS, MAX_RETRIES, METHODS, TIMEOUT, WRITES } from '../helpers/fault-table.js';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const savedBackoff = { ...BACKOFF };
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
  Object.assign(BACKOFF, { baseMs: 10, maxMs: 40 });
});
afterAll(async () => {
  // Late rejections (a timed-out attempt's body, a socket closing) would land by now.
  await new Promise((resolve) => setTimeout(resolve, 100));
  process.off('unhandledRejection', onUnhandled);
  Object.assign(BACKOFF, savedBackoff);
  if (unhandled.length > 0) throw new Error(`unhandled rejections: ${unhandled.map(String).join('; ')}`);
});

const cells = FAULTS.flatMap((fault) => METHODS.map((method) => [fault.name, method, fault] as const));

describe.concurrent('fault matrix: method × fault, over loopback', () => {
  it.for(cells)('%s, %s', async ([, method, fault], { expect }) => {
    const cell = await fault.setup();
    let attempts = 0;
    let keySeen = false;
    const client = new CreditPlatform({
      apiKey: cell.apiKey,
      baseUrl: cell.baseUrl,
      maxRetries: MAX_RETRIES,
      timeout: fault.timeout ?? TIMEOUT,
      logLevel: 'off',
      middleware: [
        (request, next) => {
          attempts++;
          // What a middleware sees never holds the key, on any attempt of any cell.
          if (request.headers.has('x-api-key') || request.url.includes(cell.apiKey)) keySeen = true;
          return next(request);
        },
      ],
    });
    const started = performance.now();
    let error: Error | undefined;
    try {
      await call(client, method, {});
    } catch (caught) {
      error = caught as Error;
      capturedErrors.push(caught);
    } finally {
      await cell.close();
    }
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(fault.expected);
    if (fault.expected === APIConnectionError) expect(error).not.toBeInstanceOf(APITimeoutError);
    const expectedAttempts = WRITES.has(method) ? fault.attempts.write : fault.attempts.idempotent;
    expect(cell.seen()).toBe(expectedAttempts);
    // Refused: the client tried (and, since nothing was sent, retried even a write).
    expect(attempts).toBe(fault.name === 'connection refused' ? 1 + MAX_RETRIES : expectedAttempts);
    expect(keySeen).toBe(false);
    expect(elapsed).toBeLessThan(fault.budgetMs);
    if (fault.minMs) expect(elapsed).toBeGreaterThanOrEqual(fault.minMs(method));
    fault.check?.(error as Error, expect as never, method);
  });
});

describe('401 after the key was revoked mid-pagination', () => {
  it('the next page is an AuthenticationError, sent once, with no retry', async ({ expect }) => {
    const cell = await fakeCell();
    try {
      const client = new CreditPlatform({ apiKey: cell.apiKey, baseUrl: cell.baseUrl, maxRetries: 2, logLevel: 'off' });
      const keys = await client.keys.list().toArray({ max: 10 });
      const before = cell.seen();
      const seen: string[] = [];
      const error = await (async () => {
        try {
          for await (const tx of client.transactions.list({ limit: 2 })) {
            seen.push(tx.id);
            if (seen.length === 2) for (const key of keys) await client.keys.revoke(key.keyId);
          }
        } catch (caught) {
          capturedErrors.push(caught);
          return caught as Error;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(seen).toHaveLength(2);
      // page 1, the revocations, then page 2 once: a 401 is final.
      expect(cell.seen() - before).toBe(1 + keys.length + 1);
    } finally {
      await cell.close();
    }
  });
});
