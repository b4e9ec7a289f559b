// The real client over real HTTP on loopback, against the testing kit's fake service.
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  AuthenticationError,
  CreditPlatform,
  InternalServerError,
  InvalidResponseError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
} from '../../src/index.js';
import { startFakeServer, type FakeServer, type FakeServerOptions } from '../../src/testing/index.js';
import { verifyWebhookSignature } from '../../src/webhooks/index.js';
import { captureError } from '../helpers/capture.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: FakeServerOptions = {}): Promise<{ server: FakeServer; client: CreditPlatform }> {
  server = await startFakeServer(options);
  return { server, client: new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl }) };
}

describe('documented operations against the fake over loopback', () => {
  it('accounts.me() returns the account that owns the key, with the rate-limit state', async () => {
    const { server, client } = await start();
    const { data, rateLimit, response } = await client.accounts.me().withResponse();
    expect(data.id).toBe(server.fake.accountId);
    expect(response.status).toBe(200);
    expect(rateLimit?.limit).toBeGreaterThan(0);
    expect(client.rateLimit).toEqual(rateLimit);
  });

  it('transactions.list() yields every seeded transaction exactly once, in order', async () => {
    const { client } = await start({ transactions: 1_234 });
    const ids: string[] = [];
    for await (const tx of client.transactions.list({ limit: 100 })) ids.push(tx.id);
    expect(ids).toHaveLength(1_234);
    expect(new Set(ids).size).toBe(1_234);
    const again = await client.transactions.list({ limit: 100 }).toArray({ max: 1_234 });
    expect(again.map((t) => t.id)).toEqual(ids);
  });

  it('transactions.list() resumes from a saved cursor', async () => {
    const { client } = await start({ transactions: 250 });
    const first = await client.transactions.list({ limit: 100 });
    const saved = first.nextCursor!;
    const rest = await client.transactions.list({ cursor: saved, limit: 100 }).toArray({ max: 1_000 });
    expect(rest).toHaveLength(150);
    expect(rest[0]?.id).not.toBe(first.items[99]?.id);
  });

  it('webhooks.create() subscribes, and deliveries arrive signed with its secret', async () => {
    const received: { body: string; signature: string | null }[] = [];
    const { server, client } = await start({
      webhookTransport: async (request) => {
        received.push({ body: await request.text(), signature: request.headers.get('x-webhook-signature') });
        return new Response(null, { status: 204 });
      },
    });
    const sub = await client.webhooks.create({
      url: 'https://hooks.example.test/cp',
      events: ['deposit.created'],
      secret: 'whsec_it',
    });
    expect(sub).toMatchObject({ url: 'https://hooks.example.test/cp', events: ['deposit.created'], status: 'active' });
    expect(JSON.stringify(sub)).not.toContain('whsec_it');
    await server.fake.admin.emit('deposit.created', {
      depositId: 'dep_1',
      token: 'ETH',
      amount: '1.5',
      transactionHash: `0x${'0'.repeat(64)}`,
    });
    await server.fake.settled();
    expect(received).toHaveLength(1);
    expect(verifyWebhookSignature(received[0]!.body, received[0]!.signature, 'whsec_it')).toBe(true);
  });

  it('keys.revoke() makes the key invalid at once', async () => {
    const { server, client } = await start();
    const extra = server.fake.admin.createKey(server.fake.accountId, { name: 'old', permissions: ['read'] });
    const old = client.withOptions({ apiKey: extra.key });
    await old.accounts.me();
    await client.keys.revoke(extra.keyId);
    const error = await captureError(old.accounts.me());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).errors[0]?.code).toBe('KEY_REVOKED');
  });

  it('a read-only key cannot revoke keys: PermissionDeniedError', async () => {
    const { server, client } = await start();
    const reader = server.fake.admin.createKey(server.fake.accountId, { permissions: ['read'] });
    const error = await captureError(client.withOptions({ apiKey: reader.key }).keys.revoke(reader.keyId));
    expect(error).toBeInstanceOf(PermissionDeniedError);
  });

  it('an unknown key is an AuthenticationError that never shows the key', async () => {
    const { client } = await start();
    const error = await captureError(client.withOptions({ apiKey: 'cp_live_not_a_real_key_123' }).accounts.me());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify(error) + error.message + String(error.stack)).not.toContain('cp_live_not_a_real_key_123');
  });

  it('invalid input is refused by the SDK before the fake sees it', async () => {
    const { server, client } = await start();
    const before = server.fake.admin.snapshot();
    const error = await captureError(
      client.webhooks.create({ url: 'http://insecure.test', events: ['deposit.created'], secret: 'x' }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(server.fake.admin.snapshot()).toEqual(before);
  });
});

describe('limits and faults over loopback', () => {
  it('exhausting the rate limit gives a RateLimitError with reset, when the wait exceeds the cap', async () => {
    const { server } = await start({ tier: 'free', rateLimit: { tiers: { free: { perMinute: 3, perDay: 1000 } } } });
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRateLimitWait: 0 });
    for (let i = 0; i < 3; i++) await client.accounts.me();
    const error = (await captureError(client.accounts.me())) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.rateLimit?.remaining).toBe(0);
    expect(error.reset.getTime()).toBeGreaterThan(Date.now() - 1_000);
  });

  it('a 429 with a short window is waited out and retried', async () => {
    const { server } = await start({
      tier: 'free',
      rateLimit: { minuteWindowMs: 1_500, tiers: { free: { perMinute: 2, perDay: 1000 } } },
    });
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 3 });
    await client.accounts.me();
    await client.accounts.me();
    const me = await client.accounts.me();
    expect(me.id).toBe(server.fake.accountId);
  });

  it('a dropped connection on a GET is retried and succeeds', async () => {
    const { server, client } = await start();
    server.fake.faults.inject({ path: '/accounts/me', kind: 'drop', times: 1 });
    expect((await client.accounts.me()).id).toBe(server.fake.accountId);
  });

  it('a dropped connection on a POST is not retried', async () => {
    const { server, client } = await start();
    server.fake.faults.inject({ path: '/webhooks', kind: 'drop', times: 1 });
    const error = await captureError(
      client.webhooks.create({ url: 'https://h.example.test/x', events: ['score.updated'], secret: 's' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.fake.admin.webhooks()).toHaveLength(0);
  });

  it('503s are retried for GET until the fake recovers', async () => {
    const { server, client } = await start();
    server.fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, times: 2 });
    expect((await client.accounts.me()).id).toBe(server.fake.accountId);
  });

  it('503s beyond maxRetries surface as InternalServerError', async () => {
    const { server, client } = await start();
    server.fake.faults.inject({ path: '/accounts/me', kind: 'status', status: 503, times: 5 });
    expect(await captureError(client.withOptions({ maxRetries: 1 }).accounts.me())).toBeInstanceOf(InternalServerError);
  });

  it('a non-JSON answer is an InvalidResponseError', async () => {
    const { server, client } = await start();
    server.fake.faults.inject({ path: '/accounts/me', kind: 'non-json', times: 1 });
    expect(await captureError(client.accounts.me())).toBeInstanceOf(InvalidResponseError);
  });
});
