// The key and the webhook secrets never reach an error, a log line, a trace context or a
// middleware, even when a broken service echoes them back in every field it has. The key is
// given both as a string and as an async function. (The global guard in test/setup/leak-guard.ts
// searches the errors, log lines and trace contexts of every other test file as well.)
import diagnostics_channel from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKOFF } from '../../src/core/retry-policy.js';
import { CreditPlatform, type Logger, type RequestTraceContext, TRACING_CHANNEL } from '../../src/index.js';
import type { Middleware } from '../../src/core/types.js';
import { API_KEY } from '../helpers/msw.js';
import { loopback, refusedBaseUrl } from '../helpers/loopback.js';
import { renderings } from '../setup/leak-guard.js';

const WEBHOOK_SECRET = 'whsec_leak_test_5f4e3d2c1b';
const SECRETS = [API_KEY, WEBHOOK_SECRET];

/** A service gone wrong: it echoes the key and any webhook secret it was sent into everything. */
function echoingService(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const key = String(req.headers['x-api-key']);
    let secret = '';
    try {
      secret = String(JSON.parse(Buffer.concat(chunks).toString()).secret ?? '');
    } catch {}
    const both = `${key} ${secret}`;
    const headers = { 'x-echo': both, 'content-type': 'application/json', 'retry-after': '0' };
    const envelope = (success: boolean, data: unknown = null) =>
      JSON.stringify({
        success,
        data,
        message: `bad key ${both}`,
        errors: [{ field: both, code: both, message: both }],
      });
    const path = req.url ?? '';
    if (path.includes('accounts/me')) res.writeHead(401, headers).end(envelope(false));
    else if (path.includes('transactions?')) res.writeHead(200, headers).end(envelope(false));
    else if (path.includes('transactions/tx_html'))
      res.writeHead(500, { ...headers, 'content-type': 'text/html' }).end(`<p>${both}</p>`);
    else if (path.includes('transactions/tx_raw')) res.writeHead(200, headers).end(`{"echo":"${both}"}`);
    else if (path.includes('transactions/tx_schema')) res.writeHead(200, headers).end(envelope(true, { id: 7, amount: both }));
    else if (path.includes('scores')) res.writeHead(429, headers).end(envelope(false));
    else if (path.includes('webhooks')) res.writeHead(422, headers).end(envelope(false));
    else req.socket.destroy();
  });
}

const logs: string[] = [];
const traces: string[] = [];
const requests: string[] = [];
const errors: unknown[] = [];

const logger: Logger = {
  debug: (m, f) => logs.push(`${m} ${JSON.stringify(f)}`),
  info: (m, f) => logs.push(`${m} ${JSON.stringify(f)}`),
  warn: (m, f) => logs.push(`${m} ${JSON.stringify(f)}`),
  error: (m, f) => logs.push(`${m} ${JSON.stringify(f)}`),
};
const recorder: Middleware = async (request, next) => {
  // Headers and URL must hold no secret; the body may hold the webhook secret the caller sent.
  requests.push(`${request.method} ${request.url} ${inspect(Object.fromEntries(request.headers))}`);
  const body = await request.clone().text();
  expect(body).not.toContain(API_KEY);
  return next(request);
};
const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
const record = (ctx: RequestTraceContext) => traces.push(inspect(ctx, { depth: 10, showHidden: true }));
const handlers = { start: record, end: record, asyncStart: record, asyncEnd: record, error: record };

afterAll(() => channel.unsubscribe(handlers));

describe('no secret leaks, with a service that echoes them everywhere', () => {
  it.each([
    ['a string', API_KEY],
    ['an async function', async () => API_KEY],
  ] as const)('the key given as %s', async (_label, apiKey) => {
    channel.subscribe(handlers);
    const saved = { ...BACKOFF };
    Object.assign(BACKOFF, { baseMs: 1, maxMs: 2 });
    try {
      const server = await loopback(echoingService);
      const options = { apiKey, logger, logLevel: 'debug', middleware: [recorder], maxRetries: 1, maxRateLimitWait: 0 } as const;
      const client = new CreditPlatform({ ...options, baseUrl: server.baseUrl });
      const refused = new CreditPlatform({ ...options, baseUrl: await refusedBaseUrl() });
      const calls: (() => Promise<unknown>)[] = [
        () => client.accounts.me(),
        () => client.transactions.list({ limit: 2 }),
        () => client.transactions.retrieve('tx_html'),
        () => client.transactions.retrieve('tx_raw'),
        () => client.transactions.retrieve('tx_schema'),
        () => client.transactions.retrieve('tx_reset'),
        () => client.scores.list(),
        () => client.webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: WEBHOOK_SECRET }),
        () => refused.accounts.me(),
      ];
      for (const call of calls) {
        try {
          await call();
          throw new Error('expected the call to fail');
        } catch (error) {
          errors.push(error);
        }
      }
    } finally {
      Object.assign(BACKOFF, saved);
      channel.unsubscribe(handlers);
    }
  });

  it('searched every error, log line, trace context and middleware-visible request', () => {
    const texts = [...errors.flatMap(renderings), ...logs, ...traces, ...requests];
    for (const text of texts)
      for (const secret of SECRETS) {
        const at = text.indexOf(secret);
        expect(at, text.slice(Math.max(0, at - 400), at + 100)).toBe(-1);
      }
    // The search had material: errors of every kind, lines, traces and requests from both runs.
    expect(new Set(errors.map((e) => (e as Error).name))).toEqual(
      new Set([
        'AuthenticationError',
        'APIError',
        'InternalServerError',
        'InvalidResponseError',
        'APIConnectionError',
        'RateLimitError',
        'UnprocessableEntityError',
      ]),
    );
    expect(logs.length).toBeGreaterThanOrEqual(20);
    expect(traces.length).toBeGreaterThanOrEqual(40);
    expect(requests.length).toBeGreaterThanOrEqual(16);
    // And the echo really happened: the redaction marker is what stands in the key's place.
    expect(errors.some((e) => (e as Error).message.includes('[REDACTED]'))).toBe(true);
    console.info(
      `leak test: ${errors.length} errors, ${logs.length} log lines, ${traces.length} trace events, ${requests.length} requests searched`,
    );
  });
});
