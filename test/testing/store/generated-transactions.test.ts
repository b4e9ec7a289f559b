import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { fakeTransactionHash, generatedTransactions } from '../../../src/testing/store/generated-transactions.js';
import { hash32 } from '../../../src/testing/store/random.js';
import { call } from '../../helpers/fake-call.js';

const TYPES = ['deposit', 'withdrawal', 'payment', 'yield', 'credit_draw'];
const STATUSES = ['confirmed', 'pending', 'failed'];
const TOKENS = ['ETH', 'USDC', 'USDT', 'DAI', 'wstETH'];
const CHAINS = ['Ethereum', 'Polygon', 'Arbitrum', 'Base', 'Optimism'];

/** The first index whose amount draw is `draw` (the draw is the amount's whole part minus one). */
function indexWithDraw(draw: number): number {
  for (let i = 0; ; i++) if (hash32(1, 1, i) % 50_000 === draw) return i;
}

describe('generated transactions', () => {
  const history = generatedTransactions(1, 1, 2_000);
  // Built inside each test, so a fault in building them is one that test can see.
  const all = () => Array.from({ length: history.count }, (_, i) => history.at(i));

  it('are well-formed transactions of the spec: type, token, chain, status, positive two-decimal amount', () => {
    const records = all();
    for (const t of records) {
      expect(TYPES).toContain(t.type);
      expect(TOKENS).toContain(t.token);
      expect(CHAINS).toContain(t.chain);
      expect(STATUSES).toContain(t.status);
      expect(t.amount).toMatch(/^[1-9]\d{0,4}\.\d{2}$/);
      expect(Number(t.amount)).toBeLessThan(50_001);
    }
    for (const value of [...TYPES, ...TOKENS, ...CHAINS, ...STATUSES]) {
      expect(records.some((t) => [t.type, t.token, t.chain, t.status].includes(value))).toBe(true);
    }
  });

  it('amounts run from 1.xx to 50000.xx, never zero or negative', () => {
    expect(history.at(indexWithDraw(0)).amount).toMatch(/^1\.\d{2}$/);
    expect(history.at(indexWithDraw(1)).amount).toMatch(/^2\.\d{2}$/);
    expect(history.at(indexWithDraw(49_999)).amount).toMatch(/^50000\.\d{2}$/);
  });

  it('carry an on-chain hash unless they are payments', () => {
    const records = all();
    for (const t of records) {
      if (t.type === 'payment') expect(t).not.toHaveProperty('transactionHash');
      else expect(t.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    }
    expect(new Set(records.map((t) => t.transactionHash).filter(Boolean)).size).toBe(
      records.filter((t) => t.type !== 'payment').length,
    );
  });

  it('are oldest first, five minutes apart from 2025-01-01, so they predate the fake clock', () => {
    const records = all();
    expect(records[0]?.createdAt).toBe('2025-01-01T00:00:00.000Z');
    expect(records[1]?.createdAt).toBe('2025-01-01T00:05:00.000Z');
    expect(history.at(12).createdAt).toBe('2025-01-01T01:00:00.000Z');
    expect(generatedTransactions(1, 1, 100_000).at(99_999).createdAt < '2026-01-01').toBe(true);
  });

  it('are a pure function of (seed, account, index): same inputs, same record; other inputs, other ids', () => {
    const records = all();
    expect(generatedTransactions(1, 1, 2_000).at(1_234)).toEqual(records[1_234]);
    expect(generatedTransactions(2, 1, 10).at(3).id).not.toBe(records[3]?.id);
    expect(generatedTransactions(1, 2, 10).at(3).id).not.toBe(records[3]?.id);
    expect(new Set(records.map((t) => t.id)).size).toBe(records.length);
  });

  it('find an id by its position, and refuse any id they did not issue', () => {
    const small = generatedTransactions(1, 1, 5);
    for (let i = 0; i < 5; i++) expect(small.indexOf(small.at(i).id)).toBe(i);
    const id = small.at(2).id;
    const beyond = history.at(5).id;
    expect(beyond).toMatch(/^tx_g00000005[0-9a-f]{4}$/);
    for (const bad of [
      beyond,
      `x${id}`,
      `${id}0`,
      `${id.slice(0, -4)}${id.slice(-4) === '0000' ? '0001' : '0000'}`,
      'tx_g0000000',
      'tx_1',
    ]) {
      expect(small.indexOf(bad)).toBeUndefined();
    }
    expect(generatedTransactions(2, 1, 5).indexOf(id)).toBeUndefined();
  });

  it('are served by id through the API, and an id of another history is a 404', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 3 });
    const items = (await call(fake, 'GET', '/transactions')).body.data.items;
    expect((await call(fake, 'GET', `/transactions/${items[2].id}`)).body.data).toEqual(items[2]);
    expect((await call(fake, 'GET', `/transactions/${history.at(3).id}`)).status).toBe(404);
  });
});

describe('fakeTransactionHash', () => {
  it('is a deterministic 0x-hash that differs by seed and salt', () => {
    expect(fakeTransactionHash(1, 5)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fakeTransactionHash(1, 5)).toBe(fakeTransactionHash(1, 5));
    expect(fakeTransactionHash(1, 6)).not.toBe(fakeTransactionHash(1, 5));
    expect(fakeTransactionHash(2, 5)).not.toBe(fakeTransactionHash(1, 5));
  });
});
