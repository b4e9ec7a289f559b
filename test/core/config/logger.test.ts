// The log level: which of the logger's methods a level lets through, and what it refuses.
import { describe, expect, it } from 'vitest';
import { levelled, parseLogLevel } from '../../../src/core/config/logger.js';
import type { Logger, LogLevel } from '../../../src/core/types.js';
import { ConfigurationError } from '../../../src/index.js';

const ORDER = ['error', 'warn', 'info', 'debug'] as const;

function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  // Methods that read `this`, as a class-based logger's do: the levelled logger must keep it bound.
  const logger = {
    lines,
    debug(message: string) {
      this.lines.push(`debug ${message}`);
    },
    info(message: string) {
      this.lines.push(`info ${message}`);
    },
    warn(message: string) {
      this.lines.push(`warn ${message}`);
    },
    error(message: string) {
      this.lines.push(`error ${message}`);
    },
  };
  return logger;
}

describe('log levels', () => {
  it('each level lets through itself and every level more severe, and nothing else', () => {
    const levels: LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];
    levels.forEach((level, rank) => {
      const logger = recorder();
      const log = levelled(logger, level);
      for (const [i, method] of ORDER.entries()) {
        const on = i < rank;
        expect(log[method] !== undefined, `${level}: ${method}`).toBe(on);
        log[method]?.('x');
      }
      expect(logger.lines).toEqual(ORDER.slice(0, rank).map((m) => `${m} x`));
    });
  });

  it('reads the five level names and refuses anything else, listing them', () => {
    for (const level of ['off', 'error', 'warn', 'info', 'debug']) expect(parseLogLevel(level, '`logLevel`')).toBe(level);
    for (const bad of ['DEBUG', 'verbose', '', ' warn', 3, undefined, null]) {
      expect(() => parseLogLevel(bad, 'CREDIT_PLATFORM_LOG'), String(bad)).toThrow(ConfigurationError);
    }
    expect(() => parseLogLevel('verbose', 'CREDIT_PLATFORM_LOG')).toThrow(
      `CREDIT_PLATFORM_LOG must be one of 'off', 'error', 'warn', 'info', 'debug'; got "verbose".`,
    );
  });
});
