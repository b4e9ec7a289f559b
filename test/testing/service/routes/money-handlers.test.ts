import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../../src/testing/index.js';
import { call, errorCode } from '../../../helpers/fake-call.js';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });

/** The events the fake emitted, as `[type, data]`. */
function emitted(fake: ReturnType<typeof setup>) {
  return fake.admin.events().map((e) => [e.type, e.data]);
}

/** A fresh USDC credit line with nothing in use. */
async function newLine(fake: ReturnType<typeof setup>, limit: string) {
  return (await call(fake, 'POST', '/credit', { body: { token: 'USDC', limit } })).body.data;
}

describe('deposits', () => {
  it('gives every new deposit a transaction hash no other deposit has, across accounts', async () => {
    const fake = setup();
    const other = fake.admin.createAccount();
    const otherKey = fake.admin.createKey(other.id).key;
    const body = { token: 'USDC', chain: 'Base', amount: '1.00' };
    const hashes: string[] = [];
    for (let i = 0; i < 3; i++) {
      hashes.push((await call(fake, 'POST', '/deposits', { body })).body.data.transactionHash);
      hashes.push((await call(fake, 'POST', '/deposits', { body, key: otherKey })).body.data.transactionHash);
    }
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('emits deposit.created with the deposit id, token, amount and hash', async () => {
    const fake = setup();
    const dep = (await call(fake, 'POST', '/deposits', { body: { token: 'dai', chain: 'polygon', amount: '3.5' } })).body.data;
    expect(emitted(fake)).toEqual([
      [
        'deposit.created',
        expect.objectContaining({ depositId: dep.id, token: 'DAI', amount: '3.5', transactionHash: dep.transactionHash }),
      ],
    ]);
  });
});

describe('withdrawals', () => {
  it('stores the withdrawal, lists it as a pending transaction and emits deposit.withdrawn', async () => {
    const fake = setup();
    const body = { token: 'eth', chain: 'arbitrum', amount: '1.5', toAddress: ADDRESS };
    const created = (await call(fake, 'POST', '/deposits/withdrawals', { body })).body.data;
    expect(created).toMatchObject({ token: 'ETH', chain: 'Arbitrum', amount: '1.5', toAddress: ADDRESS, status: 'pending' });
    const got = await call(fake, 'GET', `/deposits/withdrawals/${created.id}`);
    expect(got.body.data).toEqual(created);
    const txs = (await call(fake, 'GET', '/transactions')).body.data.items;
    expect(txs).toEqual([
      {
        id: expect.stringMatching(/^tx_/),
        type: 'withdrawal',
        token: 'ETH',
        chain: 'Arbitrum',
        amount: '1.5',
        status: 'pending',
        createdAt: created.createdAt,
      },
    ]);
    expect(emitted(fake)).toEqual([
      [
        'deposit.withdrawn',
        expect.objectContaining({ withdrawalId: created.id, token: 'ETH', amount: '1.5', toAddress: ADDRESS }),
      ],
    ]);
  });

  it('answers 404 naming the id of a withdrawal that does not exist', async () => {
    const res = await call(setup(), 'GET', '/deposits/withdrawals/wd_missing');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('"wd_missing"');
  });
});

describe('PATCH /credit/{id}', () => {
  it('emits credit.line_updated only when the limit really changes, with the old and new limit', async () => {
    const fake = setup();
    const line = await newLine(fake, '5000');
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: '5000.00' } });
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'active' } });
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: {} });
    expect(emitted(fake)).toEqual([]);
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: '6000' } });
    expect(emitted(fake)).toEqual([
      ['credit.line_updated', expect.objectContaining({ creditLineId: line.id, limit: '6000.00', previousLimit: '5000.00' })],
    ]);
  });

  it('emits credit.frozen once, when an active line is frozen', async () => {
    const fake = setup();
    const line = await newLine(fake, '100');
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'active' } });
    const frozen = await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'frozen' } });
    expect(frozen.body.data).toMatchObject({ status: 'frozen', limit: '100.00' });
    expect(emitted(fake)).toEqual([['credit.frozen', expect.objectContaining({ creditLineId: line.id })]]);
    await call(fake, 'PATCH', `/credit/${line.id}`, { body: { status: 'frozen' } });
    expect(emitted(fake)).toEqual([['credit.frozen', expect.objectContaining({ creditLineId: line.id })]]);
  });

  it('lets the limit go down to exactly the amount in use, not below', async () => {
    const fake = setup();
    const seeded = (await call(fake, 'GET', '/credit')).body.data.items[0];
    expect(seeded.used).toBe('2500.00');
    const below = await call(fake, 'PATCH', `/credit/${seeded.id}`, { body: { limit: '2499.99' } });
    expect(errorCode(below)).toBe('HEALTH_FACTOR_LOW');
    const exact = await call(fake, 'PATCH', `/credit/${seeded.id}`, { body: { limit: '2500' } });
    expect(exact.body.data).toMatchObject({ limit: '2500.00', used: '2500.00', available: '0.00' });
  });

  it('changes nothing for an invalid body, and names the id of a missing line', async () => {
    const fake = setup();
    const line = await newLine(fake, '100');
    const before = fake.admin.snapshot();
    const bad = await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: 'lots', status: 'open' } });
    expect(bad.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['limit', 'INVALID_AMOUNT'],
      ['status', 'INVALID_VALUE'],
    ]);
    expect(fake.admin.snapshot()).toEqual(before);
    expect(emitted(fake)).toEqual([]);
    const missing = await call(fake, 'PATCH', '/credit/cl_missing', { body: { limit: '1' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('"cl_missing"');
  });
});

