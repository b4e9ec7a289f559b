// Three worker processes on one inbox, one of them killed with SIGKILL inside its handlers (after
// their writes, before their commits): every event's effect lands exactly once. Real processes, a
// real PostgreSQL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox } from '../../src/postgres/index.js';
import { createSignedWebhookDelivery, createWebhookReceiver } from '../../src/webhooks/index.js';
import { type InboxWorkerProcess, startInboxWorkerProcess } from '../helpers/inbox-worker-process.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_inbox_crash';
const EVENTS = 300;
const pg = usePostgresServer();
const running: InboxWorkerProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.kill()));
});

describe('three inbox workers, one killed with SIGKILL inside its handlers', () => {
  it('processes every event exactly once: the victim’s uncommitted writes vanish, its events are run again by the others', async () => {
    await pg.query('CREATE TABLE ledger (event_id text NOT NULL, deposit_id text NOT NULL, amount numeric NOT NULL)');
    const inbox = createPostgresWebhookInbox(pg.pool());
    const receive = createWebhookReceiver({ secret: SECRET, inbox });
    for (let i = 0; i < EVENTS; i++) {
      const signed = createSignedWebhookDelivery({
        type: 'deposit.created',
        id: `evt_crash_${i}`,
        data: { depositId: `dep_${i}`, token: 'USDC', amount: '1.00', transactionHash: `0x${'ef'.repeat(32)}` },
        secret: SECRET,
      });
      expect((await receive({ body: signed.body, signature: signed.headers['x-webhook-signature'] })).status).toBe(200);
    }

    // The victim's events are leased for its 10 s deadline and 1 ms of retry delay (1 s at least):
    // the survivors take them once the lease ends.
    const env = { DATABASE_URL: pg.server.url, CONCURRENCY: '2', TIMEOUT_MS: '10000', RETRY_DELAY_MS: '1' };
    // The victim holds each event 60 s after writing: it is killed with two events written, uncommitted.
    const victim = startInboxWorkerProcess({ ...env, HOLD_MS: '60000' });
    running.push(victim);
    await victim.printed('wrote ', 2);
    const inHand = victim.lines.filter((line) => line.startsWith('wrote ')).map((line) => line.slice('wrote '.length));
    const survivors = [startInboxWorkerProcess({ ...env, HOLD_MS: '5' }), startInboxWorkerProcess({ ...env, HOLD_MS: '5' })];
    running.push(...survivors);
    await Promise.all(survivors.map((survivor) => survivor.printed('wrote ')));
    await victim.kill();

    await vi.waitFor(async () => expect((await inbox.stats()).done).toBe(EVENTS), { timeout: 60_000, interval: 250 });
    expect(await pg.query('SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_ids FROM ledger')).toEqual([
      { n: EVENTS, distinct_ids: EVENTS },
    ]);
    // The victim's two events were written by it, rolled back by its death, and credited once by a survivor.
    expect(inHand).toHaveLength(2);
    const ranAgain = survivors
      .flatMap((survivor) => survivor.lines)
      .filter((line) => inHand.includes(line.slice('wrote '.length)));
    expect(ranAgain).toHaveLength(2);
    expect(await inbox.stats()).toMatchObject({ pending: 0, dead: 0 });
  }, 120_000);
});
