// The statements a worker runs for every event are prepared once per connection, against a real
// PostgreSQL: the worker's connection holds the claim and the done mark (with the next claim) by name.
import type { PoolClient } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox, type WebhookInboxWorker } from '../../../src/postgres/index.js';
import { checkInboxTable, inboxTable } from '../../../src/postgres/inbox/table/inbox-table.js';
import { prepared } from '../../../src/postgres/inbox/table/prepared-statement.js';
import { deferred } from '../../helpers/deferred.js';
import { depositEvent } from '../../helpers/inbox-event.js';
import { tapStatements } from '../../helpers/statement-tap.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 30_000 });

describe('prepared', () => {
  it('names a statement for its text: one name per text, within PostgreSQL’s 63 bytes', () => {
    const a = prepared('SELECT 1');
    expect(a).toEqual({ name: expect.stringMatching(/^credit-platform:[0-9a-f]{40}$/), text: 'SELECT 1' });
    expect(prepared('SELECT 1').name).toBe(a.name);
    expect(prepared('SELECT 2').name).not.toBe(a.name);
    expect(Buffer.byteLength(a.name)).toBeLessThanOrEqual(63);
  });
});

const pg = usePostgresServer();
const workers: WebhookInboxWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

it("a worker's connection prepares the claim and the done mark with the next claim, and keeps them for its next events", async () => {
  // One connection for events: the reserve and the LISTEN take the others.
  const pool = pg.pool({ max: 4 });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined } });
  for (let i = 0; i < 5; i++) await inbox.accept(depositEvent(`evt_prepared_${i}`));
  const seen: string[][] = [];
  const { promise: all, resolve: resolveAll } = deferred();
  workers.push(
    inbox.work({
      concurrency: 1,
      on: {
        'deposit.created': async (_event, { db }: { db: PoolClient }) => {
          const { rows } = await db.query<{ name: string }>(
            "SELECT name FROM pg_prepared_statements WHERE name LIKE 'credit-platform:%' ORDER BY name",
          );
          seen.push(rows.map((row) => row.name));
          if (seen.length === 5) resolveAll();
        },
      },
    }),
  );
  await all;
  const { worker } = inboxTable(checkInboxTable('credit_platform_webhook_inbox', 'test'), 'public');
  // The first event's handler runs after the claim; the done mark that claims the next event is prepared from then on.
  expect(seen[0]).toEqual([worker.claim.name]);
  expect(seen[4]).toEqual([worker.claim.name, worker.markDoneClaimNext.name].sort());
});

it('a worker looks up the session of its connection once, not once per event', async () => {
  // One connection for events: the reserve and the LISTEN take the others.
  const pool = pg.pool({ max: 4 });
  const { worker: statements } = inboxTable(checkInboxTable('credit_platform_webhook_inbox', 'test'), 'public');
  let lookups = 0;
  tapStatements(pool, (text) => {
    if (text === statements.session) lookups++;
  });
  const inbox = createPostgresWebhookInbox(pool, { logger: { warn: () => undefined } });
  for (let i = 0; i < 5; i++) await inbox.accept(depositEvent(`evt_session_${i}`));
  let ran = 0;
  const { promise: all, resolve: resolveAll } = deferred();
  workers.push(
    inbox.work({
      concurrency: 1,
      on: {
        'deposit.created': () => {
          if (++ran === 5) resolveAll();
        },
      },
    }),
  );
  await all;
  expect(lookups).toBe(1);
});
