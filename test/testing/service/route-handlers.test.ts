import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 3 });
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('accounts and KYC', () => {
  it('retrieves and updates the own account, by id or as me', async () => {
    const fake = setup();
    expect((await call(fake, 'GET', `/accounts/${fake.accountId}`)).body.data.id).toBe(fake.accountId);
    const patched = await call(fake, 'PATCH', `/accounts/${fake.accountId}`, { body: { name: 'Renamed' } });
    expect(patched.body.data.name).toBe('Renamed');
    expect((await call(fake, 'GET', '/accounts/me')).body.data.name).toBe('Renamed');
    expect((await call(fake, 'PATCH', '/accounts/me', { body: { email: 'nope' } })).status).toBe(422);
  });

  it('submits KYC once (201), then refuses a second submission (409)', async () => {
    const fake = setup();
    expect((await call(fake, 'GET', '/accounts/me/kyc')).body.data).toEqual({ status: 'none' });
    const submitted = await call(fake, 'POST', '/accounts/me/kyc', { body: { fullName: 'Ada Lovelace', country: 'gb' } });
    expect(submitted.status).toBe(201);
    expect(submitted.body.data).toMatchObject({ status: 'pending', country: 'GB' });
    expect((await call(fake, 'GET', '/accounts/me')).body.data.kycStatus).toBe('pending');
    expect((await call(fake, 'POST', '/accounts/me/kyc', { body: { fullName: 'A', country: 'GB' } })).status).toBe(409);
  });
});

describe('deposits and withdrawals', () => {
  it('creates a deposit (201) that appears in its list, by id, and in transactions', async () => {
    const fake = setup();
    const created = await call(fake, 'POST', '/deposits', { body: { token: 'usdc', chain: 'Base', amount: '250.00' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.stringMatching(/^dep_/),
      token: 'USDC',
      chain: 'Base',
      amount: '250.00',
      status: 'confirmed',
    });
    expect(created.body.data.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await call(fake, 'GET', `/deposits/${created.body.data.id}`)).body.data).toEqual(created.body.data);
    expect((await call(fake, 'GET', '/deposits')).body.data.items.map((d: { id: string }) => d.id)).toContain(
      created.body.data.id,
    );
    const txs = (await call(fake, 'GET', '/transactions')).body.data.items;
    expect(txs.at(-1)).toMatchObject({ type: 'deposit', amount: '250.00', transactionHash: created.body.data.transactionHash });
  });

  it('reports every invalid field of a deposit at once with codes', async () => {
    const res = await call(setup(), 'POST', '/deposits', { body: { token: 'DOGE', chain: 'solana', amount: 10 } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['token', 'INVALID_TOKEN'],
      ['chain', 'INVALID_CHAIN'],
      ['amount', 'INVALID_AMOUNT'],
    ]);
    const zero = await call(setup(), 'POST', '/deposits', { body: { token: 'ETH', chain: 'Ethereum', amount: '0.00' } });
    expect(zero.body.errors?.[0]).toEqual({ field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' });
    const missing = await call(setup(), 'POST', '/deposits', { body: {} });
    expect(missing.body.errors?.map((e) => e.code)).toEqual(['REQUIRED', 'REQUIRED', 'REQUIRED']);
  });

  it('creates withdrawals under /deposits/withdrawals and validates the address', async () => {
    const fake = setup();
    const created = await call(fake, 'POST', '/deposits/withdrawals', {
      body: { token: 'ETH', chain: 'Ethereum', amount: '1.5', toAddress: ADDRESS },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: expect.stringMatching(/^wd_/), status: 'pending', toAddress: ADDRESS });
    expect((await call(fake, 'GET', `/deposits/withdrawals/${created.body.data.id}`)).status).toBe(200);
    expect((await call(fake, 'GET', '/deposits/withdrawals')).body.data.items).toHaveLength(1);
    const bad = await call(fake, 'POST', '/deposits/withdrawals', {
      body: { token: 'ETH', chain: 'Ethereum', amount: '1', toAddress: '0x123' },
    });
    expect(errorCode(bad)).toBe('INVALID_ADDRESS');
  });
});

describe('credit lines and payments', () => {
  it('creates, updates and freezes a credit line; a closed line is a 409', async () => {
    const fake = setup();
    const line = (await call(fake, 'POST', '/credit', { body: { token: 'USDC', limit: '5000' } })).body.data;
    expect(line).toMatchObject({
      id: expect.stringMatching(/^cl_/),
      limit: '5000.00',
      used: '0.00',
      available: '5000.00',
      status: 'active',
    });
    const raised = await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: '7500.50' } });
    expect(raised.body.data).toMatchObject({ limit: '7500.50', available: '7500.50' });
    expect((await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'frozen' } })).body.data.status).toBe('frozen');
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'closed' } });
    expect((await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: '1' } })).status).toBe(409);
    expect((await call(fake, 'GET', `/credit/${line.id}`)).body.data.status).toBe('closed');
  });

  it('applies a payment to the seeded line, and refuses one to a frozen line', async () => {
    const fake = setup();
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    expect(line).toMatchObject({ used: '2500.00', available: '7500.00' });
    const paid = await call(fake, 'POST', '/payments', { body: { creditLineId: line.id, amount: '500.25', token: 'USDC' } });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ id: expect.stringMatching(/^pay_/), creditLineId: line.id, amount: '500.25' });
    expect((await call(fake, 'GET', `/credit/${line.id}`)).body.data).toMatchObject({ used: '1999.75', available: '8000.25' });
    expect((await call(fake, 'GET', `/payments/${paid.body.data.id}`)).status).toBe(200);
    expect(
      errorCode(await call(fake, 'POST', '/payments', { body: { creditLineId: 'cl_nope', amount: '1', token: 'USDC' } })),
    ).toBe('INVALID_CREDIT_LINE');
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'frozen' } });
    expect(
      errorCode(await call(fake, 'POST', '/payments', { body: { creditLineId: line.id, amount: '1', token: 'USDC' } })),
    ).toBe('CREDIT_FROZEN');
  });

  it('refuses a limit below the amount in use', async () => {
    const fake = setup();
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    expect(errorCode(await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: '100.00' } }))).toBe('HEALTH_FACTOR_LOW');
  });
});

