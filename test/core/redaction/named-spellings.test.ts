// The spellings issue 35 named, one at a time, straight through redact(): alone, inside other
// text, inside a JSON string (escaped once more), and with the secret cut into two spellings.
import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { NAMED_SPELLINGS, showsNamed } from '../../helpers/named-spellings.js';

const KEY = 'cp_test_SECRET_key_9f8e7d6c5b4a';
const WEBHOOK_SECRET = 'whsec_Mixed_Case_7A6b5C4d';

describe.each(NAMED_SPELLINGS)('redact: a secret spelled as %s', (_label, spell) => {
  it.each([
    ['the key', KEY],
    ['a webhook secret', WEBHOOK_SECRET],
  ])('%s: alone, among other text and in a JSON string', (_what, secret) => {
    const spelled = spell(secret);
    // The reader of the check sees the spelling, and it is not the plain secret.
    expect(showsNamed(spelled, secret)).toBe(true);
    expect(spelled.toLowerCase()).not.toContain(secret.toLowerCase());
    // A Buffer's JSON keeps its frame (`{"type":"Buffer","data":[…]}`): the bytes are the secret.
    const alone = redact(spelled, [KEY, WEBHOOK_SECRET]);
    expect(alone.replace(/^\{[^[]*\[\s*|\s*\]\s*\}$/g, '')).toBe('[REDACTED]');
    const around = redact(`before: ${spelled} :after`, [KEY, WEBHOOK_SECRET]);
    expect(around.startsWith('before: ') && around.endsWith(' :after')).toBe(true);
    expect(showsNamed(around, secret), around).toBe(false);
    const json = redact(JSON.stringify({ echo: `got ${spelled}.` }), [KEY, WEBHOOK_SECRET]);
    expect(showsNamed(json, secret), json).toBe(false);
    expect(json).toContain('[REDACTED]');
  });
});

describe('redact: the named spellings mixed within one echo', () => {
  it('finds a secret half in one spelling, half in another', () => {
    const half = KEY.length / 2;
    for (const [, first] of NAMED_SPELLINGS.slice(0, 6)) {
      for (const [, second] of NAMED_SPELLINGS.slice(0, 6)) {
        const text = `x ${first(KEY.slice(0, half))}${second(KEY.slice(half))} y`;
        expect(showsNamed(redact(text, [KEY]), KEY), text).toBe(false);
      }
    }
  });

  it('leaves alone what only looks like an escape: a lone "&#", "%25" before non-hex, a long digit run', () => {
    const text = 'a &# b &#; %25zz %u12 \\x &#123456789; 1, 2, 3, 4';
    expect(redact(text, [KEY])).toBe(text);
  });
});
