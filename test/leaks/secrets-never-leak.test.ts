// Secrets never leak: the key and the webhook secrets never reach an error, a log line, a trace
// context or a middleware. First a broken service that echoes them back in every field it has
// (the key given both as a string and as an async function), then each place an error keeps text
// from the server or from a failed call, one at a time. (The global guard in
// test/setup/leak-guard.ts searches the errors, log lines and trace contexts of every other test
// file as well; secret-encodings.test.ts covers echoes in escaped spellings.)
import diagnostics_channel from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BACKOFF } from '../../src/core/retry-policy.js';
import {
  type APIError,
  ConfigurationError,
  CreditPlatform,
  type InvalidResponseError,
  type Logger,
  PermissionDeniedError,
  type RequestTraceContext,
  TRACING_CHANNEL,
} from '../../src/index.js';
import type { Middleware } from '../../src/core/types.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY, client, http, HttpResponse, url, useMswServer } from '../helpers/msw.js';
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

/** What one run against the echoing service produced, for the search. */
interface Material {
  errors: Error[];
  logs: string[];
  traces: string[];
  requests: string[];
}

const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);

/**
 * Sends every kind of call the echoing service answers (each must fail: `captureError` throws,
 * outside any catch, when one does not) and keeps every error, log line, trace context and
 * request a middleware was handed. Each test runs it for itself.
 */
async function echoedCalls(apiKey: string | (() => Promise<string>)): Promise<Material> {
  const material: Material = { errors: [], logs: [], traces: [], requests: [] };
  const line = (m: string, f: unknown) => material.logs.push(`${m} ${JSON.stringify(f)}`);
  const logger: Logger = { debug: line, info: line, warn: line, error: line };
  const recorder: Middleware = async (request, next) => {
    // Headers and URL must hold no secret; the body may hold the webhook secret the caller sent.
    material.requests.push(`${request.method} ${request.url} ${inspect(Object.fromEntries(request.headers))}`);
    const body = await request.clone().text();
    expect(body).not.toContain(API_KEY);
    return next(request);
  };
  const record = (ctx: RequestTraceContext) => material.traces.push(inspect(ctx, { depth: 10, showHidden: true }));
  const handlers = { start: record, end: record, asyncStart: record, asyncEnd: record, error: record };
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
    for (const call of calls) material.errors.push(await captureError(call));
  } finally {
    Object.assign(BACKOFF, saved);
    channel.unsubscribe(handlers);
  }
  return material;
}

/** Searches every text of a run for every secret. */
function expectNoSecret(material: Material): void {
  const texts = [...material.errors.flatMap(renderings), ...material.logs, ...material.traces, ...material.requests];
  for (const text of texts)
    for (const secret of SECRETS) {
      const at = text.indexOf(secret);
      expect(at, text.slice(Math.max(0, at - 400), at + 100)).toBe(-1);
    }
}

describe('no secret leaks, with a service that echoes them everywhere', () => {
  it.each([
    ['a string', API_KEY],
    ['an async function', async () => API_KEY],
  ] as const)('the key given as %s', async (_label, apiKey) => {
    const material = await echoedCalls(apiKey);
    expectNoSecret(material);
    // The search had material: every call failed, and each left lines, traces and requests.
    expect(material.errors).toHaveLength(9);
    expect(material.logs.length).toBeGreaterThanOrEqual(10);
    expect(material.traces.length).toBeGreaterThanOrEqual(20);
    expect(material.requests.length).toBeGreaterThanOrEqual(8);
    console.info(
      `leak test: ${material.errors.length} errors, ${material.logs.length} log lines, ${material.traces.length} trace events, ${material.requests.length} requests searched`,
    );
  });

  it('searched every error, log line, trace context and middleware-visible request', async () => {
    const material = await echoedCalls(API_KEY);
    expectNoSecret(material);
    // Errors of every kind the SDK raises for what the service answered.
    expect(new Set(material.errors.map((e) => e.name))).toEqual(
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
    // And the echo really happened: the redaction marker is what stands in the key's place.
    expect(material.errors.some((e) => e.message.includes('[REDACTED]'))).toBe(true);
  });
});

// Each place an error keeps text from the server or from a failed call, one at a time.
const server = useMswServer();

function expectNoKey(error: unknown): void {
  for (const text of renderings(error)) expect(text).not.toContain(API_KEY);
}

describe('the API key never appears in an error', () => {
  it('is scrubbed when the service echoes it in the message and error items', async () => {
    server.use(
      http.get(url('accounts/me'), ({ request }) =>
        HttpResponse.json(
          {
            success: false,
            data: null,
            message: `Key ${request.headers.get('x-api-key')} is not valid`,
            errors: [{ field: 'X-API-Key', message: `unknown key ${API_KEY}` }],
          },
          { status: 401 },
        ),
      ),
    );
    const error = await captureError(client().accounts.me());
    expect(error.message).toBe('401 Key [REDACTED] is not valid');
    expectNoKey(error);
  });

  it('is scrubbed from the body excerpt of a response that is not the envelope', async () => {
    server.use(http.get(url('accounts/me'), () => new HttpResponse(`<html>debug: x-api-key=${API_KEY}</html>`, { status: 500 })));
    const error = (await captureError(client({ maxRetries: 0 }).accounts.me())) as InvalidResponseError;
    expect(error.body).toContain('[REDACTED]');
    expectNoKey(error);
  });

  it('is absent from connection errors and their causes', async () => {
    const error = await captureError(
      new CreditPlatform({ apiKey: API_KEY, baseUrl: await refusedBaseUrl(), maxRetries: 0 }).accounts.me(),
    );
    expectNoKey(error);
  });

  it('is absent from timeout errors', async () => {
    const lb = await loopback(() => undefined);
    const error = await captureError(
      new CreditPlatform({ apiKey: API_KEY, baseUrl: lb.baseUrl, timeout: 100, maxRetries: 0 }).accounts.me(),
    );
    expectNoKey(error);
  });

  it('is absent when an apiKey function throws', async () => {
    const error = await captureError(
      client({
        apiKey: () => {
          throw new Error('vault unavailable');
        },
      }).accounts.me(),
    );
    expect(error.message).toMatch(/apiKey/);
    expectNoKey(error);
  });

  it('is absent when an apiKey function throws an error whose message holds the key', async () => {
    const thrown = Object.assign(new Error(`vault said: ${API_KEY} is sealed`), { code: 'EVAULTSEALED' });
    const error = await captureError(
      client({
        apiKey: () => {
          throw thrown;
        },
      }).accounts.me(),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('apiKey');
    expect(error.message).toMatch(/The `apiKey` function threw an Error \(code EVAULTSEALED\); check the secret store/);
    // A fresh cause: the thrown error's name and code, nothing of its message or stack.
    expect(error.cause).not.toBe(thrown);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error & { code?: unknown }).code).toBe('EVAULTSEALED');
    expect((error.cause as Error).name).toBe('Error');
    for (const text of [...renderings(error), inspect(error.cause, { showHidden: true }), JSON.stringify(error)]) {
      expect(text).not.toContain('vault said');
      expect(text).not.toContain(API_KEY);
    }
  });

  it('is absent when an async apiKey function rejects with a non-Error holding the key', async () => {
    const error = await captureError(client({ apiKey: () => Promise.reject(`key=${API_KEY}`) }).accounts.me());
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toMatch(/The `apiKey` function threw a string/);
    expectNoKey(error);
  });

  it('is absent from a key refused for containing a newline', async () => {
    const error = await captureError(client({ apiKey: async () => `${API_KEY}\r\n` }).accounts.me());
    expectNoKey(error);
  });
});

