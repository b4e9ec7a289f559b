// `context.db` under a real receiver: a handler cannot commit its writes ahead of the event id,
// hand the connection back, or keep using it once its delivery is over.
import type { PoolClient } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookStore, TransactionClientError } from '../../src/postgres/index.js';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_guarded';
const pg = usePostgresServer();

function delivery(id: string) {
  const signed = createSignedWebhookDelivery({
    type: 'deposit.created',
    id,
    data: { depositId: `dep_${id}`, token: 'USDC', amount: '5.00', transactionHash: `0x${'ef'.repeat(32)}` },
    secret: SECRET,
  });
  return { body: signed.body, signature: signed.headers['x-webhook-signature'] };
}

function receiverWith(handler: (db: PoolClient, id: string) => Promise<void>) {
  const onError = vi.fn();
  const receive = createWebhookReceiver({
    secret: SECRET,
    store: createPostgresWebhookStore(pg.pool({ max: 2 })),
    onError,
    on: { 'deposit.created': (event, { db }: { db: PoolClient }) => handler(db, event.id) },
  });
  return { receive, onError };
}

const credits = async () => (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger'))[0]?.n;
const ids = async () =>
  (await pg.query<{ event_id: string }>('SELECT event_id FROM credit_platform_webhook_events')).map((r) => r.event_id);

describe('context.db under the Postgres store', () => {
  it('refuses a COMMIT in the handler, so a later failure still rolls the credit back with the id (500, retried once)', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL)');
    const { receive, onError } = receiverWith(async (db, id) => {
      await db.query('INSERT INTO ledger VALUES ($1)', [id]);
      await db.query('COMMIT').catch(() => undefined); // "make sure the credit is saved"
      throw new Error('the notification service is down');
    });
    const answer = await receive(delivery('evt_commit'));
    expect([answer.status, answer.outcome]).toEqual([500, 'handler_error']);
    expect(onError).toHaveBeenCalledWith(new Error('the notification service is down'), expect.anything());
    // The retry will credit again: the first credit must not have been committed on its own.
    expect(await credits()).toBe(0);
    expect(await ids()).toEqual([]);
  });

  it('refuses ROLLBACK, END and a { text } COMMIT with a TransactionClientError that fails the delivery when let out', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL)');
    for (const statement of ['ROLLBACK', '  end', { text: '/* done */ COMMIT' }] as const) {
      const { receive, onError } = receiverWith(async (db, id) => {
        await db.query('INSERT INTO ledger VALUES ($1)', [id]);
        await db.query(statement as string);
      });
      const answer = await receive(delivery(`evt_${JSON.stringify(statement).length}`));
      expect([answer.status, answer.outcome]).toEqual([500, 'handler_error']);
      const error = onError.mock.calls[0]?.[0] as TransactionClientError;
      expect(error).toBeInstanceOf(TransactionClientError);
      expect(error.reason).toBe('transaction_control');
    }
    expect(await credits()).toBe(0);
    expect(await ids()).toEqual([]);
  });

  it('refuses release(): the delivery fails (500), nothing is kept, and the pool is not corrupted', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL)');
    const { receive } = receiverWith(async (db, id) => {
      await db.query('INSERT INTO ledger VALUES ($1)', [id]);
      db.release();
    });
    const answer = await receive(delivery('evt_release'));
    expect([answer.status, answer.outcome]).toEqual([500, 'handler_error']);
    expect(await credits()).toBe(0);
    expect(await ids()).toEqual([]);
  });

  it('refuses a query made after the handler returned: it never lands in another delivery or outside a transaction', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL)');
    let kept: PoolClient | undefined;
    const { receive } = receiverWith(async (db, id) => {
      kept = db;
      await db.query('INSERT INTO ledger VALUES ($1)', [id]);
    });
    expect((await receive(delivery('evt_kept'))).outcome).toBe('processed');
    const late = await captureError(kept!.query('INSERT INTO ledger VALUES ($1)', ['late']));
    expect(late).toBeInstanceOf(TransactionClientError);
    expect((late as TransactionClientError).reason).toBe('settled');
    expect(await pg.query('SELECT deposit_id FROM ledger')).toEqual([{ deposit_id: 'evt_kept' }]);
  });
});
