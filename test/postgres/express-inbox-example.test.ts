// examples/webhooks/express-inbox.ts over loopback against a real PostgreSQL: deliveries are
// acknowledged while the ledger is unavailable, and credited once each when the worker can.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createInboxApp,
  createInboxLedger,
  INBOX_LEDGER_TABLE,
  startLedgerWorker,
} from '../../examples/webhooks/express-inbox.js';
import type { WebhookInboxWorker } from '../../src/postgres/index.js';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_express_inbox';
const pg = usePostgresServer();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('examples/webhooks/express-inbox.ts', () => {
  it('acknowledges every delivery while the ledger table is missing, then credits each deposit once', async () => {
    const pool = pg.pool();
    const inbox = createInboxLedger(pool);
    const server = createInboxApp(inbox, { secret: SECRET }).listen(0, '127.0.0.1');
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    const worker: WebhookInboxWorker = startLedgerWorker(inbox, { onError: () => undefined, pollIntervalMs: 20 });
    cleanups.unshift(() => worker.stop());

    const send = async (i: number, signature?: string) => {
      const signed = createSignedWebhookDelivery({
        type: 'deposit.created',
        id: `evt_ex_${i}`,
        data: {
          depositId: `dep_${i}`,
          token: 'USDC',
          amount: `${i}.00`,
          transactionHash: `0x${i.toString(16).padStart(64, '0')}`,
          account: `acct_${i % 2}`,
        },
        secret: SECRET,
      });
      const response = await fetch(url, {
        method: 'POST',
        body: signed.body,
        headers: { ...signed.headers, ...(signature ? { 'x-webhook-signature': signature } : {}) },
      });
      return response.status;
    };
    // No ledger table yet: every credit fails, every delivery is still acknowledged.
    for (let i = 0; i < 20; i++) expect(await send(i)).toBe(200);
    expect(await send(99, '0'.repeat(64))).toBe(401);
    expect(await send(3)).toBe(200); // a duplicate
    await vi.waitFor(async () => expect((await inbox.stats()).pending).toBe(20));

    await pg.query(INBOX_LEDGER_TABLE);
    // Due now, rather than after their retry delays.
    await pg.query('UPDATE credit_platform_webhook_inbox SET due_at = now()');
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(20), { timeout: 30_000 });
    expect(await pg.query('SELECT count(*)::int AS n, sum(amount)::text AS total FROM ledger')).toEqual([
      { n: 20, total: '190.00' },
    ]);
  });
});
