// A receiver process killed (SIGKILL) inside its handler, after the handler's write: with the
// Postgres store nothing is committed and the service's retry runs the handler at once; with the
// Redis store the write is committed, the id is held for the lease (retries get 503) and, once
// the lease ends, the retry credits the deposit a second time. Real processes, real servers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';
import { type ReceiverProcess, startReceiverProcess } from '../helpers/receiver-process.js';
import { usePostgresServer } from '../helpers/use-postgres.js';
import { useRedisServer } from '../helpers/use-redis.js';

const SECRET = 'whsec_crash_test';
const pg = usePostgresServer();
const redis = useRedisServer();
const running: ReceiverProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((receiver) => receiver.kill()));
});

async function receiver(env: Record<string, string>): Promise<ReceiverProcess> {
  const started = await startReceiverProcess({ WEBHOOK_SECRET: SECRET, DATABASE_URL: pg.server.url, ...env });
  running.push(started);
  return started;
}

const signed = createSignedWebhookDelivery({
  type: 'deposit.created',
  id: 'evt_crash',
  data: { depositId: 'dep_crash', token: 'USDC', amount: '250.00', transactionHash: `0x${'cd'.repeat(32)}` },
  secret: SECRET,
});

async function deliver(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { method: 'POST', body: signed.body, headers: signed.headers });
  return { status: response.status, body: await response.text() };
}

async function ledger(): Promise<number> {
  return Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM ledger'))[0]?.n);
}

/** Delivers to `victim`, and kills it once its handler has written. */
async function crashInHandler(victim: ReceiverProcess): Promise<void> {
  const answer = deliver(victim.url).catch((error: unknown) => error);
  await victim.printed('wrote evt_crash');
  await victim.kill();
  expect(await answer).toBeInstanceOf(Error); // the connection died: no answer, the service retries
}

describe('a receiver killed inside its handler', () => {
  it('Postgres store: nothing committed (no id, no credit); the retry runs the handler at once, one credit in all', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)');
    const [victim, survivor] = await Promise.all([receiver({ STORE: 'postgres', HANG: '1' }), receiver({ STORE: 'postgres' })]);
    await crashInHandler(victim!);
    expect(await pg.query('SELECT event_id FROM credit_platform_webhook_events')).toEqual([]);
    expect(await ledger()).toBe(0);

    expect(await deliver(survivor!.url)).toEqual({ status: 200, body: '{"received":true}' });
    expect(survivor!.lines.filter((line) => line === 'handling evt_crash')).toHaveLength(1);
    expect(await deliver(survivor!.url)).toEqual({ status: 200, body: '{"received":true,"duplicate":true}' });
    expect(await ledger()).toBe(1);
  });

  it('Redis store (the contrast): the credit is committed, the retry is refused 503 in_progress until the lease ends, then credits again', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)');
    const env = { STORE: 'redis', REDIS_URL: redis.server.url, LEASE_MS: '4000' };
    const [victim, survivor] = await Promise.all([receiver({ ...env, HANG: '1' }), receiver(env)]);
    await crashInHandler(victim!);
    expect(await ledger()).toBe(1);

    expect(await deliver(survivor!.url)).toEqual({ status: 503, body: '{"error":"in_progress"}' });
    expect(survivor!.lines).not.toContain('handling evt_crash');
    // The service retries later; once the lease is over, the retry runs the handler again.
    await vi.waitFor(async () => expect((await deliver(survivor!.url)).status).toBe(200), { timeout: 20_000, interval: 250 });
    expect(await ledger()).toBe(2); // at-least-once: the deposit is credited twice
  }, 40_000);

  it('Postgres store, one event delivered to two processes at once: one runs the handler, the other acknowledges a duplicate', async () => {
    await pg.query('CREATE TABLE ledger (deposit_id text NOT NULL, amount numeric NOT NULL)');
    const [a, b] = await Promise.all([
      receiver({ STORE: 'postgres', HOLD_MS: '300' }),
      receiver({ STORE: 'postgres', HOLD_MS: '300' }),
    ]);
    const answers = await Promise.all([deliver(a!.url), deliver(b!.url)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body).sort()).toEqual(['{"received":true,"duplicate":true}', '{"received":true}']);
    expect([...a!.lines, ...b!.lines].filter((line) => line === 'handling evt_crash')).toHaveLength(1);
    expect(await ledger()).toBe(1);
    expect(await pg.query('SELECT event_id FROM credit_platform_webhook_events')).toEqual([{ event_id: 'evt_crash' }]);
  });
});
