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
import { client, http, HttpResponse, url, useMswServer } from '../helpers/msw.js';
import { leakIn, renderings, SLASH_KEY } from '../setup/leak-guard.js';

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
    expect(error.body).toContain('"x-api-key":"[REDACTED]"},"echo":["[REDACTED]"]');
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
