// One spelling of chains and tokens: the fake answers in the spelling of the SDK's `Chain` and
// `Token` types (KNOWN_CHAINS, KNOWN_TOKENS), whatever case the request used, and its own data
// uses the same spelling.
import { describe, expect, it } from 'vitest';
import { CreditPlatform, KNOWN_CHAINS, KNOWN_TOKENS } from '../../../src/index.js';
import { createFakeCreditPlatform, type FakeCreditPlatform } from '../../../src/testing/index.js';
import { CHAINS, TOKENS } from '../../../src/testing/service/validate.js';
import { call } from '../../helpers/fake-call.js';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

function clientOf(fake: FakeCreditPlatform): CreditPlatform {
  return new CreditPlatform({
    apiKey: fake.apiKey,
    baseUrl: 'https://fake.test/api/v1',
    fetch: (input: string | URL | Request, init?: RequestInit) => fake.handle(new Request(input, init)),
  });
}

describe('chains and tokens on the fake', () => {
  it("accepts exactly the SDK's known chains and tokens, in the same spelling", () => {
    expect(CHAINS).toEqual(KNOWN_CHAINS);
    expect(TOKENS).toEqual(KNOWN_TOKENS);
  });

  it.each(KNOWN_CHAINS.flatMap((chain) => KNOWN_TOKENS.map((token) => [chain, token] as const)))(
    'a deposit on %s in %s reads back with the same spelling',
    async (chain, token) => {
      const fake = createFakeCreditPlatform({ transactions: 0 });
      const client = clientOf(fake);
      const created = await client.deposits.create({ chain, token, amount: '1.00' });
      expect([created.chain, created.token]).toEqual([chain, token]);
      const read = await client.deposits.retrieve(created.id);
      expect([read.chain, read.token]).toEqual([chain, token]);
      const [tx] = (await client.transactions.list()).items;
      expect([tx?.chain, tx?.token]).toEqual([chain, token]);
    },
  );

  it('answers in the SDK spelling when sent another case', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    const deposit = await call(fake, 'POST', '/deposits', { body: { token: 'usdc', chain: 'base', amount: '1' } });
    expect([deposit.body.data.chain, deposit.body.data.token]).toEqual(['Base', 'USDC']);
    const withdrawal = await call(fake, 'POST', '/deposits/withdrawals', {
      body: { token: 'WSTETH', chain: 'ARBITRUM', amount: '1', toAddress: ADDRESS },
    });
    expect([withdrawal.body.data.chain, withdrawal.body.data.token]).toEqual(['Arbitrum', 'wstETH']);
  });

  it('lists the supported chains in the SDK spelling when refusing one', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    const refused = await call(fake, 'POST', '/deposits', { body: { token: 'USDC', chain: 'Solana', amount: '1' } });
    expect(refused.body.errors?.[0]?.message).toBe(`Chain not supported; use one of ${KNOWN_CHAINS.join(', ')}`);
  });

  it('spells the seeded records, generated transactions and admin-added ones the same way', async () => {
    const fake = createFakeCreditPlatform({ transactions: 200 });
    const client = clientOf(fake);
    fake.admin.addTransaction(fake.accountId, { type: 'deposit', amount: '1.00' });
    const line = (await client.credit.list()).items[0];
    await client.payments.create({ creditLineId: line!.id, amount: '1.00', token: 'USDC' });
    const records = [
      ...(await client.transactions.list().toArray({ max: 1_000 })),
      ...(await client.deposits.list().toArray({ max: 100 })),
      ...(await client.yield.list().toArray({ max: 100 })),
    ];
    const chains = new Set(records.map((r) => (r as { chain?: string }).chain).filter((c) => c !== undefined));
    const tokens = new Set(records.map((r) => (r as { token?: string }).token).filter((t) => t !== undefined));
    expect([...chains].sort()).toEqual([...KNOWN_CHAINS].sort());
    expect([...tokens].sort()).toEqual([...KNOWN_TOKENS].sort());
  });
});
