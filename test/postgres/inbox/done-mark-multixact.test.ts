// The done mark is written by the transaction that holds the claim's row lock, not inside the
// handler's savepoint: a lock and an update by two transaction ids of one row make a MultiXact,
// whose dead row versions index scans never mark, so every claim would walk every event done since
// the last vacuum. Asserted on PostgreSQL's MultiXact counter, read at a checkpoint before and after.
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox } from '../../../src/postgres/index.js';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../../src/webhooks/index.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'whsec_inbox_multixact';
const EVENTS = 20;
const pg = usePostgresServer();

async function nextMultiXactId(): Promise<number> {
  await pg.query('CHECKPOINT');
  const [row] = await pg.query<{ next: string }>('SELECT next_multixact_id::text AS next FROM pg_control_checkpoint()');
  return Number(row?.next);
}

describe('the done mark', () => {
  it('makes no MultiXact: events whose handlers write, and events whose handlers write nothing', async () => {
    await pg.query('CREATE TABLE ledger (event_id text PRIMARY KEY)');
    const inbox = createPostgresWebhookInbox(pg.pool());
    const receive = createWebhookReceiver({ secret: SECRET, inbox });
    for (let i = 0; i < EVENTS; i++) {
      const signed = createSignedWebhookDelivery({
        type: 'deposit.created',
        id: `evt_mx_${i}`,
        data: { depositId: `dep_${i}`, token: 'USDC', amount: '1.00', transactionHash: `0x${'ab'.repeat(32)}` },
        secret: SECRET,
      });
      expect((await receive({ body: signed.body, signature: signed.headers['x-webhook-signature'] })).status).toBe(200);
    }
    const before = await nextMultiXactId();
    const worker = inbox.work({
      concurrency: 2,
      on: {
        'deposit.created': async (event, { db }) => {
          if (Number(event.id.split('_').at(-1)) % 2 === 0)
            await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]);
        },
      },
    });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(EVENTS), { timeout: 30_000, interval: 100 });
    await worker.stop();
    expect(await pg.query('SELECT count(*)::int AS n FROM ledger')).toEqual([{ n: EVENTS / 2 }]);
    expect((await nextMultiXactId()) - before).toBe(0);
  });
});
