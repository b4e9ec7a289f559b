// Each secret a call carried in its body is redacted from what the server echoes, wherever in the
// body it was: a string under a key that names a secret, at any depth (within the walk's bounds).
import { describe, expect, it } from 'vitest';
import { secretsIn } from '../../../src/core/redaction/secret-fields.js';
import type { APIError } from '../../../src/index.js';
import { captureError } from '../../helpers/capture.js';
import { client, http, HttpResponse, url, useMswServer } from '../../helpers/msw.js';
import { renderings, unescapeAll } from '../../setup/leak-guard.js';

const server = useMswServer();

/** A broken service: it answers 422 and echoes the request body in the message, errors[], a header and the body. */
function echoBody() {
  return async ({ request }: { request: Request }) => {
    const sent = await request.text();
    const escaped = JSON.stringify(sent).replaceAll('/', '\\/');
    return new HttpResponse(
      `{"success":false,"data":null,"message":${escaped},"errors":[{"field":"body","message":${escaped}}],"echo":${sent}}`,
      { status: 422, headers: { 'content-type': 'application/json', 'x-echo': encodeURIComponent(sent) } },
    );
  };
}

function expectAbsent(error: Error, secrets: string[]): void {
  for (const text of renderings(error)) {
    for (const secret of secrets) {
      expect(text, text.slice(0, 300)).not.toContain(secret);
      expect(unescapeAll(text), text.slice(0, 300)).not.toContain(secret);
    }
  }
}

describe('secrets a call carried in its body', () => {
  it('a webhook secret nested in a client.request body (config.secret)', async () => {
    server.use(http.post(url('integrations'), echoBody()));
    const secret = 'whsec_nested_1a2b3c4d5e';
    const error = (await captureError(
      client().request('POST', '/integrations', { body: { name: 'ci', config: { secret } } }),
    )) as APIError;
    expect(error.status).toBe(422);
    expect(error.message).toContain('[REDACTED]');
    expect(error.message).toContain('"name":"ci"');
    expectAbsent(error, [secret]);
  });

  it('every name that names a secret, at any depth, in objects and arrays', async () => {
    server.use(http.post(url('integrations'), echoBody()));
    const body = {
      password: 'pw-hunter2-0001',
      auth: { apiKey: 'ak-0002-abcdef', api_key: 'ak-0003-abcdef', 'X-API-Key': 'ak-0004-abcdef' },
      oauth: [{ accessToken: 'at-0005-abcdef' }, { refresh_token: 'rt-0006-abcdef' }],
      hooks: [{ target: { signingSecret: 'ss-0007-abcdef', CLIENT_SECRET: 'cs-0008-abcdef' } }],
      credentials: { user: 'user-0009-abcdef', pass: ['pass-0010-abcdef'] },
      privateKey: 'pk-0011-abcdef',
      passphrase: 'pp-0012-abcdef',
    };
    const secrets = JSON.stringify(body).match(/[a-z]{2,4}-\w+-\w+/g) ?? [];
    expect(secrets).toHaveLength(12);
    const error = await captureError(client().request('POST', '/integrations', { body }));
    expectAbsent(error, secrets);
  });

  it('a token symbol is not a secret: "token" alone, and names that merely contain a word', async () => {
    server.use(http.post(url('deposits'), echoBody()));
    const error = (await captureError(client().deposits.create({ token: 'USDC', chain: 'Base', amount: '10.00' }))) as APIError;
    expect(error.message).toBe('422 {"token":"USDC","chain":"Base","amount":"10.00"}');
    expect(error.message).not.toContain('[REDACTED]');
  });
});

