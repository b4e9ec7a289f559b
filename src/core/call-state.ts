import { HTTPError, NetworkError, TimeoutError } from 'ky';
import { bufferBody } from './buffered-fetch.js';
import { runMiddleware, type Middleware } from './middleware.js';
import type { Fetch } from './options.js';
import { type AttemptRecord, logAttempt } from './request-log.js';
import { type AttemptOutcome, decideRetry, type RetryClockDecision } from './retry-clock.js';
import type { LevelledLogger } from './logger.js';
import type { RequestTraceContext } from './tracing.js';

// Failures that prove the request never left this machine, so even a POST may go again.
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

const MANUAL_REDIRECT: RequestInit = { redirect: 'manual' };

/** What a call's attempts share; fixed when the call starts. */
export interface CallSetup {
  operation: string;
  method: string;
  /** `/accounts/me`: for logs and traces. */
  path: string;
  apiKey: string;
  /** The key and any webhook secret in the body: scrubbed from every string the call produces. */
  secrets: readonly string[];
  maxRetries: number;
  maxRateLimitWait: number;
  totalTimeout: number | undefined;
  /** The largest body an attempt reads (buffered-fetch.ts). */
  maxResponseBytes: number;
  middleware: readonly Middleware[];
  fetch: () => Fetch;
  log: LevelledLogger;
  trace: RequestTraceContext | undefined;
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

function outcomeOf(error: unknown): AttemptOutcome | undefined {
  if (error instanceof HTTPError) return { kind: 'status', status: error.response.status, headers: error.response.headers };
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  if (error instanceof NetworkError) {
    return { kind: 'connection', reachedServer: !errorCodes(error).some((code) => NEVER_SENT_CODES.has(code)) };
  }
  return undefined;
}

/**
 * One call's attempts: `fetch` is ky's fetch for each attempt, and `decide` asks the retry clock
 * about each failed one (attempts.ts acts on the answer). The last decision stays here for the
 * error (a 429's `reset`) and the trace.
 */
export class CallState {
  readonly setup: CallSetup;
  readonly started = performance.now();
  attempts = 0;
  status: number | undefined;
  decision: RetryClockDecision | undefined;
  #attemptStarted = 0;
  // The attempt the decision above is about: each attempt is decided (and logged) once.
  #decidedFor = 0;

  constructor(setup: CallSetup) {
    this.setup = setup;
  }

  /** Milliseconds since the call started. */
  elapsed(): number {
    return performance.now() - this.started;
  }

  /**
   * The per-attempt pipeline, as ky's `fetch`. Steps that must run once per attempt go here,
   * in order, before the middleware (issue 11's pacer: one `await` line at the marked spot).
   */
  readonly fetch: Fetch = async (input, init) => {
    this.attempts++;
    this.#attemptStarted = performance.now();
    this.status = undefined;
    // Per-attempt steps before the request leaves: add them here.
    const request = input as Request;
    const { middleware } = this.setup;
    const response =
      middleware.length === 0
        ? await this.#send(request, init, false)
        : await runMiddleware(middleware, request, (next) => this.#send(next, init, true));
    if (!(response instanceof Response)) throw new TypeError('A middleware resolved with something that is not a Response.');
    this.status = response.status;
    return bufferBody(response, this.setup.maxResponseBytes, `${this.setup.method} ${this.setup.path}`);
  };

  // The key goes on after the last middleware, on a copy, so no middleware (nor anything it
  // kept a reference to) ever holds it. The copy is also where a Request a middleware built
  // afresh (redirect: 'follow' by default) gets its redirects turned off again.
  #send(request: Request, init: RequestInit | undefined, copy: boolean): Promise<Response> {
    const keyed = copy ? new Request(request, MANUAL_REDIRECT) : request;
    keyed.headers.set('x-api-key', this.setup.apiKey);
    return this.setup.fetch()(keyed, init);
  }

  /** Decides about the attempt that just failed with `error`; once per attempt. */
  decide(error: unknown): RetryClockDecision | undefined {
    if (this.#decidedFor === this.attempts) return this.decision;
    this.#decidedFor = this.attempts;
    const outcome = outcomeOf(error);
    const { setup } = this;
    const now = Date.now();
    this.decision =
      outcome === undefined
        ? undefined
        : decideRetry({
            attempt: this.attempts,
            maxRetries: setup.maxRetries,
            method: setup.method,
            outcome,
            maxRateLimitWait: setup.maxRateLimitWait,
            remainingMs: setup.totalTimeout === undefined ? undefined : setup.totalTimeout - this.elapsed(),
            now,
          });
    logAttempt(setup.log, this.#record(outcome, error), this.decision);
    return this.decision;
  }

  /** Logs a successful last attempt. */
  succeeded(): void {
    if (this.setup.log.debug) logAttempt(this.setup.log, this.#record(undefined, undefined), undefined);
  }

  #record(outcome: AttemptOutcome | undefined, error: unknown): AttemptRecord {
    const { setup } = this;
    const record: AttemptRecord = {
      operation: setup.operation,
      method: setup.method,
      path: setup.path,
      attempt: this.attempts,
      status: outcome?.kind === 'status' ? outcome.status : this.status,
      elapsedMs: performance.now() - this.#attemptStarted,
      secrets: setup.secrets,
    };
    if (outcome?.kind === 'timeout') record.failure = 'timeout';
    else if (outcome?.kind === 'connection') record.failure = errorCodes(error)[0] ?? 'connection error';
    else if (outcome === undefined && error !== undefined) record.failure = error instanceof Error ? error.name : 'error';
    return record;
  }
}
