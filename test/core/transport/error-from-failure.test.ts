// The SDK error each way a call can fail becomes, from what ky threw and what the call counted:
// the caller's abort first, then an answered error status, a timeout (per attempt or the total),
// no response at all, and anything else; every message says how many attempts were made and why
// the last was not retried, and no text keeps the key.
import * as ky from 'ky';
import { HTTPError, NetworkError, TimeoutError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RetryDecision } from '../../../src/core/retry-policy.js';
import type { CallState } from '../../../src/core/transport/call-state.js';
import { type FailedCall, toSdkError } from '../../../src/core/transport/error-from-failure.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  ConfigurationError,
  NotFoundError,
  type RateLimitError,
} from '../../../src/index.js';

const KEY = 'cpk_live_failure_0123456789';
const request = new Request('https://api.example.com/api/v1/accounts/me');

function state(attempts: number, decision?: RetryDecision, elapsed = 0, body = ''): CallState {
  return {
    ky,
    attempts,
    body: new TextEncoder().encode(body),
    elapsed: () => elapsed,
    decide: () => decision,
  } as unknown as CallState;
}

const call = (init: Partial<FailedCall> = {}): FailedCall => ({
  where: 'GET /accounts/me',
  secrets: [KEY],
  signal: undefined,
  timeout: 30_000,
  totalTimeout: undefined,
  host: 'api.example.com',
  baseUrl: new URL('https://api.example.com/api/v1/'),
  ...init,
});

const gaveUp = (reason: string): RetryDecision => ({
  retry: false,
  reason,
  gaveUp: true,
  serverWaitMs: undefined,
  resetAt: undefined,
});
const connectionFailure = (cause: unknown) => new NetworkError(request, { cause: cause as Error });