describe('secretsIn: the walk of a request body', () => {
  it('collects the strings under secret-named fields, and only those', () => {
    expect(secretsIn({ url: 'https://x', secret: 'whsec_a', events: ['e'], nested: { token: 'USDC', idToken: 'it' } })).toEqual([
      'whsec_a',
      'it',
    ]);
  });

  it('ends on a cyclic body and on a huge one', () => {
    const cyclic: Record<string, unknown> = { apiKey: 'ak_cyclic_0001' };
    cyclic.self = cyclic;
    expect(secretsIn(cyclic)).toEqual(['ak_cyclic_0001']);
    const many = Array.from({ length: 100_000 }, (_, i) => ({ secret: `whsec_${i}` }));
    expect(secretsIn({ many }).length).toBeLessThanOrEqual(32);
    expect(secretsIn({ many })[0]).toBe('whsec_0');
  });

  it('reads a bounded depth: a secret 50 levels down is not collected', () => {
    let deep: unknown = { secret: 'whsec_too_deep_0001' };
    for (let i = 0; i < 50; i++) deep = { next: deep };
    expect(secretsIn(deep)).toEqual([]);
    expect(secretsIn({ a: { b: { secret: 'whsec_shallow' } } })).toEqual(['whsec_shallow']);
  });
});

describe('secretsIn: the exact rule and bounds', () => {
  it('nothing in a body that is not an object', () => {
    for (const body of [null, undefined, 'secret', 42]) expect(secretsIn(body)).toEqual([]);
  });

  it('each secret once, every string under a secret-named field, none inherited', () => {
    expect(secretsIn({ secret: 'whsec_same', password: 'whsec_same', passwords: ['pw_1', 'pw_2', 7] })).toEqual([
      'whsec_same',
      'pw_1',
      'pw_2',
    ]);
    expect(secretsIn(Object.create({ secret: 'whsec_inherited' }))).toEqual([]);
  });

  it.each([
    ['token', false],
    ['Token', false],
    ['tokenId', false],
    ['idToken', true],
    ['refresh-token', true],
    ['api-key', true],
    ['Private_Key', true],
    ['passwd', true],
    ['db_credentials', true],
    ['proxyAuthorization', true],
    ['secret2', true],
    ['amount', false],
  ])('a field named %s names a secret: %s', (name, named) => {
    expect(secretsIn({ [name]: 'value_0001' })).toEqual(named ? ['value_0001'] : []);
  });

  it('reads 8 levels: a secret in the object 7 levels down is collected, 8 levels down it is not', () => {
    const nest = (levels: number): unknown => {
      let body: unknown = { secret: `whsec_${levels}` };
      for (let i = 0; i < levels; i++) body = { next: body };
      return body;
    };
    expect(secretsIn(nest(7))).toEqual(['whsec_7']);
    expect(secretsIn(nest(8))).toEqual([]);
  });

  it('counts a level of array as a level of object: a secret 8 arrays down is not collected', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = `whsec_${levels}`;
      for (let i = 0; i < levels; i++) value = [value];
      return { secret: value };
    };
    expect(secretsIn(nest(7))).toEqual(['whsec_7']);
    expect(secretsIn(nest(8))).toEqual([]);
  });

  it('walks nothing under a function or null: JSON drops a function, so nothing under it is sent', () => {
    const hook = Object.assign(() => undefined, { secret: 'whsec_not_sent' });
    expect(secretsIn({ secret: hook, other: null, password: [null, 'pw_sent'] })).toEqual(['pw_sent']);
  });

  it("walks an array's items only, not other properties it carries: JSON sends only the items", () => {
    const list = Object.assign(['item_0001'], { secret: 'whsec_not_sent' });
    expect(secretsIn({ list, password: list })).toEqual(['item_0001']);
  });

  it('reads 1,000 values: the body, then 998 more before the secret is too many', () => {
    expect(secretsIn({ filler: Array(997).fill(0), secret: 'whsec_in_budget' })).toEqual(['whsec_in_budget']);
    expect(secretsIn({ filler: Array(998).fill(0), secret: 'whsec_over_budget' })).toEqual([]);
  });

  it('keeps exactly 32 secrets, the first ones, from a body that holds more', () => {
    const secrets = Array.from({ length: 40 }, (_, i) => `whsec_${i}`);
    expect(secretsIn({ secrets })).toEqual(secrets.slice(0, 32));
    expect(secretsIn({ list: secrets.map((secret) => ({ secret })) })).toEqual(secrets.slice(0, 32));
  });
});
