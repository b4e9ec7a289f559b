import type { KyInstance, Options as KyOptions } from 'ky';
import { InvalidResponseError } from '../../errors/index.js';
import { concatBytes } from '../../utils/bytes.js';
import type { LevelledLogger } from '../config/logger.js';
import { type AttemptRecord, logAttempt } from '../observability/request-log.js';
import type { RequestTraceAttemptScope, RequestTraceContext } from '../observability/tracing.js';
import type { Fetch, Middleware } from '../types.js';
import type { Ky } from './load-ky.js';
import { runMiddleware } from './middleware.js';
import { type AttemptOutcome, decideRetry, type RetryDecision } from '../retry-policy.js';

// Failures that prove the request never left this machine, so even a POST may go again.
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

const MANUAL_REDIRECT: RequestInit = { redirect: 'manual' };
const EMPTY = new Uint8Array(0);

/** Decodes {@link CallState.body}, the answer and the error alike. */
export const utf8 = new TextDecoder();

/** What a call's attempts share; fixed when the call starts. */
export interface CallSetup {
  operation: string;
  method: string;
  /** `/accounts/me`: for logs and traces. */
  path: string;
  apiKey: string;
  /** The call's id: on every attempt's log line, its trace and its error. */
  requestId: string;
  /** The key and any secret in the body: scrubbed from every string the call produces. */
  secrets: readonly string[];
  maxRetries: number;
  maxRateLimitWait: number;
  totalTimeout: number | undefined;
  /** The largest body an attempt reads. */
  maxResponseBytes: number;
  middleware: readonly Middleware[];
  /** The fetch every attempt goes through (paced, when pacing is on). */
  fetch: Fetch;
  log: LevelledLogger;
  trace: RequestTraceContext | undefined;
  /** The caller's signal: it also ends a wait between attempts. */
  signal: AbortSignal | undefined;
}

/** The codes along an error's `cause` chain (undici nests the socket error). */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

function outcomeOf(error: unknown, ky: Ky): AttemptOutcome | undefined {
  if (error instanceof ky.HTTPError) return { kind: 'status', status: error.response.status, headers: error.response.headers };
  if (error instanceof ky.TimeoutError) return { kind: 'timeout' };
  if (error instanceof ky.NetworkError) {
    return { kind: 'connection', reachedServer: !errorCodes(error).some((code) => NEVER_SENT_CODES.has(code)) };
  }
  return undefined;
}

/**
 * One call's attempts, sent as soon as it is built: one ky request each, with ky's own retry off
 * (it would clone every request, and the retry policy decides anyway). {@link CallState.response}
 * settles with the answer or the last attempt's error, as ky threw it; {@link CallState.fetch}
 * is ky's fetch for each attempt; each failed attempt goes to the retry policy once
 * ({@link CallState.decide}), and the last decision stays here for the error and the trace.
 */
export class CallState {
  /** The loaded ky, whose error classes tell how an attempt failed. */
  readonly ky: Ky;
  readonly setup: CallSetup;
  readonly started = performance.now();
  attempts = 0;
  status: number | undefined;
  decision: RetryDecision | undefined;
  /** The body of the last answered attempt, read whole (within `maxResponseBytes`). */
  body: Uint8Array = EMPTY;
  /** The answer of the last attempt, or the error it failed with. */
  readonly response: Promise<Response>;
  #attemptStarted = 0;
  // The attempt the decision above is about: each attempt is decided (and logged) once.
  #decidedFor = 0;

  constructor(ky: Ky, request: KyInstance, input: string, options: KyOptions, setup: CallSetup) {
    this.ky = ky;
    this.setup = setup;
    options.fetch = this.fetch;
    this.response = this.#run(request, input, options);
  }

  /** Milliseconds since the call started. */
  elapsed(): number {
    return performance.now() - this.started;
  }

  // Sends attempts until one answers or the policy says stop. Each attempt gets what is left of
  // `totalTimeout` as its own, so ky still stops an attempt that would outlast the call; the
  // caller's `signal` ends a wait at once.
  async #run(request: KyInstance, input: string, options: KyOptions): Promise<Response> {
    const { totalTimeout, signal, trace } = this.setup;
    for (;;) {
      const attempt =
        totalTimeout === undefined ? options : { ...options, totalTimeout: Math.max(1, totalTimeout - this.elapsed()) };
      try {
        const response = await request(input, attempt);
        // Stryker disable next-line ConditionalExpression: logAttempt writes an answered attempt at debug only; the check spares building its record
        if (this.setup.log.debug) logAttempt(this.setup.log, this.#record(undefined, undefined), undefined);
        if (trace) this.#traceEnd(trace, this.#record(undefined, undefined), undefined);
        return response;
      } catch (error) {
        const decision = this.decide(error);
        if (decision?.retry !== true) throw error;
        await pause(decision.waitMs, signal);
      }
    }
  }

