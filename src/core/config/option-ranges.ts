/** The numeric options whose range is checked, on the client and per call. */
export type CountedOption = 'timeout' | 'totalTimeout' | 'maxRetries' | 'maxRateLimitWait' | 'maxResponseBytes';

const RANGES: Readonly<Record<CountedOption, { readonly min: number; readonly max: number }>> = Object.freeze({
  timeout: Object.freeze({ min: 1, max: 2_147_483_647 }),
  totalTimeout: Object.freeze({ min: 1, max: 2_147_483_647 }),
  maxRetries: Object.freeze({ min: 0, max: 10 }),
  maxRateLimitWait: Object.freeze({ min: 0, max: 2_147_483_647 }),
  // The body is decoded into one string: V8 holds none longer (2 ** 29 - 24 characters).
  maxResponseBytes: Object.freeze({ min: 1, max: 536_870_888 }),
});

/** The range of a numeric option, shared with the per-call checks (per-call-checks.ts). */
export function optionRange(option: CountedOption): { readonly min: number; readonly max: number } {
  return RANGES[option];
}

/** Whether `value` is an integer within the range of `option`. */
export function inRange(option: CountedOption, value: number): boolean {
  const { min, max } = optionRange(option);
  return Number.isInteger(value) && value >= min && value <= max;
}
