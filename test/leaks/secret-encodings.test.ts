// A server that echoes the key JSON-escaped (`\u0063…` in either hex case, `\/`, a mix of
// escaped and plain characters, escaped again inside a string, nested deep in the body) gets
// the same redaction as a plain echo, in every field of the error and in every rendering of it.
import diagnostics_channel from 'node:diagnostics_channel';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type APIError,
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  type Logger,
  type RequestTraceContext,
  TRACING_CHANNEL,
} from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY, client, http, HttpResponse, url, useMswServer } from '../helpers/msw.js';
import { leakIn, MIXED_CASE_SECRET, renderings, SLASH_KEY, spelledIn } from '../setup/leak-guard.js';

const server = useMswServer();

const hex = (c: string, upper: boolean) => {
  const code = c.charCodeAt(0).toString(16).padStart(4, '0');
  return `\\u${upper ? code.toUpperCase() : code}`;
};

// Each spelling as it stands in the JSON text; JSON.parse decodes it to the plain key.
const SPELLINGS: [string, string][] = [
  ['every character as \\uXXXX', [...SLASH_KEY].map((c) => hex(c, false)).join('')],
  ['every character as \\uXXXX, upper-case hex', [...SLASH_KEY].map((c) => hex(c, true)).join('')],
  [
    'partly escaped, "/" as "\\/"',
    [...SLASH_KEY].map((c, i) => (c === '/' ? '\\/' : i % 3 === 0 ? hex(c, i % 2 === 0) : c)).join(''),
  ],
  ['plain but for "/" as "\\/"', SLASH_KEY.replaceAll('/', '\\/')],
];

// The same spelling inside a JSON string, so the decoded field still holds the escaped form.
const twice = (spelled: string) => spelled.replaceAll('\\', '\\\\');

function errorBody(spelled: string): string {
  return `{"success":false,"data":null,"message":"key ${twice(spelled)} refused","errors":[{"field":"X-API-Key","code":"${twice(spelled)}","message":"unknown key ${twice(spelled)}"}],"detail":{"request":{"headers":{"x-api-key":"${spelled}"},"echo":["${spelled}"]}}}`;
}

const raw = (status: number, body: string, spelled: string) =>
  new HttpResponse(body, { status, headers: { 'content-type': 'application/json', 'x-echo-key': spelled } });

