// Transactions built from their position, and the hashes of records the fake creates: pure
// functions of the fake's seed, so a seeded history costs nothing until a page reads it.
import type { GeneratedRecords } from './collection.js';
import { hash32, hexDigits, pick } from './random.js';
import type { TransactionRecord } from '../types.js';
import { CHAINS, TOKENS } from '../service/validate.js';

/** Seeded history starts here and steps forward, so it always predates "now". */
const HISTORY_START = Date.UTC(2025, 0, 1);
const HISTORY_STEP_MS = 5 * 60_000;

const TYPES: readonly TransactionRecord['type'][] = ['deposit', 'withdrawal', 'payment', 'yield', 'credit_draw'];
const STATUSES: readonly TransactionRecord['status'][] = ['confirmed', 'confirmed', 'confirmed', 'pending', 'failed'];

/**
 * `count` transactions for one account, each a pure function of (seed, account, index).
 * Ids encode the index (`tx_g` + 8 digits + 4 hex), so retrieval by id needs no table.
 */
export function generatedTransactions(seed: number, accountNo: number, count: number): GeneratedRecords<TransactionRecord> {
  const idOf = (i: number) => `tx_g${String(i).padStart(8, '0')}${hexDigits(4, seed, accountNo, i, 7)}`;
  return {
    count,
    at(i) {
      const h = hash32(seed, accountNo, i);
      const whole = (h % 50_000) + 1;
      const cents = hash32(seed, accountNo, i, 1) % 100;
      const type = pick(TYPES, seed, accountNo, i, 2);
      const record: TransactionRecord = {
        id: idOf(i),
        type,
        token: pick(TOKENS, seed, accountNo, i, 3),
        chain: pick(CHAINS, seed, accountNo, i, 4),
        amount: `${whole}.${String(cents).padStart(2, '0')}`,
        status: pick(STATUSES, seed, accountNo, i, 5),
        createdAt: new Date(HISTORY_START + i * HISTORY_STEP_MS).toISOString(),
      };
      if (type !== 'payment') record.transactionHash = `0x${hexDigits(64, seed, accountNo, i, 6)}`;
      return record;
    },
    indexOf(id) {
      // Only finds the index: the id is then compared whole with idOf(i), which refuses the rest.
      const match = /tx_g(\d{8})/.exec(id);
      if (!match) return undefined;
      const i = Number(match[1]);
      return i < count && idOf(i) === id ? i : undefined;
    },
  };
}

/** A deterministic 0x-hash for records the fake creates. */
export function fakeTransactionHash(seed: number, salt: number): string {
  return `0x${hexDigits(64, seed, salt, 99)}`;
}

/**
 * The hash of the transaction an account records at `position` of its history: unique across
 * accounts (like a real chain's) and apart from the salts of the seeded samples, which stay small.
 */
export function recordedTransactionHash(seed: number, accountNo: number, position: number): string {
  return fakeTransactionHash(seed, position + accountNo * 1_000_003);
}
