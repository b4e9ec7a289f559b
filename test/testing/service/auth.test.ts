import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode } from '../../helpers/fake-call.js';

function setup() {
  const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 5 });
  const admin = fake.admin;
  const read = admin.createKey(fake.accountId, { name: 'read', permissions: ['read'] }).key;
  const write = admin.createKey(fake.accountId, { name: 'write', permissions: ['write'] }).key;
  return { fake, read, write };
}

describe('authentication', () => {
  it('answers 401 MISSING_API_KEY without a key, with the envelope and rate-limit headers', async () => {
    const { fake } = setup();
    const res = await call(fake, 'GET', '/accounts/me', { key: null });
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe('MISSING_API_KEY');
    expect(res.body.errors?.[0]).toMatchObject({ field: 'X-API-Key' });
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(res.headers.get(h)).toMatch(/^\d+$/);
  });

  it('answers 401 INVALID_API_KEY for an unknown key and never echoes the key', async () => {
    const { fake } = setup();
    const res = await call(fake, 'GET', '/accounts/me', { key: 'cpk_test_not-a-real-key-123' });
    expect(res.status).toBe(401);
    expect(errorCode(res)).toBe('INVALID_API_KEY');
    expect(JSON.stringify(res.body)).not.toContain('not-a-real-key');
  });

  it('serves the account that owns the key', async () => {
    const { fake } = setup();
    const other = fake.admin.createAccount({ name: 'Other' });
    const otherKey = fake.admin.createKey(other.id).key;
    const mine = await call(fake, 'GET', '/accounts/me');
    const theirs = await call(fake, 'GET', '/accounts/me', { key: otherKey });
    expect(mine.body.data.id).toBe(fake.accountId);
    expect(theirs.body.data).toMatchObject({ id: other.id, name: 'Other' });
    expect((await call(fake, 'GET', `/accounts/${other.id}`)).status).toBe(404);
  });

  it('invalidates a revoked key at once, and keeps the revoking key working', async () => {
    const { fake } = setup();
    const victim = fake.admin.createKey(fake.accountId, { permissions: ['read'] });
    expect((await call(fake, 'GET', '/accounts/me', { key: victim.key })).status).toBe(200);
    const revoked = await call(fake, 'DELETE', `/keys/${victim.keyId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ keyId: victim.keyId, revokedAt: expect.any(String) });
    expect(revoked.body.data.key).toBeUndefined();
    const after = await call(fake, 'GET', '/accounts/me', { key: victim.key });
    expect(after.status).toBe(401);
    expect(errorCode(after)).toBe('KEY_REVOKED');
    expect((await call(fake, 'GET', '/accounts/me')).status).toBe(200);
  });

  it('lets a key revoke itself, after which it is refused', async () => {
    const { fake } = setup();
    const me = (await call(fake, 'GET', '/keys')).body.data.items[0];
    expect((await call(fake, 'DELETE', `/keys/${me.keyId}`)).status).toBe(200);
    expect(errorCode(await call(fake, 'GET', '/accounts/me'))).toBe('KEY_REVOKED');
  });
});

describe('permissions', () => {
  it('lets a read key read but not write (403 INSUFFICIENT_PERMISSIONS)', async () => {
    const { fake, read } = setup();
    expect((await call(fake, 'GET', '/transactions', { key: read })).status).toBe(200);
    const res = await call(fake, 'POST', '/deposits', { key: read, body: { token: 'USDC', chain: 'Base', amount: '1.00' } });
    expect(res.status).toBe(403);
    expect(errorCode(res)).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('lets a write key write and read, but not manage keys', async () => {
    const { fake, write } = setup();
    expect(
      (await call(fake, 'POST', '/deposits', { key: write, body: { token: 'USDC', chain: 'Base', amount: '1.00' } })).status,
    ).toBe(201);
    expect((await call(fake, 'GET', '/deposits', { key: write })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/keys'],
      ['POST', '/keys'],
      ['DELETE', '/keys/key_x'],
    ] as const) {
      const res = await call(fake, method, path, {
        key: write,
        body: method === 'POST' ? { name: 'n', permissions: ['read'] } : undefined,
      });
      expect(res.status).toBe(403);
    }
  });

  it('lets an admin key create keys, showing the value once', async () => {
    const { fake } = setup();
    const created = await call(fake, 'POST', '/keys', { body: { name: 'ci', permissions: ['read'] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'ci', permissions: ['read'], key: expect.stringMatching(/^cpk_test_/) });
    const listed = await call(fake, 'GET', `/keys/${created.body.data.keyId}`);
    expect(listed.body.data.key).toBeUndefined();
    expect((await call(fake, 'GET', '/accounts/me', { key: created.body.data.key })).status).toBe(200);
  });

  it('checks permission only after authentication and routing', async () => {
    const { fake, read } = setup();
    expect((await call(fake, 'POST', '/nope', { key: read })).status).toBe(404);
    expect((await call(fake, 'POST', '/deposits', { key: 'bogus' })).status).toBe(401);
  });
});
