/**
 * Stateless deterministic randomness: every value is a hash of (seed, salt, index),
 * so record i of a generated data set can be built on demand without generating
 * records 0..i-1 first.
 */

/** A 32-bit mix (murmur3 finaliser) of any number of integers. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A stable number for a string (FNV-1a), to use strings as hash parts. */
function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `length` lowercase hex digits derived from the parts. */
export function hexDigits(length: number, ...parts: number[]): string {
  let out = '';
  for (let block = 0; out.length < length; block++) {
    out += hash32(...parts, block)
      .toString(16)
      .padStart(8, '0')
      .slice(0, length - out.length);
  }
  return out;
}

/** Picks an element deterministically. */
export function pick<T>(items: readonly T[], ...parts: number[]): T {
  return items[hash32(...parts) % items.length] as T;
}

/**
 * Issues ids like `dep_0001a3f09c2e`: a per-prefix counter keeps them unique and
 * ordered, the hex tail makes them look like real ids; both follow from the seed.
 */
export class IdFactory {
  #seed: number;
  readonly #counters = new Map<string, number>();

  constructor(seed: number) {
    this.#seed = seed;
  }

  /**
   * Takes the hex tail of every later id from `seed`: the counters go on, so ids stay unique
   * and ordered, while ids made from now on differ from those another seed would make.
   */
  continueWith(seed: number): void {
    this.#seed = seed;
  }

  next(prefix: string): string {
    const n = (this.#counters.get(prefix) ?? 0) + 1;
    this.#counters.set(prefix, n);
    return `${prefix}${n.toString(36).padStart(4, '0')}${hexDigits(8, this.#seed, hashString(prefix), n)}`;
  }

  /** A secret-looking value (API keys); deterministic, since the fake is no security boundary. */
  secret(prefix: string): string {
    const n = (this.#counters.get(`secret:${prefix}`) ?? 0) + 1;
    this.#counters.set(`secret:${prefix}`, n);
    return `${prefix}${hexDigits(40, this.#seed, hashString(`secret:${prefix}`), n)}`;
  }
}
