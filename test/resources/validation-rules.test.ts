import { describe, expect, it } from 'vitest';
import { RequestValidationError, type CreditPlatform } from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { client, useMswServer } from '../helpers/msw.js';
import { record } from '../helpers/recorder.js';

const server = useMswServer();

interface Rule {
  name: string;
  /** The response data for a call that passes validation. */
  data: Record<string, unknown>;
  call: (c: CreditPlatform, value: unknown) => Promise<unknown>;
  field: string;
  code: string;
  valid: unknown[];
  invalid: unknown[];
}

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const anyArg = <T>(value: unknown): T => value as T;
const page = { items: [], nextCursor: null };

// One table per rule: every value either reaches the wire or is refused with the service's item.
const rules: Rule[] = [
  {
    name: 'limit is an integer from 1 to 100',
    data: page,
    call: (c, limit) => c.transactions.list({ limit: anyArg(limit) }),
    field: 'limit',
    code: 'INVALID_LIMIT',
    valid: [1, 2, 25, 99, 100],
    invalid: [0, 101, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10', null],
  },
  {
    name: 'limit applies to every list, not only the documented one',
    data: page,
    call: (c, limit) => c.deposits.withdrawals.list({ limit: anyArg(limit) }),
    field: 'limit',
    code: 'INVALID_LIMIT',
    valid: [1, 100],
    invalid: [0, 101],
  },
  {
    // null (a first page's resumeCursor) starts from the first page: see test/core/pagination/read-ahead.test.ts.
    name: 'cursor is a non-empty string',
    data: page,
    call: (c, cursor) => c.payments.list({ cursor: anyArg(cursor) }),
    field: 'cursor',
    code: 'INVALID_CURSOR',
    valid: ['abc123', 'eyJpZCI6MX0='],
    invalid: ['', 5],
  },
  {
    name: 'amount is a positive decimal string of ASCII digits',
    data: { id: 'dep_1' },
    call: (c, amount) => c.deposits.create({ token: 'USDC', chain: 'Base', amount: anyArg(amount) }),
    field: 'amount',
    code: 'INVALID_AMOUNT',
    valid: ['1', '0.01', '10000.00', '100', '0.000000000000000001', '123456789012345678901234567890'],
    invalid: [
      '0',
      '0.00',
      '-1',
      '1e3',
      ' 1',
      '1 ',
      '١٢',
      '１',
      '1,000.00',
      '01',
      '1.',
      '.5',
      '+1',
      '',
      'abc',
      1,
      10.5,
      0,
      null,
      undefined,
    ],
  },
  {
    name: 'a credit limit is an amount too, with the same code',
    data: { id: 'cl_1' },
    call: (c, limit) => c.credit.create({ token: 'USDC', limit: anyArg(limit) }),
    field: 'limit',
    code: 'INVALID_AMOUNT',
    valid: ['10000.00', '1'],
    invalid: ['0', '0.00', '-1', '1e3', 10000],
  },
  {
    name: 'webhook url is an absolute https URL',
    data: { id: 'wh_1', url: 'https://example.com/h', events: ['deposit.created'], status: 'active' },
    call: (c, url) => c.webhooks.create({ url: anyArg(url), events: ['deposit.created'], secret: 's3cret' }),
    field: 'url',
    code: 'INVALID_URL',
    valid: ['https://example.com/hooks', 'https://example.com:8443/a?b=c', 'HTTPS://EXAMPLE.COM/'],
    invalid: ['http://example.com/hooks', 'example.com/hooks', 'https://', 'ftp://example.com', '/hooks', '', 42],
  },
  {
    name: 'events are a non-empty list of the spec event types',
    data: { id: 'wh_1', url: 'https://example.com/h', events: ['deposit.created'] },
    call: (c, events) => c.webhooks.create({ url: 'https://example.com/h', events: anyArg(events), secret: 's3cret' }),
    field: 'events',
    code: 'INVALID_EVENTS',
    valid: [['deposit.created'], ['payment.overdue', 'account.frozen', 'credit.tier_changed']],
    invalid: [[], 'deposit.created', null],
  },
  {
    name: 'an unknown event type names its position',
    data: {},
    call: (c, events) => c.webhooks.update('wh_1', { events: anyArg(events) }),
    field: 'events.1',
    code: 'INVALID_EVENTS',
    valid: [],
    invalid: [
      ['deposit.created', 'deposit.deleted'],
      ['deposit.created', 'DEPOSIT.CREATED'],
      ['deposit.created', ''],
    ],
  },
  {
    name: 'secret is non-empty without surrounding whitespace',
    data: { id: 'wh_1', url: 'https://example.com/h', events: ['deposit.created'] },
    call: (c, secret) => c.webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: anyArg(secret) }),
    field: 'secret',
    code: 'INVALID_SECRET',
    valid: ['s', 'whsec_0123456789abcdef'],
    invalid: ['', ' whsec', 'whsec\n', 12345, null],
  },
  {
    name: 'ids are non-empty and cannot escape their path segment',
    data: { keyId: 'key_1' },
    call: (c, id) => c.keys.revoke(anyArg(id)),
    field: 'keyId',
    code: 'INVALID_KEY_ID',
    valid: ['key_1', 'a/b', '...', ' 1'],
    invalid: ['', '.', '..', 1, null, undefined],
  },
  {
    name: 'ids of conventional operations too',
    data: { id: 'dep_1' },
    call: (c, id) => c.deposits.retrieve(anyArg(id)),
    field: 'depositId',
    code: 'INVALID_DEPOSIT_ID',
    valid: ['dep_1'],
    invalid: ['', '..'],
  },
  {
    name: 'tokens are ASCII letters and digits, any symbol (a new token needs no release)',
    data: { id: 'pay_1' },
    call: (c, token) => c.payments.create({ creditLineId: 'cl_1', amount: '1.00', token: anyArg(token) }),
    field: 'token',
    code: 'INVALID_TOKEN',
    valid: ['ETH', 'USDC', 'USDT', 'DAI', 'wstETH', 'cbBTC', 'USDC2'],
    invalid: ['', 'US DC', 'USDC.e', 'ÜSDC', ' ETH', 5, null],
  },
  {
    name: 'chains are ASCII letters and digits, any name',
    data: { id: 'dep_1' },
    call: (c, chain) => c.deposits.create({ token: 'ETH', chain: anyArg(chain), amount: '1' }),
    field: 'chain',
    code: 'INVALID_CHAIN',
    valid: ['Ethereum', 'Polygon', 'Arbitrum', 'Base', 'Optimism', 'base', 'Linea'],
    invalid: ['', 'Arbitrum One', 'zkSync-Era', 1],
  },
  {
    name: 'toAddress is 0x and 40 hex digits, code INVALID_ADDRESS',
    data: { id: 'wd_1' },
    call: (c, toAddress) =>
      c.deposits.withdrawals.create({ token: 'USDC', chain: 'Base', amount: '1', toAddress: anyArg(toAddress) }),
    field: 'toAddress',
    code: 'INVALID_ADDRESS',
    valid: [ADDRESS, ADDRESS.toLowerCase(), `0x${'0'.repeat(40)}`],
    // An array of one address would match the pattern once turned into text: it is not an address.
    invalid: ['0x123', ADDRESS.slice(2), `${ADDRESS}0`, `0x${'g'.repeat(40)}`, ` ${ADDRESS}`, '', 0, null, [ADDRESS]],
  },
  {
    name: 'a key name is non-blank text of at most 200 characters',
    data: { keyId: 'key_1', name: 'ci', permissions: ['read'], key: 'cp_live_x' },
    call: (c, name) => c.keys.create({ name: anyArg(name), permissions: ['read'] }),
    field: 'name',
    code: 'INVALID_NAME',
    valid: ['ci', 'n'.repeat(200)],
    invalid: ['', '   ', 'n'.repeat(201), 5, null],
  },
  {
    name: 'permissions are a non-empty set of read, write, admin',
    data: { keyId: 'key_1', name: 'ci', permissions: ['read'], key: 'cp_live_x' },
    call: (c, permissions) => c.keys.create({ name: 'ci', permissions: anyArg(permissions) }),
    field: 'permissions',
    code: 'INVALID_PERMISSIONS',
    valid: [['read'], ['read', 'write'], ['admin', 'write', 'read']],
    invalid: [[], ['read', 'read'], 'read', null],
  },
  {
    name: 'a permission outside the set names its position',
    data: {},
    call: (c, permissions) => c.keys.create({ name: 'ci', permissions: anyArg(permissions) }),
    field: 'permissions.0',
    code: 'INVALID_PERMISSIONS',
    valid: [],
    invalid: [['root'], ['READ']],
  },
  {
    name: 'yield configuration is a boolean',
    data: { id: 'yld_1' },
    call: (c, autoCompound) => c.yield.replace('yld_1', { autoCompound: anyArg(autoCompound) }),
    field: 'autoCompound',
    code: 'INVALID_AUTO_COMPOUND',
    // Optional even in a replacement: neither the spec nor the public facts name it.
    valid: [true, false, undefined],
    invalid: ['true', 1, null],
  },
];

