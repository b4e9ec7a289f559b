import { ConfigurationError } from '../../errors/index.js';
import type { Logger, LogLevel } from '../types.js';

const RANK: Readonly<Record<LogLevel, number>> = Object.freeze({ off: 0, error: 1, warn: 2, info: 3, debug: 4 });
const LEVELS: readonly string[] = Object.freeze(Object.keys(RANK));

/** Reads a level from an option or `CREDIT_PLATFORM_LOG`; anything else is a `ConfigurationError`. */
export function parseLogLevel(value: unknown, source: string): LogLevel {
  // Stryker disable next-line ConditionalExpression: the level names are strings, so includes() finds no other value; typeof is there for the type
  if (typeof value === 'string' && LEVELS.includes(value)) return value as LogLevel;
  throw new ConfigurationError(
    'logLevel',
    `${source} must be one of ${LEVELS.map((l) => `'${l}'`).join(', ')}; got ${JSON.stringify(value)}.`,
  );
}

/**
 * The client's logger after the level is applied: a method is `undefined` when its level is off,
 * so a hot path pays one property read, and builds no fields, for a line nobody reads.
 */
export interface LevelledLogger {
  readonly debug: Logger['debug'] | undefined;
  readonly info: Logger['info'] | undefined;
  readonly warn: Logger['warn'] | undefined;
  readonly error: Logger['error'] | undefined;
}

/** Binds `logger`'s methods that `level` lets through. */
export function levelled(logger: Logger, level: LogLevel): LevelledLogger {
  const at = (l: Exclude<LogLevel, 'off'>) => (RANK[level] >= RANK[l] ? logger[l].bind(logger) : undefined);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
