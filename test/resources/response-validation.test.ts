import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, Page, type CreditPlatform } from '../../src/index.js';
import { captureError } from '../helpers/capture.js';
import { API_KEY, client, http, ok, url, useMswServer } from '../helpers/msw.js';

const server = useMswServer();

function answer(path: string, data: unknown): void {
  server.use(http.all(url(path), () => ok(data as never)));
}

interface Mismatch {
  name: string;
  path: string;
  data: unknown;
  run: (c: CreditPlatform) => Promise<unknown>;
  /** The dotted path of the offending field inside `data`; '' for `data` itself. */
  at: string;
}

const mismatches: Mismatch[] = [
  {
    name: 'a missing required field (webhook url)',
    path: 'webhooks/wh_1',
    data: { id: 'wh_1', events: [] },
    run: (c) => c.webhooks.retrieve('wh_1'),
    at: 'url',
  },
  { name: 'a missing id', path: 'deposits/dep_1', data: { amount: '1.00' }, run: (c) => c.deposits.retrieve('dep_1'), at: 'id' },
  {
    name: 'an amount sent as a number',
    path: 'payments/pay_1',
    data: { id: 'pay_1', amount: 12.5 },
    run: (c) => c.payments.retrieve('pay_1'),
    at: 'amount',
  },
  {
    name: 'a wrong type deep inside',
    path: 'keys/key_1',
    data: { keyId: 'key_1', name: 'ci', permissions: ['read', 7] },
    run: (c) => c.keys.retrieve('key_1'),
    at: 'permissions.1',
  },
  // A permission or a status this SDK does not know is accepted (forward-compatible-records.test.ts);
  // one that is not a string at all is still a mismatch.
  {
    name: 'a permission that is not a string',
    path: 'keys/key_1',
    data: { keyId: 'key_1', name: 'ci', permissions: [{ name: 'root' }] },
    run: (c) => c.keys.retrieve('key_1'),
    at: 'permissions.0',
  },
  {
    name: 'a status that is not a string',
    path: 'webhooks/wh_1',
    data: { url: 'https://e.com', events: [], status: 0 },
    run: (c) => c.webhooks.retrieve('wh_1'),
    at: 'status',
  },
  {
    name: 'a created key without its value',
    path: 'keys',
    data: { keyId: 'key_1', name: 'ci', permissions: ['read'] },
    run: (c) => c.keys.create({ name: 'ci', permissions: ['read'] }),
    at: 'key',
  },
  { name: 'data: null where a record is expected', path: 'accounts/me', data: null, run: (c) => c.accounts.me(), at: '' },
  {
    name: 'data: null on a conventional retrieve',
    path: 'scores/scr_1',
    data: null,
    run: (c) => c.scores.retrieve('scr_1'),
    at: '',
  },
  {
    name: 'an array where a record is expected',
    path: 'credit/cl_1',
    data: [{ id: 'cl_1' }],
    run: (c) => c.credit.retrieve('cl_1'),
    at: '',
  },
  {
    name: 'a bad item in a list page',
    path: 'transactions',
    data: { items: [{ id: 'tx_1' }, { id: 'tx_2', amount: 5 }], nextCursor: null },
    run: (c) => c.transactions.list(),
    at: '1.amount',
  },
  {
    name: 'a score that is not a number',
    path: 'scores/scr_1',
    data: { id: 'scr_1', score: '700' },
    run: (c) => c.scores.retrieve('scr_1'),
    at: 'score',
  },
];

