import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { hash32, hexDigits, IdFactory, pick } from '../../../src/testing/store/random.js';

describe('seeded ids', () => {
  // Users pin these in fixtures ("the same seed gives the same ids, keys and transactions"):
  // a change here breaks their tests, so it must be a deliberate, announced one.
  it('the same seed gives the same account id, key and history as every earlier release', () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 2 });
    expect(fake.accountId).toBe('acc_0001c9b1cc54');
    expect(fake.apiKey).toBe('cpk_test_65cf24c63fe1fd9629b0f7a32fd8e49e8389d361');
    const ids = new IdFactory(1);
    expect([ids.next('dep_'), ids.next('dep_'), ids.next('wh_')]).toEqual([
      'dep_0001b1d7ed3a',
      'dep_00025a3a2a03',
      'wh_0001a319fabd',
    ]);
    expect([ids.secret('whsec_'), ids.secret('whsec_')]).toEqual([
      'whsec_62e3dd11084f9c45b832bfd7cf39990512f557a4',
      'whsec_e3d9ee93dde4ee3e4fb806c08b3535eca10647a3',
    ]);
    expect(hexDigits(20, 1, 2, 3)).toBe('08deb50a74f7790704e6');
  });

  it('ids count up per prefix in base 36, unique and in issue order; another seed gives other tails', () => {
    const ids = new IdFactory(7);
    const issued = Array.from({ length: 40 }, () => ids.next('tx_'));
    expect(issued.map((id) => id.slice(3, 7))).toEqual(
      Array.from({ length: 40 }, (_, i) => (i + 1).toString(36).padStart(4, '0')),
    );
    expect([...issued].sort()).toEqual(issued);
    expect(new Set(issued).size).toBe(40);
    for (const id of issued) expect(id).toMatch(/^tx_[0-9a-z]{4}[0-9a-f]{8}$/);
    expect(ids.next('dep_')).toMatch(/^dep_0001/);
    expect(new IdFactory(8).next('tx_')).not.toBe(issued[0]);
    expect(new IdFactory(7).next('tx_')).toBe(issued[0]);
  });

  it('prefixes with the same counter get different tails, even prefixes of equal length', () => {
    const ids = new IdFactory(1);
    const tails = ['dep_', 'pay_', 'yld_', 'scr_', 'a', 'b', 'ab', 'ba'].map((p) => ids.next(p).slice(p.length + 4));
    expect(new Set(tails).size).toBe(tails.length);
  });

  it('secrets are 40 hex digits after the prefix, new on every call, and separate from the id counter', () => {
    const ids = new IdFactory(1);
    const first = ids.secret('cpk_test_');
    const second = ids.secret('cpk_test_');
    expect(first).toMatch(/^cpk_test_[0-9a-f]{40}$/);
    expect(second).not.toBe(first);
    expect(ids.next('cpk_test_')).toMatch(/^cpk_test_0001/);
    expect(ids.secret('other_').slice(6)).not.toBe(first.slice(9));
  });
});

describe('hash helpers', () => {
  it('hexDigits gives exactly the length asked for, across hash blocks, with the shorter a prefix of the longer', () => {
    for (const length of [0, 1, 7, 8, 9, 16, 40, 64])
      expect(hexDigits(length, 3, 4)).toMatch(new RegExp(`^[0-9a-f]{${length}}$`));
    expect(hexDigits(64, 3, 4).startsWith(hexDigits(9, 3, 4))).toBe(true);
    const blocks = hexDigits(64, 3, 4).match(/.{8}/g) ?? [];
    expect(new Set(blocks).size).toBe(8);
  });

  it('hash32 is an unsigned 32-bit value that depends on every part and their order', () => {
    const values = [hash32(1, 2, 3), hash32(1, 2, 4), hash32(3, 2, 1), hash32(1, 2), hash32(-1, 2, 3)];
    for (const v of values) expect(Number.isInteger(v) && v >= 0 && v < 2 ** 32).toBe(true);
    expect(new Set(values).size).toBe(values.length);
    expect(hash32(1, 2, 3)).toBe(hash32(1, 2, 3));
  });

  it('pick reaches every element and only elements', () => {
    const items = ['a', 'b', 'c', 'd', 'e'] as const;
    const seen = new Set(Array.from({ length: 200 }, (_, i) => pick(items, 9, i)));
    expect([...seen].sort()).toEqual([...items]);
  });
});