describe('POST /payments', () => {
  it('reduces the amount in use, records a payment transaction and emits payment.received', async () => {
    const fake = setup();
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    const paid = (await call(fake, 'POST', '/payments', { body: { creditLineId: line.id, amount: '500.25', token: 'usdc' } }))
      .body.data;
    expect(paid).toMatchObject({ creditLineId: line.id, amount: '500.25', token: 'USDC', status: 'confirmed' });
    const txs = (await call(fake, 'GET', '/transactions')).body.data.items;
    expect(txs).toEqual([
      {
        id: expect.stringMatching(/^tx_/),
        type: 'payment',
        token: 'USDC',
        chain: 'Ethereum',
        amount: '500.25',
        status: 'confirmed',
        createdAt: paid.createdAt,
      },
    ]);
    expect(emitted(fake)).toEqual([
      [
        'payment.received',
        expect.objectContaining({ paymentId: paid.id, creditLineId: line.id, amount: '500.25', token: 'USDC' }),
      ],
    ]);
  });

  it('clears the balance, never below zero, when the payment is the amount in use or more', async () => {
    const fake = setup();
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    await call(fake, 'POST', '/payments', { body: { creditLineId: line.id, amount: '3000', token: 'USDC' } });
    expect((await call(fake, 'GET', `/credit/${line.id}`)).body.data).toMatchObject({ used: '0.00', available: line.limit });
  });

  it('refuses an invalid body with every problem and changes nothing', async () => {
    const fake = setup();
    const before = fake.admin.snapshot();
    const res = await call(fake, 'POST', '/payments', { body: { amount: 'ten', token: 'DOGE' } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['creditLineId', 'REQUIRED'],
      ['amount', 'INVALID_AMOUNT'],
      ['token', 'INVALID_TOKEN'],
    ]);
    expect(fake.admin.snapshot()).toEqual(before);
  });

  it('refuses a payment in another token than the line', async () => {
    const fake = setup();
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    expect(errorCode(await call(fake, 'POST', '/payments', { body: { creditLineId: line.id, amount: '1', token: 'DAI' } }))).toBe(
      'INVALID_TOKEN',
    );
  });
});

describe('retrieval by id', () => {
  it('answers 404 naming the kind and the id of a deposit, credit line or payment that does not exist', async () => {
    const fake = setup();
    for (const [path, what] of [
      ['/deposits', 'Deposit'],
      ['/credit', 'Credit line'],
      ['/payments', 'Payment'],
    ]) {
      const res = await call(fake, 'GET', `${path}/x_missing`);
      expect(res.status).toBe(404);
      expect(res.body.message).toContain(`${what} "x_missing" does not exist`);
    }
  });
});
