// The `timestamp` reading goes by index; it must accept exactly what the regular expression plus
// calendar check it replaced accepted (kept here as the reference), and name the instant Date.parse
// names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoInstantTime } from '../../../src/webhooks/events/iso-instant.js';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function reference(value: string): boolean {
  const m = INSTANT.exec(value);
  if (m === null) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offH = 0, offM = 0] = [1, 2, 3, 4, 5, 6, 8, 9].map(
    (i) => (m[i] === undefined ? undefined : Number(m[i])),
  );
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offH <= 23 &&
    offM <= 59
  );
}

// Near misses: each part drawn from values around its bounds, separators from the right one and a
// few wrong ones (other separators, Unicode digits, nothing), so most strings are almost valid.
const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));
const part = (good: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 8, arbitrary: good }, fc.constantFrom('', '٣', '0', '000', 'x', ' ', '-', ':', '+'));
const sep = (...good: string[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...good) }, fc.constantFrom('', ' ', '/', '.', 'T', ':'));
const nearInstant = fc
  .tuple(
    part(fc.oneof(digits(4, 9999), fc.constantFrom('0000', '0004', '0100', '1900', '2000', '2024', '2100'))),
    sep('-'),
    part(digits(2, 13)),
    sep('-'),
    part(fc.oneof(digits(2, 32), fc.constantFrom('28', '29', '30', '31'))),
    sep('T', 't'),
    part(digits(2, 25)),
    sep(':'),
    part(digits(2, 61)),
    sep(':'),
    part(digits(2, 61)),
    fc.oneof(fc.constant(''), fc.constant('.'), fc.stringMatching(/^\.\d{1,12}$/), fc.constantFrom('.1a', '..1')),
    fc.oneof(
      fc.constantFrom('Z', 'z', '', 'ZZ', 'Z ', '+', '+0100', 'GMT'),
      fc.tuple(fc.constantFrom('+', '-'), part(digits(2, 25)), sep(':'), part(digits(2, 61))).map((p) => p.join('')),
    ),
  )
  .map((parts) => parts.join(''));

const isIsoInstant = (text: string) => !Number.isNaN(isoInstantTime(text));

describe('isoInstantTime', () => {
  it('accepts exactly what the regular expression and calendar check accepted, on near misses and on any string', () => {
    fc.assert(
      fc.property(fc.oneof(nearInstant, fc.string(), fc.string({ unit: 'binary' })), (text) => {
        expect(isIsoInstant(text)).toBe(reference(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('names the millisecond Date.parse names, for every instant it accepts', () => {
    // V8 reads a fraction of 10 digits or more by another rule (".0001000000" as 1 ms); the digits
    // past the millisecond are cut, so the reference gets the first nine.
    const cut = (text: string) => text.replace(/(\.\d{9})\d+/, '$1');
    fc.assert(
      fc.property(nearInstant, (text) => {
        if (isIsoInstant(text)) expect(isoInstantTime(text)).toBe(Date.parse(cut(text)));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['2026-06-01T08:00:00Z', 1_780_300_800_000],
    ['2026-06-01T08:00:00.5Z', 1_780_300_800_500],
    ['2026-06-01T08:00:00.25Z', 1_780_300_800_250],
    ['2026-06-01T08:00:00.125Z', 1_780_300_800_125],
    ['2026-06-01T08:00:00.1239Z', 1_780_300_800_123],
    ['2026-06-01T08:00:00.0001000000Z', 1_780_300_800_000],
    ['2026-06-01T10:30:00+02:30', 1_780_300_800_000],
    ['2026-06-01T05:30:00-02:30', 1_780_300_800_000],
    ['0000-01-01T00:00:00Z', -62_167_219_200_000],
    ['0050-03-01T00:00:00Z', -60_584_198_400_000],
    ['9999-12-31T23:59:59.999Z', 253_402_300_799_999],
  ])('%s is %d ms after the epoch', (text, ms) => {
    expect(isoInstantTime(text)).toBe(ms);
  });

  it.each([
    ['2024-02-29T23:59:59Z', true],
    ['2023-02-29T00:00:00Z', false],
    ['2100-02-29T00:00:00Z', false],
    ['2000-02-29T00:00:00Z', true],
    ['0000-02-29T00:00:00Z', false], // Date.UTC reads year 0 as 1900, as the check always has
    ['2026-04-31T00:00:00Z', false],
    ['2026-06-01t08:00:00.123456+02:00', true],
    ['2026-06-01T08:00:00.Z', false],
    ['2026-06-01T08:00:00+24:00', false],
    ['2026-06-01T08:00:00', false],
    ['2026-06-01T08:00:00Z\n', false],
    // A character that is not a digit where one belongs, in each field; '/' and ' ' sort below '0'.
    ['20x6-06-01T08:00:00Z', false],
    ['2026-0x-01T08:00:00Z', false],
    ['2026-06-1/T08:00:00Z', false],
    ['2026-06-1 T08:00:00Z', false],
    ['2026-06-01T0xx00:00Z', false],
    ['2026-06-01T0x:00:00Z', false],
    ['2026-06-01T08:0x:00Z', false],
    ['2026-06-01T08:00:5/Z', false],
    ['2026-06-01T08:00:00+0x:00', false],
    ['2026-06-01T08:00:00+01:0x', false],
    ['2026-06-01T08:00:00-0/:00', false],
    // Months outside 1-12, with a day every month has and with February's 29th of a leap year.
    ['2024-00-01T00:00:00Z', false],
    ['2024-13-01T00:00:00Z', false],
    ['2024-13-29T00:00:00Z', false],
    ['2024-00-29T00:00:00Z', false],
    ['2024-99-29T00:00:00Z', false],
    ['2024-12-31T23:59:59-23:59', true],
    ['2024-01-31T00:00:00Z', true],
    ['2024-04-30T00:00:00Z', true],
  ])('%s: %s', (text, valid) => {
    expect(isIsoInstant(text)).toBe(valid);
    expect(reference(text)).toBe(valid);
  });
});
