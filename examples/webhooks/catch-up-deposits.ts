// The webhooks guide's catch-up recipe ("Never lose an event", "After a subscription turned
// inactive"), exactly as the guide shows it below this comment: test/guide/catch-up-deposits.test.ts
// holds them equal and runs it against the fake, test/postgres/catch-up-ledger.test.ts runs the
// PostgreSQL ledger against a real server.
import type { CreditPlatform } from 'credit-platform';

/** Your ledger, keyed by the deposit's on-chain hash: the webhook handler and the catch-up credit through it. */
export interface Ledger {
  /** Credits a deposit unless that hash was credited already; resolves whether it credited now. */
  creditDeposit(deposit: { transactionHash: string; token: string; amount: string }): Promise<boolean>;
}

// The six attempts of the delivery that turned the subscription inactive span 14 h 36 min
// (spec 6.4): any event after that delivery's first attempt may never have been handled.
const RETRY_SPAN_MS = 15 * 60 * 60 * 1000;

/**
 * Credits every confirmed deposit recorded since `inactiveAt` minus the retry span that the
 * ledger does not hold yet. Safe to run again: the ledger credits each hash once.
 */
export async function catchUpDeposits(
  client: CreditPlatform,
  ledger: Ledger,
  inactiveAt: Date,
): Promise<{ checked: number; credited: number }> {
  const since = inactiveAt.getTime() - RETRY_SPAN_MS;
  let checked = 0;
  let credited = 0;
  // The service does not say in which order it lists transactions: read every page.
  for await (const tx of client.transactions.list({ limit: 100 })) {
    if (tx.type !== 'deposit' || tx.status !== 'confirmed' || !tx.transactionHash) continue;
    if (!tx.createdAt || Date.parse(tx.createdAt) < since) continue;
    checked++;
    const deposit = { transactionHash: tx.transactionHash, token: tx.token ?? '', amount: tx.amount ?? '0' };
    if (await ledger.creditDeposit(deposit)) credited++;
  }
  return { checked, credited };
}

/**
 * The ledger in PostgreSQL (`db`: a `pg` Pool or client), one row per deposit hash:
 * CREATE TABLE ledger (transaction_hash text PRIMARY KEY, token text NOT NULL, amount numeric NOT NULL);
 * The inbox worker credits through the same statement, so a deposit is credited once whichever comes first.
 */
export function postgresLedger(db: { query(text: string, values: unknown[]): Promise<{ rowCount: number | null }> }): Ledger {
  return {
    async creditDeposit({ transactionHash, token, amount }) {
      const { rowCount } = await db.query(
        'INSERT INTO ledger (transaction_hash, token, amount) VALUES ($1, $2, $3) ON CONFLICT (transaction_hash) DO NOTHING',
        [transactionHash, token, amount],
      );
      return rowCount === 1;
    },
  };
}