describe.each(rules)('$name', (rule) => {
  it.each(rule.valid.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    'accepts %s and sends it',
    async (_, value) => {
      const seen = record(server, rule.data);
      await rule.call(client(), value);
      expect(seen).toHaveLength(1);
    },
  );

  it.each(rule.invalid.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    'refuses %s and sends nothing',
    async (_, value) => {
      const seen = record(server, rule.data);
      const error = await captureError(rule.call(client(), value));
      expect(error).toBeInstanceOf(RequestValidationError);
      const items = (error as RequestValidationError).errors;
      expect(items).toContainEqual({ field: rule.field, code: rule.code, message: expect.any(String) });
      expect(items.every((item) => item.message.length > 0)).toBe(true);
      expect(seen).toHaveLength(0);
    },
  );
});

// A value of the wrong type is one problem: its item says what the type should be, and no second
// item about emptiness or range follows (zod's length and number-format checks added one).
describe('one item for a value of the wrong type', () => {
  it.each([
    ['an array as an id', (c: CreditPlatform) => c.deposits.retrieve(anyArg([])), 'depositId', 'must be a string'],
    [
      'a string as the event types',
      (c: CreditPlatform) => c.webhooks.create({ url: 'https://example.com/h', events: anyArg(''), secret: 's' }),
      'events',
      'must be an array of event types',
    ],
    [
      'a string as the permissions',
      (c: CreditPlatform) => c.keys.create({ name: 'ci', permissions: anyArg('') }),
      'permissions',
      'must be an array of permissions (read, write, admin)',
    ],
    [
      'an array as the secret',
      (c: CreditPlatform) => c.webhooks.create({ url: 'https://example.com/h', events: ['deposit.created'], secret: anyArg([]) }),
      'secret',
      'must be a string',
    ],
    [
      '2 ** 53 as the limit',
      (c: CreditPlatform) => c.transactions.list({ limit: 2 ** 53 }),
      'limit',
      'must be an integer from 1 to 100',
    ],
  ] as const)('%s', async (_, call, field, message) => {
    const seen = record(server);
    const error = await captureError(call(client()));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toEqual([{ field, code: expect.any(String), message }]);
    expect(seen).toHaveLength(0);
  });
});

