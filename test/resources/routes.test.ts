import { describe, expect, it } from 'vitest';
import { OPERATIONS, type CreditPlatform, type OperationName } from '../../src/index.js';
import { client, http, ok, url, useMswServer } from '../helpers/msw.js';
import { record } from '../helpers/recorder.js';

const server = useMswServer();

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const page = {
  items: [{ id: 'x_1', keyId: 'key_1', name: 'n', permissions: ['read'], url: 'https://e.com', events: [] }],
  nextCursor: null,
};

interface Route {
  call: OperationName;
  run: (c: CreditPlatform) => PromiseLike<unknown>;
  method: string;
  path: string;
  body?: unknown;
  data?: Record<string, unknown>;
  /** The spec documents the operation (four do); the others follow its REST conventions. */
  documented?: true;
}

// docs/design/operations.md, row by row: the route each resource method must hit. A new
// operation needs its row here: the completeness test below fails without it.
const routes: Route[] = [
  { call: 'accounts.me', run: (c) => c.accounts.me(), method: 'GET', path: 'accounts/me', documented: true },
  { call: 'accounts.retrieve', run: (c) => c.accounts.retrieve('acc_1'), method: 'GET', path: 'accounts/acc_1' },
  {
    call: 'accounts.update',
    run: (c) => c.accounts.update('acc_1', { name: 'Treasury' }),
    method: 'PATCH',
    path: 'accounts/acc_1',
    body: { name: 'Treasury' },
  },
  {
    call: 'accounts.kyc.retrieve',
    run: (c) => c.accounts.kyc.retrieve(),
    method: 'GET',
    path: 'accounts/me/kyc',
    data: { status: 'none' },
  },
  {
    call: 'accounts.kyc.submit',
    run: (c) => c.accounts.kyc.submit({ fullName: 'Ada Lovelace', country: 'GB' }),
    method: 'POST',
    path: 'accounts/me/kyc',
    body: { fullName: 'Ada Lovelace', country: 'GB' },
    data: { status: 'pending' },
  },
  {
    call: 'keys.revoke',
    run: (c) => c.keys.revoke('key/1 2'),
    method: 'DELETE',
    path: 'keys/key%2F1%202',
    data: { keyId: 'key/1 2' },
    documented: true,
  },
  { call: 'keys.list', run: (c) => c.keys.list({ limit: 5 }), method: 'GET', path: 'keys', data: page },
  {
    call: 'keys.retrieve',
    run: (c) => c.keys.retrieve('key_1'),
    method: 'GET',
    path: 'keys/key_1',
    data: { keyId: 'key_1', name: 'ci', permissions: ['read'] },
  },
  {
    call: 'keys.create',
    run: (c) => c.keys.create({ name: 'ci', permissions: ['read', 'write'] }),
    method: 'POST',
    path: 'keys',
    body: { name: 'ci', permissions: ['read', 'write'] },
    data: { keyId: 'key_1', name: 'ci', permissions: ['read', 'write'], key: 'cp_live_once' },
  },
  {
    call: 'webhooks.create',
    run: (c) => c.webhooks.create({ url: 'https://e.com/h', events: ['deposit.created'], secret: 's' }),
    method: 'POST',
    path: 'webhooks',
    body: { url: 'https://e.com/h', events: ['deposit.created'], secret: 's' },
    data: { id: 'wh_1', url: 'https://e.com/h', events: ['deposit.created'], status: 'active' },
    documented: true,
  },
  { call: 'webhooks.list', run: (c) => c.webhooks.list(), method: 'GET', path: 'webhooks', data: page },
  {
    call: 'webhooks.retrieve',
    run: (c) => c.webhooks.retrieve('wh_1'),
    method: 'GET',
    path: 'webhooks/wh_1',
    data: { url: 'https://e.com', events: [] },
  },
  {
    call: 'webhooks.update',
    run: (c) => c.webhooks.update('wh_1', { events: ['score.updated'] }),
    method: 'PATCH',
    path: 'webhooks/wh_1',
    body: { events: ['score.updated'] },
    data: { url: 'https://e.com', events: ['score.updated'] },
  },
  {
    call: 'webhooks.delete',
    run: (c) => c.webhooks.delete('wh_1'),
    method: 'DELETE',
    path: 'webhooks/wh_1',
    data: { url: 'https://e.com', events: [] },
  },
  {
    call: 'transactions.list',
    run: (c) => c.transactions.list({ cursor: 'abc123', limit: 50 }),
    method: 'GET',
    path: 'transactions',
    data: page,
    documented: true,
  },
  { call: 'transactions.retrieve', run: (c) => c.transactions.retrieve('tx_1'), method: 'GET', path: 'transactions/tx_1' },
  { call: 'deposits.list', run: (c) => c.deposits.list(), method: 'GET', path: 'deposits', data: page },
  { call: 'deposits.retrieve', run: (c) => c.deposits.retrieve('dep_1'), method: 'GET', path: 'deposits/dep_1' },
  {
    call: 'deposits.create',
    run: (c) => c.deposits.create({ token: 'USDC', chain: 'Base', amount: '2500.00' }),
    method: 'POST',
    path: 'deposits',
    body: { token: 'USDC', chain: 'Base', amount: '2500.00' },
  },
  {
    call: 'deposits.withdrawals.list',
    run: (c) => c.deposits.withdrawals.list(),
    method: 'GET',
    path: 'deposits/withdrawals',
    data: page,
  },
  {
    call: 'deposits.withdrawals.retrieve',
    run: (c) => c.deposits.withdrawals.retrieve('wd_1'),
    method: 'GET',
    path: 'deposits/withdrawals/wd_1',
  },
  {
    call: 'deposits.withdrawals.create',
    run: (c) => c.deposits.withdrawals.create({ token: 'USDC', chain: 'Base', amount: '1.00', toAddress: ADDRESS }),
    method: 'POST',
    path: 'deposits/withdrawals',
    body: { token: 'USDC', chain: 'Base', amount: '1.00', toAddress: ADDRESS },
  },
  { call: 'credit.list', run: (c) => c.credit.list(), method: 'GET', path: 'credit', data: page },
  { call: 'credit.retrieve', run: (c) => c.credit.retrieve('cl_1'), method: 'GET', path: 'credit/cl_1' },
  {
    call: 'credit.create',
    run: (c) => c.credit.create({ token: 'USDC', limit: '10000.00' }),
    method: 'POST',
    path: 'credit',
    body: { token: 'USDC', limit: '10000.00' },
  },
  {
    call: 'credit.update',
    run: (c) => c.credit.update('cl_1', { limit: '15000.00', status: 'frozen' }),
    method: 'PATCH',
    path: 'credit/cl_1',
    body: { limit: '15000.00', status: 'frozen' },
  },
  { call: 'payments.list', run: (c) => c.payments.list(), method: 'GET', path: 'payments', data: page },
  { call: 'payments.retrieve', run: (c) => c.payments.retrieve('pay_1'), method: 'GET', path: 'payments/pay_1' },
  {
    call: 'payments.create',
    run: (c) => c.payments.create({ creditLineId: 'cl_1', amount: '250.00', token: 'USDC' }),
    method: 'POST',
    path: 'payments',
    body: { creditLineId: 'cl_1', amount: '250.00', token: 'USDC' },
  },
  { call: 'yield.list', run: (c) => c.yield.list(), method: 'GET', path: 'yield', data: page },
  { call: 'yield.retrieve', run: (c) => c.yield.retrieve('yld_1'), method: 'GET', path: 'yield/yld_1' },
  {
    call: 'yield.replace',
    run: (c) => c.yield.replace('yld_1', { autoCompound: true }),
    method: 'PUT',
    path: 'yield/yld_1',
    body: { autoCompound: true },
  },
  {
    call: 'yield.update',
    run: (c) => c.yield.update('yld_1', { autoCompound: false }),
    method: 'PATCH',
    path: 'yield/yld_1',
    body: { autoCompound: false },
  },
  { call: 'scores.list', run: (c) => c.scores.list(), method: 'GET', path: 'scores', data: page },
  { call: 'scores.retrieve', run: (c) => c.scores.retrieve('scr_1'), method: 'GET', path: 'scores/scr_1' },
];

