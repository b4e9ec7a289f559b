import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { OperationRunner } from '../../../src/core/operations/operation-runner.js';
import type { HttpCall, HttpResult, Transport } from '../../../src/core/types.js';
import { InvalidResponseError, RequestValidationError } from '../../../src/errors/index.js';

/** A transport that records each call and answers `data` as the service's payload. */
function recording(data: unknown = { ok: true }) {
  const calls: HttpCall[] = [];
  const transport: Transport = {
    send: async (call) => {
      calls.push(call);
      const response = new Response(JSON.stringify(data), { status: 200 });
      return {
        data,
        response,
        requestId: 'req-test',
        redact: (text) => text,
        redactedBody: () => JSON.stringify(data),
      } satisfies HttpResult;
    },
  };
  return { calls, runner: new OperationRunner(transport, true, new Map()) };
}

async function refusal(run: PromiseLike<unknown>): Promise<RequestValidationError> {
  try {
    await run;
  } catch (error) {
    return error as RequestValidationError;
  }
  throw new Error('the call was not refused');
}

describe('client.request through the runner', () => {
  it('merges extraBody into a JSON object body, or sends it as the body when there is none', async () => {
    const { calls, runner } = recording();
    await runner.raw('POST', 'deposits', { body: { amount: '1.00', token: 'USDC' } }, undefined, {
      extraBody: { memo: 'm', amount: '2.00' },
    });
    await runner.raw('POST', 'deposits', {}, undefined, { extraBody: { memo: 'm' } });
    await runner.raw('POST', 'deposits', { body: { amount: '1.00' } }, undefined, undefined);
    expect(calls.map((call) => call.body)).toEqual([
      { amount: '2.00', token: 'USDC', memo: 'm' },
      { memo: 'm' },
      { amount: '1.00' },
    ]);
  });

  it.each([
    ['a string', 'text'],
    ['null', null],
    ['an array', [1, 2]],
    ['a number', 5],
  ])('refuses extraBody with %s as the body, and sends nothing', async (_, body) => {
    const { calls, runner } = recording();
    const error = await refusal(runner.raw('POST', 'deposits', { body }, undefined, { extraBody: { memo: 'm' } }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toBe('POST /deposits was not sent: extraBody needs a JSON object body to merge into.');
    expect(error.errors).toEqual([{ field: 'extraBody', code: 'NO_BODY', message: 'needs a JSON object body to merge into' }]);
    expect(calls).toHaveLength(0);
  });

  it('sends any body as it is when there is no extraBody', async () => {
    const { calls, runner } = recording();
    for (const body of ['text', null, [1], 5]) await runner.raw('POST', 'x', { body }, undefined, {});
    expect(calls.map((call) => call.body)).toEqual(['text', null, [1], 5]);
  });

  it('merges extraQuery over the query, extraQuery winning, and keeps the query alone otherwise', async () => {
    const { calls, runner } = recording();
    await runner.raw('GET', 'transactions', { query: { limit: 10, type: 'deposit' } }, undefined, {
      extraQuery: { limit: 20, since: 'x' },
    });
    await runner.raw('GET', 'transactions', { query: { limit: 10 } }, undefined, undefined);
    await runner.raw('GET', 'transactions', {}, undefined, { extraQuery: { since: 'x' } });
    expect(calls.map((call) => call.query)).toEqual([{ limit: 20, type: 'deposit', since: 'x' }, { limit: 10 }, { since: 'x' }]);
  });

  it('checks the answer against a schema when one is given, naming the method and path, and passes it through otherwise', async () => {
    const { runner } = recording({ id: 7 });
    expect(await runner.raw('GET', 'credit/lines', {}, undefined, undefined)).toEqual({ id: 7 });
    const schema = z.looseObject({ id: z.string() });
    const error = await refusal(runner.raw('GET', 'credit/lines', {}, schema, undefined));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/^GET \/credit\/lines returned data that does not match its schema at "id"/);
    const { runner: valid } = recording({ id: 'cl_1' });
    expect(await valid.raw('GET', 'credit/lines', {}, schema, undefined)).toEqual({ id: 'cl_1' });
  });
});
