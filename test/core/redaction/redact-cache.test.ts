// A call's secrets are spelled out once, however many strings of its error and log lines are
// redacted: the `secrets` array the call builds is the key of that work.
import { describe, expect, it, vi } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { encodedSpellings } from '../../../src/core/redaction/secret-spellings.js';

vi.mock('../../../src/core/redaction/secret-spellings.js', async (original) => {
  const actual = await original<typeof import('../../../src/core/redaction/secret-spellings.js')>();
  return { ...actual, encodedSpellings: vi.fn(actual.encodedSpellings) };
});

describe('redact: the spellings of a call', () => {
  it('are computed once per secrets array, and afresh for another array', () => {
    const spelled = vi.mocked(encodedSpellings);
    spelled.mockClear();
    const secrets = ['cpk_live_cache_0001', 'whsec_cache_0002'];
    for (let i = 0; i < 5; i++) expect(redact(`a cpk_live_cache_0001 ${i}`, secrets)).toBe(`a [REDACTED] ${i}`);
    expect(spelled).toHaveBeenCalledTimes(2);
    expect(redact('whsec_cache_0002', [...secrets])).toBe('[REDACTED]');
    expect(spelled).toHaveBeenCalledTimes(4);
  });
});
