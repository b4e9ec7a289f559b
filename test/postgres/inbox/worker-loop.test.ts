// When an inbox worker looks for events, against a real PostgreSQL with a poll (60 s) far beyond
// each test's wait: an idle worker does not keep claiming, a failed event does not put the worker
// to sleep while others are due, and a replay that put nothing back wakes nobody.
import { afterEach, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type WebhookInboxWorker } from '../../../src/postgres/index.js';
import { depositEvent } from '../../helpers/inbox-event.js';
import { tapStatements } from '../../helpers/statement-tap.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 30_000 });

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An inbox whose claims are counted as its connections send them. */
function countedInbox(options: { maxAttempts?: number } = {}) {
  const pool = pg.pool({ max: 6 });
  const claims = { n: 0 };
  tapStatements(pool, (text) => {
    if (text.startsWith('WITH next AS')) claims.n++;
  });
  return { inbox: createPostgresWebhookInbox(pool, { logger: { warn: () => undefined }, ...options }), claims };
}

it('an idle worker looks once per loop, then waits for its poll or a new event', async () => {
  const { inbox, claims } = countedInbox();
  workers.push(inbox.work({ concurrency: 2, pollIntervalMs: 60_000, on: {} }));
  await pause(500);
  expect(claims.n).toBeGreaterThanOrEqual(1);
  expect(claims.n).toBeLessThanOrEqual(4);
});

it('a failed event does not put its worker to sleep while another is due', async () => {
  const { inbox } = countedInbox({ maxAttempts: 1 });
  // Several failures in a row: a wake-up from elsewhere (the LISTEN starting) can hide one.
  const ids = ['evt_fails_1', 'evt_fails_2', 'evt_fails_3', 'evt_next'];
  for (const id of ids) await inbox.accept(depositEvent(id));
  const ran: string[] = [];
  workers.push(
    inbox.work({
      concurrency: 1,
      pollIntervalMs: 60_000,
      onError: () => undefined,
      on: {
        'deposit.created': (event) => {
          ran.push(event.id);
          if (event.id !== 'evt_next') throw new Error('fails');
        },
      },
    }),
  );
  await vi.waitFor(() => expect(ran).toEqual(ids), { timeout: 10_000 });
});

/** Waits until no claim has been sent for 300 ms: the worker's first loops and its LISTEN's wake-up are over. */
async function settled(claims: { n: number }): Promise<number> {
  let seen: number;
  do {
    seen = claims.n;
    await pause(300);
  } while (claims.n !== seen);
  return seen;
}

it('a replay that put nothing back wakes no worker', async () => {
  const { inbox, claims } = countedInbox();
  workers.push(inbox.work({ concurrency: 2, pollIntervalMs: 60_000, on: {} }));
  const before = await settled(claims);
  expect(await inbox.replay('evt_unknown')).toBe(0);
  expect(await inbox.replay({ status: 'dead' })).toBe(0);
  await pause(300);
  expect(claims.n).toBe(before);
});
