// createFakeCreditPlatform's options and lifecycle: each option changes what a test sees, each
// default is the documented one, and close() stops what is scheduled.
import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, recordingTransport } from '../../helpers/fake-call.js';

const LOCAL = 'http://localhost:3000/webhooks';

describe('createFakeCreditPlatform options', () => {
  it('derives its data from the seed, 1 by default', async () => {
    const transactions = async (seed?: number) =>
      (await call(createFakeCreditPlatform({ clock: createManualClock(), transactions: 5, seed }), 'GET', '/transactions')).body
        .data.items;
    expect(await transactions()).toEqual(await transactions(1));
    expect(await transactions(7)).toEqual(await transactions(7));
    expect(await transactions(7)).not.toEqual(await transactions(1));
  });

  it("puts the default account on the premium tier unless told, and uses the given key as its 'Default key'", async () => {
    const premium = await call(createFakeCreditPlatform({ transactions: 0 }), 'GET', '/accounts/me');
    expect(premium.headers.get('x-ratelimit-limit')).toBe('600');
    const fake = createFakeCreditPlatform({ transactions: 0, tier: 'standard', apiKey: 'cpk_test_given_key_0001' });
    expect(fake.apiKey).toBe('cpk_test_given_key_0001');
    const keys = await call(fake, 'GET', '/keys', { key: 'cpk_test_given_key_0001' });
    expect([keys.status, keys.headers.get('x-ratelimit-limit')]).toEqual([200, '120']);
    expect(keys.body.data.items.map((k: { name: string }) => k.name)).toEqual(['Default key']);
  });

  it('refuses a forwardWebhooks secret that is not a non-empty string', () => {
    for (const secret of ['', 42, undefined]) {
      expect(() => createFakeCreditPlatform({ forwardWebhooks: { url: LOCAL, secret: secret as string } })).toThrow(
        new TypeError('forwardWebhooks.secret must be a non-empty string: the secret your endpoint verifies against.'),
      );
    }
  });
});

describe('advanceTime and close', () => {
  it('moves the clock by any finite ms >= 0 and refuses anything else with a RangeError', async () => {
    const fake = createFakeCreditPlatform({ clock: createManualClock(), transactions: 0 });
    const start = fake.clock.now();
    await fake.advanceTime(0);
    await fake.advanceTime(1_500);
    expect(fake.clock.now()).toBe(start + 1_500);
    for (const ms of [-1, -0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(fake.advanceTime(ms)).rejects.toThrow(new RangeError('advanceTime(ms) needs a finite ms >= 0'));
    }
    expect(fake.clock.now()).toBe(start + 1_500);
  });

  it('cancels the scheduled retries on close()', async () => {
    const { received, transport } = recordingTransport([503]);
    const fake = createFakeCreditPlatform({
      clock: createManualClock(),
      forwardWebhooks: { url: LOCAL, secret: 'whsec_c', transport },
    });
    await fake.admin.emit('deposit.created');
    expect(received).toHaveLength(1);
    fake.close();
    await fake.advanceTime(48 * 3_600_000);
    expect(received).toHaveLength(1);
  });
});

describe('runSeed', () => {
  const request = (fake: ReturnType<typeof createFakeCreditPlatform>, path: string, body?: unknown) =>
    fake
      .handle(
        new Request(`http://fake.test/api/v1/${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'x-api-key': fake.apiKey, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
      .then(async (res) => ((await res.json()) as { data: Record<string, unknown> }).data);

  it("keeps the seed's starting data and makes the ids of what happens later its own", async () => {
    const [plain, run7, run8] = [
      createFakeCreditPlatform(),
      createFakeCreditPlatform({ runSeed: 7 }),
      createFakeCreditPlatform({ runSeed: 8 }),
    ];
    const starts = await Promise.all([plain, run7, run8].map((fake) => request(fake, 'transactions?limit=5')));
    expect(starts[1]).toEqual(starts[0]);
    expect(starts[2]).toEqual(starts[0]);
    expect(run7.accountId).toBe(plain.accountId);

    const deposit = { token: 'USDC', chain: 'Base', amount: '1.00' };
    const ids = await Promise.all([plain, run7, run8].map(async (fake) => (await request(fake, 'deposits', deposit)).id));
    expect(new Set(ids).size).toBe(3);
    const events = await Promise.all([run7, run8].map(async (fake) => (await fake.admin.emit('deposit.created')).event.id));
    expect(events[0]).not.toBe(events[1]);
    // The counter goes on from the seeded records, so ids stay unique and in order.
    expect(String(ids[1]).slice(0, 8)).toBe(String(ids[0]).slice(0, 8));
  });

  it('is the seed when not given: the ids made later are those of runSeed = seed', async () => {
    const later = async (fake: ReturnType<typeof createFakeCreditPlatform>) =>
      (await fake.admin.emit('deposit.created')).event.id;
    const seed2 = await later(createFakeCreditPlatform({ seed: 2 }));
    expect(seed2).toBe(await later(createFakeCreditPlatform({ seed: 2, runSeed: 2 })));
    expect(seed2).not.toBe(await later(createFakeCreditPlatform({ seed: 3 })));
  });
});
