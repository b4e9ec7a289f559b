// A call's secrets are spelled out once, however many strings of its error and log lines are
// redacted: the `secrets` array the call builds is the key of that work.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/core/redaction/secret-spellings.js', async (original) => {
  const actual = await original<typeof import('../../../src/core/redaction/secret-spellings.js')>();
  return { ...actual, encodedSpellings: vi.fn(actual.encodedSpellings) };
});

describe('redact: the spellings of a call', () => {
  it('are computed once per secrets array, and afresh for another array', async () => {
    // The test setup has loaded the client, and with it redact.ts and the real spellings: this
    // test's redact.ts is loaded afresh, so that it calls the spy.
    vi.resetModules();
    const { redact } = await import('../../../src/core/redaction/redact.js');
    const { encodedSpellings } = await import('../../../src/core/redaction/secret-spellings.js');
    const spelled = vi.mocked(encodedSpellings);
    spelled.mockClear();
    const secrets = ['cpk_live_cache_0001', 'whsec_cache_0002'];
    for (let i = 0; i < 5; i++) expect(redact(`a cpk_live_cache_0001 ${i}`, secrets)).toBe(`a [REDACTED] ${i}`);
    expect(spelled).toHaveBeenCalledTimes(2);
    expect(redact('whsec_cache_0002', [...secrets])).toBe('[REDACTED]');
    expect(spelled).toHaveBeenCalledTimes(4);
  });
});
