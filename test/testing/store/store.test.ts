import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, errorCode } from '../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 2 });

describe('store: accounts', () => {
  it('numbers new accounts after the default one and fills the documented defaults', () => {
    const fake = setup();
    const second = fake.admin.createAccount();
    const third = fake.admin.createAccount({ name: 'Named', email: 'x@example.test', tier: 'free', creditTier: 'PRIME' });
    expect(second).toEqual({
      id: expect.stringMatching(/^acc_/),
      name: 'Test account 2',
      email: 'account2@example.test',
      tier: 'premium',
      creditTier: 'SECURED_ONLY',
      status: 'active',
      kycStatus: 'none',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(third).toMatchObject({ name: 'Named', email: 'x@example.test', tier: 'free', creditTier: 'PRIME' });
    expect(new Set([fake.accountId, second.id, third.id]).size).toBe(3);
  });

  it('gives a new account its own generated history, distinct from the default account', async () => {
    const fake = setup();
    const account = fake.admin.createAccount({ transactions: 2 });
    const { key } = fake.admin.createKey(account.id);
    const theirs = (await call(fake, 'GET', '/transactions', { key })).body.data.items;
    const mine = (await call(fake, 'GET', '/transactions')).body.data.items;
    expect(theirs).toHaveLength(2);
    expect(theirs.map((t: { id: string }) => t.id)).not.toEqual(mine.map((t: { id: string }) => t.id));
    expect((await call(fake, 'GET', `/transactions/${mine[0].id}`, { key })).status).toBe(404);
  });

  it('an account without transactions has none', async () => {
    const fake = setup();
    const account = fake.admin.createAccount();
    const { key } = fake.admin.createKey(account.id);
    expect((await call(fake, 'GET', '/transactions', { key })).body.data).toEqual({ items: [], nextCursor: null });
  });
});

describe('store: keys', () => {
  it('issues a full-permission key by default, named "Test key", whose value authenticates', async () => {
    const fake = setup();
    const created = fake.admin.createKey(fake.accountId);
    expect(created).toEqual({
      keyId: expect.stringMatching(/^key_/),
      name: 'Test key',
      permissions: ['read', 'write', 'admin'],
      createdAt: '2026-01-01T00:00:00.000Z',
      key: expect.stringMatching(/^cpk_test_[0-9a-f]{40}$/),
    });
    expect((await call(fake, 'GET', '/accounts/me', { key: created.key })).status).toBe(200);
    const listed = (await call(fake, 'GET', '/keys')).body.data.items;
    expect(listed).toContainEqual({
      keyId: created.keyId,
      name: 'Test key',
      permissions: ['read', 'write', 'admin'],
      createdAt: created.createdAt,
    });
  });

  it('refuses a key value already in use, and keeps the first owner of it', async () => {
    const fake = setup();
    const other = fake.admin.createAccount();
    expect(() => fake.admin.createKey(other.id, { key: fake.apiKey })).toThrow(
      new RangeError('That key value is already in use'),
    );
    expect((await call(fake, 'GET', '/accounts/me')).body.data.id).toBe(fake.accountId);
    expect(fake.admin.snapshot()).toEqual(expect.arrayContaining([expect.objectContaining({ keys: [] })]));
  });

  it('a key chosen by the test works; an unknown one is INVALID_API_KEY, a revoked one KEY_REVOKED', async () => {
    const fake = setup();
    const { key, keyId } = fake.admin.createKey(fake.accountId, { key: 'cpk_test_chosen', permissions: ['read'] });
    expect((await call(fake, 'GET', '/accounts/me', { key })).status).toBe(200);
    expect(errorCode(await call(fake, 'GET', '/accounts/me', { key: 'cpk_test_unknown' }))).toBe('INVALID_API_KEY');
    expect((await call(fake, 'DELETE', `/keys/${keyId}`)).status).toBe(200);
    expect(errorCode(await call(fake, 'GET', '/accounts/me', { key }))).toBe('KEY_REVOKED');
  });
});
