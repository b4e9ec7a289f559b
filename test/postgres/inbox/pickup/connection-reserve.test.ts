// The workers never take the pool's last connections: with pg's default pool (10) and
// `concurrency: 10`, handlers that hold their events leave the receiver connections to store (and
// acknowledge) deliveries; the cap is said once; a pool too small for any reserve is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../../../src/errors/index.js';
import { createPostgresWebhookInbox, type WebhookInboxWorker } from '../../../../src/postgres/index.js';
import { createWebhookReceiver } from '../../../../src/webhooks/index.js';
import { signedDeposit } from '../../../helpers/signed-deposit.js';
import { usePostgresServer } from '../../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'whsec_inbox_reserve';
const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
let release: () => void = () => undefined;

afterEach(async () => {
  release();
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

function delivery(id: string) {
  return signedDeposit(id, SECRET);
}

describe('the connections the workers leave to the receiver', () => {
  it('pg’s default pool and concurrency 10: 7 events at once, one warning, and deliveries stored while all 7 hold theirs', async () => {
    const warnings: string[] = [];
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: { warn: (message) => warnings.push(message) } });
    const receive = createWebhookReceiver({ secret: SECRET, inbox });
    for (let i = 0; i < 12; i++) expect((await receive(delivery(`evt_held_${i}`))).status).toBe(200);

    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    workers.push(
      inbox.work({
        concurrency: 10,
        on: {
          'deposit.created': async () => {
            running++;
            most = Math.max(most, running);
            await held;
            running--;
          },
        },
      }),
    );
    await vi.waitFor(() => expect(running).toBe(7), { timeout: 20_000 });

    // Every event connection is taken and held: the receiver still stores at once.
    for (let i = 0; i < 5; i++) expect((await receive(delivery(`evt_meanwhile_${i}`))).status).toBe(200);
    expect(most).toBe(7);
    expect(warnings).toEqual([
      "credit-platform: inbox.work runs 7 events at once, not the 10 of `concurrency`: the Pool's 10 connections are 7 for " +
        "events, 2 kept for the receiver and other statements (reservedConnections), and 1 for this worker's LISTEN. " +
        'Give the Pool 13 connections (`new Pool({ max })`) to run 10.',
    ]);
  });

  it('counts every worker on the pool: a second worker gets what the first left', async () => {
    const warnings: string[] = [];
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 8 }), { logger: { warn: (message) => warnings.push(message) } });
    workers.push(inbox.work({ concurrency: 3, on: {} }));
    expect(warnings).toEqual([]);
    workers.push(inbox.work({ concurrency: 3, on: {} }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/runs 1 event at once, not the 3 .* 4 held by other inbox workers on this pool/);
  });

  it('refuses a pool too small to keep the reserve and run one event, and gives the connections back on stop', async () => {
    const pool = pg.pool({ max: 4 });
    const inbox = createPostgresWebhookInbox(pool);
    const first = inbox.work({ on: {} });
    let refused: unknown;
    try {
      inbox.work({ on: {} });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect(refused).toMatchObject({ option: 'reservedConnections' });
    expect((refused as Error).message).toBe(
      "inbox.work: a Pool of 4 connections leaves none for this worker's events (2 kept for the receiver and other " +
        "statements (reservedConnections), 2 held by other inbox workers on this pool, and 1 for this worker's LISTEN). " +
        'Give the Pool at least 6 connections (`new Pool({ max })`), or lower reservedConnections.',
    );
    await first.stop();
    workers.push(inbox.work({ on: {} }));
  });

  it('takes `reservedConnections: 0` for a process that receives nothing, and refuses what is not an integer ≥ 0', () => {
    const inbox = createPostgresWebhookInbox(pg.pool({ max: 2 }));
    workers.push(inbox.work({ reservedConnections: 0, on: {} }));
    for (const value of [-1, 1.5, '2', Number.NaN]) {
      expect(() => inbox.work({ reservedConnections: value as number, on: {} })).toThrow(
        /`reservedConnections` must be an integer ≥ 0 \(default 2\)/,
      );
    }
  });
});
