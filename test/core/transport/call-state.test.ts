// One call's attempts (call-state.ts), through a `fetch` of the test's own so each answer is
// exact: every body read whole and never past maxResponseBytes, a request that never left this
// machine retried even for a POST, and one debug line per attempt saying how it ended.
import diagnostics_channel from 'node:diagnostics_channel';
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKOFF } from '../../../src/core/retry-policy.js';
import type { Fetch, Middleware } from '../../../src/core/types.js';
import {
  APIConnectionError,
  type ClientOptions,
  CreditPlatform,
  InvalidResponseError,
  NotFoundError,
  type RequestTraceContext,
  TRACING_CHANNEL,
} from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { API_KEY } from '../../helpers/msw.js';
import { traceGuard } from '../../setup/leak-guard.js';

const saved = { ...BACKOFF };
beforeEach(() => {
  Object.assign(BACKOFF, { baseMs: 1, maxMs: 2 });
});
afterEach(() => {
  Object.assign(BACKOFF, saved);
});

const utf8 = new TextEncoder();

/** A body that arrives in `pieces`, and what the client did with it. */
function streamed(pieces: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = pieces[seen.pulled++];
        if (piece === undefined) controller.close();
        else controller.enqueue(piece);
      },
      cancel() {
        seen.cancelled = true;
      },
      // No read ahead: a piece is pulled only when the client reads.
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

/** `bytes` cut into pieces of `size` bytes. */
function cut(bytes: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.slice(at, at + size));
  return pieces;
}

const envelope = (data: unknown): string => JSON.stringify({ success: true, data, message: null });

function clientWith(fetch: Fetch, options: ClientOptions = {}): CreditPlatform {
  return new CreditPlatform({
    apiKey: API_KEY,
    baseUrl: 'https://api.credit.test/api/v1',
    fetch,
    logLevel: 'off',
    maxRetries: 0,
    ...options,
  });
}

/** A fetch that answers each call with the next of `answers` (a Response, or an error to throw). */
function scripted(answers: (() => Response | Error)[]) {
  const requests: Request[] = [];
  const fetch: Fetch = async (input) => {
    requests.push(input as Request);
    const answer = (answers[requests.length - 1] ?? answers.at(-1))?.();
    if (answer instanceof Error) throw answer;
    if (answer === undefined) throw new Error('no answer scripted');
    return answer;
  };
  return { fetch, requests };
}

const json = { 'content-type': 'application/json' };

