// closestName picks the suggestion after "unknown option", "unknown field" and "unknown command":
// the nearest known name, if the typo is within a third of the name's length (at least one edit),
// case ignored. The properties check it against a plain recursive definition of the distance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName } from '../../src/utils/closest-name.js';

/**
 * The optimal-string-alignment distance by its definition (memoised recursion over suffixes):
 * drop, insert or change one character, or swap two neighbours, each for 1.
 */
function referenceDistance(a: string, b: string): number {
  const memo = new Map<string, number>();
  const from = (i: number, j: number): number => {
    if (i === a.length) return b.length - j;
    if (j === b.length) return a.length - i;
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Math.min(from(i + 1, j) + 1, from(i, j + 1) + 1, from(i + 1, j + 1) + (a[i] === b[j] ? 0 : 1));
    if (a[i] === b[j + 1] && a[i + 1] === b[j]) best = Math.min(best, from(i + 2, j + 2) + 1);
    memo.set(key, best);
    return best;
  };
  return from(0, 0);
}

/** What closestName must answer: the first of the nearest names, if near enough. */
function expected(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = referenceDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.max(1, Math.ceil(name.length / 3)) ? best : undefined;
}

// A small alphabet with both cases, so that typos, swaps and case differences are common.
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'B'), maxLength: 8 });

describe('closestName', () => {
  it('suggests the nearest known name within a third of the name, and nothing further away', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 4 }), (name, known) => {
        expect(closestName(name, known)).toBe(expected(name, known));
      }),
      { numRuns: 2000 },
    );
  });

  it('suggests a known name for the typos it is meant for', () => {
    expect(closestName('emial', ['id', 'email', 'amount'])).toBe('email');
    expect(closestName('maxRetry', ['timeout', 'maxRetries', 'baseUrl'])).toBe('maxRetries');
    expect(closestName('baseURL', ['baseUrl', 'apiKey'])).toBe('baseUrl');
    expect(closestName('trasnactions', ['deposits', 'transactions', 'webhooks'])).toBe('transactions');
    expect(closestName('deposit.craeted', ['deposit.created', 'deposit.failed'])).toBe('deposit.created');
  });

  it('suggests nothing when no name is close, or when there is none', () => {
    expect(closestName('zzz', ['id', 'email', 'amount'])).toBeUndefined();
    expect(closestName('timeout', ['baseUrl', 'apiKey'])).toBeUndefined();
    expect(closestName('email', [])).toBeUndefined();
  });

  it('counts a swap of two neighbours as one edit', () => {
    // Three letters allow one edit: a swap is one, two substitutions would be two.
    expect(closestName('bac', ['abc'])).toBe('abc');
    expect(closestName('acb', ['abc'])).toBe('abc');
    expect(closestName('bca', ['abc'])).toBeUndefined();
  });

  it('allows exactly a third of the name, rounded up, and at least one edit', () => {
    // Six letters: two edits, not three.
    expect(closestName('abcdef', ['abcdXY'])).toBe('abcdXY');
    expect(closestName('abcdef', ['abcXYZ'])).toBeUndefined();
    // Four letters: two edits (4 / 3 rounds up), not three.
    expect(closestName('abcd', ['abXY'])).toBe('abXY');
    expect(closestName('abcd', ['aXYZ'])).toBeUndefined();
    // One letter, or none: one edit.
    expect(closestName('a', ['b'])).toBe('b');
    expect(closestName('a', ['bc'])).toBeUndefined();
    expect(closestName('', ['b'])).toBe('b');
  });

  it('prefers the nearest name, and of equally near ones the first listed', () => {
    expect(closestName('limit', ['limits', 'limit'])).toBe('limit');
    expect(closestName('cursr', ['cursor', 'curse'])).toBe('cursor');
    expect(closestName('cursr', ['curse', 'cursor'])).toBe('curse');
  });
});
