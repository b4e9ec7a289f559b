// The client's options after defaults and checks: each number's range at both ends, the
// environment's fallbacks, and the parts the request pipeline reads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../../../src/core/config/client-options.js';
import { resolveOptions } from '../../../src/core/config/resolve-options.js';
import { MemoryPacingStore } from '../../../src/core/pacing/memory-store.js';
import { ConfigurationError, type ClientOptions } from '../../../src/index.js';

const base = { apiKey: 'cp_test_key', baseUrl: 'https://api.credit.test/api/v1', logLevel: 'off' } as const;

afterEach(() => {
  vi.unstubAllEnvs();
});

function refusal(options: ClientOptions): ConfigurationError {
  let error: unknown;
  try {
    resolveOptions(options);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigurationError);
  return error as ConfigurationError;
}

describe('resolveOptions', () => {
  it('takes each number from its minimum to its maximum and refuses one past either end or a fraction', () => {
    const cases = [
      ['timeout', 1, 2_147_483_647],
      ['totalTimeout', 1, 2_147_483_647],
      ['maxRetries', 0, 10],
      ['maxRateLimitWait', 0, 2_147_483_647],
      ['maxResponseBytes', 1, 536_870_888],
    ] as const;
    for (const [option, min, max] of cases) {
      for (const ok of [min, max]) expect(resolveOptions({ ...base, [option]: ok })[option], `${option} ${ok}`).toBe(ok);
      for (const bad of [min - 1, max + 1, min + 0.5]) {
        const error = refusal({ ...base, [option]: bad });
        expect(error.option).toBe(option);
        expect(error.message).toBe(`\`${option}\` must be an integer from ${min} to ${max}; got ${bad}.`);
      }
    }
  });

  it('fills in the documented defaults', () => {
    const resolved = resolveOptions(base);
    expect(resolved).toMatchObject({
      apiKey: base.apiKey,
      baseUrl: 'https://api.credit.test/api/v1/',
      timeout: DEFAULTS.timeout,
      maxRetries: DEFAULTS.maxRetries,
      maxRateLimitWait: DEFAULTS.maxRateLimitWait,
      validateResponses: true,
      defaultHeaders: {},
      pacing: undefined,
      middleware: [],
      totalTimeout: undefined,
      maxResponseBytes: DEFAULTS.maxResponseBytes,
    });
    expect(resolveOptions({ ...base, validateResponses: false }).validateResponses).toBe(false);
  });

  it('reads the key, base URL and log level from the environment, where an empty variable is no value', () => {
    vi.stubEnv('CREDIT_PLATFORM_API_KEY', 'cp_env_key');
    vi.stubEnv('CREDIT_PLATFORM_BASE_URL', ' https://env.credit.test/api/v1 ');
    vi.stubEnv('CREDIT_PLATFORM_LOG', 'debug');
    const debug = vi.fn();
    const logger = { debug, info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const resolved = resolveOptions({ logger });
    expect(resolved.apiKey).toBe('cp_env_key');
    expect(resolved.baseUrl).toBe('https://env.credit.test/api/v1/');
    resolved.log.debug?.('x');
    expect(debug).toHaveBeenCalledWith('x');
    // An option wins over the environment.
    expect(resolveOptions({ logger, logLevel: 'error' }).log.debug).toBeUndefined();
    vi.stubEnv('CREDIT_PLATFORM_LOG', 'loud');
    expect(refusal({ logger }).message).toMatch(/^CREDIT_PLATFORM_LOG must be one of/);
    vi.stubEnv('CREDIT_PLATFORM_LOG', '');
    expect(resolveOptions({ logger }).log.info).toBeUndefined(); // the default, warn
    expect(resolveOptions({ logger }).log.warn).toBeDefined();
    vi.stubEnv('CREDIT_PLATFORM_API_KEY', '');
    expect(refusal({ baseUrl: base.baseUrl }).option).toBe('apiKey');
    vi.stubEnv('CREDIT_PLATFORM_BASE_URL', '');
    expect(refusal({ apiKey: base.apiKey }).option).toBe('baseUrl');
    expect(refusal({ apiKey: base.apiKey, baseUrl: '   ' }).option).toBe('baseUrl');
  });

  it('takes a key as a non-blank string or a function, and nothing else', () => {
    const key = () => 'cp_rotated';
    expect(resolveOptions({ ...base, apiKey: key }).apiKey).toBe(key);
    expect(refusal({ ...base, apiKey: ' \t' }).message).toMatch(/^No API key/);
    expect(refusal({ ...base, apiKey: 42 as never }).message).toBe('`apiKey` must be a string or a function returning one.');
  });

  it('refuses a logger that lacks one of the four methods, naming it', () => {
    for (const method of ['debug', 'info', 'warn', 'error'] as const) {
      const logger = { debug() {}, info() {}, warn() {}, error() {}, [method]: 'x' };
      const error = refusal({ ...base, logger: logger as never });
      expect(error.option).toBe('logger');
      expect(error.message).toBe(`\`logger\` must have a \`${method}\` method (console fits).`);
    }
  });

  it('takes middleware as an array of functions, copied', () => {
    const pass = (request: Request, next: (request: Request) => Promise<Response>) => next(request);
    const given = [pass];
    const resolved = resolveOptions({ ...base, middleware: given });
    expect(resolved.middleware).toEqual([pass]);
    given.push(pass);
    expect(resolved.middleware).toHaveLength(1);
    for (const bad of [pass, [pass, 1], 'x']) expect(refusal({ ...base, middleware: bad as never }).option).toBe('middleware');
  });

  it('copies defaultHeaders it can send and refuses one it cannot', () => {
    const defaultHeaders = { 'X-Team': 'risk' };
    const resolved = resolveOptions({ ...base, defaultHeaders });
    expect(resolved.defaultHeaders).toEqual(defaultHeaders);
    expect(resolved.defaultHeaders).not.toBe(defaultHeaders);
    const error = refusal({ ...base, defaultHeaders: { 'X-Team': 'a\nb' } });
    expect(error.option).toBe('defaultHeaders');
    expect(error.message).toMatch(/^`defaultHeaders`: header "X-Team" has a value .*\.$/);
  });

  it('paces on an in-memory store of its own unless one is given', () => {
    const own = resolveOptions({ ...base, pacing: { tier: 'free' } }).pacing;
    expect(own?.store).toBeInstanceOf(MemoryPacingStore);
    expect(own?.limits.map((l) => l.requests)).toEqual([30, 1_000]);
    expect(resolveOptions({ ...base, pacing: { tier: 'free' } }).pacing?.store).not.toBe(own?.store);
    const store = new MemoryPacingStore();
    expect(resolveOptions({ ...base, pacing: { tier: 'free', store } }).pacing?.store).toBe(store);
  });
});
