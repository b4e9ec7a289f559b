// Per-call options are checked before anything is sent: their names (a slip names the closest
// known one) and their values.
import { describe, expect, it } from 'vitest';
import { checkKey, checkPrefetch, checkRequestOptions } from '../../../src/core/config/per-call-checks.js';
import type { HttpCall, HttpResult, Middleware, RequestOptions } from '../../../src/core/types.js';
import type { Transport } from '../../../src/core/types.js';
import type { Operation } from '../../../src/core/operations/operation.js';
import { OperationRunner } from '../../../src/core/operations/operation-runner.js';
import { ConfigurationError, type CreditPlatform, OPERATIONS, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, countSent as countSentBy, http, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

const countSent = () => countSentBy(server, { items: [], nextCursor: null, id: 'x' });

async function refused(work: PromiseLike<unknown>): Promise<RequestValidationError> {
  const error = await captureError(Promise.resolve(work));
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

// Plain JavaScript has no compile error for a misspelled option: only the run-time check sees these.
const slips: [string, string, string, (c: CreditPlatform) => PromiseLike<unknown>][] = [
  ['accounts.me', 'tiemout', 'timeout', (c) => c.accounts.me({ tiemout: 5 } as never)],
  ['deposits.retrieve', 'maxRetry', 'maxRetries', (c) => c.deposits.retrieve('dep_1', { maxRetry: 0 } as never)],
  [
    'webhooks.create',
    'extrabody',
    'extraBody',
    (c) =>
      c.webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: 'whsec_x' }, {
        extrabody: {},
      } as never),
  ],
  ['transactions.list', 'prefech', 'prefetch', (c) => c.transactions.list({ limit: 5 }, { prefech: 1 } as never)],
  ['client.request', 'qeury', 'query', (c) => c.request('GET', '/credit/lines', { qeury: { a: 1 } } as never)],
  ['client.request', 'shema', 'schema', (c) => c.request('GET', '/credit/lines', { shema: undefined } as never)],
  ['client.request', 'timout', 'timeout', (c) => c.request('GET', '/credit/lines', { timout: 5 } as never)],
];

describe('per-call option names are checked at run time', () => {
  it.each(slips)('%s: `%s` is refused before sending, naming `%s`', async (_, given, meant, call) => {
    const sent = countSent();
    const error = await refused(call(client()));
    expect(error.message).toMatch(new RegExp(`^Unknown option \`${given}\`: did you mean \`${meant}\`\\? `));
    expect(error.errors).toEqual([
      { field: given, code: 'UNKNOWN_OPTION', message: `is not an option; did you mean \`${meant}\`?` },
    ]);
    expect(sent()).toBe(0);
  });

  it('matches the wording of the client options, and names none when nothing is close', async () => {
    const error = await refused(client().accounts.me({ colour: 'blue' } as never));
    expect(error.message).toMatch(
      /^Unknown option `colour`\. GET \/accounts\/me was not sent\. Known options: signal, timeout, /,
    );
    expect(error.errors[0]).toMatchObject({ field: 'colour', code: 'UNKNOWN_OPTION', message: 'is not an option' });
  });

  it('takes prefetch on a list only, and query, body and schema on client.request only', async () => {
    const sent = countSent();
    const notOnMe = await refused(client().accounts.me({ prefetch: 1 } as never));
    expect(notOnMe.message).toMatch(/^Unknown option `prefetch`/);
    const notOnCall = await refused(client().deposits.retrieve('dep_1', { query: {} } as never));
    expect(notOnCall.message).toMatch(/^Unknown option `query`/);
    expect(sent()).toBe(0);
    await client().transactions.list({ limit: 5 }, { prefetch: 1, timeout: 5_000 });
    await client().request('POST', '/credit/lines', { query: { a: 1 }, body: {}, schema: undefined, maxRetries: 0 });
    await client().accounts.me({ timeout: 5_000, maxRetries: 0, headers: {}, signal: new AbortController().signal });
    expect(sent()).toBe(3);
  });

  it('refuses options that are not an object', async () => {
    const sent = countSent();
    const error = await refused(client().accounts.me('fast' as never));
    expect(error.message).toMatch(/options must be an object/);
    expect(sent()).toBe(0);
  });

  it('covers every declared operation', async () => {
    let sent = 0;
    const transport: Transport = {
      send: (_: HttpCall): Promise<HttpResult> => {
        sent++;
        return Promise.reject(new Error('must not be sent'));
      },
    };
    const runner = new OperationRunner(transport, true, new Map());
    const names = Object.keys(OPERATIONS) as (keyof typeof OPERATIONS)[];
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const op: Operation = OPERATIONS[name];
      const run = op.list
        ? runner.list(op, {} as never, { tiemout: 5 } as never)
        : runner.call(op, {} as never, { tiemout: 5 } as never);
      const error = await refused(run);
      expect(error.message, name).toMatch(/^Unknown option `tiemout`: did you mean `timeout`\?/);
    }
    expect(sent).toBe(0);
  });
});

