import { ConfigurationError } from '../../errors/index.js';

/**
 * Where the client writes its log lines: any object with `debug`, `info`, `warn` and `error`
 * (`console`, pino, winston and bunyan loggers all fit).
 *
 * @example
 * ```ts
 * import { CreditPlatform, type Logger } from 'credit-platform';
 * const logger: Logger = {
 *   debug: (msg, fields) => myLog.debug({ ...fields }, msg),
 *   info: (msg, fields) => myLog.info({ ...fields }, msg),
 *   warn: (msg, fields) => myLog.warn({ ...fields }, msg),
 *   error: (msg, fields) => myLog.error({ ...fields }, msg),
 * };
 * const client = new CreditPlatform({ logger, logLevel: 'debug' });
 * ```
 */
export interface Logger {
  /** One line per attempt (operation, method, path, status, attempt, elapsed ms, the next wait) and per pacing wait. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Recoveries that need no action, e.g. the shared pacing store reachable again. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Waits the service imposed (`Retry-After`, `X-RateLimit-Reset`), retries given up, a pacing store lost. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** Reserved for failures of the client itself. */
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * How much the client logs: `'off'`, or the least severe level written.
 *
 * @example
 * ```ts
 * const level: LogLevel = process.env.NODE_ENV === 'production' ? 'warn' : 'debug';
 * ```
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };
const LEVELS = Object.keys(RANK) as LogLevel[];

/** Reads a level from an option or `CREDIT_PLATFORM_LOG`; anything else is a `ConfigurationError`. */
export function parseLogLevel(value: unknown, source: string): LogLevel {
  if (typeof value === 'string' && (LEVELS as string[]).includes(value)) return value as LogLevel;
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
