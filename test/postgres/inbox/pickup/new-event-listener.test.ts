// New events reach idle workers without waiting for their poll: a NOTIFY from the receiver's insert
// wakes a worker in another process, the receiving process wakes its own workers directly, and a
// LISTEN connection that fails or is killed leaves polling running and comes back. Every worker
// here polls once a minute, so an event run within seconds was woken, not polled.
import type { Pool, PoolClient } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type PostgresPool, type WebhookInboxWorker } from '../../../../src/postgres/index.js';
import { createWebhookReceiver } from '../../../../src/webhooks/index.js';
import { type InboxWorkerProcess, startInboxWorkerProcess } from '../../../helpers/inbox-worker-process.js';
import { signedDeposit } from '../../../helpers/signed-deposit.js';
import { usePostgresServer } from '../../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'whsec_inbox_pickup';
const A_MINUTE = 60_000;
const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
const processes: InboxWorkerProcess[] = [];

afterEach(async () => {
  await Promise.all([...workers.splice(0).map((worker) => worker.stop()), ...processes.splice(0).map((p) => p.kill())]);
});

function delivery(id: string) {
  return signedDeposit(id, SECRET);
}

/** A receiver on a pool of its own, as in another process: its in-process wake-up reaches no worker here. */
async function otherReceiver() {
  const inbox = createPostgresWebhookInbox(pg.pool({ max: 2 }));
  await inbox.stats();
  const receive = createWebhookReceiver({ secret: SECRET, inbox });
  return async (id: string) => expect((await receive(delivery(id))).status).toBe(200);
}

/** The backend ids of the sessions whose last statement was a LISTEN. */
async function listeners(): Promise<number[]> {
  const found = await pg.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN %' ORDER BY pid");
  return found.map((row) => row.pid);
}

/** `pool`, whose connections refuse `LISTEN` (calling `onListen` each time). */
function refusingListen(pool: Pool, onListen: () => void = () => undefined): PostgresPool<PoolClient> {
  const refusing = {
    options: pool.options,
    query: pool.query.bind(pool),
    on: pool.on.bind(pool),
    listenerCount: pool.listenerCount.bind(pool),
    connect: async () => {
      const client = await pool.connect();
      const query = client.query.bind(client) as (text: unknown, ...rest: unknown[]) => unknown;
      // The pool's own query() calls it with a callback, on a connection this wrapped before.
      return Object.assign(client, {
        query(text: unknown, ...rest: unknown[]) {
          if (typeof text !== 'string' || !text.startsWith('LISTEN')) return query(text, ...rest);
          onListen();
          return Promise.reject(new Error('LISTEN refused by the test'));
        },
      });
    },
  };
  return refusing as unknown as PostgresPool<PoolClient>;
}

describe('a worker in another process', () => {
  it('starts a new event at once on the receiver’s NOTIFY, not at its next poll a minute later', async () => {
    await pg.query('CREATE TABLE ledger (event_id text NOT NULL, deposit_id text NOT NULL, amount numeric NOT NULL)');
    const send = await otherReceiver();
    const worker = startInboxWorkerProcess({ DATABASE_URL: pg.server.url, CONCURRENCY: '1', POLL_MS: String(A_MINUTE) });
    processes.push(worker);
    await worker.printed('working');
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: 20_000, interval: 100 });

    await send('evt_notified');
    await worker.printed('wrote evt_notified');
    // `wrote` is printed inside the handler; its row is visible once the event's transaction commits.
    await vi.waitFor(async () => expect(await pg.query('SELECT event_id FROM ledger')).toEqual([{ event_id: 'evt_notified' }]), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe('a worker in the receiving process', () => {
  it('starts a new event at once: the receiver wakes it without a round trip through PostgreSQL', async () => {
    const ran: string[] = [];
    // Its LISTEN connection cannot open: only the in-process wake-up is left.
    const inbox = createPostgresWebhookInbox(refusingListen(pg.pool()));
    const receive = createWebhookReceiver({ secret: SECRET, inbox });
    const worker = inbox.work({
      pollIntervalMs: A_MINUTE,
      onError: () => undefined,
      on: { 'deposit.created': (event) => void ran.push(event.id) },
    });
    workers.push(worker);
    await inbox.stats();
    // Settled into its minute-long sleep after the first look found nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await receive(delivery('evt_local'))).status).toBe(200);
    await vi.waitFor(() => expect(ran).toEqual(['evt_local']), { timeout: 10_000 });
  });
});

describe('the LISTEN connection', () => {
  it('refused: the worker reports it, keeps polling (events still run), and tries again', async () => {
    const ran: string[] = [];
    const errors: unknown[] = [];
    let listens = 0;
    const refusing = refusingListen(pg.pool(), () => listens++);
    const worker = createPostgresWebhookInbox(refusing).work({
      pollIntervalMs: 200,
      onError: (error) => void errors.push(error),
      on: { 'deposit.created': (event) => void ran.push(event.id) },
    });
    workers.push(worker);
    const send = await otherReceiver();
    await send('evt_polled');
    await vi.waitFor(() => expect(ran).toEqual(['evt_polled']), { timeout: 10_000 });
    // Once at start, again a second later.
    await vi.waitFor(() => expect(listens).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const reported = errors[0] as Error;
    expect(reported.message).toMatch(/LISTEN connection failed; it polls for new events until the connection is back/);
    expect((reported.cause as Error).message).toBe('LISTEN refused by the test');
  });

  it('killed by the server: the worker reconnects, and a NOTIFY wakes it again', async () => {
    const ran: string[] = [];
    const errors: unknown[] = [];
    const inbox = createPostgresWebhookInbox(pg.pool());
    workers.push(
      inbox.work({
        pollIntervalMs: A_MINUTE,
        onError: (error) => void errors.push(error),
        on: { 'deposit.created': (event) => void ran.push(event.id) },
      }),
    );
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [killed] = await listeners();
    await pg.query('SELECT pg_terminate_backend($1)', [killed]);

    await vi.waitFor(
      async () => {
        const now = await listeners();
        expect(now).toHaveLength(1);
        expect(now).not.toContain(killed);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((errors[0] as Error).message).toMatch(/LISTEN connection failed/);
    const send = await otherReceiver();
    await send('evt_after_reconnect');
    await vi.waitFor(() => expect(ran).toEqual(['evt_after_reconnect']), { timeout: 10_000 });
  });

  it('is closed when the worker stops: no LISTEN session is left', async () => {
    const worker = createPostgresWebhookInbox(pg.pool()).work({ pollIntervalMs: A_MINUTE, on: {} });
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: 20_000, interval: 100 });
    await worker.stop();
    await vi.waitFor(async () => expect(await listeners()).toEqual([]), { timeout: 10_000, interval: 100 });
  });
});
