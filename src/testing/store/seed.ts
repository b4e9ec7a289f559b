import { fakeTransactionHash } from './generated-transactions.js';
import type { AccountState, Store } from './store.js';

/**
 * A few records in each category so every list of the default account has something
 * to show. Built with plain inserts: seeding is not an API call and emits no events.
 */
export function seedSampleRecords(store: Store, state: AccountState): void {
  const now = store.nowIso();
  const ids = store.ids;
  state.deposits.insert({
    id: ids.next('dep_'),
    token: 'USDC',
    chain: 'Base',
    amount: '5000.00',
    status: 'confirmed',
    transactionHash: fakeTransactionHash(store.seed, 1),
    createdAt: now,
  });
  const line = {
    id: ids.next('cl_'),
    limit: '10000.00',
    used: '2500.00',
    available: '7500.00',
    token: 'USDC',
    tier: state.account.creditTier,
    status: 'active',
    healthFactor: '1.85',
    createdAt: now,
    updatedAt: now,
  };
  state.credit.insert(line);
  state.payments.insert({
    id: ids.next('pay_'),
    creditLineId: line.id,
    amount: '250.00',
    token: 'USDC',
    status: 'confirmed',
    createdAt: now,
  });
  state.yield.insert({
    id: ids.next('yld_'),
    token: 'ETH',
    chain: 'Ethereum',
    apy: '3.20',
    earned: '0.0415',
    autoCompound: true,
    createdAt: now,
    updatedAt: now,
  });
  state.yield.insert({
    id: ids.next('yld_'),
    token: 'USDC',
    chain: 'Arbitrum',
    apy: '5.10',
    earned: '12.75',
    autoCompound: false,
    createdAt: now,
    updatedAt: now,
  });
  state.scores.insert({
    id: ids.next('scr_'),
    accountId: state.account.id,
    score: 712,
    tier: state.account.creditTier,
    factors: { repaymentHistory: 'good', collateralRatio: '1.85' },
    updatedAt: now,
  });
}