describe('whole bodies', () => {
  it('reports every offending field of a body in one error', async () => {
    const seen = record(server);
    const error = await captureError(
      client().deposits.withdrawals.create({ token: '', chain: 'Base', amount: '0', toAddress: 'nope' } as never),
    );
    expect((error as RequestValidationError).errors.map((e) => e.code).sort()).toEqual([
      'INVALID_ADDRESS',
      'INVALID_AMOUNT',
      'INVALID_TOKEN',
    ]);
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['accounts.update', (c: CreditPlatform) => c.accounts.update('acc_1', {})],
    ['webhooks.update', (c: CreditPlatform) => c.webhooks.update('wh_1', { url: undefined })],
    ['credit.update', (c: CreditPlatform) => c.credit.update('cl_1', {})],
    ['yield.update', (c: CreditPlatform) => c.yield.update('yld_1', {})],
  ])('%s refuses an empty patch', async (_, call) => {
    const seen = record(server);
    const error = await captureError(call(client()));
    expect((error as RequestValidationError).errors).toEqual([
      { field: 'request', code: 'INVALID_REQUEST', message: 'must set at least one field to change' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('a missing body is refused, not sent', async () => {
    const seen = record(server);
    const error = await captureError(client().deposits.create(undefined as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['name', { name: '   ' }, 'INVALID_NAME'],
    ['email', { email: 'not an email' }, 'INVALID_EMAIL'],
  ])('accounts.update checks %s', async (field, patch, code) => {
    const seen = record(server);
    const error = await captureError(client().accounts.update('acc_1', patch));
    expect((error as RequestValidationError).errors).toEqual([{ field, code, message: expect.any(String) }]);
    expect(seen).toHaveLength(0);
  });

  it.each(['G', 'GBR', 'G1', ''])('kyc.submit refuses country %j', async (country) => {
    const seen = record(server);
    const error = await captureError(client().accounts.kyc.submit({ fullName: 'Ada Lovelace', country }));
    expect((error as RequestValidationError).errors).toEqual([
      { field: 'country', code: 'INVALID_COUNTRY', message: expect.any(String) },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('credit.update refuses an unknown status', async () => {
    const seen = record(server);
    const error = await captureError(client().credit.update('cl_1', { status: 'paused' as never }));
    expect((error as RequestValidationError).errors).toEqual([
      { field: 'status', code: 'INVALID_STATUS', message: expect.any(String) },
    ]);
    expect(seen).toHaveLength(0);
  });
});
