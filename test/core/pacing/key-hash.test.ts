// Stores see a hash of the key, never the key: the first 128 bits of SHA-256 over a
// domain-separated key, remembered for the last key only.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyHasher, hashApiKey } from '../../../src/core/pacing/key-hash.js';

const reference = (key: string) => createHash('sha256').update(`credit-platform:pacing:${key}`).digest('hex').slice(0, 32);

describe('the pacing key hash', () => {
  it('is the first 128 bits of SHA-256 over the domain-separated key, as 32 lower-case hex digits', async () => {
    expect(await hashApiKey('cp_test_key')).toBe('22caf0cf9efff33d4ce4f164acd6dc85');
    for (const key of ['', 'cp_live_\u00e9\u00e8', 'x'.repeat(1_000), 'cp_test_key\n']) {
      const hash = await hashApiKey(key);
      expect(hash).toMatch(/^[0-9a-f]{32}$/);
      expect(hash).toBe(reference(key));
    }
  });

  it('remembers the last key: the same key gives the same answer without hashing again, another key its own', async () => {
    const hasher = createKeyHasher();
    const first = hasher('cp_a');
    expect(hasher('cp_a')).toBe(first);
    const other = hasher('cp_b');
    expect(other).not.toBe(first);
    expect(await other).toBe(reference('cp_b'));
    expect(await hasher('cp_a')).toBe(reference('cp_a'));
    expect(hasher('cp_a')).toBe(hasher('cp_a'));
  });
});
