import { inspect } from 'node:util';
import { Decimal as ReferenceDecimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money/index.js';

// decimal.js computes exactly while results fit its precision: 200 significant digits is far
// more than the generated amounts (at most 40 + 40 digits) can need.
const Reference = ReferenceDecimal.clone({ precision: 200 });

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** Plain decimal strings: a sign, 1-40 whole digits (leading zeros too), 0-40 places. */
const decimalText = fc
  .tuple(fc.boolean(), digits(1, 40), fc.option(digits(1, 40), { nil: undefined }))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`);

const placesOf = (text: string) => text.split('.')[1]?.length ?? 0;
const expected = (value: ReferenceDecimal, places: number) => value.toFixed(places);

describe('Decimal against decimal.js', () => {
  it('adds, subtracts and compares exactly, keeping the most places of the two', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const places = Math.max(placesOf(a), placesOf(b));
        const x = Decimal.from(a);
        expect(x.plus(b).toString()).toBe(expected(new Reference(a).plus(b), places));
        expect(x.minus(b).toString()).toBe(expected(new Reference(a).minus(b), places));
        expect(x.compare(b)).toBe(new Reference(a).comparedTo(b));
        expect(x.isNegative()).toBe(new Reference(a).isNegative() && !new Reference(a).isZero());
      }),
      { numRuns: 20_000 },
    );
  });

  it('sums an iterable of strings and Decimals exactly', () => {
    fc.assert(
      fc.property(fc.array(decimalText, { maxLength: 30 }), (texts) => {
        const places = Math.max(0, ...texts.map(placesOf));
        const reference = texts.reduce((sum, t) => sum.plus(t), new Reference(0));
        const mixed = texts.map((t, i) => (i % 2 === 0 ? t : Decimal.from(t)));
        expect(Decimal.sum(mixed).toString()).toBe(expected(reference, places));
      }),
      { numRuns: 3_000 },
    );
  });

  it('writes back what it read, less leading zeros and the sign of zero', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(Decimal.from(text).toString()).toBe(expected(new Reference(text), placesOf(text)));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('Decimal', () => {
  it('keeps places as written and formats without an exponent', () => {
    expect(Decimal.from('10.50').plus('0.5').toString()).toBe('11.00');
    expect(Decimal.from('0.1').plus('0.2').toString()).toBe('0.3');
    expect(Decimal.from('1').minus('1.001').toString()).toBe('-0.001');
    expect(Decimal.from('-0.00').toString()).toBe('0.00');
    expect(Decimal.from('-0.00').isNegative()).toBe(false);
    expect(Decimal.from('1000000000000000000000000.000000000000000001').toString()).toBe(
      '1000000000000000000000000.000000000000000001',
    );
    expect(Decimal.sum([]).toString()).toBe('0');
  });

  it('compares by value, whatever the places', () => {
    expect(Decimal.from('1.50').compare('1.5')).toBe(0);
    expect(Decimal.from('-2').compare('1')).toBe(-1);
    expect(Decimal.from('2').compare(Decimal.from('1.99'))).toBe(1);
  });

  it('serialises as its decimal string under JSON.stringify, String() and a template literal', () => {
    const amount = Decimal.from('2500.00');
    expect(JSON.stringify({ amount })).toBe('{"amount":"2500.00"}');
    expect(String(amount)).toBe('2500.00');
    expect(`${amount}`).toBe('2500.00');
    expect(inspect(amount)).toBe('Decimal(2500.00)');
  });

  it('refuses to be used as a number or concatenated', () => {
    const amount = Decimal.from('1.10');
    expect(() => +(amount as unknown as number)).toThrow(/A Decimal is not a number: use \.plus\(\)/);
    expect(() => (amount as unknown as number) > 1).toThrow(TypeError);
    // biome-ignore lint/style/useTemplate: the `+` operator is what is refused here
    expect(() => (amount as unknown as string) + 'x').toThrow(TypeError);
  });

  it('returns the Decimal it is given and is immutable', () => {
    const amount = Decimal.from('3');
    expect(Decimal.from(amount)).toBe(amount);
    expect(Object.isFrozen(amount)).toBe(true);
    amount.plus('1');
    expect(amount.toString()).toBe('3');
  });

  it.each([
    ['1e3'],
    ['+1'],
    ['1.'],
    ['.5'],
    [' 1'],
    ['1 '],
    ['1,000.00'],
    ['--1'],
    [''],
    ['-'],
    ['NaN'],
    ['Infinity'],
    ['0x10'],
    ['١٢'],
  ])('refuses %j with a TypeError naming the plain form', (text) => {
    expect(() => Decimal.from(text)).toThrow(
      new RegExp(
        `^Decimal\\.from expects a plain decimal string such as "10000\\.00".*not ${JSON.stringify(text).replace(/[.+*]/g, '\\$&')}\\.$`,
      ),
    );
  });

  it('refuses numbers and other types, saying to pass the string the API returned', () => {
    for (const value of [12.5, 12n, null, undefined, {}, ['1']]) {
      expect(() => Decimal.from(value as unknown as string)).toThrow(TypeError);
    }
    expect(() => Decimal.from(12.5 as unknown as string)).toThrow(
      'Decimal.from expects a decimal string such as "10000.00" or a Decimal, not number: amounts are exchanged as strings',
    );
    expect(() => Decimal.from(null as unknown as string)).toThrow(/not null:/);
  });

  it('refuses text over 200 characters before reading it, and does not echo it', () => {
    const long = '1'.repeat(201);
    expect(Decimal.from('1'.repeat(200)).toString()).toBe('1'.repeat(200));
    expect(() => Decimal.from(long)).toThrow('not a string of 201 characters.');
    expect(() => Decimal.from('9'.repeat(32 * 1024 * 1024))).toThrow(TypeError);
  });

  it('checks the operands of plus, minus, compare and sum as from() does', () => {
    const one = Decimal.from('1');
    expect(() => one.plus('1e2')).toThrow(TypeError);
    expect(() => one.minus(1 as unknown as string)).toThrow(TypeError);
    expect(() => one.compare('abc')).toThrow(TypeError);
    expect(() => Decimal.sum(['1', 2 as unknown as string])).toThrow(TypeError);
  });
});
