import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode, ORIGIN } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 5, maxBodyBytes: 1024 });

describe('bad input', () => {
  it('answers malformed JSON with 400 INVALID_JSON in the envelope', async () => {
    const res = await call(setup(), 'POST', '/deposits', {
      rawBody: '{"token": "ETH",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('INVALID_JSON');
  });

  it('answers a JSON body that is not an object with 400', async () => {
    for (const raw of ['[1,2]', '"text"', 'null', '42']) {
      const res = await call(setup(), 'POST', '/deposits', { rawBody: raw });
      expect(res.status, raw).toBe(400);
      expect(errorCode(res)).toBe('INVALID_BODY');
    }
  });

  it('answers unknown routes, wrong methods and paths outside /api/v1 with a 404 envelope', async () => {
    const fake = setup();
    for (const [method, url] of [
      ['GET', '/nope'],
      ['DELETE', '/transactions'],
      ['GET', `${ORIGIN}/api/v2/accounts/me`],
      ['GET', `${ORIGIN}/`],
      ['GET', '/deposits/a/b/c'],
    ] as const) {
      const res = await call(fake, method, url);
      expect(res.status, url).toBe(404);
      expect(errorCode(res)).toBe('NOT_FOUND');
      expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    }
  });

  it('answers an oversize body with 413, whether declared or streamed', async () => {
    const fake = setup();
    const big = JSON.stringify({ token: 'ETH', chain: 'Base', amount: '1', pad: 'x'.repeat(2000) });
    const declared = await call(fake, 'POST', '/deposits', { rawBody: big });
    expect(declared.status).toBe(413);
    expect(errorCode(declared)).toBe('PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode('x'.repeat(400)));
        c.close();
      },
    });
    const req = new Request(`${ORIGIN}/api/v1/deposits`, {
      method: 'POST',
      headers: { 'x-api-key': fake.apiKey },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await fake.handle(req)).status).toBe(413);
  });

  it('changes nothing on a rejected request', async () => {
    const fake = setup();
    const sub = (
      await call(fake, 'POST', '/webhooks', { body: { url: 'https://h.example.test', events: ['deposit.created'], secret: 's' } })
    ).body.data;
    const line = (await call(fake, 'GET', '/credit')).body.data.items[0];
    const before = fake.admin.snapshot();
    const readKey = fake.admin.createKey(fake.accountId, { permissions: ['read'] }).key;
    const afterKey = fake.admin.snapshot();
    const rejected = [
      await call(fake, 'POST', '/deposits', { body: { token: 'ETH', chain: 'Base', amount: '-1' } }),
      await call(fake, 'POST', '/deposits', { rawBody: '{' }),
      await call(fake, 'POST', '/deposits', {
        rawBody: JSON.stringify({ token: 'ETH', chain: 'Base', amount: '1', pad: 'x'.repeat(2000) }),
      }),
      await call(fake, 'POST', '/deposits', { key: readKey, body: { token: 'ETH', chain: 'Base', amount: '1' } }),
      await call(fake, 'POST', '/deposits', { key: 'nope', body: { token: 'ETH', chain: 'Base', amount: '1' } }),
      await call(fake, 'PATCH', `/webhooks/${sub.id}`, {
        body: { url: 'http://insecure.example.test', events: ['payment.due'] },
      }),
      await call(fake, 'PATCH', `/credit/${line.id}`, { body: { limit: '1.00', status: 'frozen' } }),
      await call(fake, 'POST', '/payments', { body: { creditLineId: line.id, amount: '1', token: 'ETH' } }),
      await call(fake, 'POST', '/accounts/me/kyc', { body: { fullName: 'A' } }),
      await call(fake, 'DELETE', '/keys/key_missing'),
    ];
    expect(rejected.map((r) => r.status)).toEqual([422, 400, 413, 403, 401, 422, 422, 422, 422, 404]);
    expect(fake.admin.snapshot()).toEqual(afterKey);
    expect(before).not.toEqual(afterKey); // the snapshot does see changes
    expect(fake.admin.events()).toEqual([]);
  });

  it('never reflects API key values in responses', async () => {
    const fake = setup();
    const res = await call(fake, 'GET', '/keys');
    expect(JSON.stringify(res.body)).not.toContain(fake.apiKey);
  });
});