describe('routes', () => {
  it.each(routes)('$call is $method /$path', async (route) => {
    const seen = record(server, route.data ?? { id: 'x_1' });
    await route.run(client());
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: route.method, path: route.path });
    expect(seen[0]?.body).toEqual(route.body);
  });

  it('covers every declared operation, each with its method and path', () => {
    expect(routes.map((r) => r.call).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const route of routes) {
      const op = OPERATIONS[route.call];
      expect(op.method).toBe(route.method);
      // The template fills to the route the test saw.
      expect(route.path.startsWith(op.path.replace(/\{\w+\}.*/, ''))).toBe(true);
    }
  });

  it('marks as documented exactly the operations the spec documents: the rows that say so', () => {
    const marked = routes.map((r) => [r.call, OPERATIONS[r.call].documented]);
    expect(marked).toEqual(routes.map((r) => [r.call, r.documented === true]));
  });

  it('sends the documented list example as query parameters', async () => {
    const seen = record(server, page);
    await client().transactions.list({ cursor: 'abc123', limit: 50 });
    expect(seen[0]?.query).toEqual({ cursor: 'abc123', limit: '50' });
  });

  it('read-only and append-only categories have no write methods', () => {
    const c = client();
    expect('create' in c.scores || 'update' in c.scores || 'delete' in c.scores).toBe(false);
    expect('delete' in c.deposits || 'update' in c.payments || 'create' in c.transactions).toBe(false);
  });

  it('sends a field the SDK does not know yet through extraBody', async () => {
    const seen = record(server, { id: 'dep_1' });
    await client().deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00' }, { extraBody: { memo: 'q3' } });
    expect(seen[0]?.body).toEqual({ token: 'USDC', chain: 'Base', amount: '1.00', memo: 'q3' });
  });

  it('hands per-call options through (headers)', async () => {
    const headers: string[] = [];
    server.use(
      http.get(url('scores/scr_1'), ({ request }) => {
        headers.push(request.headers.get('x-request-id') ?? '');
        return ok({ id: 'scr_1', score: 700 });
      }),
    );
    const score = await client().scores.retrieve('scr_1', { headers: { 'X-Request-Id': 'r1' } });
    expect(score.score).toBe(700);
    expect(headers).toEqual(['r1']);
  });
});
