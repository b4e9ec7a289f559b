import { describe, expect, it } from 'vitest';
import { parseRateLimit, RateLimitError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, fail, http, HttpResponse, ok, url, useMswServer } from '../../helpers/msw.js';

const server = useMswServer();
const headers = (limit: string, remaining: string, reset: string) =>
  new Headers({ 'x-ratelimit-limit': limit, 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset });

describe('parseRateLimit', () => {
  it('reads the three headers, reset in Unix seconds', () => {
    expect(parseRateLimit(headers('600', '599', '1709856000'))).toEqual({
      limit: 600,
      remaining: 599,
      reset: new Date('2024-03-08T00:00:00Z'),
    });
  });

  it('tolerates surrounding whitespace', () => {
    expect(parseRateLimit(headers(' 30 ', '0', ' 1709856000'))?.limit).toBe(30);
  });

  it.each([
    ['a missing header', new Headers({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '1' })],
    ['no headers at all', new Headers()],
    ['text', headers('lots', '1', '1709856000')],
    ['a negative count', headers('30', '-1', '1709856000')],
    ['a fraction', headers('30', '1.5', '1709856000')],
    ['exponent notation', headers('30', '1', '1.7e9')],
    ['hex', headers('0x1e', '1', '1709856000')],
    ['an empty value', headers('', '1', '1709856000')],
    ['an ISO date as reset', headers('30', '1', '2024-03-08T00:00:00Z')],
    ['a reset too large for a Date', headers('30', '1', '999999999999999')],
    ['a non-ASCII digit (a header can only hold Latin-1)', headers('3\u00b2', '1', '1709856000')],
  ])('gives undefined, never NaN or an invalid Date, for %s', (_, h) => {
    expect(parseRateLimit(h)).toBeUndefined();
  });
});

describe('parseRateLimit, character by character', () => {
  it('a count is ASCII digits only: every other Latin-1 character in it gives undefined', () => {
    for (let code = 0; code <= 0xff; code++) {
      const char = String.fromCharCode(code);
      let h: Headers;
      try {
        h = headers(`3${char}0`, `1${char}`, `${char}1709856000`);
      } catch {
        continue; // NUL, CR, LF: no response can carry them
      }
      const parsed = parseRateLimit(h);
      if (code >= 0x30 && code <= 0x39) expect(parsed, `U+${code.toString(16)}`).toBeDefined();
      else expect(parsed, `U+${code.toString(16)}`).toBeUndefined();
    }
  });

  it('reads up to 15 digits and no more; each header is needed', () => {
    expect(parseRateLimit(headers('999999999999999', '0', '0'))?.limit).toBe(999_999_999_999_999);
    expect(parseRateLimit(headers('1000000000000000', '0', '0'))).toBeUndefined();
    expect(parseRateLimit(headers('30', '0', '8640000000000'))?.reset.toISOString()).toBe('+275760-09-13T00:00:00.000Z');
    expect(parseRateLimit(headers('30', '0', '8640000000001'))).toBeUndefined();
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      const h = headers('30', '1', '1709856000');
      h.delete(name);
      expect(parseRateLimit(h), name).toBeUndefined();
    }
  });
});

describe('rate-limit exposure', () => {
  it('client.rateLimit follows the most recent response, success or error', async () => {
    let n = 0;
    server.use(
      http.get(url('accounts/me'), () =>
        ++n === 1
          ? ok({ id: 'a' }, { headers: { 'x-ratelimit-remaining': '5' } })
          : fail(404, 'gone', [], { 'x-ratelimit-remaining': '4' }),
      ),
    );
    const c = client({ maxRetries: 0 });
    expect(c.rateLimit).toBeUndefined();
    await c.accounts.me();
    expect(c.rateLimit?.remaining).toBe(5);
    await captureError(c.accounts.me());
    expect(c.rateLimit?.remaining).toBe(4);
  });

  it('garbage headers leave client.rateLimit as it was and withResponse gives undefined', async () => {
    let n = 0;
    server.use(
      http.get(url('accounts/me'), () =>
        ++n === 1
          ? ok({ id: 'a' })
          : HttpResponse.json(
              { success: true, data: { id: 'b' }, message: null },
              { headers: { 'x-ratelimit-limit': 'NaN', 'x-ratelimit-remaining': 'x', 'x-ratelimit-reset': 'soon' } },
            ),
      ),
    );
    const c = client();
    await c.accounts.me();
    const { rateLimit } = await c.accounts.me().withResponse();
    expect(rateLimit).toBeUndefined();
    expect(c.rateLimit?.remaining).toBe(119);
  });

  it('a RateLimitError carries rateLimit and reset', async () => {
    server.use(
      http.get(url('accounts/me'), () =>
        fail(429, 'Rate limit exceeded', [], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '4102444800' }),
      ),
    );
    const error = (await captureError(client({ maxRateLimitWait: 0 }).accounts.me())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.rateLimit).toEqual({ limit: 120, remaining: 0, reset: new Date('2100-01-01T00:00:00Z') });
    expect(error.reset).toEqual(new Date('2100-01-01T00:00:00Z'));
  });
});
