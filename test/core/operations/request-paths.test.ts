import { describe, expect, it } from 'vitest';
import { CreditPlatform, RequestValidationError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { loopback } from '../../helpers/loopback.js';
import { API_KEY } from '../../helpers/msw.js';

// A real server whose API lives under /api/v1: every request it sees is recorded, so a path
// that escaped (to /api/admin, say) shows as a request, and a refused one as none.
async function service() {
  return loopback((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true, data: { ok: true }, message: null }));
  });
}

async function refusedPath(path: string): Promise<RequestValidationError> {
  const server = await service();
  const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, logLevel: 'off' });
  const error = await captureError(client.request('GET', path));
  expect(server.requests).toEqual([]);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).errors[0]).toMatchObject({ field: 'path', code: 'INVALID_PATH' });
  expect(error.message).toMatch(/^client\.request\(\): path /);
  return error as RequestValidationError;
}

describe('client.request paths stay under the base URL', () => {
  it.each([
    // The evidence: each reached /api/admin.
    ['backslash dot segments', 'keys\\..\\..\\admin'],
    ['dot segments split by tabs', 'keys/.\t./.\t./admin'],
    ['encoded dot segments split by LF and CR', 'keys/%2e\n%2e/%2e\r%2e/admin'],
  ])('%s (%j) are refused and nothing is sent', async (_, path) => {
    await refusedPath(path);
  });

  it.each([
    ['..', '../admin'],
    ['. ', './accounts/me'],
    ['.. inside', 'keys/../../admin'],
    ['%2e%2e', '%2e%2e/admin'],
    ['%2E.', 'keys/%2E./admin'],
    ['.%2e', 'keys/.%2e/admin'],
    ['%2e', 'keys/%2e/x'],
    ['an encoded slash after ..', 'keys/..%2f..%2fadmin'],
    ['an encoded backslash after %2e%2e', 'keys/%2e%2e%5cadmin'],
    ['.. as the last segment', 'keys/..'],
    ['.. before a query', 'keys/..?a=1'],
  ])('dot segments, plain or encoded (%s), are refused', async (_, path) => {
    const error = await refusedPath(path);
    expect(error.message).toMatch(/"\." or "\.\." segments/);
  });

  it.each([
    ['a backslash', 'keys\\admin'],
    ['a leading backslash', '\\\\evil.example/x'],
  ])('%s is refused', async (_, path) => {
    const error = await refusedPath(path);
    expect(error.message).toMatch(/backslash/);
  });

  it.each([
    ['a tab', 'credit/\tlines'],
    ['a line feed', 'credit/lines\n'],
    ['a carriage return', 'credit\r/lines'],
    ['NUL', 'credit/lines\0'],
    ['DEL', 'credit/lines\u007f'],
    ['a control character in the query', 'credit/lines?a=1\r\nX: y'],
  ])('%s is refused', async (_, path) => {
    const error = await refusedPath(path);
    expect(error.message).toMatch(/control character/);
  });

  it.each([
    ['https://evil.example/x'],
    ['HTTP://127.0.0.1:1/x'],
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['javascript:alert(1)'],
  ])('an absolute or protocol-relative URL (%j) is refused', async (path) => {
    await refusedPath(path);
  });

  it('refuses a lone surrogate, which the URL parser would silently replace', async () => {
    const error = await refusedPath('keys/\ud800');
    expect(error.message).toMatch(/lone surrogate|not valid text/);
  });

  it.each([
    ['/credit/lines', '/api/v1/credit/lines'],
    ['credit/lines', '/api/v1/credit/lines'],
    ['x?a=1', '/api/v1/x?a=1'],
    ['credit/lines?next=../x', '/api/v1/credit/lines?next=../x'],
    ['files/a..b/...', '/api/v1/files/a..b/...'],
    ['keys/key%2F1', '/api/v1/keys/key%2F1'],
    ['caf\u00e9', '/api/v1/caf%C3%A9'],
  ])('sends %j to %s', async (path, reached) => {
    const server = await service();
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, logLevel: 'off' });
    await client.request('GET', path);
    expect(server.requests.map((r) => r.url)).toEqual([reached]);
  });
});

describe('path parameters that cannot be encoded', () => {
  it.each([
    ['deposits.retrieve', (c: CreditPlatform) => c.deposits.retrieve('\ud800')],
    ['accounts.retrieve', (c: CreditPlatform) => c.accounts.retrieve('acc_\udc00')],
    ['keys.revoke', (c: CreditPlatform) => c.keys.revoke('key_\ud83d')],
  ])('%s with a lone surrogate is a RequestValidationError; nothing is sent', async (_, call) => {
    const server = await service();
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: server.baseUrl, logLevel: 'off' });
    const error = await captureError(call(client));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toMatch(/was not sent/);
    expect((error as RequestValidationError).errors[0]).toMatchObject({ code: 'INVALID_PATH_PARAM' });
    expect(server.requests).toEqual([]);
  });
});