describe('every string an error keeps from the server is redacted', () => {
  it('errors[] field and code, header values, the body excerpt, and the message', async () => {
    server.use(
      http.get(url('accounts/me'), () =>
        HttpResponse.json(
          {
            success: false,
            data: null,
            message: `bad ${API_KEY}`,
            errors: [{ field: `X-API-Key: ${API_KEY}`, code: API_KEY, message: 'unknown key' }],
          },
          { status: 403, headers: { 'x-echo-key': API_KEY } },
        ),
      ),
    );
    const error = (await captureError(client().accounts.me())) as APIError;
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.errors).toEqual([{ field: 'X-API-Key: [REDACTED]', code: '[REDACTED]', message: 'unknown key' }]);
    expect(error.headers.get('x-echo-key')).toBe('[REDACTED]');
    expect(error.body).toContain('[REDACTED]');
    expectNoKey(error);
    // util.inspect shows the headers, redacted, instead of `Headers {}`.
    expect(inspect(error)).toMatch(/'x-echo-key': '\[REDACTED\]'/);
  });

  it('the messages along the cause chain of a connection error', async () => {
    const failing = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error(`socket said ${API_KEY}`), { code: 'ECONNRESET' }) });
    };
    const error = await captureError(client({ fetch: failing, maxRetries: 0 }).accounts.me());
    const cause = (error.cause as Error).cause as Error & { code?: string };
    expect((error.cause as Error).message).toBe('fetch failed');
    expect(cause.message).toBe('socket said [REDACTED]');
    expect(cause.code).toBe('ECONNRESET');
    expect(error.message).toMatch(/\(ECONNRESET\)/);
    expectNoKey(error);
  });

  it('a cause that carries the request, or a field quoting the key in any spelling', async () => {
    const escaped = [...API_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const failing: typeof fetch = async (input) => {
      const request = input as Request;
      throw Object.assign(new TypeError('fetch failed'), {
        code: 'ECONNRESET',
        request,
        detail: `sent ${escaped}`,
        headers: Object.fromEntries(request.headers),
      });
    };
    const error = await captureError(client({ fetch: failing, maxRetries: 0 }).accounts.me());
    const cause = error.cause as Error & { code?: string; request?: unknown; detail?: unknown };
    expect(cause.message).toBe('fetch failed');
    expect(cause.code).toBe('ECONNRESET');
    expect(cause.request).toBeUndefined();
    expect(cause.detail).toBeUndefined();
    expectNoKey(error);
    expect(inspect(error, { depth: 10 })).not.toMatch(/x-api-key/i);
  });

  it('a webhook secret sent in the body and echoed back in an error', async () => {
    const secret = 'whsec_echoed_back_0f1e2d';
    server.use(
      http.post(url('webhooks'), () =>
        HttpResponse.json(
          { success: false, data: null, message: `secret ${secret} is weak`, errors: [{ field: 'secret', message: secret }] },
          { status: 422 },
        ),
      ),
    );
    const error = await captureError(
      client().webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret }),
    );
    for (const text of renderings(error)) expect(text).not.toContain(secret);
  });
});
