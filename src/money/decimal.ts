// Amounts cross the API as decimal strings ("10000.00"). A JavaScript number cannot hold most of
// them exactly (0.1 + 0.2), so a Decimal keeps the digits as a bigint and a count of places, and
// every operation is integer arithmetic on those: nothing here ever becomes a `number`.

// Longer text is refused before it is read: no amount has this many digits, and a hostile
// answer must not cost more than a look at its length.
const MAX_TEXT_LENGTH = 200;
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * What `Decimal.from` and the arithmetic methods accept: a `Decimal` or a plain decimal string.
 *
 * @example
 * ```ts
 * import { Decimal, type DecimalInput } from 'credit-platform/money';
 * const total = (amounts: DecimalInput[]) => Decimal.sum(amounts).toString();
 * console.log(total(['1.10', Decimal.from('2.20')])); // "3.30"
 * ```
 */
export type DecimalInput = Decimal | string;

function describe(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value;
  return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
}

/**
 * An exact decimal amount, for the decimal strings the API exchanges (`"10000.00"`): parse, add,
 * subtract, compare, sum and format without ever going through a JavaScript number. Immutable;
 * `JSON.stringify` writes it as its decimal string, so a request body built from it sends the
 * exact amount. Using it where a number is expected (`+amount`, `amount > 0`, `amount + 1`)
 * throws a `TypeError` instead of computing with a rounded value or concatenating strings.
 *
 * Text must be a plain decimal: an optional `-`, digits, and optionally `.` and digits
 * (`"12"`, `"-0.50"`, `"10000.00"`); at most 200 characters. The places are kept as written, and a
 * sum keeps the most places of its terms: `"10.50"` plus `"0.5"` is `"11.00"`.
 *
 * @example
 * ```ts
 * import { Decimal } from 'credit-platform/money';
 *
 * const total = Decimal.sum(['10000.00', '0.10', '0.20']);
 * console.log(total.toString()); // "10000.30"
 * console.log(total.compare('10000.3')); // 0
 * console.log(JSON.stringify({ amount: total.minus('0.30') })); // {"amount":"10000.00"}
 * ```
 */
export class Decimal {
  /** The amount times 10^places. */
  readonly #units: bigint;
  /** Digits after the point. */
  readonly #places: number;

  private constructor(units: bigint, places: number) {
    this.#units = units;
    this.#places = places;
    Object.freeze(this);
  }

  /**
   * Reads a plain decimal string (or returns the `Decimal` given). Throws a `TypeError` naming the
   * expected form for anything else: a number (convert it where it was made, from its text), an
   * exponent (`"1e3"`), a `+` sign, separators, spaces, or more than 200 characters.
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * const fee = Decimal.from('2.50');
   * console.log(fee.toString()); // "2.50"
   * ```
   */
  static from(value: DecimalInput): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value !== 'string') {
      throw new TypeError(
        `Decimal.from expects a decimal string such as "10000.00" or a Decimal, not ${describe(value)}: amounts are exchanged as strings, so pass the string the API returned (a number has already lost digits).`,
      );
    }
    const match = value.length <= MAX_TEXT_LENGTH ? PLAIN_DECIMAL.exec(value) : null;
    if (!match) {
      throw new TypeError(
        `Decimal.from expects a plain decimal string such as "10000.00" or "-0.5" (digits, an optional "-" and "."; no exponent, "+", spaces or separators; at most ${MAX_TEXT_LENGTH} characters), not ${describe(value)}.`,
      );
    }
    const [, sign, whole, fraction = ''] = match;
    const units = BigInt(`${whole}${fraction}`);
    return new Decimal(sign === '-' ? -units : units, fraction.length);
  }

  /**
   * Adds up amounts exactly; an empty iterable sums to `"0"`. Each item is a `Decimal` or a decimal
   * string, checked as {@link Decimal.from} does.
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * const amounts = ['0.10', '0.20'];
   * console.log(Decimal.sum(amounts).toString()); // "0.30"
   * ```
   */
  static sum(values: Iterable<DecimalInput>): Decimal {
    let total = new Decimal(0n, 0);
    for (const value of values) total = total.plus(value);
    return total;
  }

  /**
   * This amount plus `other`, with the most places of the two.
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * console.log(Decimal.from('10.50').plus('0.5').toString()); // "11.00"
   * ```
   */
  plus(other: DecimalInput): Decimal {
    const that = Decimal.from(other);
    const places = Math.max(this.#places, that.#places);
    return new Decimal(this.#scaled(places) + that.#scaled(places), places);
  }

  /**
   * This amount minus `other`, with the most places of the two.
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * console.log(Decimal.from('10.00').minus('12.25').toString()); // "-2.25"
   * ```
   */
  minus(other: DecimalInput): Decimal {
    const that = Decimal.from(other);
    const places = Math.max(this.#places, that.#places);
    return new Decimal(this.#scaled(places) - that.#scaled(places), places);
  }

  /**
   * -1, 0 or 1 as this amount is less than, equal to or greater than `other`; places do not count
   * (`"1.50"` equals `"1.5"`).
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * const balance = Decimal.from('100.00');
   * if (balance.compare('250.00') < 0) console.log('not enough');
   * ```
   */
  compare(other: DecimalInput): -1 | 0 | 1 {
    const that = Decimal.from(other);
    const places = Math.max(this.#places, that.#places);
    const a = this.#scaled(places);
    const b = that.#scaled(places);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /**
   * Whether this amount is below zero (`"-0.00"` is not).
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * console.log(Decimal.from('-0.01').isNegative()); // true
   * ```
   */
  isNegative(): boolean {
    return this.#units < 0n;
  }

  /**
   * The plain decimal string, with the places it has: no exponent, no `+`, and `-` only below zero.
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * console.log(Decimal.from('-0.00').toString()); // "0.00"
   * ```
   */
  toString(): string {
    const negative = this.#units < 0n;
    const digits = (negative ? -this.#units : this.#units).toString().padStart(this.#places + 1, '0');
    const whole = digits.slice(0, digits.length - this.#places);
    const text = this.#places === 0 ? whole : `${whole}.${digits.slice(digits.length - this.#places)}`;
    return negative ? `-${text}` : text;
  }

  /**
   * The same string as {@link Decimal.toString}, so `JSON.stringify` writes the exact amount.
   *
   * @example
   * ```ts
   * import { Decimal } from 'credit-platform/money';
   * console.log(JSON.stringify({ amount: Decimal.from('2500.00') })); // {"amount":"2500.00"}
   * ```
   */
  toJSON(): string {
    return this.toString();
  }

  /**
   * Allows a `Decimal` in template literals and `String(x)`; refuses arithmetic, comparison
   * operators and `+` concatenation, which would silently round or join strings.
   */
  [Symbol.toPrimitive](hint: 'string' | 'number' | 'default'): string {
    if (hint === 'string') return this.toString();
    throw new TypeError(
      'A Decimal is not a number: use .plus(), .minus() or .compare() to compute, and .toString() or a template literal for text.',
    );
  }

  /** How Node's `util.inspect` and `console.log` show it. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Decimal(${this.toString()})`;
  }

  #scaled(places: number): bigint {
    return places === this.#places ? this.#units : this.#units * 10n ** BigInt(places - this.#places);
  }
}
