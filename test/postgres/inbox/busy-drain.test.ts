// Ten workers on a backlog, against a real PostgreSQL: each event runs once, in its first attempt.
// Another worker's claim, passing over a row, holds its lock while that claim runs; the event's
// own transaction must wait that out rather than take the row for lost, which left the attempt
// counted, and the event reported as "the worker died during attempt 1" a lease later.
import type { PoolClient } from 'pg';
import { afterEach, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type WebhookInboxWorker } from '../../../src/postgres/index.js';
import { deferred } from '../../helpers/deferred.js';
import { depositEvent } from '../../helpers/inbox-event.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 60_000 });

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

const EVENTS = 3_000;

it(`${EVENTS} events, 10 workers: every event done in attempt 1, no failure reported`, async () => {
  const pool = pg.pool({ max: 14 });
  const warnings: unknown[] = [];
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: (...args) => warnings.push(args) } });
  await pg.query('CREATE TABLE handled (event_id text PRIMARY KEY)');
  const events = Array.from({ length: EVENTS }, (_, i) => depositEvent(`evt_drain_${i}`));
  for (let i = 0; i < EVENTS; i += 500) await Promise.all(events.slice(i, i + 500).map((event) => inbox.accept(event)));

  const failures: unknown[] = [];
  let handled = 0;
  const { promise: all, resolve: resolveAll } = deferred();
  workers.push(
    inbox.work({
      concurrency: 10,
      onError: (error) => failures.push(error),
      on: {
        'deposit.created': async (event, { db }: { db: PoolClient }) => {
          await db.query('INSERT INTO handled (event_id) VALUES ($1)', [event.id]);
          if (++handled === EVENTS) resolveAll();
        },
      },
    }),
  );
  await all;
  // The last handlers have run; their commits are settled once the worker stops.
  await workers[0]?.stop();

  expect(failures).toEqual([]);
  expect(warnings).toEqual([]);
  const rows = await pg.query<{ status: string; attempts: number; n: number }>(
    'SELECT status, attempts, count(*)::int AS n FROM credit_platform_webhook_inbox GROUP BY status, attempts',
  );
  expect(rows).toEqual([{ status: 'done', attempts: 1, n: EVENTS }]);
  expect((await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM handled'))[0]?.n).toBe(EVENTS);
});
