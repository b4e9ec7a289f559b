// The suite-wide leak guard (test/setup/leak-guard.ts) must see a key in every spelling a
// server or a rendering can give it, or a test that lets an escaped key out would still pass.
import { describe, expect, it } from 'vitest';
import { API_KEY } from '../helpers/msw.js';
import { leakIn, SLASH_KEY } from '../setup/leak-guard.js';

const hex = (c: string, upper: boolean) => {
  const code = c.charCodeAt(0).toString(16).padStart(4, '0');
  return `\\u${upper ? code.toUpperCase() : code}`;
};

describe('the leak guard', () => {
  it.each([
    ['plain', SLASH_KEY],
    ['every character as \\uXXXX (lower-case hex)', [...SLASH_KEY].map((c) => hex(c, false)).join('')],
    ['every character as \\uXXXX (upper-case hex)', [...SLASH_KEY].map((c) => hex(c, true)).join('')],
    ['every other character escaped', [...SLASH_KEY].map((c, i) => (i % 2 ? hex(c, i % 4 === 1) : c)).join('')],
    ['"/" as "\\/"', SLASH_KEY.replaceAll('/', '\\/')],
    ['escaped once more, as JSON.stringify renders an escaped string', JSON.stringify(SLASH_KEY.replaceAll('/', '\\/'))],
    ['escaped once more, as util.inspect renders it', `'${[...SLASH_KEY].map((c) => `\\${hex(c, false)}`).join('')}'`],
    ['percent-encoded, as in a URL', encodeURIComponent(SLASH_KEY)],
    ['in upper case', SLASH_KEY.toUpperCase()],
    ['as base64', Buffer.from(SLASH_KEY).toString('base64')],
    ['as Basic credentials "key:"', `Basic ${Buffer.from(`${SLASH_KEY}:`).toString('base64')}`],
    ['as Basic credentials ":key"', `Basic ${Buffer.from(`:${SLASH_KEY}`).toString('base64')}`],
    ['as Basic credentials "user:key"', `Basic ${Buffer.from(`user:${SLASH_KEY}`).toString('base64')}`],
    ['as base64url glued to other base64', `QUJD${Buffer.from(`xy${SLASH_KEY}`).toString('base64url')}`],
    ['as base64, percent-encoded', encodeURIComponent(Buffer.from(`:${SLASH_KEY}`).toString('base64'))],
    ['as hex', Buffer.from(SLASH_KEY).toString('hex')],
    ['as upper-case hex after an odd hex digit', `f${Buffer.from(SLASH_KEY).toString('hex').toUpperCase()}`],
  ])('finds the key spelled %s', (_label, spelled) => {
    expect(leakIn(`before ${spelled} after`)).toBe(SLASH_KEY);
  });

  it('finds the suite key with one character escaped, and a fake-issued key escaped', () => {
    expect(leakIn(`x ${API_KEY.slice(0, 5)}${hex(API_KEY[5] ?? '', false)}${API_KEY.slice(6)} y`)).toBe(API_KEY);
    expect(leakIn(`{"key":"cpk${hex('_', true)}test_abcdefgh12"}`)).toBe('cpk_test_abcdefgh12');
  });

  it('finds a fake-issued key in upper case and in base64', () => {
    expect(leakIn('CPK_TEST_ABCDEFGH12')).toBe('CPK_TEST_ABCDEFGH12');
    expect(leakIn(Buffer.from(':cpk_test_abcdefgh12').toString('base64'))).toBe('cpk_test_abcdefgh12');
  });

  it('passes text that only looks like escapes', () => {
    expect(leakIn('\\u00zz \\/ %zz [REDACTED] cp_test_')).toBeUndefined();
    expect(
      leakIn(`${Buffer.from(SLASH_KEY.slice(0, -1)).toString('base64')} ${Buffer.from(SLASH_KEY.slice(1)).toString('hex')}`),
    ).toBeUndefined();
  });
});
