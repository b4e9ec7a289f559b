import { describe, expect, it } from 'vitest';
import { ConfigurationError, CreditPlatform, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { headerEntries, headerProblem } from '../../../src/core/config/header-rules.js';
import { loopback } from '../../helpers/loopback.js';
import { API_KEY } from '../../helpers/msw.js';

// A header fetch refuses to send (a line break, NUL, a character beyond Latin-1) made fetch
// throw a TypeError that quoted the value; the SDK reported it as a connection error. It is the
// caller's input, so it is refused as such, naming the header and never showing the value.

const HIDDEN = 'tok_hidden_42';

async function service() {
  return loopback((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true, data: { id: 'acc_1' }, message: null }));
  });
}

describe('per-call headers fetch cannot send', () => {
  it.each([
    ['CR LF', `${HIDDEN}\r\nX-Injected: 1`],
    ['LF', `${HIDDEN}\nX-Injected: 1`],
    ['CR', `${HIDDEN}\r`],
    ['NUL', `${HIDDEN}\0`],
    ['a character beyond Latin-1', `${HIDDEN}\u20ac`],
    ['another control character', `${HIDDEN}\u0007`],
  ])('a value with %s is a RequestValidationError naming the header, not its value; nothing is sent', async (_, value) => {
    const server = await service();
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, logLevel: 'off' });
    const error = await captureError(client.accounts.me({ headers: { 'X-Trace': value } }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors).toEqual([
      { field: 'headers.X-Trace', code: 'INVALID_HEADER', message: expect.stringContaining('value') },
    ]);
    expect(error.message).toMatch(/^GET \/accounts\/me was not sent: header "X-Trace" /);
    expect(JSON.stringify(error)).not.toContain(HIDDEN);
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['a line break', 'X-A\r\nX-B'],
    ['a space', 'X Trace'],
    ['a colon', 'X-Trace:'],
    ['nothing', ''],
  ])('a name with %s is refused the same way', async (_, name) => {
    const server = await service();
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, logLevel: 'off' });
    const error = await captureError(client.request('GET', '/accounts/me', { headers: { [name]: 'v' } }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).errors[0]).toMatchObject({ field: 'headers', code: 'INVALID_HEADER' });
    expect(error.message).toContain(JSON.stringify(name));
    expect(server.requests).toEqual([]);
  });

  it('sends a value with spaces, tabs and Latin-1 text', async () => {
    const server = await service();
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, logLevel: 'off' });
    await client.accounts.me({ headers: { 'X-Note': 'caf\u00e9 au\tlait' } });
    expect(server.requests).toHaveLength(1);
  });
});

describe('defaultHeaders fetch cannot send', () => {
  it.each([
    ['a value with CR LF', { 'X-Trace': `${HIDDEN}\r\nX-Injected: 1` }, 'X-Trace'],
    ['a value with NUL', { 'X-Trace': `${HIDDEN}\0` }, 'X-Trace'],
    ['a name with a space', { 'X Trace': 'v' }, 'X Trace'],
  ])('%s is a ConfigurationError at construction that names the header and hides the value', (_, defaultHeaders, name) => {
    let error: unknown;
    try {
      new CreditPlatform({ apiKey: API_KEY, baseUrl: 'https://api.example.com/api/v1', defaultHeaders });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('defaultHeaders');
    expect((error as Error).message).toContain(JSON.stringify(name));
    expect((error as Error).message).not.toContain(HIDDEN);
  });
});

describe('the header rules', () => {
  it('a name is sendable exactly when it is RFC 9110 token characters', () => {
    const token = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    for (let code = 0; code <= 0x17f; code++) {
      const char = String.fromCharCode(code);
      const problem = headerProblem(`X${char}Y`, 'v');
      if (token.includes(char)) expect(problem, `U+${code.toString(16)}`).toBeUndefined();
      else expect(problem?.part, `U+${code.toString(16)}`).toBe('name');
    }
    expect(headerProblem('', 'v')?.part).toBe('name');
    expect(headerProblem('-', 'v')).toBeUndefined();
  });

  it('a value is sendable exactly when it is tab, visible ASCII, space or Latin-1, anywhere in it', () => {
    for (let code = 0; code <= 0x17f; code++) {
      const sendable = code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff);
      for (const value of [String.fromCharCode(code), `a${String.fromCharCode(code)}`, `${String.fromCharCode(code)}a`]) {
        const problem = headerProblem('X-A', value);
        if (sendable) expect(problem, `U+${code.toString(16)}`).toBeUndefined();
        else expect(problem, `U+${code.toString(16)}`).toEqual({ part: 'value', message: expect.stringContaining('"X-A"') });
      }
    }
    expect(headerProblem('X-A', '')).toBeUndefined();
    expect(headerProblem('X-A', 42)).toBeUndefined();
  });

  it('reads headers given as an object or as pairs; a Headers instance or a non-object gives nothing to check', () => {
    expect(headerEntries({ a: '1', b: 2 })).toEqual([
      ['a', '1'],
      ['b', 2],
    ]);
    expect(
      headerEntries([
        ['a', '1'],
        [2, 'x'],
      ]),
    ).toEqual([
      ['a', '1'],
      ['2', 'x'],
    ]);
    expect(headerEntries(new Headers({ a: '1' }))).toEqual([]);
    for (const none of [null, undefined, 'a: 1', 42]) expect(headerEntries(none)).toEqual([]);
  });
});
