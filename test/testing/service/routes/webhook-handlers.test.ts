import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../../src/testing/index.js';
import { verifyWebhookSignature } from '../../../../src/webhooks/index.js';
import { call, errorCode } from '../../../helpers/fake-call.js';

const setup = () => createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
const URL_A = 'https://a.example.test/hook';
const URL_B = 'https://b.example.test/hook';

async function subscribe(fake: ReturnType<typeof setup>, url: string, secret = 'first-secret') {
  const res = await call(fake, 'POST', '/webhooks', { body: { url, events: ['deposit.created'], secret } });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('webhook subscriptions', () => {
  it('refuses a second subscription for the same URL (409), not one for another URL', async () => {
    const fake = setup();
    const a = await subscribe(fake, URL_A);
    expect(a).toMatchObject({ url: URL_A, events: ['deposit.created'], status: 'active' });
    expect(JSON.stringify(a)).not.toContain('first-secret');
    expect(
      errorCode(await call(fake, 'POST', '/webhooks', { body: { url: URL_A, events: ['credit.frozen'], secret: 's' } })),
    ).toBe('DUPLICATE_WEBHOOK');
    await subscribe(fake, URL_B);
    expect(fake.admin.webhooks().map((w) => w.url)).toEqual([URL_A, URL_B]);
  });

  it('retrieves a subscription by id and names a missing id in its 404', async () => {
    const fake = setup();
    const a = await subscribe(fake, URL_A);
    expect((await call(fake, 'GET', `/webhooks/${a.id}`)).body.data).toEqual(a);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await call(fake, method, '/webhooks/wh_missing', method === 'PATCH' ? { body: {} } : {});
      expect(res.status, method).toBe(404);
      expect(res.body.message).toContain('"wh_missing"');
    }
  });

  it('PATCH changes only what is sent, and may keep or change its own URL but not take another', async () => {
    const fake = setup();
    const a = await subscribe(fake, URL_A);
    await subscribe(fake, URL_B);
    const sameUrl = await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: { url: URL_A } });
    expect(sameUrl.status).toBe(200);
    expect(sameUrl.body.data).toMatchObject({ url: URL_A, events: ['deposit.created'] });
    expect(errorCode(await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: { url: URL_B } }))).toBe('DUPLICATE_WEBHOOK');
    const events = await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: { events: ['credit.frozen'] } });
    expect(events.body.data).toMatchObject({ url: URL_A, events: ['credit.frozen'] });
    const moved = await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: { url: 'https://c.example.test/hook' } });
    expect(moved.body.data).toMatchObject({ url: 'https://c.example.test/hook', events: ['credit.frozen'] });
    expect(fake.admin.webhooks().find((w) => w.id === a.id)).toEqual(moved.body.data);
    const untouched = await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: {} });
    expect(untouched.body.data).toEqual(moved.body.data);
  });

  it('PATCH with a new secret signs later deliveries with it; without one keeps the old', async () => {
    const fake = setup();
    const a = await subscribe(fake, URL_A);
    const signedWith = async (secret: string) => {
      const { deliveries } = await fake.admin.emit('deposit.created');
      const [d] = deliveries;
      return verifyWebhookSignature(d!.body, d!.headers['x-webhook-signature'], secret);
    };
    await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: { events: ['deposit.created'] } });
    expect(await signedWith('first-secret')).toBe(true);
    await call(fake, 'PATCH', `/webhooks/${a.id}`, { body: { secret: 'second-secret' } });
    expect(await signedWith('second-secret')).toBe(true);
    expect(await signedWith('first-secret')).toBe(false);
  });

  it('PATCH with an invalid body changes nothing, the secret included', async () => {
    const fake = setup();
    const a = await subscribe(fake, URL_A);
    const before = fake.admin.snapshot();
    const res = await call(fake, 'PATCH', `/webhooks/${a.id}`, {
      body: { url: 'http://a.example.test/', events: [], secret: 'new' },
    });
    expect(res.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['url', 'INVALID_URL'],
      ['events', 'INVALID_VALUE'],
    ]);
    expect(fake.admin.snapshot()).toEqual(before);
    const { deliveries } = await fake.admin.emit('deposit.created');
    expect(verifyWebhookSignature(deliveries[0]!.body, deliveries[0]!.headers['x-webhook-signature'], 'first-secret')).toBe(true);
  });

  it('DELETE answers the removed subscription; it receives nothing after, and its URL is free again', async () => {
    const fake = setup();
    const a = await subscribe(fake, URL_A);
    const removed = await call(fake, 'DELETE', `/webhooks/${a.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual(a);
    expect((await fake.admin.emit('deposit.created')).deliveries).toEqual([]);
    expect((await call(fake, 'GET', `/webhooks/${a.id}`)).status).toBe(404);
    await subscribe(fake, URL_A);
  });
});
