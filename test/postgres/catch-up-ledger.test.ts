import { describe, expect, it } from 'vitest';
import { CreditPlatform } from '../../src/index.js';
import { createFakeCreditPlatform } from '../../src/testing/index.js';
import { catchUpDeposits, postgresLedger } from '../../examples/webhooks/catch-up-deposits.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

// The webhooks guide's PostgreSQL ledger for the catch-up recipe (examples/webhooks/catch-up-deposits.ts),
// on a real server: each deposit hash is credited once, whether the worker or the catch-up came first.

const pg = usePostgresServer();

describe("the guide's PostgreSQL ledger", () => {
  it('credits each confirmed deposit once across runs, and never one the worker already credited', async () => {
    const pool = pg.pool();
    await pool.query('CREATE TABLE ledger (transaction_hash text PRIMARY KEY, token text NOT NULL, amount numeric NOT NULL)');
    const fake = createFakeCreditPlatform({ transactions: 0 });
    const client = new CreditPlatform({
      apiKey: fake.apiKey,
      baseUrl: 'https://api.example.test/api/v1',
      fetch: (input: string | URL | Request, init?: RequestInit) => fake.handle(new Request(input, init)),
    });
    const hashes = ['1.50', '2.25', '3.00'].map(
      (amount) =>
        fake.admin.addTransaction(fake.accountId, { type: 'deposit', status: 'confirmed', amount }).transactionHash as string,
    );
    const ledger = postgresLedger(pool);
    // The worker credited the first one before the subscription turned inactive.
    expect(await ledger.creditDeposit({ transactionHash: hashes[0] as string, token: 'USDC', amount: '1.50' })).toBe(true);

    const since = new Date(Date.now() + 60_000);
    expect(await catchUpDeposits(client, ledger, since)).toEqual({ checked: 3, credited: 2 });
    expect(await catchUpDeposits(client, ledger, since)).toEqual({ checked: 3, credited: 0 });
    const rows = await pg.query<{ transaction_hash: string; amount: string }>(
      'SELECT transaction_hash, amount::text FROM ledger ORDER BY amount',
    );
    expect(rows).toEqual([
      { transaction_hash: hashes[0], amount: '1.50' },
      { transaction_hash: hashes[1], amount: '2.25' },
      { transaction_hash: hashes[2], amount: '3.00' },
    ]);
  });
});
