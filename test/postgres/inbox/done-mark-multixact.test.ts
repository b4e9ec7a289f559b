// The done mark makes no MultiXact, even inside a savepoint the handler left open: the event's
// transaction holds no lock on the row before it (the claim's lease keeps other workers away). A
// lock and an update of one row by two transaction ids would make one, whose dead row versions
// index scans never mark, so every claim would walk every event done since the last vacuum.
// Asserted on PostgreSQL's MultiXact counter, read at a checkpoint before and after.
import { describe, expect, it, vi } from 'vitest';
import type { PoolClient } from 'pg';
import { createPostgresWebhookInbox, type PostgresWebhookInbox } from '../../../src/postgres/index.js';
import { createWebhookReceiver } from '../../../src/webhooks/index.js';
import { signedDeposit } from '../../helpers/signed-deposit.js';
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

/** Stores EVENTS deliveries `<prefix>_<n>` through a receiver, as a service would send them. */
async function receiveAll(inbox: PostgresWebhookInbox<PoolClient>, prefix: string): Promise<void> {
  const receive = createWebhookReceiver({ secret: SECRET, inbox });
  for (let i = 0; i < EVENTS; i++) expect((await receive(signedDeposit(`${prefix}_${i}`, SECRET))).status).toBe(200);
}

describe('the done mark', () => {
  it('makes no MultiXact: events whose handlers write, and events whose handlers write nothing', async () => {
    await pg.query('CREATE TABLE ledger (event_id text PRIMARY KEY)');
    const inbox = createPostgresWebhookInbox(pg.pool());
    await receiveAll(inbox, 'evt_mx');
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

  it('makes no MultiXact when the handler leaves its savepoints open, and keeps what they hold', async () => {
    await pg.query('CREATE TABLE ledger (event_id text PRIMARY KEY)');
    const inbox = createPostgresWebhookInbox(pg.pool());
    await receiveAll(inbox, 'evt_sp');
    const before = await nextMultiXactId();
    const worker = inbox.work({
      concurrency: 2,
      on: {
        'deposit.created': async (event, { db }) => {
          // The guide's pattern: a statement that may fail inside a savepoint, rolled back to it
          // when it fails, the savepoint left open; and a second one, of a name used twice.
          await db.query('SAVEPOINT credit');
          await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]);
          await db.query('SAVEPOINT "Again"');
          await db.query('SAVEPOINT credit');
          await db.query('INSERT INTO ledger (event_id) VALUES ($1)', [event.id]).catch(() => undefined);
          await db.query('ROLLBACK TO SAVEPOINT credit');
        },
      },
    });
    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(EVENTS), { timeout: 30_000, interval: 100 });
    await worker.stop();
    expect(await pg.query('SELECT count(*)::int AS n FROM ledger')).toEqual([{ n: EVENTS }]);
    expect((await nextMultiXactId()) - before).toBe(0);
  });
});