describe('per-call options are checked before sending', () => {
  it.each([
    [{ timeout: -5 }, 'timeout', 'INVALID_TIMEOUT'],
    [{ timeout: 1.5 }, 'timeout', 'INVALID_TIMEOUT'],
    [{ maxRetries: 11 }, 'maxRetries', 'INVALID_MAX_RETRIES'],
    [{ maxRetries: -1 }, 'maxRetries', 'INVALID_MAX_RETRIES'],
    [{ totalTimeout: 0 }, 'totalTimeout', 'INVALID_TIMEOUT'],
    [{ middleware: [42] as never }, 'middleware', 'INVALID_MIDDLEWARE'],
  ])('refuses %o as a RequestValidationError naming %s', async (options, field, code) => {
    let sent = 0;
    server.use(
      http.get(url('accounts/me'), () => {
        sent++;
        return ok({ id: 'a' });
      }),
    );
    const error = await captureError(client().accounts.me(options));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors.map((e) => [e.field, e.code])).toEqual([[field, code]]);
    expect(sent).toBe(0);
  });
});

describe('the per-call checks themselves', () => {
  const context = { method: 'GET', path: 'accounts/me', secrets: [] };
  const problems = (options: RequestOptions) => {
    try {
      checkRequestOptions(options, context);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(RequestValidationError);
      return (error as RequestValidationError).errors.map((e) => `${e.field} ${e.code}`);
    }
  };

  it('takes each number from its minimum to its maximum, and refuses one past either end or a fraction', () => {
    const cases = [
      ['timeout', 'INVALID_TIMEOUT', 1, 2_147_483_647],
      ['totalTimeout', 'INVALID_TIMEOUT', 1, 2_147_483_647],
      ['maxRetries', 'INVALID_MAX_RETRIES', 0, 10],
      ['maxResponseBytes', 'INVALID_MAX_RESPONSE_BYTES', 1, 536_870_888],
    ] as const;
    for (const [field, code, min, max] of cases) {
      for (const ok of [min, max]) expect(problems({ [field]: ok }), `${field} ${ok}`).toEqual([]);
      for (const bad of [min - 1, max + 1, min + 0.5, Number.NaN]) {
        expect(problems({ [field]: bad }), `${field} ${bad}`).toEqual([`${field} ${code}`]);
      }
    }
  });

  it('names every problem of a call in one error, with the range in the message', () => {
    let error: unknown;
    try {
      checkRequestOptions(
        { timeout: 0, maxRetries: 11, middleware: 'x' as never, headers: { 'X-A': 'ok', 'X B': 'v', 'X-C': 'a\nb' } },
        context,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    const { errors, message } = error as RequestValidationError;
    expect(errors.map((e) => `${e.field} ${e.code}`)).toEqual([
      'timeout INVALID_TIMEOUT',
      'maxRetries INVALID_MAX_RETRIES',
      'middleware INVALID_MIDDLEWARE',
      'headers INVALID_HEADER',
      'headers.X-C INVALID_HEADER',
    ]);
    expect(errors[0]?.message).toBe('must be an integer number of milliseconds from 1 to 2147483647');
    expect(errors[1]?.message).toBe('must be an integer from 0 to 10');
    expect(message).toMatch(
      /^GET \/accounts\/me was not sent: timeout must be an integer number of milliseconds from 1 to 2147483647; maxRetries must be an integer from 0 to 10; middleware must be an array of functions .*; header "X B" has a name .*; header "X-C" has a value .*\.$/,
    );
  });

  it('takes middleware as an array of functions only, and headers it can send', () => {
    expect(problems({ middleware: [] })).toEqual([]);
    expect(problems({ middleware: [(request, next) => next(request)] })).toEqual([]);
    const pass: Middleware = (request, next) => next(request);
    expect(problems({ middleware: [pass, 1] as never })).toEqual(['middleware INVALID_MIDDLEWARE']);
    expect(problems({ middleware: (() => {}) as never })).toEqual(['middleware INVALID_MIDDLEWARE']);
    expect(problems({ headers: { 'X-A': 'caf\u00e9' }, timeout: 5 })).toEqual([]);
  });

  it('a key is accepted exactly when it is non-empty visible ASCII', () => {
    for (let code = 0; code <= 0xff; code++) {
      const key = `sk_${String.fromCharCode(code)}_1`;
      const visible = code >= 0x21 && code <= 0x7e;
      if (visible) expect(checkKey(key)).toBe(key);
      else expect(() => checkKey(key), `U+${code.toString(16)}`).toThrow(ConfigurationError);
    }
    for (const key of ['', ' sk_1', 'sk_1 ', 'sk_1\n', '\u20ac', 42, undefined]) {
      expect(() => checkKey(key), JSON.stringify(key)).toThrow(ConfigurationError);
    }
  });

  it('prefetch is absent (0) or a whole number of pages from 0 to 4', () => {
    expect(checkPrefetch(undefined)).toBe(0);
    for (const n of [0, 1, 4]) expect(checkPrefetch(n)).toBe(n);
    for (const bad of [-1, 5, 1.5, Number.NaN, '1', null]) {
      expect(() => checkPrefetch(bad), String(bad)).toThrow(RequestValidationError);
    }
    expect(() => checkPrefetch(5)).toThrow(
      /^list\(\) was not sent: prefetch must be a whole number of pages from 0 to 4; got 5\.$/,
    );
    expect(() => checkPrefetch('1')).toThrow(/; got string\.$/);
  });
});
