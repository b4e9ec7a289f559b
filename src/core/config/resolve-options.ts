import { ConfigurationError } from '../../errors/index.js';
import type { Fetch, Middleware } from '../types.js';
import { checkBaseUrl, warnIfCleartext } from './base-url.js';
import { type ClientOptions, DEFAULTS } from './client-options.js';
import { headerEntries, headerProblem } from './header-rules.js';
import { type LevelledLogger, levelled, parseLogLevel } from './logger.js';
import { checkOptionNames } from './option-names.js';
import { type CountedOption, inRange, optionRange } from './option-ranges.js';
import { MemoryPacingStore } from '../pacing/memory-store.js';
import { resolvePacing } from '../pacing/limits.js';
import type { PacingLimit, PacingStore } from '../pacing/types.js';

/** The client's options after defaults and checks: what the request pipeline runs on. */
export interface ResolvedOptions {
  apiKey: string | (() => string | Promise<string>);
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  maxRateLimitWait: number;
  fetch: Fetch | undefined;
  defaultHeaders: Record<string, string>;
  validateResponses: boolean;
  /** The logger with `logLevel` applied. */
  log: LevelledLogger;
  /** Pacing's windows and store (the in-memory one unless a store was given); `undefined` when off. */
  pacing: { limits: readonly PacingLimit[]; store: PacingStore } | undefined;
  middleware: readonly Middleware[];
  totalTimeout: number | undefined;
  maxResponseBytes: number;
}

// An empty variable counts as unset.
function env(name: string): string | undefined {
  return (typeof process === 'undefined' ? undefined : process.env?.[name]) || undefined;
}

function checkCount(option: CountedOption, value: number): number {
  const { min, max } = optionRange(option);
  if (!inRange(option, value)) {
    throw new ConfigurationError(option, `\`${option}\` must be an integer from ${min} to ${max}; got ${String(value)}.`);
  }
  return value;
}

function checkDefaultHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  for (const [name, value] of headerEntries(headers)) {
    const problem = headerProblem(name, value);
    if (problem) throw new ConfigurationError('defaultHeaders', `\`defaultHeaders\`: ${problem.message}.`);
  }
  return { ...headers };
}

function resolveLogger(options: ClientOptions): LevelledLogger {
  const fromEnv = env('CREDIT_PLATFORM_LOG');
  const level =
    options.logLevel !== undefined
      ? parseLogLevel(options.logLevel, '`logLevel`')
      : fromEnv !== undefined
        ? parseLogLevel(fromEnv, 'CREDIT_PLATFORM_LOG')
        : DEFAULTS.logLevel;
  const logger = options.logger ?? console;
  for (const method of ['debug', 'info', 'warn', 'error'] as const) {
    if (typeof logger[method] !== 'function') {
      throw new ConfigurationError('logger', `\`logger\` must have a \`${method}\` method (console fits).`);
    }
  }
  return levelled(logger, level);
}

function withStore(pacing: ReturnType<typeof resolvePacing>): ResolvedOptions['pacing'] {
  return pacing && { limits: pacing.limits, store: pacing.store ?? new MemoryPacingStore() };
}

function checkMiddleware(value: unknown): readonly Middleware[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((m) => typeof m !== 'function')) {
    throw new ConfigurationError(
      'middleware',
      '`middleware` must be an array of functions `(request, next) => Promise<Response>`.',
    );
  }
  return [...value];
}

// A key in a web page is a published key; the check runs before anything else reads options.
function checkBrowser(options: ClientOptions): void {
  const g = globalThis as { window?: unknown; document?: unknown };
  if (g.window !== undefined && g.document !== undefined && options.dangerouslyAllowBrowser !== true) {
    throw new ConfigurationError(
      'dangerouslyAllowBrowser',
      'This looks like a browser: an API key in a web page can be read by anyone who loads it. Call the API from your server; if this page is trusted and private, pass `dangerouslyAllowBrowser: true`.',
    );
  }
}

/** Applies env fallbacks and defaults, and rejects configurations that cannot work. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  checkOptionNames(options);
  checkBrowser(options);
  const apiKey = options.apiKey ?? env('CREDIT_PLATFORM_API_KEY');
  if (apiKey === undefined || (typeof apiKey === 'string' && apiKey.trim() === '')) {
    throw new ConfigurationError(
      'apiKey',
      'No API key: pass `apiKey` to `new CreditPlatform({ apiKey })` or set CREDIT_PLATFORM_API_KEY. Keys are created in the dashboard under Settings > API Keys.',
    );
  }
  if (typeof apiKey !== 'string' && typeof apiKey !== 'function') {
    throw new ConfigurationError('apiKey', '`apiKey` must be a string or a function returning one.');
  }
  const baseUrl = options.baseUrl ?? env('CREDIT_PLATFORM_BASE_URL');
  if (baseUrl === undefined || baseUrl.trim() === '') {
    throw new ConfigurationError(
      'baseUrl',
      'No base URL: pass `baseUrl` (the service address ending in /api/v1) or set CREDIT_PLATFORM_BASE_URL.',
    );
  }
  const checkedBaseUrl = checkBaseUrl(baseUrl.trim());
  const log = resolveLogger(options);
  warnIfCleartext(checkedBaseUrl, log);
  return {
    apiKey,
    baseUrl: checkedBaseUrl,
    timeout: checkCount('timeout', options.timeout ?? DEFAULTS.timeout),
    maxRetries: checkCount('maxRetries', options.maxRetries ?? DEFAULTS.maxRetries),
    maxRateLimitWait: checkCount('maxRateLimitWait', options.maxRateLimitWait ?? DEFAULTS.maxRateLimitWait),
    fetch: options.fetch,
    defaultHeaders: checkDefaultHeaders(options.defaultHeaders),
    validateResponses: options.validateResponses ?? DEFAULTS.validateResponses,
    log,
    pacing: withStore(resolvePacing(options.pacing)),
    middleware: checkMiddleware(options.middleware),
    totalTimeout: options.totalTimeout === undefined ? undefined : checkCount('totalTimeout', options.totalTimeout),
    maxResponseBytes: checkCount('maxResponseBytes', options.maxResponseBytes ?? DEFAULTS.maxResponseBytes),
  };
}
