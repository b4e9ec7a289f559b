import { describe, expect, it } from 'vitest';
import {
  APIError,
  ConfigurationError,
  CreditPlatformError,
  InvalidResponseError,
  NotFoundError,
  PacingTimeoutError,
} from '../../src/index.js';
import { inspectableHeaders } from '../../src/errors/inspectable-headers.js';

// `JSON.stringify(error)` is what a log line holds: each class gives the fields a reader needs to
// act, and no stack or request (which could carry the key).
describe('errors as JSON', () => {
  it('a plain error: name and message, and the resume cursor only when a walk set one', () => {
    const error = new CreditPlatformError('boom');
    expect(error.toJSON()).toEqual({ name: 'CreditPlatformError', message: 'boom' });
    error.resumeCursor = null;
    expect(error.toJSON()).toEqual({ name: 'CreditPlatformError', message: 'boom', resumeCursor: null });
    error.resumeCursor = 'cur_2';
    expect(JSON.parse(JSON.stringify(error))).toEqual({ name: 'CreditPlatformError', message: 'boom', resumeCursor: 'cur_2' });
  });

  it('an API error: status, items, rate limit, headers as an object, and the body excerpt', () => {
    const rateLimit = { limit: 30, remaining: 0, reset: new Date(0) };
    const error = new NotFoundError({
      status: 404,
      message: '404 Deposit not found',
      errors: [{ field: 'depositId', message: 'unknown' }],
      headers: new Headers({ 'x-request-id': 'req_1' }),
      rateLimit,
      body: 'b'.repeat(600),
    });
    expect(error.toJSON()).toEqual({
      name: 'NotFoundError',
      message: '404 Deposit not found',
      status: 404,
      errors: [{ field: 'depositId', message: 'unknown' }],
      rateLimit,
      headers: { 'x-request-id': 'req_1' },
      body: `${'b'.repeat(500)}… (600 characters)`,
    });
    expect(new APIError({ status: 500, message: 'm', errors: [], headers: new Headers(), rateLimit: undefined }).body).toBe('');
  });

  it('an API error keeps headers that are already inspectable, and makes others so', () => {
    const headers = inspectableHeaders({ a: '1' });
    expect(new APIError({ status: 500, message: 'm', errors: [], headers, rateLimit: undefined }).headers).toBe(headers);
    const plain = new Headers({ a: '1' });
    const made = new APIError({ status: 500, message: 'm', errors: [], headers: plain, rateLimit: undefined }).headers;
    expect(made).not.toBe(plain);
    expect(JSON.stringify(made)).toBe('{"a":"1"}');
  });

  it('an invalid response: status, body excerpt and issues ([] without any)', () => {
    const issue = { path: 'amount', message: 'expected string', code: 'invalid_type' };
    expect(new InvalidResponseError('bad', { status: 200, body: '{}', issues: [issue] }).toJSON()).toEqual({
      name: 'InvalidResponseError',
      message: 'bad',
      status: 200,
      body: '{}',
      issues: [issue],
    });
    expect(new InvalidResponseError('bad', { status: 200, body: '{}' }).issues).toEqual([]);
  });

  it('a configuration error names its option; a pacing timeout its wait and what was left, never below 0', () => {
    expect(new ConfigurationError('timeout', 'bad timeout').toJSON()).toEqual({
      name: 'ConfigurationError',
      message: 'bad timeout',
      option: 'timeout',
    });
    const late = new PacingTimeoutError(1_500.2, -20);
    expect(late.message).toContain("would take 1501 ms, past this call's deadline (0 ms left)");
    expect(new PacingTimeoutError(900, 250.9).message).toContain('(250 ms left)');
    expect(late.toJSON()).toEqual({ name: 'PacingTimeoutError', message: late.message, waitMs: 1_500.2, leftMs: -20 });
  });
});
