import diagnostics_channel from 'node:diagnostics_channel';
import { appendFileSync, mkdirSync } from 'node:fs';
import { inspect } from 'node:util';
import { afterAll, expect, vi } from 'vitest';
import type * as MiddlewareModule from '../../src/core/transport/middleware.js';
import { capturedErrors } from '../helpers/capture.js';
import { API_KEY } from '../helpers/api-key.js';

/** Every way an error reaches a log: message, stack, JSON, util.inspect (with its causes). */
export function renderings(error: unknown): string[] {
  const out = [inspect(error, { depth: 10, showHidden: true })];
  if (error instanceof Error) {
    out.push(error.message, error.stack ?? '', String(error));
    try {
      out.push(JSON.stringify(error) ?? '');
    } catch {
      // a circular structure cannot leak through JSON.stringify, it throws instead
    }
  }
  return out;
}

/** A test key with a `/` (escaped as `\/` in JSON) and a `+`, for the escaped-echo tests. */
export const SLASH_KEY = 'cp_test_esc/aped+key_41c0d9e8';

/** A webhook secret in mixed case, so that its upper- and lower-case spellings both differ from it. */
export const MIXED_CASE_SECRET = 'whsec_Mixed_Case_7A6b5C4d';

// What must never show: the tests' keys, any key the fake hands out, the tests' webhook secrets.
const SECRETS = [API_KEY, SLASH_KEY, 'whsec_test_0123456789', 'whsec_leak_test_5f4e3d2c1b', 'whsec_it', MIXED_CASE_SECRET];
const FAKE_KEY = /cpk_test_[A-Za-z0-9_-]{8,}/i;

// The spellings a server (or a rendering: JSON.stringify, util.inspect) can give a character:
// `\uXXXX` in either hex case and `\/`, behind any run of backslashes (an escape inside a string
// that was itself escaped), and `%XX`. Decoded here, independently of the SDK's own redaction, so
// a bug there cannot hide itself from the guard.
const ESCAPED = /\\+u([0-9a-fA-F]{4})|\\+(\/)|%([0-7][0-9a-fA-F])/g;

/** `text` with every escaped spelling of a character replaced by the character. */
export function unescapeAll(text: string): string {
  return text.replace(
    ESCAPED,
    (_, hex?: string, slash?: string, pct?: string) => slash ?? String.fromCharCode(Number.parseInt(hex ?? pct ?? '', 16)),
  );
}

/** The secret that shows in `text`, in any spelling {@link spelledIn} reads; `undefined` when none does. */
export function leakIn(text: string): string | undefined {
  const secret = spelledIn(text, SECRETS);
  if (secret) return secret;
  for (const reading of readings(text)) {
    const fake = FAKE_KEY.exec(reading)?.[0];
    if (fake) return fake;
  }
  return undefined;
}

/**
 * The first of `secrets` that shows in `text`: plainly or escaped, with its letters in any case,
 * or its bytes in hex (either case), base64 or base64url, whatever precedes it (every run of
 * base64 characters is decoded from each of its first four characters, every run of hex digits
 * from each of its first two, so one of them starts where the encoder's groups do).
 */
export function spelledIn(text: string, secrets: readonly string[]): string | undefined {
  const texts = readings(text);
  for (const secret of secrets) {
    const plain = secret.toLowerCase();
    const bytes = Buffer.from(secret).toString('latin1');
    if (texts.some((t, i) => (i < 2 ? t.toLowerCase().includes(plain) : t.includes(bytes)))) return secret;
  }
  return undefined;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{6,}/g;
const HEX_RUN = /[0-9a-fA-F]{8,}/g;

// The text, its escapes decoded, then (as latin1) every base64 and hex run of both decoded.
function readings(text: string): string[] {
  const out = [text, unescapeAll(text)];
  for (const source of [text, out[1] as string]) {
    for (const [run] of source.matchAll(BASE64_RUN)) {
      for (let skip = 0; skip < 4; skip++) out.push(Buffer.from(run.slice(skip), 'base64').toString('latin1'));
    }
    for (const [run] of source.matchAll(HEX_RUN)) {
      for (let skip = 0; skip < 2; skip++) {
        const even = run.slice(skip, skip + ((run.length - skip) & ~1));
        out.push(Buffer.from(even, 'hex').toString('latin1'));
      }
    }
  }
  return out;
}

// Every client of the suite logs at debug unless a test says otherwise; the SDK's lines are
// kept here (and not printed) so they can be searched.
process.env.CREDIT_PLATFORM_LOG ??= 'debug';
const logLines: string[] = [];
for (const level of ['debug', 'info', 'warn', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('credit-platform: ')) {
      logLines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 5 }))).join(' '));
      return;
    }
    original(...args);
  };
}

// Every trace context of the suite, as a subscriber would see it at each event.
const traceTexts: string[] = [];
// `getters`: the context's path is a getter (redacted when first read), searched like the rest.
const record = (context: unknown) => traceTexts.push(inspect(context, { depth: 10, showHidden: true, getters: true }));
/** The guard's subscription, for a test that needs the channel without subscribers for a moment. */
export const traceGuard = {
  channel: diagnostics_channel.tracingChannel('credit-platform:request'),
  handlers: { start: record, end: record, asyncStart: record, asyncEnd: record, error: record },
};
traceGuard.channel.subscribe(traceGuard.handlers);

// Every request any middleware of the suite is handed, as that middleware would see it: the
// runner is wrapped so each step's request is recorded before the step runs.
const middlewareTexts: string[] = [];
vi.mock('../../src/core/transport/middleware.js', async (importOriginal) => {
  const original = await importOriginal<typeof MiddlewareModule>();
  const seen = (request: Request) =>
    middlewareTexts.push(`${request.method} ${request.url} ${inspect(Object.fromEntries(request.headers))}`);
  return {
    ...original,
    runMiddleware: ((chain, request, last) =>
      original.runMiddleware(
        chain.map((middleware) => (current: Request, next: (r: Request) => Promise<Response>) => {
          seen(current);
          return middleware(current, next);
        }),
        request,
        last,
      )) satisfies typeof original.runMiddleware,
  };
});

// The secret-leak guard: after each test file, search every error its tests captured, every
// log line its clients wrote and every trace context they published.
afterAll(() => {
  for (const error of capturedErrors) {
    for (const text of renderings(error)) expect(leakIn(text), `secret leaked in: ${text.slice(0, 300)}`).toBeUndefined();
  }
  for (const text of [...logLines, ...traceTexts, ...middlewareTexts]) {
    expect(leakIn(text), `secret leaked in: ${text.slice(0, 300)}`).toBeUndefined();
  }
  // What was searched, per test file, for docs/reliability.md (LEAK_GUARD_COUNTS=path to collect).
  const countsFile = process.env.LEAK_GUARD_COUNTS;
  if (countsFile) {
    mkdirSync('.tmp', { recursive: true });
    const counts = {
      errors: capturedErrors.length,
      logLines: logLines.length,
      traceEvents: traceTexts.length,
      middlewareRequests: middlewareTexts.length,
    };
    appendFileSync(countsFile, `${JSON.stringify(counts)}\n`);
  }
});
