// redact() finds a secret in every spelling an echo can give it, and leaves everything else alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { spelledIn, unescapeAll } from '../../setup/leak-guard.js';

const SECRET = 'sk_test_a/b+c"d\\e%f';
const u = (c: string, upper = false) => {
  const code = c.charCodeAt(0).toString(16).padStart(4, '0');
  return `\\u${upper ? code.toUpperCase() : code}`;
};

describe('redact', () => {
  it.each([
    ['plain', SECRET],
    ['as JSON.stringify writes it', JSON.stringify(SECRET).slice(1, -1)],
    ['escaped again, as JSON in a JSON string', JSON.stringify(JSON.stringify(SECRET)).slice(3, -3)],
    ['every character as \\uXXXX', [...SECRET].map((c) => u(c)).join('')],
    ['every character as \\uXXXX, upper-case hex', [...SECRET].map((c) => u(c, true)).join('')],
    ['a mix of escaped and plain characters', [...SECRET].map((c, i) => (i % 2 ? u(c, i % 3 === 0) : c)).join('')],
    ['"/" as "\\/"', JSON.stringify(SECRET).slice(1, -1).replaceAll('/', '\\/')],
    ['percent-encoded', encodeURIComponent(SECRET)],
  ])('finds the secret spelled %s', (_label, spelled) => {
    expect(redact(`before ${spelled} after`, [SECRET])).toBe('before [REDACTED] after');
  });

  it('finds each occurrence, of each secret, in one JSON body', () => {
    const body = JSON.stringify({ a: SECRET, b: { c: [`x${SECRET}y`, 'whsec_other'] } }).replaceAll('/', '\\/');
    expect(redact(body, [SECRET, 'whsec_other'])).toBe('{"a":"[REDACTED]","b":{"c":["x[REDACTED]y","[REDACTED]"]}}');
  });

  it('one marker for secrets that overlap or touch', () => {
    expect(redact('<abcdefgh>', ['abcdef', 'defgh'])).toBe('<[REDACTED]>');
    expect(redact('<abcd\\u0065fgh>', ['abcd', 'efgh'])).toBe('<[REDACTED]>');
  });

  it('keeps the rule for very short secrets, in any spelling', () => {
    expect(redact('abc \\u0061bc', ['abc'])).toBe('abc \\u0061bc');
    // A longer secret whose decoded form is short would shred ordinary text just the same.
    expect(redact('AB and AB', ['%41%42'])).toBe('AB and AB');
    // Also in a text that has escapes of its own (so it is searched decoded too).
    const escaped = 'AB, \\u0041B, %41B and undefined';
    expect(redact(escaped, ['%41%42'])).toBe(escaped);
  });

  it('returns a text with no secret in it unchanged, escapes and all', () => {
    const text = '{"path":"C:\\\\dir\\/file","pct":"100%","u":"\\u00e9\\uZZZZ\\"","tail":"\\';
    expect(redact(text, [SECRET])).toBe(text);
    expect(redact(text, [])).toBe(text);
  });

  it('property: a secret spelled with any mix of escapes, in any text, never survives', () => {
    const secretChar = fc.constantFrom(...'abcXYZ019_-+/=.:"é€'.split(''));
    const spelling = fc.constantFrom('plain', 'lower', 'upper', 'json', 'twice');
    const spell = (c: string, how: string) => {
      if (how === 'lower' || how === 'upper') return u(c, how === 'upper');
      if (how === 'json') return JSON.stringify(c).slice(1, -1).replace('/', '\\/');
      if (how === 'twice') return JSON.stringify(u(c)).slice(1, -1);
      return c;
    };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(secretChar, spelling), { minLength: 4, maxLength: 24 }),
        fc.string(),
        fc.string(),
        (chars, before, after) => {
          const secret = chars.map(([c]) => c).join('');
          const spelled = chars.map(([c, how]) => spell(c, how)).join('');
          const out = redact(`${before} ${spelled} ${after}`, [secret]);
          expect(out).toContain('[REDACTED]');
          expect(unescapeAll(out).replaceAll(secret, '').length).toBe(unescapeAll(out).length);
        },
      ),
    );
  });
});

// A key whose base64 holds `+` and `/` in some alignment, so base64url spells it differently.
const KEY = 'cpk_live_Zr8?~>q3/Wx_71c0ffee';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');

