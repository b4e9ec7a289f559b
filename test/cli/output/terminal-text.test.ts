import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable, printableLine, readBodyPrefix, readEndpointAnswer } from '../../../src/cli/output/terminal-text.js';
import { unsafeForTerminal } from '../../helpers/terminal-safe.js';

// Characters that act on terminals, mixed into arbitrary text: every C0 and C1 control, DEL, ESC
// sequences (CSI, OSC with BEL and ST ends, OSC 52), the bidi controls, the separators, and lone
// surrogates; plus any UTF-16 code unit and any code point.
const hostileUnit = fc.oneof(
  fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(
    '\u001b[2J',
    '\u001b]0;owned\u0007',
    '\u001b]52;c;aGVsbG8=\u001b\\',
    '\u009b31m',
    '\r',
    '\b',
    '\u202e',
    '\u2066',
    '\u2069',
    '\u061c',
    '\u200f',
    '\u2028',
    '\ud800',
    '\udfff',
    '\u{1f600}',
  ),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary' }),
);
const hostileText = fc.array(hostileUnit, { maxLength: 40 }).map((parts) => parts.join(''));

describe('printable (property)', () => {
  it('leaves nothing that acts on a terminal: TAB and LF only in printable, neither in printableLine', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(unsafeForTerminal(printable(text))).toEqual([]);
        expect(unsafeForTerminal(printableLine(text), true)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes nothing in text that is safe already, and is idempotent', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        if (unsafeForTerminal(text).length === 0) expect(printable(text)).toBe(text);
        expect(printable(printable(text))).toBe(printable(text));
        expect(printableLine(printableLine(text))).toBe(printableLine(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('shows each removed character as its \\u escape (LF, CR and TAB as \\n, \\r, \\t), so nothing is silently dropped', () => {
    const inLine: Record<number, string> = { 10: '\\n', 13: '\\r', 9: '\\t' };
    fc.assert(
      fc.property(hostileText, (text) => {
        const bad = unsafeForTerminal(text, true);
        const shown = printableLine(text);
        for (const c of bad) expect(shown).toContain(inLine[c] ?? `\\u${c.toString(16).padStart(4, '0')}`);
      }),
    );
  });
});

describe('printable (examples)', () => {
  it('makes the escape sequences of the review inert', () => {
    expect(printableLine('c1\u001b]0;owned\u0007\u001b[2J')).toBe('c1\\u001b]0;owned\\u0007\\u001b[2J');
    expect(printable('ok\u001b]52;c;aGVsbG8=\u001b\\')).toBe('ok\\u001b]52;c;aGVsbG8=\\u001b\\');
    expect(printable('\u009b2J')).toBe('\\u009b2J');
    expect(printable('paid\rrefunded')).toBe('paid\\u000drefunded');
    expect(printable('abc\u202edcba')).toBe('abc\\u202edcba');
    expect(printable('x\u2066y\u2069')).toBe('x\\u2066y\\u2069');
    expect(printable('lone \ud800 pair \u{1f600}')).toBe('lone \\ud800 pair \u{1f600}');
  });

  it('keeps TAB and LF in printable (answers of several lines) and escapes them in printableLine (ids, paths)', () => {
    expect(printable('a\tb\nc')).toBe('a\tb\nc');
    expect(printableLine('evt_1\nverified: deposit.created evt_2')).toBe('evt_1\\nverified: deposit.created evt_2');
    expect(printableLine('a\r\tb\u000bc')).toBe('a\\r\\tb\\u000bc');
  });
});

const SECRET = 'whsec_terminal_secret_51f0';

describe('readEndpointAnswer', () => {
  it('redacts the secret echoed plain, JSON-escaped and percent-encoded, then makes the rest printable', async () => {
    const jsonEscaped = JSON.stringify(SECRET)
      .slice(1, -1)
      .replace(/[a-z]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    const answer = `plain ${SECRET}; json ${jsonEscaped}; url ${encodeURIComponent(SECRET).replace(/_/g, '%5F')}; \u001b[31mred`;
    const { text, truncated } = await readEndpointAnswer(new Response(answer), 4096, [SECRET]);
    expect(text).toBe('plain [REDACTED]; json [REDACTED]; url [REDACTED]; \\u001b[31mred');
    expect(truncated).toBe(false);
  });

  it('shows at most `shown` characters; an echo cut by the read limit shows none of its characters', async () => {
    const short = await readEndpointAnswer(new Response('x'.repeat(5000)), 4096, [SECRET]);
    expect([short.text.length, short.truncated]).toEqual([4096, true]);
    // An answer of exactly `shown` characters is shown whole, and not said to be cut.
    const whole = await readEndpointAnswer(new Response('y'.repeat(4096)), 4096, [SECRET]);
    expect(whole).toEqual({ text: 'y'.repeat(4096), truncated: false });
    // 64 KiB are read; an answer of echoes only, longer than that, ends in a cut echo.
    const echoes = `${SECRET} `.repeat(Math.ceil((80 * 1024) / (SECRET.length + 1)));
    const cut = await readEndpointAnswer(new Response(echoes), 1_000_000, [SECRET]);
    expect(cut.truncated).toBe(true);
    // Whole markers, then at most the start of one (the guard cuts anywhere): no character of the secret.
    const rest = cut.text.replace(/\[REDACTED\] /g, '');
    expect('[REDACTED] '.startsWith(rest)).toBe(true);
    expect(cut.text.length).toBeGreaterThan(1000);
  });
});

describe('readBodyPrefix', () => {
  it('reads a body of exactly the limit whole, and does not call it cut', async () => {
    expect(await readBodyPrefix(new Response('z'.repeat(10)), 10)).toEqual({ text: 'z'.repeat(10), truncated: false });
    expect(await readBodyPrefix(new Response('z'.repeat(11)), 10)).toEqual({ text: 'z'.repeat(10), truncated: true });
  });

  it('stops reading an endless body after the limit, and cancels it', async () => {
    let pulls = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1024).fill(0x61));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { text, truncated } = await readBodyPrefix(new Response(endless), 4096);
    expect([text, truncated]).toEqual(['a'.repeat(4096), true]);
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(10);
  });
});
