import { createServer, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, CreditPlatform, InvalidResponseError, RequestValidationError } from '../../../src/index.js';
import { DEFAULTS } from '../../../src/core/config/client-options.js';
import { captureError } from '../../helpers/capture.js';
import { listen } from '../../helpers/loopback.js';
import { API_KEY } from '../../helpers/msw.js';

// Real responses over loopback: a body that streams far past the limit, with and without a
// Content-Length. The server counts what it managed to write, so a client that stopped
// reading shows as a server that could not send the rest.

const MiB = 2 ** 20;
interface Big {
  baseUrl: string;
  requests: number;
  /** Bytes the server handed to its socket before the client went away or the body ended. */
  written: () => number;
}

/** A valid envelope of `bytes` bytes whose `data` is one long string, in 64 KiB chunks with backpressure. */
async function bigServer(bytes: number, options: { contentLength?: boolean; status?: number } = {}): Promise<Big> {
  const head = Buffer.from('{"success":true,"data":"');
  const tail = Buffer.from('","message":null}');
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let written = 0;
  const big: Big = { baseUrl: '', requests: 0, written: () => written };
  const server = createServer((_, res: ServerResponse) => {
    big.requests++;
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (options.contentLength) headers['content-length'] = bytes;
    res.writeHead(options.status ?? 200, headers);
    res.on('error', () => undefined);
    res.write(head);
    written += head.length;
    let left = bytes - head.length - tail.length;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        written += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) {
        res.end(tail);
        written += tail.length;
      }
    };
    pump();
  });
  big.baseUrl = `http://127.0.0.1:${await listen(server)}/api/v1`;
  return big;
}

function clientOf(big: Big, options: ConstructorParameters<typeof CreditPlatform>[0] = {}): CreditPlatform {
  return new CreditPlatform({ apiKey: API_KEY, baseUrl: big.baseUrl, logLevel: 'off', timeout: 60_000, ...options });
}

/** The peak growth of this process's RSS, in MiB, while `work` runs. */
async function rssGrowth(work: () => Promise<unknown>): Promise<number> {
  const rss = () => process.memoryUsage().rss;
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, rss());
  }
  return (peak - before) / MiB;
}

describe('maxResponseBytes', () => {
  it('defaults to 32 MiB', () => {
    expect(DEFAULTS.maxResponseBytes).toBe(32 * 1024 * 1024);
  });

  it('stops reading a 128 MiB chunked body at the default limit: InvalidResponseError naming the limit, not retried', async () => {
    const big = await bigServer(128 * MiB);
    const client = clientOf(big);
    let error: Error | undefined;
    const growth = await rssGrowth(async () => {
      error = await captureError(client.request('GET', '/big'));
    });
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error?.message).toContain('larger than maxResponseBytes (33554432 bytes)');
    expect(error?.message).toMatch(/raise maxResponseBytes/i);
    expect((error as InvalidResponseError).status).toBe(200);
    // A GET is retried after a 5xx or a dropped connection, never after this.
    expect(big.requests).toBe(1);
    // Reading stopped and the stream was cancelled: the server could not hand over the rest.
    expect(big.written()).toBeLessThan(96 * MiB);
    // The body was never held whole: that takes more than the body's own 128 MiB (the unchanged
    // code grew by several hundred MiB). RSS also counts the fetch stack's read buffers that no
    // collection has reclaimed yet, which put 70 to 107 MiB here on an idle or loaded machine, so
    // the body's size is the bound that separates the two without flaking.
    expect(growth).toBeLessThan(128);
  });

  it('keeps memory bounded by a lower limit: +less than 64 MiB of RSS for a 128 MiB body', async () => {
    const big = await bigServer(128 * MiB);
    const client = clientOf(big, { maxResponseBytes: 4 * MiB });
    let error: Error | undefined;
    const growth = await rssGrowth(async () => {
      error = await captureError(client.request('GET', '/big'));
    });
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error?.message).toContain(`maxResponseBytes (${4 * MiB} bytes)`);
    expect(growth).toBeLessThan(64);
    expect(big.written()).toBeLessThan(64 * MiB);
  });

  it('refuses a Content-Length above the limit before reading the body', async () => {
    const big = await bigServer(128 * MiB, { contentLength: true });
    const client = clientOf(big, { maxResponseBytes: MiB });
    const error = await captureError(client.accounts.me());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toContain(`Content-Length of ${128 * MiB} bytes`);
    expect(error.message).toContain(`maxResponseBytes (${MiB} bytes)`);
    expect(big.requests).toBe(1);
    expect(big.written()).toBeLessThan(32 * MiB);
  });

  it('counts error responses too: a huge 500 is not read whole, nor retried', async () => {
    const big = await bigServer(16 * MiB, { status: 500 });
    const client = clientOf(big, { maxResponseBytes: 64 * 1024 });
    const error = await captureError(client.accounts.me());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(big.requests).toBe(1);
  });

  it('takes a body of exactly the limit and refuses one byte more; the per-call option wins over the client', async () => {
    const size = 256 * 1024;
    const big = await bigServer(size);
    const client = clientOf(big, { maxResponseBytes: size - 1 });
    expect(await captureError(client.request('GET', '/big'))).toBeInstanceOf(InvalidResponseError);
    const data = await client.request('GET', '/big', { maxResponseBytes: size });
    expect(typeof data === 'string' && data.length).toBe(size - '{"success":true,"data":"","message":null}'.length);
    const perCall = await captureError(clientOf(big).accounts.me({ maxResponseBytes: 1000 }));
    expect(perCall.message).toContain('maxResponseBytes (1000 bytes)');
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 40])('refuses maxResponseBytes %s: ConfigurationError at construction', (value) => {
    const construct = () =>
      new CreditPlatform({ apiKey: API_KEY, baseUrl: 'https://api.example.com/api/v1', maxResponseBytes: value });
    expect(construct).toThrow(ConfigurationError);
    expect(construct).toThrow(/^`maxResponseBytes` must be an integer from 1 to /);
  });

  it.each([0, -1, 1.5])('refuses a per-call maxResponseBytes of %s before sending: RequestValidationError', async (value) => {
    const big = await bigServer(1024);
    const error = await captureError(clientOf(big).accounts.me({ maxResponseBytes: value }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors[0]).toMatchObject({ field: 'maxResponseBytes' });
    expect(big.requests).toBe(0);
  });
});
