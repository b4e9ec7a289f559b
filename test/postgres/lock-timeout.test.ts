// A lock timeout is `in_progress` (503, Retry-After, nothing to report) only when another attempt
// holds the same id. A new id that times out on the table's lock is a store failure the operator hears about.
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookStore, PostgresWebhookStoreError } from '../../src/postgres/index.js';
import { createWebhookReceiver } from '../../src/webhooks/index.js';
import { signedDeposit } from '../helpers/signed-deposit.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_lock';
const pg = usePostgresServer();

const delivery = (id: string) => signedDeposit(id, SECRET);

describe('a lock timeout on a new id', () => {
  it('is a 503 store_error naming the locked table (onError told), never in_progress; the retry runs once the lock is gone', async () => {
    const onError = vi.fn();
    const handler = vi.fn();
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createPostgresWebhookStore(pg.pool(), { lockWaitMs: 100 }),
      onError,
      on: { 'deposit.created': handler },
    });
    expect((await receive(delivery('evt_before'))).outcome).toBe('processed'); // the table exists
    // A migration holds the table (as CREATE INDEX without CONCURRENTLY does) in an open transaction.
    const migration = await pg.pool().connect();
    await migration.query('BEGIN');
    await migration.query('LOCK TABLE credit_platform_webhook_events IN SHARE MODE');
    let answer: Awaited<ReturnType<typeof receive>>;
    try {
      answer = await receive(delivery('evt_new'));
    } finally {
      await migration.query('COMMIT');
      migration.release();
    }
    expect([answer.status, answer.outcome]).toEqual([503, 'store_error']);
    expect(answer.outcome).not.toBe('in_progress');
    expect(onError).toHaveBeenCalledTimes(1);
    const error = onError.mock.calls[0]?.[0] as PostgresWebhookStoreError;
    expect(error).toBeInstanceOf(PostgresWebhookStoreError);
    expect(error.reason).toBe('table_locked');
    expect(error.message).toMatch(
      /^credit-platform: the webhook table credit_platform_webhook_events stayed locked by another session for 100ms \(lockWaitMs\)/,
    );
    expect((error.cause as { code?: string }).code).toBe('55P03');
    expect(handler).toHaveBeenCalledTimes(1);

    expect((await receive(delivery('evt_new'))).outcome).toBe('processed');
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
