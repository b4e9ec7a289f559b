import { describe, expect, it } from 'vitest';
import { excerpt } from '../../src/errors/excerpt.js';

describe('excerpt', () => {
  it('keeps a body of up to 500 characters whole, and cuts a longer one there, saying how long it was', () => {
    expect(excerpt('')).toBe('');
    expect(excerpt('a'.repeat(500))).toBe('a'.repeat(500));
    expect(excerpt(`${'a'.repeat(500)}b`)).toBe(`${'a'.repeat(500)}… (501 characters)`);
    expect(excerpt('x'.repeat(10_000))).toBe(`${'x'.repeat(500)}… (10000 characters)`);
  });
});
