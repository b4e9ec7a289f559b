import { ConfigurationError } from '../../errors/index.js';
import type { Logger, LogLevel } from '../types.js';

// Built per call rather than at import, where a mutation run could not switch its mutants on;
// a client reads it once, when it is made.
function ranks(): Record<LogLevel, number> {
  return { off: 0, error: 1, warn: 2, info: 3, debug: 4 };
}

/** Reads a level from an option or `CREDIT_PLATFORM_LOG`; anything else is a `ConfigurationError`. */
export function parseLogLevel(value: unknown, source: string): LogLevel {
  const levels = Object.keys(ranks());
  if (typeof value === 'string' && levels.includes(value)) return value as LogLevel;
  throw new ConfigurationError(
    'logLevel',
    `${source} must be one of ${levels.map((l) => `'${l}'`).join(', ')}; got ${JSON.stringify(value)}.`,
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
  const rank = ranks();
  const at = (l: Exclude<LogLevel, 'off'>) => (rank[level] >= rank[l] ? logger[l].bind(logger) : undefined);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
