import { describe, expect, it } from 'vitest';
import { type CreditPlatform, type OperationName, RequestValidationError } from '../../src/index.js';
import type { RequestOptions } from '../../src/core/types.js';
import { captureError } from '../helpers/capture.js';
import { client, useMswServer } from '../helpers/msw.js';
import { record } from '../helpers/recorder.js';

// Bad input, table-driven: every create/update/replace body and every list query, called the
// way plain JavaScript (or `as any`) would. Each case asserts the error item and that nothing
// reached the network.

const server = useMswServer();
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

// biome-ignore lint/suspicious/noExplicitAny: plain-JavaScript callers, on purpose
type Loose = any;
type Send = (c: CreditPlatform, fields: Loose, options?: RequestOptions) => PromiseLike<unknown>;

interface Case {
  op: OperationName;
  valid: Record<string, unknown>;
  send: Send;
  /** A path parameter of the operation, for the `extraBody` case. */
  pathParam?: string;
}

const bodies: Case[] = [
  {
    op: 'accounts.update',
    valid: { email: 'ops@example.com' },
    send: (c, b, o) => c.accounts.update('acc_1', b, o),
    pathParam: 'accountId',
  },
  { op: 'accounts.kyc.submit', valid: { fullName: 'Ada', country: 'GB' }, send: (c, b, o) => c.accounts.kyc.submit(b, o) },
  { op: 'keys.create', valid: { name: 'ci', permissions: ['read'] }, send: (c, b, o) => c.keys.create(b, o) },
  {
    op: 'webhooks.create',
    valid: { url: 'https://example.com/h', events: ['deposit.created'], secret: 's3cret' },
    send: (c, b, o) => c.webhooks.create(b, o),
  },
  {
    op: 'webhooks.update',
    valid: { url: 'https://example.com/h2' },
    send: (c, b, o) => c.webhooks.update('wh_1', b, o),
    pathParam: 'webhookId',
  },
  { op: 'deposits.create', valid: { token: 'USDC', chain: 'Base', amount: '1.00' }, send: (c, b, o) => c.deposits.create(b, o) },
  {
    op: 'deposits.withdrawals.create',
    valid: { token: 'USDC', chain: 'Base', amount: '1.00', toAddress: ADDRESS },
    send: (c, b, o) => c.deposits.withdrawals.create(b, o),
  },
  { op: 'credit.create', valid: { token: 'USDC', limit: '10.00' }, send: (c, b, o) => c.credit.create(b, o) },
  {
    op: 'credit.update',
    valid: { limit: '20.00' },
    send: (c, b, o) => c.credit.update('cl_1', b, o),
    pathParam: 'creditLineId',
  },
  { op: 'payments.create', valid: { amount: '5.00', token: 'USDC' }, send: (c, b, o) => c.payments.create(b, o) },
  {
    op: 'yield.replace',
    valid: { autoCompound: true },
    send: (c, b, o) => c.yield.replace('yld_1', b, o),
    pathParam: 'positionId',
  },
  {
    op: 'yield.update',
    valid: { autoCompound: false },
    send: (c, b, o) => c.yield.update('yld_1', b, o),
    pathParam: 'positionId',
  },
];

const lists: Case[] = [
  { op: 'keys.list', valid: { limit: 5 }, send: (c, q, o) => c.keys.list(q, o) },
  { op: 'webhooks.list', valid: { limit: 5 }, send: (c, q, o) => c.webhooks.list(q, o) },
  { op: 'transactions.list', valid: { limit: 5 }, send: (c, q, o) => c.transactions.list(q, o) },
  { op: 'deposits.list', valid: { limit: 5 }, send: (c, q, o) => c.deposits.list(q, o) },
  { op: 'deposits.withdrawals.list', valid: { limit: 5 }, send: (c, q, o) => c.deposits.withdrawals.list(q, o) },
  { op: 'credit.list', valid: { limit: 5 }, send: (c, q, o) => c.credit.list(q, o) },
  { op: 'payments.list', valid: { limit: 5 }, send: (c, q, o) => c.payments.list(q, o) },
  { op: 'yield.list', valid: { limit: 5 }, send: (c, q, o) => c.yield.list(q, o) },
  { op: 'scores.list', valid: { limit: 5 }, send: (c, q, o) => c.scores.list(q, o) },
];

/** The first field with its first two letters swapped: `email` -> `meail`, one edit away. */
function nearMiss(field: string): string {
  return `${field[1]}${field[0]}${field.slice(2)}`;
}

async function refused(work: PromiseLike<unknown>, seen: unknown[]): Promise<RequestValidationError['errors']> {
  const error = await captureError(Promise.resolve(work));
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(seen).toHaveLength(0);
  return (error as RequestValidationError).errors;
}

const data = { id: 'x_1', keyId: 'key_1', name: 'n', permissions: ['read'], key: 'k', url: 'https://e.com', events: [] };

