// The check of the numeric options the store, the inbox and its workers share: one wording for one
// mistake, whichever function it was passed to.
import { ConfigurationError } from '../errors/index.js';

/** @internal How a numeric option is checked. */
export interface NumberOption {
  /** The option's name, as the user writes it. */
  readonly name: string;
  /** The function that took it, for the message (`createPostgresWebhookInbox`). */
  readonly fn: string;
  /** What `undefined` stands for. */
  readonly fallback: number;
  /** What the number counts, for the message (`'milliseconds'`). */
  readonly unit?: string;
  /** Accepts `Infinity`; the text says what it means, after "or Infinity" (`''` for nothing). */
  readonly infinity?: string;
  /** The largest value accepted (a timer's limit), if any. */
  readonly max?: number;
}

/**
 * @internal The option's value: `fallback` when absent, else a positive safe integer (at most
 * `max`), or `Infinity` when allowed; anything else is a {@link ConfigurationError} naming the option.
 */
export function positiveInteger(value: unknown, option: NumberOption): number {
  if (value === undefined) return option.fallback;
  if (option.infinity !== undefined && value === Number.POSITIVE_INFINITY) return value;
  const max = option.max ?? Number.MAX_SAFE_INTEGER;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= max) return value;
  const range = option.max === undefined ? 'a positive integer' : `an integer from 1 to ${option.max}`;
  const unit = option.unit === undefined ? '' : ` of ${option.unit}`;
  const infinity = option.infinity === undefined ? '' : ` or Infinity${option.infinity}`;
  throw new ConfigurationError(
    option.name,
    `${option.fn}: \`${option.name}\` must be ${range}${unit}${infinity}; got ${String(value)}.`,
  );
}
