// The spellings of a secret that issue 35 named (echoes that leaked through redaction before
// 0.5), and an independent reader of them for the tests' searches: written with its own
// patterns, not the SDK's decoder, so a bug in redaction cannot hide itself from the check.
import { inspect } from 'node:util';
import { unescapeAll } from '../setup/leak-guard.js';

const hex2 = (byte: number) => byte.toString(16).padStart(2, '0');
const bytesOf = (s: string) => [...Buffer.from(s)];
const perChar = (s: string, spell: (code: number) => string) => [...s].map((c) => spell(c.charCodeAt(0))).join('');

/** Each named spelling: a label, and the secret so spelled. All hold only ASCII-safe text but the fullwidth one. */
export const NAMED_SPELLINGS: readonly (readonly [string, (secret: string) => string])[] = [
  ['double percent-encoding (%2573)', (s) => perChar(s, (c) => `%25${hex2(c).toUpperCase()}`)],
  ['%u escapes (%u0073)', (s) => perChar(s, (c) => `%u${c.toString(16).padStart(4, '0')}`)],
  ['\\x escapes (\\x73)', (s) => perChar(s, (c) => `\\x${hex2(c)}`)],
  ['HTML decimal references (&#115;)', (s) => perChar(s, (c) => `&#${c};`)],
  ['HTML hex references (&#x73;)', (s) => perChar(s, (c) => `&#x${c.toString(16)};`)],
  [
    'HTML references without ";" (&#115&#x6B)',
    (s) => perChar(s, (c) => (c % 2 ? `&#${c}` : `&#X${c.toString(16).toUpperCase()}`)),
  ],
  ['hex with spaces (73 6b)', (s) => bytesOf(s).map(hex2).join(' ')],
  ['hex with colons, upper case (73:6B)', (s) => bytesOf(s).map(hex2).join(':').toUpperCase()],
  ['hex with dashes (73-6b)', (s) => bytesOf(s).map(hex2).join('-')],
  ["Node's Buffer JSON", (s) => JSON.stringify(Buffer.from(s))],
  ["Node's Buffer JSON, pretty-printed", (s) => JSON.stringify(Buffer.from(s), null, 2)],
  ["util.inspect of Node's Buffer JSON", (s) => inspect(Buffer.from(s).toJSON())],
  ['fullwidth letters (ｓｋ)', (s) => perChar(s, (c) => String.fromCharCode(c >= 0x21 && c <= 0x7e ? c + 0xfee0 : c))],
];

const FULLWIDTH = /[\uff01-\uff5e]/g;
const REFERENCE = /&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,8}));?/g;
const ESCAPE = /%25([0-7][0-9a-fA-F])|%[uU]([0-9a-fA-F]{4})|\\+x([0-7][0-9a-fA-F])/g;
const BYTE_LIST = /\d{1,3}(?:\s*,\s*\d{1,3}){3,}/g;
const SEPARATED_HEX = /[0-9a-fA-F]{2}(?:[\s:-]+[0-9a-fA-F]{2}){3,}/g;

/** `text` read every way the named spellings are written, the guard's own escapes included. */
export function namedReadings(text: string): string[] {
  let plain = text.replace(FULLWIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  plain = plain.replace(REFERENCE, (_, h?: string, d?: string) =>
    String.fromCharCode(h === undefined ? Number(d) : Number.parseInt(h, 16)),
  );
  plain = plain.replace(ESCAPE, (_, a?: string, b?: string, c?: string) =>
    String.fromCharCode(Number.parseInt(a ?? b ?? c ?? '', 16)),
  );
  plain = unescapeAll(plain);
  const out = [text, plain];
  for (const source of [text, plain]) {
    for (const [list] of source.matchAll(BYTE_LIST)) out.push(Buffer.from(list.split(/\s*,\s*/).map(Number)).toString('latin1'));
    for (const [run] of source.matchAll(SEPARATED_HEX))
      out.push(Buffer.from(run.replace(/[\s:-]+/g, ''), 'hex').toString('latin1'));
  }
  return out;
}

/** Whether `secret` shows in `text` in any named spelling (letters in any case). */
export function showsNamed(text: string, secret: string): boolean {
  const wanted = secret.toLowerCase();
  return namedReadings(text).some((reading) => reading.toLowerCase().includes(wanted));
}
