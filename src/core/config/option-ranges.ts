/** The ranges of the numeric options, shared with the per-call checks (per-call-checks.ts). */
export const OPTION_RANGES = {
  timeout: { min: 1, max: 2_147_483_647 },
  totalTimeout: { min: 1, max: 2_147_483_647 },
  maxRetries: { min: 0, max: 10 },
  maxRateLimitWait: { min: 0, max: 2_147_483_647 },
  // The body is decoded into one string: V8 holds none longer (2 ** 29 - 24 characters).
  maxResponseBytes: { min: 1, max: 536_870_888 },
} as const;

/** Whether `value` is an integer within the range of `option`. */
export function inRange(option: keyof typeof OPTION_RANGES, value: number): boolean {
  const { min, max } = OPTION_RANGES[option];
  return Number.isInteger(value) && value >= min && value <= max;
}