describe('the body of each attempt', () => {
  it('is read whole however it is cut, a character split across pieces included', async () => {
    const data = { id: 'acc_1', note: `é€😀${'x'.repeat(300)}` };
    for (const size of [1, 7, 64, 10_000]) {
      const { body } = streamed(cut(utf8.encode(envelope(data)), size));
      const client = clientWith(async () => new Response(body, { headers: json }));
      expect(await client.request('GET', '/accounts/me')).toEqual(data);
    }
  });

  it('takes exactly maxResponseBytes over many pieces, and at one byte more stops reading and drops the stream', async () => {
    const bytes = utf8.encode(envelope({ id: 'acc_1', note: 'y'.repeat(500) }));
    const exact = streamed(cut(bytes, 100));
    const atLimit = clientWith(async () => new Response(exact.body, { headers: json }), { maxResponseBytes: bytes.length });
    expect(await atLimit.request('GET', '/accounts/me')).toMatchObject({ id: 'acc_1' });

    const over = streamed(cut(bytes, 100));
    const limit = bytes.length - 1;
    const pieces = Math.ceil(bytes.length / 100);
    const error = await captureError(
      clientWith(async () => new Response(over.body, { headers: json }), { maxResponseBytes: limit }).request('GET', '/x'),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 200, body: '' });
    expect(error.message).toContain(`maxResponseBytes (${limit} bytes)`);
    expect(over.seen).toEqual({ pulled: pieces, cancelled: true });

    // A limit passed early stops the reading there.
    const early = streamed(cut(bytes, 100));
    await captureError(
      clientWith(async () => new Response(early.body, { headers: json }), { maxResponseBytes: 250 }).request('GET', '/x'),
    );
    expect(early.seen).toEqual({ pulled: 3, cancelled: true });

    // A per-call limit wins over the client's, lower or higher.
    const perCall = (clientLimit: number, callLimit: number) => {
      const stream = streamed(cut(bytes, 100));
      return clientWith(async () => new Response(stream.body, { headers: json }), { maxResponseBytes: clientLimit }).request(
        'GET',
        '/x',
        { maxResponseBytes: callLimit },
      );
    };
    expect(await captureError(perCall(bytes.length, 250))).toBeInstanceOf(InvalidResponseError);
    expect(await perCall(250, bytes.length)).toMatchObject({ id: 'acc_1' });
  });

  it('a Content-Length above the limit is refused unread; one at the limit, one that is no number, or one under a Content-Encoding is left to the count', async () => {
    const bytes = utf8.encode(envelope({ id: 'acc_1' }));
    const limit = bytes.length;
    const answer = (headers: Record<string, string>) => {
      const stream = streamed([bytes]);
      const client = clientWith(async () => new Response(stream.body, { headers: { ...json, ...headers } }), {
        maxResponseBytes: limit,
      });
      return { client, seen: stream.seen };
    };

    const announced = answer({ 'content-length': String(limit + 1) });
    const error = await captureError(announced.client.request('GET', '/x'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toContain(`Content-Length of ${limit + 1} bytes`);
    expect(announced.seen).toEqual({ pulled: 0, cancelled: true });

    const accepted: Record<string, string>[] = [
      { 'content-length': String(limit) },
      { 'content-length': 'lots' },
      // The count of encoded bytes says nothing of the decoded body: only what streams in counts.
      { 'content-length': String(limit * 10), 'content-encoding': 'gzip' },
    ];
    for (const headers of accepted) {
      const { client } = answer(headers);
      expect(await client.request('GET', '/x'), JSON.stringify(headers)).toEqual({ id: 'acc_1' });
    }
  });

  it('an answer with no body is an empty body: not JSON, an InvalidResponseError with its status', async () => {
    const error = await captureError(clientWith(async () => new Response(null, { status: 204 })).request('GET', '/x'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 204, body: '' });
  });
});

/** What undici throws when no connection was made: a TypeError with the socket error `depth` causes down. */
function connectionFailure(code: string | undefined, depth = 1): TypeError {
  let cause: unknown = code === undefined ? new Error('socket closed') : Object.assign(new Error(code), { code });
  for (let i = 1; i < depth; i++) cause = new Error('wrapped', { cause });
  return new TypeError('fetch failed', { cause });
}

describe('a connection that failed', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])(
    'with %s never left this machine: even a POST is sent again',
    async (code) => {
      const { fetch, requests } = scripted([
        () => connectionFailure(code),
        () => new Response(envelope({ id: 'k_1' }), { headers: json }),
      ]);
      const data = await clientWith(fetch, { maxRetries: 1 }).request('POST', '/keys', { body: { name: 'ci' } });
      expect(data).toEqual({ id: 'k_1' });
      expect(requests).toHaveLength(2);
    },
  );

  it('with a reset, or with no code, may have reached the service: a POST is not sent again', async () => {
    for (const code of ['ECONNRESET', undefined]) {
      const { fetch, requests } = scripted([() => connectionFailure(code), () => new Response(envelope({}), { headers: json })]);
      const error = await captureError(clientWith(fetch, { maxRetries: 1 }).request('POST', '/keys', { body: { name: 'ci' } }));
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(requests).toHaveLength(1);
    }
  });

  it('the code is read down the cause chain, as deep as undici nests it, within five levels', async () => {
    const sent = async (depth: number) => {
      const { fetch, requests } = scripted([
        () => connectionFailure('ECONNREFUSED', depth),
        () => new Response(envelope({}), { headers: json }),
      ]);
      await clientWith(fetch, { maxRetries: 1 })
        .request('POST', '/keys', { body: {} })
        .catch(() => undefined);
      return requests.length;
    };
    // The chain: ky's NetworkError, undici's TypeError, then `depth` errors down to the code.
    expect(await sent(3)).toBe(2);
    expect(await sent(4)).toBe(1);
  });
});

