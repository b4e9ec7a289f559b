import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call } from '../../helpers/fake-call.js';

const NOW = '2026-01-01T00:00:00.000Z';

describe('sample records of the default account', () => {
  it('give every list something to show, in the shapes of the spec', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
    const list = async (path: string) => (await call(fake, 'GET', path)).body.data.items;
    const [deposit] = await list('/deposits');
    expect(deposit).toEqual({
      id: expect.stringMatching(/^dep_/),
      token: 'USDC',
      chain: 'Base',
      amount: '5000.00',
      status: 'confirmed',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      createdAt: NOW,
    });
    const lines = await list('/credit');
    expect(lines).toEqual([
      {
        id: expect.stringMatching(/^cl_/),
        limit: '10000.00',
        used: '2500.00',
        available: '7500.00',
        token: 'USDC',
        tier: 'SECURED_ONLY',
        status: 'active',
        healthFactor: '1.85',
        createdAt: NOW,
        updatedAt: NOW,
      },
    ]);
    expect(await list('/payments')).toEqual([
      {
        id: expect.stringMatching(/^pay_/),
        creditLineId: lines[0].id,
        amount: '250.00',
        token: 'USDC',
        status: 'confirmed',
        createdAt: NOW,
      },
    ]);
    expect(await list('/yield')).toEqual([
      expect.objectContaining({ token: 'ETH', chain: 'Ethereum', apy: '3.20', earned: '0.0415', autoCompound: true }),
      expect.objectContaining({ token: 'USDC', chain: 'Arbitrum', apy: '5.10', earned: '12.75', autoCompound: false }),
    ]);
    expect(await list('/scores')).toEqual([
      {
        id: expect.stringMatching(/^scr_/),
        accountId: fake.accountId,
        score: 712,
        tier: 'SECURED_ONLY',
        factors: { repaymentHistory: 'good', collateralRatio: '1.85' },
        updatedAt: NOW,
      },
    ]);
    expect(await list('/deposits/withdrawals')).toEqual([]);
    expect(fake.admin.events()).toEqual([]);
  });

  it('a new account starts with none of them', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
    const account = fake.admin.createAccount();
    const { key } = fake.admin.createKey(account.id);
    for (const path of ['/deposits', '/credit', '/payments', '/yield', '/scores']) {
      expect((await call(fake, 'GET', path, { key })).body.data.items).toEqual([]);
    }
  });
});
