// A loopback service that limits each API key with the spec's sliding window, shortened (for
// example 20 requests per 2 s), and counts what it accepted and what it refused with 429.
// Shared by the pacing tests and bench/pacing, so both measure against the same rules.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LimitedServiceOptions {
  /** Requests allowed per window and key. */
  readonly requests: number;
  /** The window's length in ms. */
  readonly windowMs: number;
  /** Added to each answer, in ms (a slow service keeps requests in flight longer). */
  readonly latencyMs?: number;
}

export interface LimitedService {
  readonly baseUrl: string;
  /** Requests answered 200, and their arrival times (ms). */
  readonly accepted: number[];
  /** Requests answered 429. */
  rejected: number;
  close(): Promise<void>;
}

/** Starts the service on 127.0.0.1 with an ephemeral port. */
export async function startLimitedService(options: LimitedServiceOptions): Promise<LimitedService> {
  const logs = new Map<string, number[]>();
  const state: LimitedService = { baseUrl: '', accepted: [], rejected: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const now = Date.now();
    const key = String(req.headers['x-api-key'] ?? '');
    const log = (logs.get(key) ?? []).filter((t) => t > now - options.windowMs);
    logs.set(key, log);
    const allowed = log.length < options.requests;
    if (allowed) log.push(now);
    // Reset: when the oldest counted request leaves the window, in whole seconds as the spec says.
    const oldest = log[0] ?? now;
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-limit': String(options.requests),
      'x-ratelimit-remaining': String(Math.max(0, options.requests - log.length)),
      'x-ratelimit-reset': String(Math.ceil((oldest + options.windowMs) / 1000)),
    };
    const answer = () => {
      if (allowed) {
        state.accepted.push(now);
        res.writeHead(200, headers).end(JSON.stringify({ success: true, data: { id: 'acc_1' }, message: null }));
      } else {
        state.rejected++;
        res
          .writeHead(429, headers)
          .end(JSON.stringify({ success: false, data: null, message: 'Rate limit exceeded', errors: [] }));
      }
    };
    req.resume();
    req.on('end', () => (options.latencyMs ? setTimeout(answer, options.latencyMs) : answer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
