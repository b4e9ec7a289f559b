import diagnostics_channel from 'node:diagnostics_channel';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceRequestIdOf } from '../../../src/core/observability/request-id.js';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import {
  APIConnectionError,
  type CreditPlatformError,
  InternalServerError,
  InvalidResponseError,
  type Logger,
  NotFoundError,
  RequestValidationError,
  type RequestTraceContext,
  TRACING_CHANNEL,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, countSent, fail, HttpResponse, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const saved = { ...BACKOFF };
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

interface Line {
  level: string;
  fields: Record<string, unknown> | undefined;
}
function recordingLogger(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (_message: string, fields?: Record<string, unknown>) => lines.push({ level, fields });
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

function traced() {
  const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
  const ids: string[] = [];
  const handlers = {
    start: (context: RequestTraceContext) => ids.push(context.requestId),
    end() {},
    asyncStart() {},
    asyncEnd() {},
    error() {},
  };
  channel.subscribe(handlers);
  return { ids, stop: () => channel.unsubscribe(handlers) };
}

describe('one id per call', () => {
  it('a result carries a fresh id per call, and the service request id only when it sent one', async () => {
    server.use(
      http.get(url('accounts/me'), () => ok({ id: 'acc_1' }, { headers: { 'x-request-id': 'srv-7f3a' } })),
      http.get(url('accounts/balance'), () => ok({ balances: [] })),
    );
    const sdk = client();
    const first = await sdk.accounts.me().withResponse();
    const second = await sdk.accounts.me().withResponse();
    expect(first.requestId).toMatch(UUID);
    expect(second.requestId).toMatch(UUID);
    expect(second.requestId).not.toBe(first.requestId);
    expect(first.serviceRequestId).toBe('srv-7f3a');
  });

  it('a retried call keeps one id on every attempt: the log lines, the span context and the error agree', async () => {
    Object.assign(BACKOFF, { baseMs: 1, maxMs: 2 });
    server.use(http.get(url('accounts/me'), () => fail(503, 'busy')));
    const { logger, lines } = recordingLogger();
    const trace = traced();
    let error: Error;
    try {
      error = await captureError(client({ logger, logLevel: 'debug', maxRetries: 2 }).accounts.me());
    } finally {
      trace.stop();
    }
    expect(error).toBeInstanceOf(InternalServerError);
    const id = (error as CreditPlatformError).requestId;
    expect(id).toMatch(UUID);
    const debug = lines.filter((line) => line.level === 'debug');
    expect(debug).toHaveLength(3);
    expect(debug.map((line) => line.fields?.requestId)).toEqual([id, id, id]);
    expect(trace.ids).toEqual([id]);
    expect(JSON.parse(JSON.stringify(error)).requestId).toBe(id);
  });

  it('an error status, a connection failure and a response the schema refuses each carry the id of their call', async () => {
    const { logger, lines } = recordingLogger();
    const sdk = client({ logger, logLevel: 'debug', maxRetries: 0 });
    server.use(http.get(url('deposits/dep_1'), () => fail(404, 'no such deposit')));
    const notFound = await captureError(sdk.deposits.retrieve('dep_1'));
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect((notFound as CreditPlatformError).requestId).toBe(lines.at(-1)?.fields?.requestId);

    server.use(http.get(url('accounts/me'), () => HttpResponse.error()));
    const offline = await captureError(sdk.accounts.me());
    expect(offline).toBeInstanceOf(APIConnectionError);
    expect((offline as CreditPlatformError).requestId).toBe(lines.at(-1)?.fields?.requestId);

    server.use(http.get(url('accounts/me'), () => ok({ id: 42 })));
    const invalid = await captureError(sdk.accounts.me());
    expect(invalid).toBeInstanceOf(InvalidResponseError);
    expect((invalid as CreditPlatformError).requestId).toBe(lines.at(-1)?.fields?.requestId);
    const ids = [notFound, offline, invalid].map((e) => (e as CreditPlatformError).requestId);
    expect(new Set(ids).size).toBe(3);
  });

  it('a call refused before sending still gets an id, and nothing is sent', async () => {
    const sent = countSent(server);
    const sdk = client();
    const refused = await captureError(sdk.transactions.list({ limit: 5_000 }));
    expect(refused).toBeInstanceOf(RequestValidationError);
    expect((refused as CreditPlatformError).requestId).toMatch(UUID);
    const raw = await captureError(sdk.request('POST', '/payments', { body: 'text', extraBody: { a: 1 } }));
    expect(raw).toBeInstanceOf(RequestValidationError);
    expect((raw as CreditPlatformError).requestId).toMatch(UUID);
    expect(sent()).toBe(0);
  });

  it('every page of a list is its own call; a failed page carries its own id and the cursor to resume from', async () => {
    server.use(
      http.get(url('transactions'), ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'c2'
          ? fail(404, 'gone')
          : ok({ items: [{ id: 'tx_1' }], nextCursor: 'c2' }),
      ),
    );
    const { logger, lines } = recordingLogger();
    const seen: string[] = [];
    const error = await captureError(
      (async () => {
        for await (const tx of client({ logger, logLevel: 'debug', maxRetries: 0 }).transactions.list({}, { prefetch: 0 })) {
          seen.push(tx.id);
        }
      })(),
    );
    expect(seen).toEqual(['tx_1']);
    const ids = lines.filter((line) => line.level === 'debug').map((line) => line.fields?.requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect((error as CreditPlatformError).requestId).toBe(ids[1]);
    expect((error as CreditPlatformError).resumeCursor).toBe('c2');
  });

  it('an apiKey function that throws gives an error with an id', async () => {
    const error = await captureError(
      client({
        apiKey: () => {
          throw new Error('vault down');
        },
      }).accounts.me(),
    );
    expect((error as CreditPlatformError).requestId).toMatch(UUID);
  });
});

describe('serviceRequestIdOf', () => {
  it('keeps a plausible X-Request-Id and drops anything else the header holds', () => {
    expect(serviceRequestIdOf(new Headers({ 'x-request-id': 'req_01HF-abc' }))).toBe('req_01HF-abc');
    expect(serviceRequestIdOf(new Headers({ 'x-request-id': 'x'.repeat(128) }))).toBe('x'.repeat(128));
    expect(serviceRequestIdOf(new Headers({ 'x-request-id': 'x'.repeat(129) }))).toBeUndefined();
    expect(serviceRequestIdOf(new Headers({ 'x-request-id': 'two words' }))).toBeUndefined();
    expect(serviceRequestIdOf(new Headers({ 'x-request-id': 'caf\u00e9' }))).toBeUndefined();
    expect(serviceRequestIdOf(new Headers())).toBeUndefined();
  });
});