describe.each([...bodies, ...lists])('$op', ({ op, valid, send }) => {
  const first = Object.keys(valid)[0] as string;

  it('sends the valid fields (the baseline the other cases break)', async () => {
    const seen = record(server, op.endsWith('.list') ? { items: [], nextCursor: null } : data);
    await send(client(), valid);
    expect(seen).toHaveLength(1);
  });

  it('refuses a far miss ("zzz") with no suggestion', async () => {
    const seen = record(server, data);
    const errors = await refused(send(client(), { ...valid, zzz: 1 }), seen);
    expect(errors).toEqual([{ field: 'zzz', code: 'UNKNOWN_FIELD', message: expect.not.stringContaining('did you mean') }]);
    expect(errors[0]?.message).toContain('extraBody or extraQuery');
  });

  it(`refuses a near miss of "${first}" and names it`, async () => {
    const seen = record(server, data);
    const typo = nearMiss(first);
    const errors = await refused(send(client(), { ...valid, [typo]: valid[first] }), seen);
    expect(errors).toEqual([
      { field: typo, code: 'UNKNOWN_FIELD', message: `is not a field of this request; did you mean '${first}'?` },
    ]);
  });

  it(`refuses a wrong type for "${first}"`, async () => {
    const seen = record(server, data);
    const errors = await refused(send(client(), { ...valid, [first]: { wrong: 'type' } }), seen);
    expect(errors).toContainEqual({ field: first, code: expect.stringMatching(/^INVALID_/), message: expect.any(String) });
  });

  it(`refuses ${op.endsWith('.list') ? 'extraQuery' : 'extraBody'} naming a field the schema knows`, async () => {
    const seen = record(server, data);
    const option = op.endsWith('.list') ? 'extraQuery' : 'extraBody';
    const errors = await refused(send(client(), valid, { [option]: { [first]: valid[first] } }), seen);
    expect(errors).toEqual([{ field: `${option}.${first}`, code: 'KNOWN_FIELD', message: expect.stringContaining('params') }]);
  });
});

describe.each(bodies.filter((c) => c.pathParam))('$op with extraBody', ({ valid, send, pathParam }) => {
  it(`refuses extraBody trying to set the path parameter ${pathParam}`, async () => {
    const seen = record(server, data);
    const errors = await refused(send(client(), valid, { extraBody: { [pathParam as string]: '../keys' } }), seen);
    expect(errors).toEqual([
      { field: `extraBody.${pathParam}`, code: 'PATH_PARAMETER', message: expect.stringContaining('path parameter') },
    ]);
  });
});

describe('the near misses of the issue', () => {
  it.each([
    ['emial', 'email', (c: CreditPlatform, b: Loose) => c.accounts.update('acc_1', b)],
    ['amout', 'amount', (c: CreditPlatform, b: Loose) => c.deposits.create({ token: 'USDC', chain: 'Base', ...b })],
    ['limt', 'limit', (c: CreditPlatform, b: Loose) => c.transactions.list(b)],
  ] as const)('%s suggests %s', async (typo, field, send) => {
    const seen = record(server, data);
    const errors = await refused(send(client(), { [typo]: field === 'limit' ? 10 : 'x@y.z' }), seen);
    expect(errors).toEqual([
      { field: typo, code: 'UNKNOWN_FIELD', message: expect.stringContaining(`did you mean '${field}'?`) },
    ]);
  });
});

describe('extraBody and extraQuery', () => {
  it('send a field this version does not know, after validation, and keep the path', async () => {
    const seen = record(server, data);
    await client().accounts.update(
      'acc_1',
      { email: 'ops@example.com' },
      { extraBody: { nickname: 'ops' }, extraQuery: { v: '2' } },
    );
    expect(seen).toEqual([
      { method: 'PATCH', path: 'accounts/acc_1', query: { v: '2' }, body: { email: 'ops@example.com', nickname: 'ops' } },
    ]);
  });

  it('go out on every page of a list', async () => {
    const seen = record(server, (s) => ({ items: [{ id: 'tx' }], nextCursor: s.query.cursor ? null : 'c2' }));
    await client()
      .transactions.list({ limit: 1 }, { extraQuery: { type: 'deposit' } })
      .toArray({ max: 10 });
    expect(seen.map((s) => s.query)).toEqual([
      { limit: '1', type: 'deposit' },
      { limit: '1', cursor: 'c2', type: 'deposit' },
    ]);
  });

  it('refuse extraBody on an operation that sends no body', async () => {
    const seen = record(server, data);
    const errors = await refused(client().deposits.retrieve('dep_1', { extraBody: { a: 1 } }), seen);
    expect(errors).toEqual([{ field: 'extraBody', code: 'NO_BODY', message: expect.any(String) }]);
  });
});
