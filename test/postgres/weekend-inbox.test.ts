import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import type { FakeCreditPlatform } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { usePostgresServer } from '../helpers/use-postgres.js';
import { dependencyDown, fakeService, runWeekend, SECRET } from '../helpers/weekend.js';

// The weekend (test/helpers/weekend.ts) with the inbox: the receiver stores each event and answers
// 200, a worker runs the handler from the inbox and retries it while the ledger is down.
// test/integration/weekend-classic.test.ts runs the same weekend with the classic receiver.

const pg = usePostgresServer();

describe('the weekend with the inbox receiver: the ledger is down for 20 h', () => {
  it('keeps the subscription active, the watch reports nothing, and every event is credited once', async () => {
    const pool = pg.pool();
    await pool.query('CREATE TABLE ledger (event_id text PRIMARY KEY, amount numeric NOT NULL)');
    // Retries every 50 ms of real time: the 48 hours pass in a few seconds here.
    const inbox = createPostgresWebhookInbox(pool, {
      maxAttempts: 10_000,
      retryDelayMs: () => 50,
      logger: { warn: () => undefined },
    });
    const fake = fakeService(createWebhookHandler({ secret: SECRET, inbox }));
    const start = fake.clock.now();
    let failedRuns = 0;
    const worker = inbox.work({
      on: {
        'deposit.created': async (event, { db }) => {
          if (dependencyDown(fake as FakeCreditPlatform, start)) {
            failedRuns++;
            throw new Error('ledger database is down');
          }
          await db.query('INSERT INTO ledger (event_id, amount) VALUES ($1, $2)', [event.id, event.data.amount]);
        },
      },
      onError: () => undefined,
      pollIntervalMs: 20,
      concurrency: 4,
    });
    try {
      const { events, reportedAt, subscription } = await runWeekend(fake);
      expect(subscription.status).toBe('active');
      expect(reportedAt).toEqual([]);
      // Every delivery was acknowledged at its first attempt: the service never retried one.
      const deliveries = fake.admin.deliveries();
      expect(deliveries).toHaveLength(48);
      expect(deliveries.every((d) => d.outcome === 'succeeded' && d.responseStatus === 200 && d.attempt === 1)).toBe(true);
      expect(failedRuns).toBeGreaterThan(0); // the worker did meet the outage

      await vi.waitUntil(async () => (await inbox.stats()).done === 48, { timeout: 20_000, interval: 50 });
      const rows = await pg.query<{ event_id: string }>('SELECT event_id FROM ledger ORDER BY event_id');
      expect(rows.map((r) => r.event_id)).toEqual([...events].sort());
      expect(await inbox.stats()).toMatchObject({ pending: 0, dead: 0, done: 48 });
    } finally {
      await worker.stop();
    }
  });
});
