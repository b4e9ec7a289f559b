// A worker that keeps finding events claims each next one with the statement that marks the last
// one done, against a real PostgreSQL: one commit per event, and a claim of its own only when the
// chain starts. A claim so made still counts the attempt before the handler runs, with a lease that
// runs from the claim, and a worker that stops gives back the event it claimed last.
import type { PoolClient } from 'pg';
import { afterEach, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type WebhookInboxWorker } from '../../../src/postgres/index.js';
import { deferred } from '../../helpers/deferred.js';
import { depositEvent } from '../../helpers/inbox-event.js';
import { tapStatements } from '../../helpers/statement-tap.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 30_000 });

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

interface Sent {
  readonly text: string;
  readonly inTransaction: boolean;
}

// A claim on its own, or with the done mark of the event before.
const isClaim = (text: string) => text.startsWith('WITH next AS') || text.startsWith('WITH done AS');
const claims = (sent: Sent[]) => sent.filter((s) => isClaim(s.text));

it('50 events, one worker: 50 commits, each claim but the first made by the done mark of the event before', async () => {
  const pool = pg.pool({ max: 4 });
  const sent: Sent[] = [];
  tapStatements(pool, (text, inTransaction) => sent.push({ text, inTransaction }));
  const reader = pg.pool({ max: 1 });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined } });
  for (let i = 0; i < 50; i++) await inbox.accept(depositEvent(`evt_chain_${i}`));
  const attempts: number[] = [];
  const committed: unknown[] = [];
  const { promise: all, resolve: resolveAll } = deferred();
  workers.push(
    inbox.work({
      concurrency: 1,
      pollIntervalMs: 60_000,
      on: {
        'deposit.created': async (event, { db, attempt }: { db: PoolClient; attempt: number }) => {
          attempts.push(attempt);
          // The attempt is committed before the handler runs, whichever transaction claimed it.
          const { rows } = await reader.query(
            'SELECT attempts, started_at IS NOT NULL AS started FROM credit_platform_webhook_inbox WHERE event_id = $1',
            [event.id],
          );
          committed.push(rows[0]);
          await db.query('SELECT 1');
          if (attempts.length === 50) resolveAll();
        },
      },
    }),
  );
  await all;
  await workers[0]?.stop();
  expect(attempts).toEqual(Array(50).fill(1));
  expect(committed).toEqual(Array(50).fill({ attempts: 1, started: true }));
  // From the first claim on (the table's creation commits before it).
  const worked = sent.slice(sent.findIndex((s) => s.text.startsWith('WITH next AS')));
  expect(worked.filter((s) => s.text === 'COMMIT')).toHaveLength(50);
  const alone = claims(worked).filter((s) => !s.inTransaction);
  const chained = claims(worked).filter((s) => s.inTransaction);
  // Events 2 to 50, each claimed by the transaction of the one before; the 50th's claimed nothing,
  // as the worker was stopping. The first claim alone, and perhaps one that looked again.
  expect(chained).toHaveLength(49);
  expect(alone.length).toBeGreaterThanOrEqual(1);
  expect(alone.length).toBeLessThanOrEqual(2);
  const done = await pg.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM credit_platform_webhook_inbox WHERE status = 'done' AND attempts = 1",
  );
  expect(done[0]?.n).toBe(50);
});

it('a claim made in a long transaction leases the event from the claim, not from when that transaction began', async () => {
  const pool = pg.pool({ max: 4 });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined }, retryDelayMs: () => 1_000 });
  await inbox.accept(depositEvent('evt_slow'));
  await inbox.accept(depositEvent('evt_next'));
  const reader = pg.pool({ max: 1 });
  const leases: number[] = [];
  const leased: boolean[] = [];
  const { promise: all, resolve: resolveAll } = deferred();
  workers.push(
    inbox.work({
      concurrency: 1,
      timeoutMs: 2_000,
      on: {
        'deposit.created': async (event) => {
          if (event.id === 'evt_slow') {
            // Half the lease (2 s + 1 s) the next event's claim gives it.
            await new Promise((resolve) => setTimeout(resolve, 1_500));
            return;
          }
          const { rows } = await reader.query<{ ms: number; leased: boolean }>(
            'SELECT extract(epoch FROM leased_until - started_at) * 1000 AS ms, leased_until > clock_timestamp() AS leased ' +
              "FROM credit_platform_webhook_inbox WHERE event_id = 'evt_next'",
          );
          leases.push(Number(rows[0]?.ms));
          leased.push(rows[0]?.leased === true);
          resolveAll();
        },
      },
    }),
  );
  await all;
  expect(leases).toEqual([3_000]);
  // Claimed as the slow event's transaction ended: still leased while it runs, so no other worker takes it.
  expect(leased).toEqual([true]);
});