describe("the caller's signal decides first", () => {
  it('an aborted signal is an APIUserAbortError whatever ky threw, with the reason as the cause', () => {
    const controller = new AbortController();
    const reason = new Error('shutting down');
    controller.abort(reason);
    const error = toSdkError(new TimeoutError(request), state(1), call({ signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(error.message).toBe("GET /accounts/me was aborted by the caller's AbortSignal.");
    expect(error.cause).toBe(reason);
  });

  it('a signal that timed out is an APITimeoutError, and a reason holding the key is redacted', () => {
    const timedOut = toSdkError(
      new Error('x'),
      state(1),
      call({ signal: AbortSignal.abort(new DOMException('t', 'TimeoutError')) }),
    );
    expect(timedOut).toBeInstanceOf(APITimeoutError);
    expect(timedOut.message).toBe("GET /accounts/me timed out: the caller's AbortSignal timed out.");
    const leaky = toSdkError(new Error('x'), state(1), call({ signal: AbortSignal.abort(new Error(`stop ${KEY}`)) }));
    expect((leaky.cause as Error).message).toBe('stop [REDACTED]');
  });

  it('a signal not aborted leaves the decision to the failure', () => {
    const error = toSdkError(new TimeoutError(request), state(1), call({ signal: new AbortController().signal }));
    expect(error).toBeInstanceOf(APITimeoutError);
  });
});

describe('an answered error status', () => {
  it('is the APIError of its status, read from the whole body, redacted', () => {
    const response = new Response(null, { status: 404 });
    const body = JSON.stringify({ success: false, data: null, message: `no account for ${KEY}` });
    const error = toSdkError(new HTTPError(response, request, {} as never), state(1, undefined, 0, body), call());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('404 no account for [REDACTED]');
  });

  it("a 429's reset is the retry clock's", () => {
    const resetAt = Date.UTC(2030, 0, 1);
    const decision: RetryDecision = { retry: false, reason: 'r', gaveUp: true, serverWaitMs: 1, resetAt };
    const error = toSdkError(
      new HTTPError(new Response(null, { status: 429 }), request, {} as never),
      state(2, decision),
      call(),
    );
    expect((error as RateLimitError).reset.getTime()).toBe(resetAt);
  });

  it('a redirect gets the message naming where it pointed', () => {
    const response = new Response(null, { status: 301, headers: { location: 'https://moved.example.com/v2' } });
    const error = toSdkError(new HTTPError(response, request, {} as never), state(1), call());
    expect(error.constructor).toBe(APIError);
    expect(error.message).toMatch(/^301 GET \/accounts\/me was answered with a redirect to https:\/\/moved\.example\.com;/);
  });
});

describe('a timeout', () => {
  it('of one attempt names the per-attempt timeout and counts the attempts', () => {
    expect(toSdkError(new TimeoutError(request), state(1), call()).message).toBe(
      'GET /accounts/me timed out: no complete response within 30000 ms (1 attempt).',
    );
    expect(toSdkError(new TimeoutError(request), state(3, gaveUp('retries spent (2 of 2)')), call()).message).toBe(
      'GET /accounts/me timed out: no complete response within 30000 ms (3 attempts; not retried: retries spent (2 of 2)).',
    );
  });

  it('names totalTimeout once the call has spent it (to the millisecond), not before', () => {
    const spent = toSdkError(new TimeoutError(request), state(2), call({ totalTimeout: 5_000 }));
    expect(spent.message).toBe('GET /accounts/me timed out: no complete response within 30000 ms (2 attempts).');
    const atTotal = toSdkError(new TimeoutError(request), state(2, undefined, 4_999), call({ totalTimeout: 5_000 }));
    expect(atTotal.message).toBe('GET /accounts/me timed out: totalTimeout of 5000 ms spent over 2 attempts.');
    const justBefore = toSdkError(new TimeoutError(request), state(2, undefined, 4_998.5), call({ totalTimeout: 5_000 }));
    expect(justBefore.message).toBe('GET /accounts/me timed out: no complete response within 30000 ms (2 attempts).');
  });

  it('says why the last attempt was not retried only when a budget decided', () => {
    const byMethod: RetryDecision = {
      retry: false,
      reason: 'POST is not retried',
      gaveUp: false,
      serverWaitMs: undefined,
      resetAt: undefined,
    };
    expect(toSdkError(new TimeoutError(request), state(1, byMethod), call()).message).not.toContain('not retried');
    const retrying: RetryDecision = {
      retry: true,
      waitMs: 1,
      source: 'backoff',
      serverWaitMs: undefined,
      resetAt: undefined,
    } as RetryDecision;
    expect(toSdkError(new TimeoutError(request), state(1, retrying), call()).message).not.toContain('not retried');
  });
});

describe('no response', () => {
  it('names the host and the code of the socket error, however deep, and keeps the cause', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const error = toSdkError(connectionFailure(new Error('fetch failed', { cause: socket })), state(1), call());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe('GET /accounts/me got no response from api.example.com (ECONNREFUSED) (1 attempt).');
    expect((error.cause as Error).cause).toBe(socket);
  });

  it('names the first code along the chain, and only within five levels', () => {
    let chain: Error = Object.assign(new Error('deep'), { code: 'EDEEP' });
    for (let i = 0; i < 4; i++) chain = new Error(`level ${i}`, { cause: chain });
    expect(toSdkError(connectionFailure(chain), state(1), call()).message).toContain('(EDEEP)');
    const deeper = new Error('top', { cause: chain });
    expect(toSdkError(connectionFailure(deeper), state(1), call()).message).toContain('(top)');
    // A chain that ends in a null cause is read to its end, not dereferenced.
    expect(toSdkError(connectionFailure(new Error('closed', { cause: null })), state(1), call()).message).toContain('(closed)');
    const numeric = Object.assign(new Error('numeric'), { code: -111 });
    expect(toSdkError(connectionFailure(numeric), state(1), call()).message).toContain('(numeric)');
  });

  it('says nothing of a cause that is not an error, and redacts one that holds the key', () => {
    expect(toSdkError(connectionFailure('reset'), state(2), call()).message).toBe(
      'GET /accounts/me got no response from api.example.com (2 attempts).',
    );
    const leaky = toSdkError(connectionFailure(new Error(`proxy refused ${KEY}`)), state(1), call());
    expect(leaky.message).toBe('GET /accounts/me got no response from api.example.com (proxy refused [REDACTED]) (1 attempt).');
    expect((leaky.cause as Error).message).toBe('proxy refused [REDACTED]');
  });
});

describe('no response because of the proxy', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('sends the reader to the proxy that refused the tunnel, not to the service', () => {
    for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) vi.stubEnv(name, '');
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), { code: 'UND_ERR_ABORTED' }),
    });
    const error = toSdkError(connectionFailure(refused), state(1), call());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(
      /^GET \/accounts\/me got no response: the proxy refused to open a tunnel to api\.example\.com \(it answered 407\);.* \(1 attempt\)\.$/,
    );
  });
});

describe('anything else', () => {
  it("an error of the SDK's own is thrown as it is", () => {
    const own = new ConfigurationError('baseUrl', 'bad');
    expect(toSdkError(own, state(0), call())).toBe(own);
  });

  it('is an APIConnectionError naming what was thrown, redacted', () => {
    const thrown = new TypeError(`bad header ${KEY}`);
    const error = toSdkError(thrown, state(1), call());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe('GET /accounts/me failed before a response: bad header [REDACTED]');
    expect((error.cause as Error).message).toBe('bad header [REDACTED]');
    expect(toSdkError(`text ${KEY}`, state(1), call()).message).toBe(
      'GET /accounts/me failed before a response: text [REDACTED]',
    );
  });
});
