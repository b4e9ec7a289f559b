// The spellings issue 35 named (double percent-encoding, %u and \x escapes, HTML references,
// separated hex, Buffer JSON, fullwidth letters), for the key and for a webhook secret the call
// carried, echoed by the service in the body and in a header: none shows in the error's message,
// errors, body, headers, util.inspect, JSON.stringify, a log line or a trace. Searched with an
// independent reader of these spellings (test/helpers/named-spellings.ts) besides the guard's.
import diagnostics_channel from 'node:diagnostics_channel';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type APIError, type Logger, type RequestTraceContext, TRACING_CHANNEL } from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY, client, http, HttpResponse, url, useMswServer } from '../helpers/msw.js';
import { NAMED_SPELLINGS, showsNamed } from '../helpers/named-spellings.js';
import { leakIn, MIXED_CASE_SECRET, renderings } from '../setup/leak-guard.js';

const server = useMswServer();
const WEBHOOK_SECRET = MIXED_CASE_SECRET;

const lines: string[] = [];
const log = (m: string, f: unknown) => lines.push(`${m} ${JSON.stringify(f)}`);
const logger: Logger = { debug: log, info: log, warn: log, error: log };
const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
const traced: string[] = [];
const handlers = {
  start() {},
  end() {},
  asyncStart() {},
  asyncEnd() {},
  error: (ctx: RequestTraceContext) => traced.push(inspect(ctx, { depth: 10, showHidden: true })),
};
beforeEach(() => {
  lines.length = 0;
  traced.length = 0;
  channel.subscribe(handlers);
});
afterEach(() => {
  channel.unsubscribe(handlers);
});

// A header holds one line of bytes: the spelling on one line, and none for one that is not Latin-1.
const asHeader = (spelled: string) => spelled.replace(/\s*\n\s*/g, ' ');
const headerSafe = (spelled: string) => !/[^\x20-\xff]/.test(asHeader(spelled));

function echo(status: number, spelled: string): Response {
  const body = JSON.stringify({
    success: false,
    data: null,
    message: `refused ${spelled}`,
    errors: [{ field: 'auth', code: spelled, message: `got ${spelled}` }],
    detail: { echo: spelled },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (headerSafe(spelled)) headers['x-echo'] = asHeader(spelled);
  return new HttpResponse(body, { status, headers });
}

const mixedKeyed = () => client({ logger, logLevel: 'debug', maxRetries: 0 });
const CALLS = [
  { what: 'the key', secret: API_KEY, route: 'accounts/me', send: () => mixedKeyed().accounts.me() },
  {
    what: 'a webhook secret',
    secret: WEBHOOK_SECRET,
    route: 'webhooks',
    send: () =>
      mixedKeyed().webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: WEBHOOK_SECRET }),
  },
] as const;

describe.each(NAMED_SPELLINGS)('a secret echoed as %s', (_label, spell) => {
  it.each(CALLS)(
    '$what, in the body and a header: message, errors, body, headers, inspect, JSON, log lines, trace',
    async (call) => {
      const spelled = spell(call.secret);
      expect(showsNamed(spelled, call.secret)).toBe(true);
      const status = call.route === 'webhooks' ? 422 : 401;
      const method = call.route === 'webhooks' ? http.post : http.get;
      server.use(method(url(call.route), () => echo(status, spelled)));
      const error = (await captureError(call.send())) as APIError;
      expect(error.status).toBe(status);
      expect(error.message).toMatch(/^\d{3} refused [\s\S]*\[REDACTED\]/);
      expect(error.errors[0]?.message).toContain('[REDACTED]');
      expect(error.body).toContain('[REDACTED]');
      if (headerSafe(spelled)) expect(error.headers.get('x-echo')).toContain('[REDACTED]');
      const texts: [string, string][] = [
        ['message', error.message],
        ['errors', JSON.stringify(error.errors)],
        ['body', error.body],
        ['headers', JSON.stringify(Object.fromEntries(error.headers))],
        ['util.inspect', inspect(error, { depth: 10, showHidden: true })],
        ['JSON.stringify', JSON.stringify(error)],
        ...renderings(error).map((t): [string, string] => ['rendering', t]),
        ...lines.map((t): [string, string] => ['log line', t]),
        ...traced.map((t): [string, string] => ['trace', t]),
      ];
      expect(lines.length).toBeGreaterThan(0);
      for (const [where, text] of texts) {
        expect(showsNamed(text, call.secret), `${where}: ${text.slice(0, 400)}`).toBe(false);
        expect(leakIn(text), `${where}: ${text.slice(0, 400)}`).toBeUndefined();
      }
    },
  );
});
