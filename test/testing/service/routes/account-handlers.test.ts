import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../../src/testing/index.js';
import { call, errorCode } from '../../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });

describe('PATCH /accounts/{id}', () => {
  it('changes only the fields sent: name alone, email alone, both', async () => {
    const fake = setup();
    const before = (await call(fake, 'GET', '/accounts/me')).body.data;
    const renamed = await call(fake, 'PATCH', '/accounts/me', { body: { name: 'Renamed' } });
    expect(renamed.body.data).toEqual({ ...before, name: 'Renamed' });
    const moved = await call(fake, 'PATCH', `/accounts/${fake.accountId}`, { body: { email: 'ada@example.com' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ ...before, name: 'Renamed', email: 'ada@example.com' });
    const both = await call(fake, 'PATCH', '/accounts/me', { body: { name: 'Ada', email: 'a@b' } });
    expect(both.body.data).toEqual({ ...before, name: 'Ada', email: 'a@b' });
    expect((await call(fake, 'GET', '/accounts/me')).body.data).toEqual(both.body.data);
  });

  it('reports a bad name and a bad email together, and changes nothing', async () => {
    const fake = setup();
    const before = fake.admin.snapshot();
    const res = await call(fake, 'PATCH', '/accounts/me', { body: { name: '', email: 'not an email' } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['name', 'INVALID_VALUE'],
      ['email', 'INVALID_VALUE'],
    ]);
    for (const body of [{ name: 5 }, { email: 'a@b c' }, { email: '' }]) {
      expect((await call(fake, 'PATCH', '/accounts/me', { body })).status, JSON.stringify(body)).toBe(422);
    }
    expect(fake.admin.snapshot()).toEqual(before);
  });

  it('answers 404 naming the id for another account', async () => {
    const fake = setup();
    const other = fake.admin.createAccount();
    const res = await call(fake, 'PATCH', `/accounts/${other.id}`, { body: { name: 'Mine now' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain(JSON.stringify(other.id));
    expect(fake.admin.account(other.id).name).not.toBe('Mine now');
  });
});

describe('POST /accounts/{id}/kyc', () => {
  it('stores the submission with the clock time and an upper-cased country', async () => {
    const clock = createManualClock(Date.UTC(2026, 2, 1));
    const fake = createFakeCreditPlatform({ clock, transactions: 0 });
    const res = await call(fake, 'POST', '/accounts/me/kyc', { body: { fullName: 'Ada Lovelace', country: 'gb' } });
    expect(res.body.data).toEqual({
      status: 'pending',
      submittedAt: '2026-03-01T00:00:00.000Z',
      fullName: 'Ada Lovelace',
      country: 'GB',
    });
    expect((await call(fake, 'GET', '/accounts/me/kyc')).body.data).toEqual(res.body.data);
  });

  it('refuses a missing name and a country longer than two letters, keeping the status none', async () => {
    const fake = setup();
    const res = await call(fake, 'POST', '/accounts/me/kyc', { body: { country: 'GBR' } });
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['fullName', 'REQUIRED'],
      ['country', 'INVALID_VALUE'],
    ]);
    expect((await call(fake, 'GET', '/accounts/me/kyc')).body.data).toEqual({ status: 'none' });
    expect((await call(fake, 'GET', '/accounts/me')).body.data.kycStatus).toBe('none');
  });
});

describe('API keys', () => {
  it('creates a key (secret shown once), retrieves and lists it without the secret', async () => {
    const fake = setup();
    const created = await call(fake, 'POST', '/keys', { body: { name: 'CI', permissions: ['read', 'read'] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'CI', permissions: ['read'], key: expect.any(String) });
    const got = await call(fake, 'GET', `/keys/${created.body.data.keyId}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ keyId: created.body.data.keyId, name: 'CI', permissions: ['read'] });
    expect(JSON.stringify(got.body.data)).not.toContain(created.body.data.key);
    expect((await call(fake, 'GET', '/keys')).body.data.items.map((k: { keyId: string }) => k.keyId)).toContain(
      created.body.data.keyId,
    );
  });

  it('creates no key when the body is invalid', async () => {
    const fake = setup();
    const before = fake.admin.snapshot();
    const res = await call(fake, 'POST', '/keys', { body: { name: 'CI', permissions: ['root'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([['permissions', 'INVALID_VALUE']]);
    expect(fake.admin.snapshot()).toEqual(before);
  });

  it('revokes idempotently: the second DELETE answers the same record; the key stops working', async () => {
    const fake = setup();
    const created = (await call(fake, 'POST', '/keys', { body: { name: 'Temp', permissions: ['read'] } })).body.data;
    const first = await call(fake, 'DELETE', `/keys/${created.keyId}`);
    expect(first.body.data).toMatchObject({ keyId: created.keyId, revokedAt: expect.any(String) });
    const second = await call(fake, 'DELETE', `/keys/${created.keyId}`);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(errorCode(await call(fake, 'GET', '/accounts/me', { key: created.key }))).toBe('KEY_REVOKED');
  });

  it('answers 404 naming the id of a key that does not exist', async () => {
    const fake = setup();
    for (const method of ['GET', 'DELETE']) {
      const res = await call(fake, method, '/keys/key_missing');
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('"key_missing"');
    }
  });
});
