// A claim writes no index entry, against a real PostgreSQL: it changes no column an index holds or
// filters on, and the table leaves room on each page, so PostgreSQL writes the row's new version
// beside the old one (a HOT update). Counted by PostgreSQL's own per-transaction counters, in a
// transaction rolled back afterwards.
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookInbox } from '../../../src/postgres/index.js';
import { attemptLeases, leasesParameter } from '../../../src/postgres/inbox/attempt/claim.js';
import { checkInboxTable, inboxTable } from '../../../src/postgres/inbox/table/inbox-table.js';
import { depositEvent } from '../../helpers/inbox-event.js';
import { usePostgresServer } from '../../helpers/use-postgres.js';

vi.setConfig({ testTimeout: 30_000 });

const pg = usePostgresServer();
const { worker } = inboxTable(checkInboxTable('credit_platform_webhook_inbox', 'test'), 'public');
const leases = leasesParameter(attemptLeases(() => 1_000, 8, 60_000));

/** Runs `statement` in a transaction rolled back afterwards: the rows it updated, and how many of them in place. */
async function updatesOf(statement: { name: string; text: string }, values: unknown[]) {
  const client = await pg.pool({ max: 1 }).connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query({ ...statement, values });
    const [counted] = (
      await client.query<{ updated: number; inPlace: number }>(
        "SELECT pg_stat_get_xact_tuples_updated('credit_platform_webhook_inbox'::regclass)::int AS updated, " +
          'pg_stat_get_xact_tuples_hot_updated(\'credit_platform_webhook_inbox\'::regclass)::int AS "inPlace"',
      )
    ).rows;
    await client.query('ROLLBACK');
    return { rows, ...counted };
  } finally {
    client.release();
  }
}

describe('a claim', () => {
  it('updates the row in place, on a page the receiver filled: the pages keep room for it', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: { warn: () => undefined } });
    // More rows than one page holds when filled to the brim: the first claim's row is on a page the inserts filled.
    for (let i = 0; i < 80; i++) await inbox.accept(depositEvent(`evt_place_${String(i).padStart(2, '0')}`));
    const [first] = await pg.query<{ page: string }>(
      "SELECT (ctid::text::point)[0]::int::text AS page FROM credit_platform_webhook_inbox WHERE event_id = 'evt_place_00'",
    );
    const [onPage] = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM credit_platform_webhook_inbox WHERE (ctid::text::point)[0]::int = ${Number(first?.page)}`,
    );
    expect(onPage?.n).toBeGreaterThan(1);

    const claimed = await updatesOf(worker.claim, [leases, 8]);
    expect(claimed.rows).toEqual([expect.objectContaining({ event_id: 'evt_place_00', attempts: 1, died: false })]);
    expect(claimed).toMatchObject({ updated: 1, inPlace: 1 });
  });

  it('made with a done mark updates its row in place; the done mark, which leaves the pending indexes, does not', async () => {
    const inbox = createPostgresWebhookInbox(pg.pool(), { logger: { warn: () => undefined } });
    await inbox.accept(depositEvent('evt_place_a'));
    await inbox.accept(depositEvent('evt_place_b'));
    await pg.query(
      "UPDATE credit_platform_webhook_inbox SET attempts = 1, started_at = now(), leased_until = now() + interval '1 minute' " +
        "WHERE event_id = 'evt_place_a'",
    );
    const marked = await updatesOf(worker.markDoneClaimNext, [leases, 8, 'evt_place_a', 1]);
    expect(marked.rows).toEqual([expect.objectContaining({ done: 1, event_id: 'evt_place_b', attempts: 1 })]);
    expect(marked).toMatchObject({ updated: 2, inPlace: 1 });
  });
});