describe('redact: a secret echoed in an encoding', () => {
  it('the key is a fair test: its base64url differs from its base64 in every alignment', () => {
    for (const before of ['', ':', 'u:']) expect(b64url(before + KEY)).not.toBe(b64(before + KEY).replace(/=+$/, ''));
  });

  it.each([
    ['base64, padded', b64(KEY)],
    ['base64 of "key:" (Basic credentials)', `Basic ${b64(`${KEY}:`)}`],
    ['base64 of ":key" (Basic credentials)', `Basic ${b64(`:${KEY}`)}`],
    ['base64 of "user:key" (Basic credentials)', `Basic ${b64(`user:${KEY}`)}`],
    ['base64 of "us:key"', b64(`us:${KEY}`)],
    ['base64 with text either side', b64(`{"auth":"${KEY}","n":1}`)],
    ['base64url, unpadded', b64url(`u:${KEY}`)],
    ['base64url, padded', `${b64url(`:${KEY}`)}==`],
    ['base64 percent-encoded, as in a query string', encodeURIComponent(b64(`:${KEY}`))],
    ['base64 with "/" escaped, as some JSON encoders write it', b64(`u:${KEY}`).replaceAll('/', '\\/')],
    ['hex, lower case', Buffer.from(KEY).toString('hex')],
    ['hex, upper case', Buffer.from(KEY).toString('hex').toUpperCase()],
    ['upper case', KEY.toUpperCase()],
    ['lower case', KEY.toLowerCase()],
    ['upper case, JSON-escaped', JSON.stringify(KEY.toUpperCase()).slice(1, -1).replaceAll('/', '\\/')],
  ])('finds the key as %s', (_label, spelled) => {
    const out = redact(`before ${spelled} after`, [KEY]);
    expect(out).toContain('[REDACTED]');
    expect(spelledIn(out, [KEY])).toBeUndefined();
  });

  it('base64: every character that holds a bit of the secret goes, and nothing else', () => {
    // "user:" is 5 bytes: the key starts 2 bytes into a group, and 29 bytes end 1 byte into one.
    const encoded = b64(`user:${KEY}.`);
    const first = Math.floor((8 * 5) / 6);
    const end = Math.ceil((8 * (5 + KEY.length)) / 6);
    expect(redact(encoded, [KEY])).toBe(`${encoded.slice(0, first)}[REDACTED]${encoded.slice(end)}`);
    expect(redact(`Basic ${b64(`${KEY}:`)}`, [KEY])).toBe(
      `Basic [REDACTED]${b64(`${KEY}:`).slice(Math.ceil((8 * KEY.length) / 6))}`,
    );
  });

  it('a text that only shares a prefix of the spellings is left alone', () => {
    const text = `${b64(KEY).slice(0, 20)} ${Buffer.from(KEY).toString('hex').slice(0, 30)} ${KEY.slice(0, -1).toUpperCase()}`;
    expect(redact(text, [KEY])).toBe(text);
  });

  it('each secret of the call, in each encoding', () => {
    const secret = 'whsec_0f1e2d3c4b5a6978';
    const text = `${b64(`:${secret}`)} ${Buffer.from(KEY).toString('hex')} ${secret.toUpperCase()}`;
    // 23 bytes: the first character holds ":" and 2 bits of the secret, the padding none.
    expect(redact(text, [KEY, secret])).toBe('O[REDACTED]= [REDACTED] [REDACTED]');
  });

  it('property: a secret encoded after any prefix and before any suffix never survives', () => {
    const encodings: Record<string, (s: string) => string> = {
      base64: b64,
      base64url: b64url,
      hex: (s) => Buffer.from(s).toString('hex'),
      HEX: (s) => Buffer.from(s).toString('hex').toUpperCase(),
      upper: (s) => s.toUpperCase(),
      percent: (s) => encodeURIComponent(b64(s)),
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcXYZ019_-+/=.:?~>'.split('')), minLength: 4, maxLength: 40 }),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        fc.constantFrom(...Object.keys(encodings)),
        fc.string({ maxLength: 20 }),
        (secret, prefix, suffix, how, around) => {
          const spelled = (encodings[how] as (s: string) => string)(`${prefix}${secret}${suffix}`);
          const out = redact(`${around}${spelled}${around}`, [secret]);
          expect(out).toContain('[REDACTED]');
          expect(spelledIn(out, [secret])).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('an 8 MiB response made of near misses is left as it is, and the echo after them is found', () => {
    // Near misses for every spelling (each cut short of its last bytes), repeated up to 8 MiB.
    const secrets = [KEY, 'whsec_0f1e2d3c4b5a6978'];
    const near = secrets
      .flatMap((s) => [s, b64(`:${s}`), b64(`u:${s}`), b64(s), Buffer.from(s).toString('hex')])
      .map((spelled) => `${spelled.slice(0, -6)}|`)
      .join('');
    const text = near.repeat(Math.ceil((8 * 1024 * 1024) / near.length));
    const withEcho = `${text}${b64(`user:${KEY}`)}`;
    expect(redact(text, secrets)).toBe(text);
    const out = redact(withEcho, secrets);
    expect(out.startsWith(text)).toBe(true);
    expect(out.slice(text.length)).toContain('[REDACTED]');
  });
});

describe('redact: where a match starts and ends', () => {
  it('a base64 spelling cut short at the start of the text is redacted from its first character', () => {
    // "u:" is 2 bytes: the key's bits start inside character 2, and its needle at character 3.
    const encoded = b64(`u:${KEY}`);
    const end = Math.ceil((8 * (2 + KEY.length)) / 6);
    expect(redact(encoded.slice(3), [KEY])).toBe(`[REDACTED]${encoded.slice(end)}`);
    expect(redact(encoded.slice(2), [KEY])).toBe(`[REDACTED]${encoded.slice(end)}`);
  });

  it('two echoes apart are two markers; echoes that touch are one', () => {
    expect(redact('abcd-abcd', ['abcd'])).toBe('[REDACTED]-[REDACTED]');
    expect(redact('abcdabcd', ['abcd'])).toBe('[REDACTED]');
    expect(redact('x efgh y abcd z', ['abcd', 'efgh'])).toBe('x [REDACTED] y [REDACTED] z');
  });

  it('a secret that holds an escape is found however the echo spells that character', () => {
    expect(redact('x sk\\u002fkey1 y', ['sk%2Fkey1'])).toBe('x [REDACTED] y');
    expect(redact('x sk%2Fkey1 y', ['sk%2Fkey1'])).toBe('x [REDACTED] y');
  });

  it('a secret too short to redact leaves the others of the call at work', () => {
    expect(redact('abc and abcd', ['abc', 'abcd'])).toBe('abc and [REDACTED]');
  });
});