describe('one debug line per attempt', () => {
  function logged() {
    const lines: { message: string; fields: Record<string, unknown> | undefined }[] = [];
    const record = (message: string, fields?: Record<string, unknown>) => {
      lines.push({ message, fields });
    };
    return { lines, logger: { debug: record, info: record, warn: record, error: record } };
  }

  it('says how each attempt ended (a status, the socket error, a timeout, the answer) and how long it took', async () => {
    const { lines, logger } = logged();
    let call = 0;
    const fetch: Fetch = (input) => {
      call++;
      if (call === 1)
        return Promise.resolve(new Response('{"success":false,"data":null,"message":"busy"}', { status: 503, headers: json }));
      if (call === 2) return Promise.reject(connectionFailure('ECONNRESET'));
      if (call === 3) return Promise.reject(connectionFailure(undefined));
      if (call === 4) {
        // Never answers: the per-attempt timeout ends it.
        const { signal } = input as Request;
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      }
      return Promise.resolve(new Response(envelope({ id: 'acc_1' }), { headers: json }));
    };
    const client = clientWith(fetch, { maxRetries: 4, logger, logLevel: 'debug', timeout: 500 });
    const started = performance.now();
    await client.request('GET', '/accounts/me');
    const took = performance.now() - started;
    const attempts = lines.filter((line) => line.fields?.attempt !== undefined).map((line) => line.fields);
    // An attempt after an answered one has no status of its own: the last answer's is not kept.
    expect(attempts.map((f) => [f?.attempt, f?.status, f?.failure])).toEqual([
      [1, 503, undefined],
      [2, undefined, 'ECONNRESET'],
      [3, undefined, 'connection error'],
      [4, undefined, 'timeout'],
      [5, 200, undefined],
    ]);
    // Each attempt's time is its own share of the call's.
    for (const fields of attempts) {
      expect(fields?.elapsedMs).toBeGreaterThanOrEqual(0);
      expect(fields?.elapsedMs).toBeLessThanOrEqual(Math.ceil(took));
    }
  });

  it('names what else ended an attempt: the class of the error thrown, or "error" for a thrown value that is not one', async () => {
    for (const [thrown, failure] of [
      [new RangeError('bad'), 'RangeError'],
      ['a string', 'error'],
    ] as const) {
      const { lines, logger } = logged();
      const throwing: Middleware = () => Promise.reject(thrown);
      const client = clientWith(async () => new Response(envelope({})), { logger, logLevel: 'debug', middleware: [throwing] });
      await captureError(client.request('GET', '/accounts/me'));
      expect(lines.map((line) => line.fields?.failure)).toEqual([failure]);
    }
  });
});

describe('a middleware that breaks the contract', () => {
  it('resolving with something that is not a Response fails the call and says so', async () => {
    const { fetch, requests } = scripted([() => new Response(envelope({}), { headers: json })]);
    const liar: Middleware = async () => ({ status: 200, headers: new Headers(), body: null }) as unknown as Response;
    const error = await captureError(clientWith(fetch, { middleware: [liar] }).request('GET', '/accounts/me'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toContain('A middleware resolved with something that is not a Response.');
    expect(requests).toHaveLength(0);
  });

  it('calling next() with something that is not a Request fails the call and says so, nothing sent', async () => {
    const { fetch, requests } = scripted([() => new Response(envelope({}), { headers: json })]);
    const wrong: Middleware = (request, next) => next(request.url as unknown as Request);
    const error = await captureError(clientWith(fetch, { middleware: [wrong] }).request('GET', '/accounts/me'));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toContain('A middleware must call next() with a Request.');
    expect(requests).toHaveLength(0);
  });
});

describe("the caller's signal", () => {
  it('keeps no listener once the call is over, however many waits between attempts it ended', async () => {
    const { fetch, requests } = scripted([
      () => new Response('{"success":false,"data":null,"message":"busy"}', { status: 503, headers: json }),
      () => new Response('{"success":false,"data":null,"message":"busy"}', { status: 503, headers: json }),
      () => new Response(envelope({ id: 'acc_1' }), { headers: json }),
    ]);
    const controller = new AbortController();
    await clientWith(fetch, { maxRetries: 2 }).request('GET', '/accounts/me', { signal: controller.signal });
    expect(requests).toHaveLength(3);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('the trace of the attempts', () => {
  const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
  const ignore = (): void => undefined;

  it('lets a subscriber add the trace-context headers to an attempt, and no other header: the key least of all', async () => {
    const handlers = {
      start: (context: RequestTraceContext) => {
        context.runAttempt = (scope, send) => {
          // The type names the two headers; a subscriber in JavaScript may pass any name.
          const names = ['traceparent', 'tracestate', 'baggage', 'x-api-key'] as Parameters<typeof scope.setHeader>[0][];
          for (const name of names) scope.setHeader(name, `set-${name}`);
          return send();
        };
      },
      end: ignore,
      asyncStart: ignore,
      asyncEnd: ignore,
      error: ignore,
    };
    let seen: Headers | undefined;
    channel.subscribe(handlers);
    try {
      await clientWith(async (input) => {
        seen = (input as Request).headers;
        return new Response(envelope({ id: 'acc_1' }), { headers: { 'content-type': 'application/json' } });
      }).accounts.me();
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(seen?.get('traceparent')).toBe('set-traceparent');
    expect(seen?.get('tracestate')).toBe('set-tracestate');
    expect(seen?.get('baggage')).toBeNull();
    expect(seen?.get('x-api-key')).toBe(API_KEY);
  });

  it('with nobody subscribed, a failed attempt still ends as the error of its status', async () => {
    traceGuard.channel.unsubscribe(traceGuard.handlers);
    try {
      expect(channel.hasSubscribers).toBe(false);
      const error = await captureError(
        clientWith(
          async () => new Response(JSON.stringify({ success: false, data: null, message: 'no' }), { status: 404 }),
        ).accounts.me(),
      );
      expect(error).toBeInstanceOf(NotFoundError);
    } finally {
      traceGuard.channel.subscribe(traceGuard.handlers);
    }
  });
});