  /**
   * One attempt, as ky's `fetch`: the middleware, then the key, then the whole body, read before
   * the attempt counts as answered, so ky's per-attempt timeout covers the body too (a server
   * that sends headers and stalls mid-body times out instead of hanging the caller, and a reset
   * mid-body is a connection error of that attempt).
   */
  readonly fetch: Fetch = async (input, init) => {
    this.attempts++;
    this.#attemptStarted = performance.now();
    this.status = undefined;
    this.setup.trace?.attemptRecords.push({ attempt: this.attempts, startTime: Date.now() });
    const request = input as Request;
    const { middleware } = this.setup;
    const response =
      // Stryker disable next-line ConditionalExpression: no middleware sends the same request through a copy; the direct send skips the copy
      middleware.length === 0
        ? await this.#send(request, init)
        : await runMiddleware(middleware, request, (next) => this.#send(new Request(next, MANUAL_REDIRECT), init));
    if (!(response instanceof Response)) throw new TypeError('A middleware resolved with something that is not a Response.');
    this.status = response.status;
    this.body = await readBody(response, this.setup.maxResponseBytes, `${this.setup.method} ${this.setup.path}`);
    return response;
  };

  // The key goes on last. After middleware, on a copy (made above), so no middleware (nor
  // anything it kept a reference to) ever holds it; the copy is also where a Request a
  // middleware built afresh (redirect: 'follow' by default) gets its redirects turned off again.
  #send(request: Request, init: RequestInit | undefined): Promise<Response> {
    request.headers.set('x-api-key', this.setup.apiKey);
    const run = this.setup.trace?.runAttempt;
    if (run === undefined) return this.setup.fetch(request, init);
    // A subscriber's wrapper (a span's context, say) gets a scope that can add trace-context
    // headers only: it never sees the request, whose headers hold the key.
    const scope: RequestTraceAttemptScope = {
      attempt: this.attempts,
      setHeader: (name, value) => {
        if (name === 'traceparent' || name === 'tracestate') request.headers.set(name, value);
      },
    };
    return run(scope, () => this.setup.fetch(request, init));
  }

  /** Decides about the attempt that just failed with `error`; once per attempt. */
  decide(error: unknown): RetryDecision | undefined {
    if (this.#decidedFor === this.attempts) return this.decision;
    this.#decidedFor = this.attempts;
    const outcome = outcomeOf(error, this.ky);
    const { setup } = this;
    this.decision =
      outcome === undefined
        ? undefined
        : decideRetry({
            attempt: this.attempts,
            maxRetries: setup.maxRetries,
            method: setup.method,
            outcome,
            maxRateLimitWait: setup.maxRateLimitWait,
            // Stryker disable next-line ConditionalExpression: undefined - elapsed is NaN, which the policy's comparison treats as no budget, as it does undefined
            remainingMs: setup.totalTimeout === undefined ? undefined : setup.totalTimeout - this.elapsed(),
            now: Date.now(),
          });
    const record = this.#record(outcome, error);
    logAttempt(setup.log, record, this.decision);
    if (setup.trace) this.#traceEnd(setup.trace, record, this.decision);
    return this.decision;
  }

  // Completes the trace's record of the attempt that just ended.
  #traceEnd(trace: RequestTraceContext, record: AttemptRecord, decision: RetryDecision | undefined): void {
    const traced = trace.attemptRecords.at(-1);
    // Stryker disable next-line ConditionalExpression: this.fetch pushed the attempt's record before the attempt could end; the check is for the type
    if (traced === undefined) return;
    traced.durationMs = record.elapsedMs;
    traced.status = record.status;
    traced.failure = record.failure;
    if (decision?.retry) {
      traced.waitMs = decision.waitMs;
      traced.waitSource = decision.source;
    }
  }

  #record(outcome: AttemptOutcome | undefined, error: unknown): AttemptRecord {
    const { setup } = this;
    const record: AttemptRecord = {
      requestId: setup.requestId,
      operation: setup.operation,
      method: setup.method,
      path: setup.path,
      attempt: this.attempts,
      // An error status reached ky through this.fetch, which noted it.
      status: this.status,
      elapsedMs: performance.now() - this.#attemptStarted,
      secrets: setup.secrets,
    };
    if (outcome?.kind === 'timeout') record.failure = 'timeout';
    else if (outcome?.kind === 'connection') record.failure = errorCodes(error)[0] ?? 'connection error';
    else if (outcome === undefined && error !== undefined) record.failure = error instanceof Error ? error.name : 'error';
    return record;
  }
}

/** Waits `ms`; the caller's signal ends the wait at once, with its reason, as it ends a request. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return new Promise((resolve) => setTimeout(resolve, ms));
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort);
  });
}

// The body is kept on the call state as bytes, not in a new Response nor as text: decoded once
// ky returns, the page's string dies young (docs/benchmarks.md). So the response `.withResponse()`
// hands out has its body already used; its content is the `data`. At most `limit` bytes are
// held: a `Content-Length` above it is refused unread, and the stream is cancelled as soon as
// the count passes it.
async function readBody(response: Response, limit: number, where: string): Promise<Uint8Array> {
  const { body } = response;
  if (body === null) return EMPTY;
  const declared = declaredLength(response.headers);
  // Stryker disable next-line ConditionalExpression: undefined > limit is false too; the check is for the type
  if (declared !== undefined && declared > limit) {
    body.cancel().catch(ignore);
    throw tooLarge(response, limit, `${where} announced a Content-Length of ${declared} bytes,`, 'it was not read');
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(ignore);
      throw tooLarge(response, limit, `${where} answered with a body`, 'reading stopped there');
    }
    chunks.push(value);
  }
  return concatBytes(chunks, total);
}

// A Content-Length counts the encoded bytes: with a Content-Encoding the decoded body (what is
// held) may differ, so only the count as it streams in decides.
function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  // Stryker disable next-line ConditionalExpression: Number(null) is 0, never above the limit, as no length is
  if (value === null || headers.has('content-encoding')) return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) ? length : undefined;
}

function tooLarge(response: Response, limit: number, what: string, outcome: string): InvalidResponseError {
  return new InvalidResponseError(
    `${what} larger than maxResponseBytes (${limit} bytes); ${outcome}. Raise maxResponseBytes (a client or per-call option) if the service really answers with more.`,
    { status: response.status, body: '' },
  );
}

function ignore(): void {}
