// A handler that catches the failure of one of its own statements leaves the transaction aborted:
// PostgreSQL then answers COMMIT with ROLLBACK, and no error. The store must not acknowledge it.
import type { PoolClient } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { PostgresWebhookStoreError, createPostgresWebhookStore } from '../../src/postgres/index.js';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../src/webhooks/index.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_aborted';
const pg = usePostgresServer();

function delivery(id: string) {
  const signed = createSignedWebhookDelivery({
    type: 'deposit.created',
    id,
    data: { depositId: 'dep_1', token: 'USDC', amount: '25.00', transactionHash: `0x${'cd'.repeat(32)}` },
    secret: SECRET,
  });
  return { body: signed.body, signature: signed.headers['x-webhook-signature'] };
}

describe('a handler that swallows a failed statement (the catch-23505 pattern)', () => {
  it('is not acknowledged: 503, onError names the cause and the fix, no id, no credit; the fixed retry runs and commits', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)');
    await pg.query('CREATE TABLE notified (deposit_id text PRIMARY KEY)');
    // Another path notified this deposit already: the handler's "idempotent" insert collides.
    await pg.query("INSERT INTO notified VALUES ('dep_1')");
    let fixed = false;
    const onError = vi.fn();
    const calls: string[] = [];
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createPostgresWebhookStore(pg.pool()),
      onError,
      on: {
        'deposit.created': async (event, { db }: { db: PoolClient }) => {
          calls.push(event.id);
          await db.query('INSERT INTO ledger VALUES ($1, $2)', [event.data.depositId, event.data.amount]);
          if (fixed) {
            await db.query('INSERT INTO notified VALUES ($1) ON CONFLICT DO NOTHING', [event.data.depositId]);
            return;
          }
          try {
            await db.query('INSERT INTO notified VALUES ($1)', [event.data.depositId]);
          } catch (e) {
            if ((e as { code?: string }).code !== '23505') throw e;
          }
        },
      },
    });

    const first = await receive(delivery('evt_swallowed'));
    expect(first.status).toBe(503);
    expect(first.outcome).toBe('store_error');
    expect(onError).toHaveBeenCalledTimes(1);
    const [error, event] = onError.mock.calls[0] as [PostgresWebhookStoreError, { id: string }];
    expect(event.id).toBe('evt_swallowed');
    expect(error).toBeInstanceOf(PostgresWebhookStoreError);
    expect(error.reason).toBe('not_committed');
    expect(error.message).toContain('COMMIT answered ROLLBACK');
    expect(error.message).toContain('duplicate key value violates unique constraint "notified_pkey" (SQLSTATE 23505)');
    expect(error.message).toContain('SAVEPOINT');
    expect(error.message).toContain('ON CONFLICT DO NOTHING');
    expect((error.cause as { code?: string }).code).toBe('23505');
    expect(await pg.query('SELECT event_id FROM credit_platform_webhook_events')).toEqual([]);
    expect(await pg.query('SELECT deposit_id FROM ledger')).toEqual([]);

    fixed = true;
    const retried = await receive(delivery('evt_swallowed'));
    expect([retried.status, retried.outcome]).toEqual([200, 'processed']);
    expect(calls).toEqual(['evt_swallowed', 'evt_swallowed']);
    expect(await pg.query('SELECT event_id FROM credit_platform_webhook_events')).toEqual([{ event_id: 'evt_swallowed' }]);
    expect(await pg.query('SELECT deposit_id FROM ledger')).toEqual([{ deposit_id: 'dep_1' }]);
  });

  it('commits when the statement that may fail runs inside a savepoint, as the guide recommends', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)');
    await pg.query('CREATE TABLE notified (deposit_id text PRIMARY KEY)');
    await pg.query("INSERT INTO notified VALUES ('dep_1')");
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createPostgresWebhookStore(pg.pool()),
      on: {
        'deposit.created': async (event, { db }: { db: PoolClient }) => {
          await db.query('INSERT INTO ledger VALUES ($1, $2)', [event.data.depositId, event.data.amount]);
          await db.query('SAVEPOINT notify');
          try {
            await db.query('INSERT INTO notified VALUES ($1)', [event.data.depositId]);
            await db.query('RELEASE SAVEPOINT notify');
          } catch (e) {
            if ((e as { code?: string }).code !== '23505') throw e;
            await db.query('ROLLBACK TO SAVEPOINT notify');
          }
        },
      },
    });
    const answer = await receive(delivery('evt_savepoint'));
    expect([answer.status, answer.outcome]).toEqual([200, 'processed']);
    expect(await pg.query('SELECT event_id FROM credit_platform_webhook_events')).toEqual([{ event_id: 'evt_savepoint' }]);
    expect(await pg.query('SELECT deposit_id FROM ledger')).toEqual([{ deposit_id: 'dep_1' }]);
  });
});
