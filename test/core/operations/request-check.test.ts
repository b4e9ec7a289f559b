import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { prepareCall, refuse, validateRequest } from '../../../src/core/operations/request-check.js';
import { OPERATIONS, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, countSent as countSentBy, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();

const countSent = () => countSentBy(server);

async function rejected(work: Promise<unknown>): Promise<RequestValidationError> {
  const error = await captureError(work);
  expect(error).toBeInstanceOf(RequestValidationError);
  return error as RequestValidationError;
}

describe('transactions.list limit', () => {
  it.each([0, 101, -1, 1.5, Number.NaN])('refuses limit %s before sending', async (limit) => {
    const sent = countSent();
    const error = await rejected(client().transactions.list({ limit }));
    expect(error.errors).toEqual([
      { field: 'limit', code: 'INVALID_LIMIT', message: expect.stringMatching(/integer from 1 to 100|number/) },
    ]);
    expect(sent()).toBe(0);
  });

  it.each([1, 25, 100])('accepts limit %i', async (limit) => {
    const sent = countSent();
    await client().transactions.list({ limit });
    expect(sent()).toBe(1);
  });

  it('refuses a non-number limit and an empty cursor', async () => {
    const sent = countSent();
    // @ts-expect-error a string is not a limit
    const error = await rejected(client().transactions.list({ limit: '10', cursor: '' }));
    expect(error.errors.map((e) => e.field).sort()).toEqual(['cursor', 'limit']);
    expect(sent()).toBe(0);
  });

  it('takes a saved nextCursor without a cast; null (a first-page resumeCursor) starts at the first page', async () => {
    const sent = countSent();
    const page = await client().transactions.list();
    expect(page.nextCursor).toBeNull();
    const again = await client().transactions.list({ cursor: page.nextCursor });
    expect(again.items).toEqual(page.items);
    expect(sent()).toBe(2);
  });
});

describe('keys.revoke keyId', () => {
  it.each(['', '.', '..'])('refuses keyId %j before sending', async (keyId) => {
    const sent = countSent();
    const error = await rejected(client().keys.revoke(keyId));
    expect(error.errors[0]).toMatchObject({ field: 'keyId', code: 'INVALID_KEY_ID' });
    expect(sent()).toBe(0);
  });
});

describe('webhooks.create body', () => {
  const valid = { url: 'https://example.com/hooks', events: ['deposit.created' as const], secret: 'whsec_abc' };

  it.each([
    ['an http URL', { url: 'http://example.com/hooks' }, 'url', 'INVALID_URL'],
    ['a relative URL', { url: '/hooks' }, 'url', 'INVALID_URL'],
    ['not a URL', { url: 'example.com' }, 'url', 'INVALID_URL'],
    ['no events', { events: [] }, 'events', 'INVALID_EVENTS'],
    ['an unknown event type', { events: ['deposit.created', 'deposit.exploded'] }, 'events.1', 'INVALID_EVENTS'],
    ['an empty secret', { secret: '' }, 'secret', 'INVALID_SECRET'],
    ['a secret with trailing whitespace', { secret: 'whsec_abc\n' }, 'secret', 'INVALID_SECRET'],
  ])('refuses %s before sending', async (_, override, field, code) => {
    const sent = countSent();
    const error = await rejected(client().webhooks.create({ ...valid, ...override } as typeof valid));
    expect(error.errors).toEqual([{ field, code, message: expect.any(String) }]);
    expect(error.message).toMatch(/POST \/webhooks was not sent/);
    expect(sent()).toBe(0);
  });

  it('names every bad field at once and never echoes the secret', async () => {
    const sent = countSent();
    const error = await rejected(client().webhooks.create({ url: 'ftp://x', events: [], secret: ' topsecretvalue ' }));
    expect(error.errors.map((e) => e.field)).toEqual(['url', 'events', 'secret']);
    expect(JSON.stringify(error)).not.toContain('topsecretvalue');
    expect(error.message).not.toContain('topsecretvalue');
    expect(sent()).toBe(0);
  });

  it('a missing body is refused, not sent', async () => {
    const sent = countSent();
    // @ts-expect-error the body is required
    await rejected(client().webhooks.create());
    expect(sent()).toBe(0);
  });
});

describe('validateRequest and refuse, item by item', () => {
  const refusal = (schema: z.core.$ZodType, value: unknown) => {
    try {
      validateRequest(schema, value, 'POST /things');
    } catch (error) {
      expect(error).toBeInstanceOf(RequestValidationError);
      return error as RequestValidationError;
    }
    throw new Error('accepted');
  };

  it('says what was expected and what came, in words', () => {
    const schema = z.object({
      maxAmount: z.number(),
      kind: z.enum(['a', 'b']),
      count: z.number().check(z.minimum(1), z.maximum(9)),
      tags: z.array(z.string()),
      either: z.union([z.string(), z.number()]),
    });
    const at = (value: Record<string, unknown>) =>
      refusal(schema, { maxAmount: 1, kind: 'a', count: 1, tags: [], either: 'x', ...value }).errors;
    expect(at({ maxAmount: 'x' })).toEqual([
      { field: 'maxAmount', code: 'INVALID_MAX_AMOUNT', message: 'expected number, received string' },
    ]);
    expect(at({ maxAmount: null })[0]?.message).toBe('expected number, received null');
    expect(at({ maxAmount: [] })[0]?.message).toBe('expected number, received array');
    expect(at({ kind: 'c' })[0]?.message).toBe('expected one of "a", "b"');
    expect(at({ count: 0 })[0]?.message).toBe('must be at least 1');
    expect(at({ count: 10 })[0]?.message).toBe('must be at most 9');
    expect(at({ tags: ['ok', 5] })).toEqual([
      { field: 'tags.1', code: 'INVALID_TAGS', message: 'expected string, received number' },
    ]);
    expect(at({ either: true })[0]?.message).toBe('matches none of the expected shapes');
    expect(refusal(z.string(), 5).errors).toEqual([
      { field: 'request', code: 'INVALID_REQUEST', message: 'expected string, received number' },
    ]);
    expect(refusal(z.string().check(z.regex(/^a/)), 'b').errors[0]?.message).toBe('is not valid');
  });

  it('codes an issue after the innermost field name, or by the code a rule gives', () => {
    const nested = z.object({ outer: z.object({ innerName: z.array(z.string()) }) });
    expect(refusal(nested, { outer: { innerName: ['x', 1] } }).errors).toEqual([
      { field: 'outer.innerName.1', code: 'INVALID_INNER_NAME', message: 'expected string, received number' },
    ]);
    const ruled = z.object({ memo: z.string().check(z.refine((v) => v !== 'x', { params: { code: 'MEMO_RULE' } })) });
    expect(refusal(ruled, { memo: 'x' }).errors[0]?.code).toBe('MEMO_RULE');
  });

  it('refuses a value that is not an object where fields are expected, and fields where no object is', () => {
    for (const value of [null, ['a'], 'a', 1]) {
      expect(refusal(z.object({ a: z.string() }), value).errors[0]?.field).toBe('request');
    }
    expect(refusal(z.string(), { a: 1 }).errors[0]?.message).toBe('expected string, received object');
  });

  it('names the known fields when no name is close, "none" when there are none, and never calls a field an option', () => {
    const none = refusal(z.object({}), { zzzzzz: 1 }).errors[0]?.message;
    expect(none).toMatch(/^is not a field of this request; known fields: none; send a field/);
    const call = () => ({ method: 'transactions.list', args: 'params' });
    let message = '';
    try {
      validateRequest(z.object({ limit: z.number() }), { limt: 5 }, 'GET /transactions', call);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("GET /transactions was not sent: limt is not a field of this request; did you mean 'limit'?");
  });

  it('names unknown fields of a nested strict object, one or several', () => {
    const schema = z.object({ inner: z.strictObject({ a: z.string() }) });
    expect(refusal(schema, { inner: { a: 'x', b: 1 } }).errors[0]?.message).toBe('unknown field b');
    expect(refusal(schema, { inner: { a: 'x', b: 1, c: 2 } }).errors[0]?.message).toBe('unknown fields b, c');
  });

  it('joins the items into one sentence: "; " between them, none after a question, a full stop at the end', () => {
    const message = (items: { field: string; message: string }[]) => {
      try {
        refuse(
          'GET /x',
          items.map((i) => ({ ...i, code: 'C' })),
        );
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(message([{ field: 'a', message: 'is bad' }])).toBe('GET /x was not sent: a is bad.');
    expect(message([{ field: 'a', message: 'is bad.' }])).toBe('GET /x was not sent: a is bad.');
    expect(
      message([
        { field: 'a', message: "did you mean 'b'?" },
        { field: 'c', message: 'is bad' },
        { field: 'd', message: 'is worse' },
      ]),
    ).toBe("GET /x was not sent: a did you mean 'b'? c is bad; d is worse.");
    expect(message([{ field: 'a', message: "did you mean 'b'?" }])).toBe("GET /x was not sent: a did you mean 'b'?");
  });
});

describe('prepareCall: extraBody and extraQuery', () => {
  const options = new Set(['timeout', 'extraBody', 'extraQuery']);
  const prepared = (name: keyof typeof OPERATIONS, input: object, extra: object | undefined) =>
    prepareCall(OPERATIONS[name], input as never, extra as never, options, name);
  const refusal = (run: () => unknown): RequestValidationError => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(RequestValidationError);
      return error as RequestValidationError;
    }
    throw new Error('not refused');
  };

  it('merges them over the checked params and body, and names the call by its method', () => {
    const call = prepared(
      'deposits.create',
      { body: { token: 'USDC', amount: '10.00', chain: 'Base' } },
      { extraBody: { memo: 'm' } },
    );
    expect(call.body).toEqual({ token: 'USDC', amount: '10.00', chain: 'Base', memo: 'm' });
    expect(call.operation).toBe('deposits.create');
    const list = prepared('transactions.list', { query: { limit: 5 } }, { extraQuery: { since: '2026-01-01' } });
    expect(list.query).toEqual({ limit: 5, since: '2026-01-01' });
    const unnamed = prepareCall(OPERATIONS['accounts.me'], {} as never, undefined, options, undefined);
    expect(unnamed.operation).toBe('GET /accounts/me');
  });

  it.each([
    ['a string', 'memo=m'],
    ['null', null],
    ['an array', [['memo', 'm']]],
    ['a number', 1],
  ])('refuses %s as extraBody or extraQuery: it must be an object of fields', (_, extra) => {
    for (const [name, option, input] of [
      ['deposits.create', 'extraBody', { body: { token: 'USDC', amount: '1.00', chain: 'Base' } }],
      ['transactions.list', 'extraQuery', {}],
    ] as const) {
      const error = refusal(() => prepared(name, input, { [option]: extra }));
      expect(error.errors).toEqual([
        { field: option, code: 'INVALID_EXTRA_FIELDS', message: 'must be an object of field names and values' },
      ]);
    }
  });

  it('refuses a known field, a path parameter, and extraBody on a call without a body, all at once', () => {
    const error = refusal(() =>
      prepared(
        'credit.update',
        { path: { creditLineId: 'cl_1' }, body: { limit: '100.00' } },
        { extraBody: { creditLineId: 'cl_2' }, extraQuery: { creditLineId: 'x' } },
      ),
    );
    expect(error.errors.map((item) => [item.field, item.code])).toEqual([
      ['extraBody.creditLineId', 'PATH_PARAMETER'],
      ['extraQuery.creditLineId', 'PATH_PARAMETER'],
    ]);
    const known = refusal(() => prepared('transactions.list', {}, { extraQuery: { limit: 5, since: 'x' } }));
    expect(known.errors.map((item) => [item.field, item.code])).toEqual([['extraQuery.limit', 'KNOWN_FIELD']]);
    const noBody = refusal(() => prepared('accounts.me', {}, { extraBody: { memo: 'm' } }));
    expect(noBody.errors).toEqual([{ field: 'extraBody', code: 'NO_BODY', message: 'GET /accounts/me sends no body' }]);
  });
});