const lines: string[] = [];
const logger: Logger = {
  debug: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
  info: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
  warn: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
  error: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`),
};
const channel = diagnostics_channel.tracingChannel<unknown, RequestTraceContext>(TRACING_CHANNEL);
const traced: string[] = [];
const onError = (ctx: RequestTraceContext) => traced.push(inspect(ctx, { depth: 10, showHidden: true }));
const handlers = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error: onError };

beforeEach(() => {
  lines.length = 0;
  traced.length = 0;
  channel.subscribe(handlers);
});
afterEach(() => {
  channel.unsubscribe(handlers);
});

const keyed = () => client({ apiKey: SLASH_KEY, logger, logLevel: 'debug', maxRetries: 0 });

/**
 * Every field and rendering of the error, the log lines and the trace `error` contexts. A schema
 * mismatch is found after the traced HTTP call ended, so it publishes no `error` event.
 */
function expectNoKeyAnywhere(error: Error, traceErrors = 1): void {
  const e = error as Partial<APIError> & Partial<InvalidResponseError>;
  const texts: [string, string][] = [
    ['message', error.message],
    ['errors', JSON.stringify(e.errors ?? [])],
    ['body', e.body ?? ''],
    ['headers', JSON.stringify(e.headers ? Object.fromEntries(e.headers) : {})],
    ['util.inspect', inspect(error, { depth: 10, showHidden: true })],
    ['JSON.stringify', JSON.stringify(error)],
    ...renderings(error).map((t): [string, string] => ['rendering', t]),
    ...lines.map((t): [string, string] => ['log line', t]),
    ...traced.map((t): [string, string] => ['trace error context', t]),
  ];
  for (const [where, text] of texts) expect(leakIn(text), `${where}: ${text.slice(0, 400)}`).toBeUndefined();
  expect(lines.length).toBeGreaterThan(0);
  expect(traced).toHaveLength(traceErrors);
}

describe.each(SPELLINGS)('a key echoed with %s', (_label, spelled) => {
  it('401: message, errors[], body, headers, inspect, JSON, logs and trace', async () => {
    server.use(http.get(url('accounts/me'), () => raw(401, errorBody(spelled), spelled)));
    const error = (await captureError(keyed().accounts.me())) as APIError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe('401 key [REDACTED] refused');
    expect(error.errors).toEqual([{ field: 'X-API-Key', code: '[REDACTED]', message: 'unknown key [REDACTED]' }]);
    expect(error.headers.get('x-echo-key')).toBe('[REDACTED]');
    // The excerpt keeps 500 characters of the body as sent: a long escaped spelling takes many.
    expect(error.body).toMatch(
      /^\{"success":false,"data":null,"message":"key \[REDACTED\] refused","errors":\[\{"field":"X-API-Key","code":"\[REDACTED\]/,
    );
    expectNoKeyAnywhere(error);
  });

  it('400 with errors[]', async () => {
    server.use(http.post(url('deposits'), () => raw(400, errorBody(spelled), spelled)));
    const error = (await captureError(keyed().deposits.create({ token: 'USDC', chain: 'Base', amount: '10.00' }))) as APIError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.errors[0]?.message).toBe('unknown key [REDACTED]');
    expectNoKeyAnywhere(error);
  });

  it('200 whose data fails the schema: the InvalidResponseError body', async () => {
    const body = `{"success":true,"data":{"id":7,"note":"${spelled}","deep":{"a":[{"b":"${twice(spelled)}"}]}},"message":null}`;
    server.use(http.get(url('transactions/tx_1'), () => raw(200, body, spelled)));
    const error = (await captureError(keyed().transactions.retrieve('tx_1'))) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.body).toBe(
      '{"success":true,"data":{"id":7,"note":"[REDACTED]","deep":{"a":[{"b":"[REDACTED]"}]}},"message":null}',
    );
    expectNoKeyAnywhere(error, 0);
  });
});

describe('echoes that are not JSON', () => {
  it('a 200 that is not JSON, with the key in its content-type', async () => {
    const contentType = `text/plain; key=${SLASH_KEY.replaceAll('/', '\\/')}`;
    server.use(
      http.get(
        url('transactions/tx_1'),
        () => new HttpResponse('not json', { status: 200, headers: { 'content-type': contentType } }),
      ),
    );
    const error = await captureError(keyed().transactions.retrieve('tx_1'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toContain('(content-type: text/plain; key=[REDACTED])');
    expectNoKeyAnywhere(error);
  });

  it('an HTML error page with the key percent-encoded and \\u-escaped', async () => {
    const page = `<p>key=${encodeURIComponent(SLASH_KEY)} or ${[...SLASH_KEY].map((c) => hex(c, true)).join('')}</p>`;
    server.use(
      http.get(url('accounts/me'), () => new HttpResponse(page, { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    const error = (await captureError(keyed().accounts.me())) as APIError;
    expect(error.body).toBe('<p>key=[REDACTED] or [REDACTED]</p>');
    expectNoKeyAnywhere(error);
  });
});

// The encodings services and proxies use: base64 (as `Authorization: Basic` carries
// credentials), base64url, hex and a change of case. Each for the key and for a webhook secret
// the call carried in its body, echoed in the body and in a header.
const WEBHOOK_SECRET = MIXED_CASE_SECRET;
// The suite's key, in mixed case like the secret, so each change of case spells it differently.
const mixedKeyed = () => client({ logger, logLevel: 'debug', maxRetries: 0 });
const b64 = (s: string) => Buffer.from(s).toString('base64');
const ENCODINGS: [string, (secret: string) => string][] = [
  ['base64', (s) => b64(s)],
  ['Basic credentials "secret:"', (s) => `Basic ${b64(`${s}:`)}`],
  ['Basic credentials ":secret"', (s) => `Basic ${b64(`:${s}`)}`],
  ['Basic credentials "user:secret"', (s) => `Basic ${b64(`user:${s}`)}`],
  ['base64url, unpadded', (s) => Buffer.from(`ab${s}`).toString('base64url')],
  ['base64url, padded', (s) => b64(`ab${s}`).replaceAll('+', '-').replaceAll('/', '_')],
  ['hex', (s) => Buffer.from(s).toString('hex')],
  ['hex, upper case', (s) => Buffer.from(s).toString('hex').toUpperCase()],
  ['upper case', (s) => s.toUpperCase()],
  ['lower case', (s) => s.toLowerCase()],
];

const CALLS = [
  {
    secret: API_KEY,
    route: http.get(url('accounts/me'), () => echo(401, API_KEY)),
    send: () => mixedKeyed().accounts.me(),
  },
  {
    secret: WEBHOOK_SECRET,
    route: http.post(url('webhooks'), () => echo(422, WEBHOOK_SECRET)),
    send: () =>
      mixedKeyed().webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: WEBHOOK_SECRET }),
  },
];

let encode: (secret: string) => string = (s) => s;
function echo(status: number, secret: string): Response {
  const spelled = encode(secret);
  const body = JSON.stringify({
    success: false,
    data: null,
    message: `refused ${spelled}`,
    errors: [{ field: 'auth', message: `got ${spelled}` }],
  });
  return new HttpResponse(body, { status, headers: { 'content-type': 'application/json', 'x-echo': spelled } });
}

describe.each(ENCODINGS)('a secret echoed as %s', (_label, encoding) => {
  it.each(CALLS.map((call) => [call.secret === API_KEY ? 'the key' : 'a webhook secret', call] as const))(
    '%s, in the body and a header: message, errors, body, headers, inspect, JSON, logs and trace',
    async (_what, call) => {
      encode = encoding;
      expect(encoding(call.secret)).not.toContain(call.secret); // the spelling differs from the plain secret
      server.use(call.route);
      const error = (await captureError(call.send())) as APIError;
      expect(error.message).toMatch(/^\d{3} refused .*\[REDACTED\]/);
      expect(error.headers.get('x-echo')).toContain('[REDACTED]');
      expect(error.body).toContain('[REDACTED]');
      for (const text of [error.message, error.body, JSON.stringify([...error.headers]), ...renderings(error), ...lines]) {
        expect(spelledIn(text, [call.secret]), text.slice(0, 400)).toBeUndefined();
      }
      expectNoKeyAnywhere(error);
    },
  );

  // A log line holds no response text, only the path: an id the service handed out goes there.
  it('the key in an id the service handed out: the debug log line, the message and the trace', async () => {
    const id = encoding(API_KEY);
    server.use(http.get(/\/transactions\//, () => echo(404, API_KEY)));
    encode = encoding;
    const error = (await captureError(mixedKeyed().transactions.retrieve(id))) as APIError;
    expect(lines.join('\n')).toMatch(/GET \/transactions\/\S*\[REDACTED\]/);
    for (const text of [...lines, ...traced, ...renderings(error)]) {
      expect(spelledIn(text, [API_KEY]), text.slice(0, 400)).toBeUndefined();
    }
    expectNoKeyAnywhere(error);
  });
});