describe('response validation', () => {
  it.each(mismatches)('$name is an InvalidResponseError naming the field', async ({ path, data, run, at }) => {
    answer(path, data);
    const error = await captureError(run(client()));
    expect(error).toBeInstanceOf(InvalidResponseError);
    const { issues, status } = error as InvalidResponseError;
    expect(status).toBe(200);
    expect(issues.map((i) => i.path)).toContain(at);
    expect(issues[0]).toEqual({ path: expect.any(String), message: expect.any(String), code: expect.any(String) });
    expect(error.message).toContain(`"${at || '(data)'}"`);
    expect(error.message).toContain('validateResponses: false');
  });

  it.each(mismatches)('$name passes through unchecked with validateResponses: false', async ({ path, data, run }) => {
    answer(path, data);
    const result = await run(client({ validateResponses: false }));
    // Exactly what the service sent: a list's page holds the sent items, anything else is `data`.
    if (result instanceof Page) expect(result.items).toEqual((data as { items: unknown[] }).items);
    else expect(result).toEqual(data);
  });

  it("explains each mismatch in words, without zod's English locale loaded", async () => {
    answer('payments/pay_1', { id: 'pay_1', amount: 12.5 });
    const error = (await captureError(client().payments.retrieve('pay_1'))) as InvalidResponseError;
    expect(error.issues).toEqual([{ path: 'amount', code: 'invalid_type', message: 'expected string, received number' }]);
    expect(error.message).toContain('at "amount": expected string, received number');
  });

  it('never carries the API key, even when the service echoes it', async () => {
    answer('accounts/me', { id: 7, echoedKey: API_KEY, name: API_KEY });
    const error = await captureError(client().accounts.me());
    expect(error).toBeInstanceOf(InvalidResponseError);
    for (const text of [error.message, JSON.stringify(error), inspect(error, { depth: 5 }), error.stack ?? '']) {
      expect(text).not.toContain(API_KEY);
    }
  });

  it('keeps unknown fields, at the top and nested', async () => {
    const data = { id: 'dep_1', amount: '1.00', riskScore: 3, meta: { source: 'bridge' }, chain: 'Base' };
    answer('deposits/dep_1', data);
    expect(await client().deposits.retrieve('dep_1')).toEqual(data);
  });

  it('keeps unknown fields of list items', async () => {
    answer('scores', { items: [{ id: 'scr_1', score: 700, model: 'v3' }], nextCursor: null });
    expect(await client().scores.list().toArray({ max: 10 })).toEqual([{ id: 'scr_1', score: 700, model: 'v3' }]);
  });

  it('accepts values the service may add to open unions (tokens, chains, statuses, event types)', async () => {
    const tx = { id: 'tx_1', token: 'cbBTC', chain: 'Linea', type: 'bridge', status: 'reorged' };
    answer('transactions/tx_1', tx);
    expect(await client().transactions.retrieve('tx_1')).toEqual(tx);
    const sub = { id: 'wh_1', url: 'https://e.com', events: ['deposit.created', 'loan.liquidated'], status: 'active' };
    answer('webhooks/wh_1', sub);
    expect(await client().webhooks.retrieve('wh_1')).toEqual(sub);
  });

  it('keeps amounts as the exact strings sent', async () => {
    answer('credit/cl_1', { id: 'cl_1', limit: '10000.000000000000000001', used: '0.10', available: '9999.900000000000000001' });
    const line = await client().credit.retrieve('cl_1');
    expect(line.limit).toBe('10000.000000000000000001');
    expect(typeof line.used).toBe('string');
  });

  it('a revocation may answer a record, null, or nothing', async () => {
    answer('keys/key_1', { keyId: 'key_1', revokedAt: '2026-01-01T00:00:00Z' });
    expect(await client().keys.revoke('key_1')).toEqual({ keyId: 'key_1', revokedAt: '2026-01-01T00:00:00Z' });
    answer('keys/key_1', null);
    expect(await client().keys.revoke('key_1')).toBeNull();
  });

  it('withResponse() gives the checked data and the raw response', async () => {
    answer('yield/yld_1', { id: 'yld_1', apy: '4.25', autoCompound: true });
    const { data, response, rateLimit } = await client().yield.retrieve('yld_1').withResponse();
    expect(data.apy).toBe('4.25');
    expect(response.status).toBe(200);
    expect(rateLimit?.limit).toBe(120);
  });
});