it('a worker that stops with a claimed event in hand gives it back, uncounted', async () => {
  const pool = pg.pool({ max: 4 });
  let worker: WebhookInboxWorker | undefined;
  let stopping: Promise<void> | undefined;
  // The worker stops just as the first event's transaction claims the next one.
  tapStatements(pool, (text, inTransaction) => {
    if (inTransaction && isClaim(text)) stopping ??= worker?.stop();
  });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined } });
  await inbox.accept(depositEvent('evt_first'));
  await inbox.accept(depositEvent('evt_second'));
  const ran: string[] = [];
  worker = inbox.work({ concurrency: 1, on: { 'deposit.created': (event) => void ran.push(event.id) } });
  workers.push(worker);
  await vi.waitFor(() => expect(stopping).toBeDefined());
  await stopping;
  expect(ran).toEqual(['evt_first']);
  const rows = await pg.query<{ event_id: string; status: string; attempts: number; started: boolean }>(
    'SELECT event_id, status, attempts, started_at IS NOT NULL AS started FROM credit_platform_webhook_inbox ORDER BY event_id',
  );
  expect(rows).toEqual([
    { event_id: 'evt_first', status: 'done', attempts: 1, started: false },
    { event_id: 'evt_second', status: 'pending', attempts: 0, started: false },
  ]);
});

it('a claim leases the event for its deadline and then its attempt’s retry delay, 1 s at least', async () => {
  const pool = pg.pool({ max: 4 });
  // A deadline of 2 s; attempt 1 retries after 250 ms (leased 2 s + 1 s), attempt 2 after 5 s (leased 2 s + 5 s).
  const retryDelayMs = (attempt: number) => (attempt === 1 ? 250 : 5_000);
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined }, retryDelayMs });
  await inbox.accept(depositEvent('evt_leased'));
  const reader = pg.pool({ max: 1 });
  const leases: number[] = [];
  workers.push(
    inbox.work({
      concurrency: 1,
      timeoutMs: 2_000,
      onError: () => undefined,
      on: {
        'deposit.created': async (event) => {
          const { rows } = await reader.query<{ ms: number }>(
            'SELECT extract(epoch FROM leased_until - started_at) * 1000 AS ms FROM credit_platform_webhook_inbox WHERE event_id = $1',
            [event.id],
          );
          leases.push(Number(rows[0]?.ms));
          if (leases.length === 1) throw new Error('once more');
        },
      },
    }),
  );
  await vi.waitFor(() => expect(leases).toHaveLength(2), { timeout: 10_000 });
  expect(leases).toEqual([3_000, 7_000]);
});

it('a handler slower than its retry delay runs once: the lease outlasts its deadline, so no other worker takes it', async () => {
  const pool = pg.pool({ max: 6 });
  const errors: unknown[] = [];
  // Leased for 3 s (deadline) + 1 s (the least of a lease's retry delay); the handler takes 2 s.
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined }, retryDelayMs: () => 1 });
  await inbox.accept(depositEvent('evt_slow_once'));
  const runs: number[] = [];
  const { promise: finished, resolve: finish } = deferred();
  workers.push(
    inbox.work({
      concurrency: 3,
      pollIntervalMs: 50,
      timeoutMs: 3_000,
      onError: (error) => void errors.push(error),
      on: {
        'deposit.created': async (_event, { attempt }) => {
          runs.push(attempt);
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          finish();
        },
      },
    }),
  );
  await finished;
  // Past the 1 s a lease of the retry delay alone would give, the other two workers polled 20 times a second.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(runs).toEqual([1]);
  expect(errors).toEqual([]);
  await vi.waitFor(async () =>
    expect(await pg.query('SELECT status, attempts FROM credit_platform_webhook_inbox')).toEqual([
      { status: 'done', attempts: 1 },
    ]),
  );
});

it('the deadline runs from the claim: an event that waited for a connection has that much less of it', async () => {
  // One connection for events and one for the worker's LISTEN: a connection the test takes while
  // the first event runs is the one the second event waits for.
  const pool = pg.pool({ max: 2 });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined }, retryDelayMs: () => 60_000 });
  await inbox.accept(depositEvent('evt_a'));
  await inbox.accept(depositEvent('evt_b'));
  const errors: unknown[] = [];
  let held: Promise<void> | undefined;
  workers.push(
    inbox.work({
      concurrency: 1,
      reservedConnections: 0,
      timeoutMs: 2_000,
      onError: (error) => void errors.push(error),
      on: {
        'deposit.created': async (event) => {
          if (event.id === 'evt_a') {
            // Queued now, served as evt_a's transaction hands its connection back (evt_b claimed by then): kept 1.5 s.
            held = pool.connect().then(async (client) => {
              await new Promise((resolve) => setTimeout(resolve, 1_500));
              client.release();
            });
            return;
          }
          // 1 s of work: within a 2 s deadline from the handler's start, past what is left of it from the claim.
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        },
      },
    }),
  );
  await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 10_000 });
  await held;
  expect(String(errors[0])).toMatch(/timed out after 2000 ms/);
  const rows = await pg.query<{ event_id: string; status: string; attempts: number }>(
    'SELECT event_id, status, attempts FROM credit_platform_webhook_inbox ORDER BY event_id',
  );
  expect(rows).toEqual([
    { event_id: 'evt_a', status: 'done', attempts: 1 },
    { event_id: 'evt_b', status: 'pending', attempts: 1 },
  ]);
});
