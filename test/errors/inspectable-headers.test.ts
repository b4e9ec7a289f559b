import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inspectableHeaders, isInspectable } from '../../src/errors/inspectable-headers.js';

describe('inspectableHeaders', () => {
  it('shows as a plain object in util.inspect and JSON, and stays a Headers', () => {
    const headers = inspectableHeaders({ 'X-RateLimit-Remaining': '4', 'Content-Type': 'application/json' });
    expect(headers).toBeInstanceOf(Headers);
    expect(headers.get('x-ratelimit-remaining')).toBe('4');
    expect(JSON.parse(JSON.stringify(headers))).toEqual({ 'content-type': 'application/json', 'x-ratelimit-remaining': '4' });
    expect(inspect(headers)).toBe(inspect({ 'content-type': 'application/json', 'x-ratelimit-remaining': '4' }));
    expect(Object.keys(headers)).toEqual([]);
  });

  it('is recognised as its own kind, and nothing else is', () => {
    expect(isInspectable(inspectableHeaders())).toBe(true);
    for (const other of [new Headers(), {}, null, undefined, 'headers', { [Symbol('inspectable headers')]: true }]) {
      expect(isInspectable(other)).toBe(false);
    }
  });
});