describe('yield, scores and unsupported methods', () => {
  it('replaces (PUT, field required) and updates (PATCH) a yield position', async () => {
    const fake = setup();
    const position = (await call(fake, 'GET', '/yield')).body.data.items[0];
    expect(position).toMatchObject({ id: expect.stringMatching(/^yld_/), autoCompound: true });
    expect((await call(fake, 'PUT', `/yield/${position.id}`, { body: {} })).status).toBe(422);
    expect((await call(fake, 'PUT', `/yield/${position.id}`, { body: { autoCompound: false } })).body.data.autoCompound).toBe(
      false,
    );
    expect((await call(fake, 'PATCH', `/yield/${position.id}`, { body: { autoCompound: true } })).body.data.autoCompound).toBe(
      true,
    );
    expect((await call(fake, 'PATCH', `/yield/${position.id}`, { body: { autoCompound: 'yes' } })).status).toBe(422);
  });

  it('serves scores read-only', async () => {
    const fake = setup();
    const score = (await call(fake, 'GET', '/scores')).body.data.items[0];
    expect(score).toMatchObject({ id: expect.stringMatching(/^scr_/), accountId: fake.accountId, score: expect.any(Number) });
    expect((await call(fake, 'GET', `/scores/${score.id}`)).body.data).toEqual(score);
    expect((await call(fake, 'POST', '/scores', { body: {} })).status).toBe(404);
    expect((await call(fake, 'DELETE', `/scores/${score.id}`)).status).toBe(404);
  });

  it('answers 404 for a record of another account', async () => {
    const fake = setup();
    const other = fake.admin.createAccount();
    const otherKey = fake.admin.createKey(other.id).key;
    const dep = (await call(fake, 'GET', '/deposits')).body.data.items[0];
    const res = await call(fake, 'GET', `/deposits/${dep.id}`, { key: otherKey });
    expect(res.status).toBe(404);
    expect(errorCode(res)).toBe('NOT_FOUND');
  });
});
