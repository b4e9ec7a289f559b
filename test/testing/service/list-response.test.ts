import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode } from '../../helpers/fake-call.js';

const fakeWith = (transactions: number) => createFakeCreditPlatform({ clock: createManualClock(), transactions });

describe('GET /transactions pagination', () => {
  it('returns 25 items by default, with a next cursor', async () => {
    const res = await call(fakeWith(60), 'GET', '/transactions');
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(25);
    expect(typeof res.body.data.nextCursor).toBe('string');
  });

  it('accepts up to 100 and refuses other limits with 422 INVALID_LIMIT', async () => {
    const fake = fakeWith(150);
    expect((await call(fake, 'GET', '/transactions?limit=100')).body.data.items).toHaveLength(100);
    expect((await call(fake, 'GET', '/transactions?limit=1')).body.data.items).toHaveLength(1);
    for (const bad of ['0', '101', 'abc', '1.5', '-1', '', '1e2']) {
      const res = await call(fake, 'GET', `/transactions?limit=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(errorCode(res)).toBe('INVALID_LIMIT');
      expect(res.body.errors?.[0]?.field).toBe('limit');
    }
  });

  it('refuses an unknown cursor, and a cursor of another list, with 422 INVALID_CURSOR', async () => {
    const fake = fakeWith(30);
    const depositsCursor = (await call(fake, 'GET', '/yield?limit=1')).body.data.nextCursor as string;
    for (const cursor of ['abc123', 'not base64!', depositsCursor, btoa('transactions:999999')]) {
      const res = await call(fake, 'GET', `/transactions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(422);
      expect(errorCode(res)).toBe('INVALID_CURSOR');
    }
  });

  it('walks every item exactly once, in order, and ends with nextCursor null', async () => {
    const fake = fakeWith(1_000);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=73&cursor=${cursor}` : '?limit=73';
      const res = await call(fake, 'GET', `/transactions${query}`);
      seen.push(...res.body.data.items.map((t: { id: string }) => t.id));
      cursor = res.body.data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(1_000 / 73));
    expect(seen).toHaveLength(1_000);
    expect(new Set(seen).size).toBe(1_000);
  });

  it('still yields each item once while new transactions arrive mid-walk', async () => {
    const fake = fakeWith(50);
    const first = await call(fake, 'GET', '/transactions?limit=40');
    const added = fake.admin.addTransaction(fake.accountId, { amount: '5.00' });
    const second = await call(fake, 'GET', `/transactions?limit=40&cursor=${first.body.data.nextCursor}`);
    const ids = [...first.body.data.items, ...second.body.data.items].map((t: { id: string }) => t.id);
    expect(ids).toHaveLength(51);
    expect(new Set(ids).size).toBe(51);
    expect(ids.at(-1)).toBe(added.id);
    expect(second.body.data.nextCursor).toBeNull();
  });

  it('generates the same data for the same seed, and records match their retrieval', async () => {
    const a = await call(fakeWith(10), 'GET', '/transactions?limit=10');
    const b = await call(fakeWith(10), 'GET', '/transactions?limit=10');
    expect(a.body.data).toEqual(b.body.data);
    const tx = a.body.data.items[3];
    expect(tx).toMatchObject({ id: expect.stringMatching(/^tx_/), amount: expect.stringMatching(/^\d+\.\d{2}$/) });
    const fake = fakeWith(10);
    expect((await call(fake, 'GET', `/transactions/${tx.id}`)).body.data).toEqual(tx);
    expect((await call(fake, 'GET', '/transactions/tx_g00000099abcd')).status).toBe(404);
  });

  it('keeps an empty list well-formed', async () => {
    const res = await call(fakeWith(0), 'GET', '/transactions');
    expect(res.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('repeats a missing id of up to 100 characters whole in the 404, and cuts a longer one at 100 with "…"', async () => {
    const fake = fakeWith(0);
    const message = async (id: string) => (await call(fake, 'GET', `/transactions/${id}`)).body.message as string;
    const hundred = `tx_${'a'.repeat(97)}`;
    expect(await message(hundred)).toMatch(new RegExp(`^Transaction "${hundred}" does not exist`));
    expect(await message(`${hundred}b`)).toMatch(new RegExp(`^Transaction "${hundred}…" does not exist`));
  });
});
