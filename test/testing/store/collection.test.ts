import { describe, expect, it } from 'vitest';
import { Collection, type GeneratedRecords } from '../../../src/testing/store/collection.js';
import { FakeHttpError } from '../../../src/testing/http-envelope.js';

interface Rec {
  id: string;
  v: number;
}

/** `count` generated records g0..g{count-1}. */
const generated = (count: number): GeneratedRecords<Rec> => ({
  count,
  at: (i) => ({ id: `g${i}`, v: i }),
  indexOf: (id) => {
    const i = /^g(\d+)$/.test(id) ? Number(id.slice(1)) : Number.NaN;
    return i < count ? i : undefined;
  },
});

const rec = (id: string, v = 0): Rec => ({ id, v });

/** Every record a client sees walking the list `limit` at a time, with the number of pages. */
function walk(c: Collection<Rec>, limit: number): { ids: string[]; pages: number } {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = c.page(cursor, limit);
    pages++;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
    // A page that promises more must not be followed by an empty one.
    if (cursor !== undefined) expect(c.page(cursor, limit).items.length).toBeGreaterThan(0);
  } while (cursor !== undefined && pages < 1_000);
  return { ids, pages };
}

/** The cursor a forger would write: base64url of `name:seq` as the collection writes it. */
const forged = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

const invalidCursor = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FakeHttpError);
    expect(error).toMatchObject({ status: 422, errors: [{ code: 'INVALID_CURSOR', field: 'cursor' }] });
    return;
  }
  throw new Error('expected an INVALID_CURSOR error');
};

describe('Collection', () => {
  it('holds generated records first, then stored ones in insertion order', () => {
    const c = new Collection('things', generated(3));
    expect(c.size).toBe(3);
    c.insert(rec('a'));
    c.insert(rec('b'));
    expect(c.size).toBe(5);
    expect([...c.values()].map((r) => r.id)).toEqual(['g0', 'g1', 'g2', 'a', 'b']);
    expect(c.storedValues().map((r) => r.id)).toEqual(['a', 'b']);
    expect(c.get('g2')).toEqual({ id: 'g2', v: 2 });
    expect(c.get('a')).toEqual(rec('a'));
    expect(c.get('g3')).toBeUndefined();
    expect(c.get('nope')).toBeUndefined();
  });

  it('an empty collection has nothing and one empty last page', () => {
    const c = new Collection<Rec>('things');
    expect(c.size).toBe(0);
    expect([...c.values()]).toEqual([]);
    expect(c.page(undefined, 10)).toEqual({ items: [], nextCursor: null });
  });

  it('put swaps the stored record in place, and refuses one it does not store', () => {
    const c = new Collection('things', generated(2));
    c.insert(rec('a', 1));
    c.insert(rec('b', 1));
    expect(c.put(rec('b', 2))).toEqual(rec('b', 2));
    expect(c.get('b')).toEqual(rec('b', 2));
    expect(c.get('a')).toEqual(rec('a', 1));
    expect([...c.values()].map((r) => [r.id, r.v])).toEqual([
      ['g0', 0],
      ['g1', 1],
      ['a', 1],
      ['b', 2],
    ]);
    expect(() => c.put(rec('g0', 9))).toThrow('things: cannot replace a record that is not stored');
    expect(() => c.put(rec('zz'))).toThrow('things: cannot replace a record that is not stored');
    expect(c.get('g0')).toEqual({ id: 'g0', v: 0 });
    expect(c.size).toBe(4);
  });

  it('delete removes exactly that record once, leaving the others where they were', () => {
    const c = new Collection('things', generated(2));
    for (const id of ['a', 'b', 'c']) c.insert(rec(id));
    expect(c.delete('b')).toEqual(rec('b'));
    expect(c.size).toBe(4);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toEqual(rec('a'));
    expect(c.get('c')).toEqual(rec('c'));
    expect(c.delete('b')).toBeUndefined();
    expect(c.size).toBe(4);
    expect(() => c.put(rec('b'))).toThrow(/cannot replace/);
    expect(c.delete('g0')).toBeUndefined();
    expect(c.delete('nope')).toBeUndefined();
    expect(c.size).toBe(4);
    expect([...c.values()].map((r) => r.id)).toEqual(['g0', 'g1', 'a', 'c']);
    expect(c.storedValues().map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('a walk sees every live record exactly once, in order, at every page size, with holes anywhere', () => {
    for (const base of [0, 1, 3]) {
      for (const stored of [0, 1, 2, 5]) {
        for (let mask = 0; mask < 1 << stored; mask++) {
          const c = new Collection('things', base ? generated(base) : undefined);
          const ids = Array.from({ length: stored }, (_, i) => `s${i}`);
          for (const id of ids) c.insert(rec(id));
          ids.forEach((id, i) => {
            if (mask & (1 << i)) c.delete(id);
          });
          const live = [...Array.from({ length: base }, (_, i) => `g${i}`), ...ids.filter((_, i) => !(mask & (1 << i)))];
          for (const limit of [1, 2, 3, 100]) {
            const { ids: seen, pages } = walk(c, limit);
            expect(seen).toEqual(live);
            expect(pages).toBe(Math.max(1, Math.ceil(live.length / limit)));
          }
        }
      }
    }
  });

  it('a walk also sees records added behind it, and skips those deleted ahead of it', () => {
    const c = new Collection('things', generated(2));
    c.insert(rec('a'));
    c.insert(rec('b'));
    const first = c.page(undefined, 2);
    expect(first.items.map((r) => r.id)).toEqual(['g0', 'g1']);
    c.delete('a');
    c.insert(rec('c'));
    const second = c.page(first.nextCursor ?? undefined, 2);
    expect(second).toEqual({ items: [rec('b'), rec('c')], nextCursor: null });
  });

  it('a cursor stays valid after the record it points at is deleted', () => {
    const c = new Collection<Rec>('things');
    for (const id of ['a', 'b', 'c']) c.insert(rec(id));
    const first = c.page(undefined, 2);
    c.delete('b');
    expect(c.page(first.nextCursor ?? undefined, 2)).toEqual({ items: [rec('c')], nextCursor: null });
  });

  it('decodes only cursors it issued', () => {
    const c = new Collection<Rec>('things');
    for (const id of ['a', 'b', 'c']) c.insert(rec(id));
    const issued = c.page(undefined, 1).nextCursor ?? '';
    expect(issued).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(c.page(issued, 1).items).toEqual([rec('b')]);
    expect(c.page(forged('things:1'), 5).items).toEqual([rec('c')]);
    for (const bad of [
      'not a cursor!',
      '%%%',
      forged('other:0'),
      forged('things:3'),
      forged('things:99'),
      forged('things:-1'),
      forged('xthings:0'),
      forged('1things:0'),
      forged('things:0x'),
      forged('things:0\n'),
      forged(' things:0'),
      forged('things:'),
      forged('things:0000000000000001'),
    ]) {
      invalidCursor(() => c.page(bad, 1));
    }
    invalidCursor(() => new Collection<Rec>('other').page(issued, 1));
  });
});
