// A new process whose store starts while deliveries hold transactions open (the review's
// scenario: a replica's first delivery queued CREATE INDEX behind a 9 s delivery, and every later
// insert in every process queued behind that). The catalog is read first; creation waits briefly.
import type { PoolClient } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookStore } from '../../src/postgres/index.js';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../src/webhooks/index.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_creation';
const pg = usePostgresServer();

function delivery(id: string) {
  const signed = createSignedWebhookDelivery({
    type: 'deposit.created',
    id,
    data: { depositId: `dep_${id}`, token: 'USDC', amount: '1.00', transactionHash: `0x${'12'.repeat(32)}` },
    secret: SECRET,
  });
  return { body: signed.body, signature: signed.headers['x-webhook-signature'] };
}

/** A receiver in a "process" of its own (its own pool and store); `hold` keeps a handler in its transaction. */
function app(warn = vi.fn()) {
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  const receive = createWebhookReceiver({
    secret: SECRET,
    store: createPostgresWebhookStore(pg.pool(), { logger: { warn } }),
    on: {
      'deposit.created': async (event, { db }: { db: PoolClient }) => {
        await db.query('INSERT INTO ledger VALUES ($1)', [event.id]);
        if (event.id.startsWith('evt_held')) {
          entered();
          await held;
        }
      },
    },
  });
  return { receive, release: () => release(), inHandler, warn };
}

/** Resolves what `work` resolves, or 'timed out' after `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T | 'timed out'> {
  return Promise.race([work, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);
}

describe('the store’s table, created by a new process while deliveries are open', () => {
  it('neither blocks the new process nor queues the old one’s deliveries when table and index exist', async () => {
    await pg.query('CREATE TABLE ledger (event_id text NOT NULL)');
    const old = app();
    expect((await old.receive(delivery('evt_first'))).outcome).toBe('processed'); // creates the table
    const held = old.receive(delivery('evt_held'));
    await old.inHandler;

    const fresh = app();
    let replica: unknown;
    let sameProcess: unknown;
    try {
      [replica, sameProcess] = await Promise.all([
        within(3_000, fresh.receive(delivery('evt_replica'))),
        within(3_000, old.receive(delivery('evt_other'))),
      ]);
    } finally {
      old.release();
    }
    expect(replica).not.toBe('timed out');
    expect(sameProcess).not.toBe('timed out');
    expect([(replica as { outcome: string }).outcome, (sameProcess as { outcome: string }).outcome]).toEqual([
      'processed',
      'processed',
    ]);
    expect((await held).outcome).toBe('processed');
    expect(fresh.warn).not.toHaveBeenCalled();
    const stored = await pg.query<{ event_id: string }>('SELECT event_id FROM credit_platform_webhook_events ORDER BY 1');
    expect(stored.map((r) => r.event_id)).toEqual(['evt_first', 'evt_held', 'evt_other', 'evt_replica']);
  });

  it('takes an index on received_at of any name as the index, and creates none beside it', async () => {
    await pg.query('CREATE TABLE ledger (event_id text NOT NULL)');
    await pg.query(
      'CREATE TABLE credit_platform_webhook_events (event_id text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now())',
    );
    await pg.query('CREATE INDEX my_own_name ON credit_platform_webhook_events (received_at)');
    expect((await app().receive(delivery('evt_1'))).outcome).toBe('processed');
    const indexes = await pg.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'credit_platform_webhook_events' ORDER BY 1",
    );
    expect(indexes.map((r) => r.indexname)).toEqual(['credit_platform_webhook_events_pkey', 'my_own_name']);
  });

  it('gives up a missing index after a short wait when deliveries hold the table, with a warning, and delivers', async () => {
    await pg.query('CREATE TABLE ledger (event_id text NOT NULL)');
    await pg.query(
      'CREATE TABLE credit_platform_webhook_events (event_id text PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now())',
    );
    // A delivery of an older version of the app (or another tool) holds the table in an open transaction.
    const holder = await pg.pool().connect();
    await holder.query('BEGIN');
    await holder.query("INSERT INTO credit_platform_webhook_events (event_id) VALUES ('evt_held')");
    try {
      const fresh = app();
      const started = performance.now();
      const replica = await within(3_000, fresh.receive(delivery('evt_replica')));
      expect(replica).not.toBe('timed out');
      expect((replica as { outcome: string }).outcome).toBe('processed');
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(fresh.warn).toHaveBeenCalledWith(expect.stringMatching(/index on received_at .* is missing and its table is busy/), {
        error: 'canceling statement due to lock timeout',
      });
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    // Once the table is quiet, the next new process creates it.
    expect((await app().receive(delivery('evt_later'))).outcome).toBe('processed');
    const indexes = await pg.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'credit_platform_webhook_events' ORDER BY 1",
    );
    expect(indexes.map((r) => r.indexname)).toEqual([
      'credit_platform_webhook_events_pkey',
      'credit_platform_webhook_events_received_at',
    ]);
  });
});
