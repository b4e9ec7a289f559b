// Authentic event ids PostgreSQL's table cannot hold as they are (NUL, longer than a btree entry
// can be) are stored under a stable digest: processed once, then recognised as duplicates.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createPostgresWebhookStore } from '../../src/postgres/index.js';
import { MAX_STORED_ID_BYTES, storedEventId } from '../../src/postgres/stored-event-id.js';
import { createWebhookReceiver } from '../../src/webhooks/index.js';
import { signedDeposit } from '../helpers/signed-deposit.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const SECRET = 'whsec_ids';
const pg = usePostgresServer();

const delivery = (id: string) => signedDeposit(id, SECRET);

const digest = (id: string) => `sha256:${createHash('sha256').update(id, 'utf8').digest('hex')}`;

describe('event ids the table cannot hold as they are', () => {
  it('are processed once and then acknowledged as duplicates, stored as sha256: and the hex digest of the id', async () => {
    const long = `evt_${'x'.repeat(3_000)}`;
    const withNul = 'evt_a\u0000b';
    const longUnicode = `evt_${'é'.repeat(200)}`; // 404 UTF-8 bytes, 204 characters
    const onError = vi.fn();
    const handled: string[] = [];
    const receive = createWebhookReceiver({
      secret: SECRET,
      store: createPostgresWebhookStore(pg.pool()),
      onError,
      on: { 'deposit.created': (event) => void handled.push(event.id) },
    });
    for (const id of [long, withNul, longUnicode]) {
      const first = await receive(delivery(id));
      expect([first.status, first.outcome], id.slice(0, 12)).toEqual([200, 'processed']);
      const again = await receive(delivery(id));
      expect([again.status, again.outcome], id.slice(0, 12)).toEqual([200, 'duplicate']);
    }
    expect(onError).not.toHaveBeenCalled();
    expect(handled).toEqual([long, withNul, longUnicode]);
    const stored = await pg.query<{ event_id: string }>('SELECT event_id FROM credit_platform_webhook_events ORDER BY 1');
    expect(stored.map((r) => r.event_id).sort()).toEqual([digest(long), digest(withNul), digest(longUnicode)].sort());
    // The guide's SQL finds a long id's row from the id itself.
    const found = await pg.query(
      "SELECT 1 FROM credit_platform_webhook_events WHERE event_id = 'sha256:' || encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [long],
    );
    expect(found).toHaveLength(1);
  });

  it('keeps ids up to the limit as they are, and digests from one byte over, NUL, or the digest prefix', () => {
    const atLimit = `evt_${'a'.repeat(MAX_STORED_ID_BYTES - 4)}`;
    expect(MAX_STORED_ID_BYTES).toBe(255);
    expect(storedEventId(atLimit)).toBe(atLimit);
    expect(storedEventId(`${atLimit}a`)).toBe(digest(`${atLimit}a`));
    expect(storedEventId(`evt_${'é'.repeat(125)}`)).toBe(`evt_${'é'.repeat(125)}`); // 254 bytes
    expect(storedEventId(`evt_${'é'.repeat(126)}`)).toBe(digest(`evt_${'é'.repeat(126)}`)); // 256 bytes
    expect(storedEventId('evt_\u0000')).toBe(digest('evt_\u0000'));
    expect(storedEventId('sha256:abc')).toBe(digest('sha256:abc'));
    expect(storedEventId('evt_1')).toBe('evt_1');
    expect(storedEventId(long())).toBe(storedEventId(long()));
  });
});

function long(): string {
  return `evt_${'z'.repeat(10_000)}`;
}
