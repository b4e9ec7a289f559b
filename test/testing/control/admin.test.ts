import { describe, expect, it } from 'vitest';
import { createFakeCreditPlatform, createManualClock } from '../../../src/testing/index.js';
import { call, recordingTransport } from '../../helpers/fake-call.js';

const setup = (options: Parameters<typeof createFakeCreditPlatform>[0] = {}) =>
  createFakeCreditPlatform({ clock: createManualClock(), transactions: 3, ...options });

type Fake = ReturnType<typeof setup>;

// The seed promises the same data in every release: users pin values like this in fixtures.
const GOLDEN_HASH = '0x8a360df399a0fa3cc143861b701ac73bcb0483ee6586a6bc0ce1cd6066a1c319';

async function subscribe(fake: Fake, url: string, events: string[], key = fake.apiKey) {
  const res = await call(fake, 'POST', '/webhooks', { key, body: { url, events, secret: 'whsec_admin_test' } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; status: string };
}

describe('admin accounts', () => {
  it('account(id) is the record GET /accounts/me returns, and a copy the test cannot corrupt', async () => {
    const fake = setup();
    const account = fake.admin.account(fake.accountId);
    expect((await call(fake, 'GET', '/accounts/me')).body.data).toEqual(account);
    account.status = 'frozen';
    expect(fake.admin.account(fake.accountId).status).toBe('active');
  });

  it('setAccountStatus changes what the API reports, for that account only', async () => {
    const fake = setup();
    const other = fake.admin.createAccount();
    const { key } = fake.admin.createKey(other.id);
    const frozen = fake.admin.setAccountStatus(other.id, 'frozen');
    expect(frozen).toEqual({ ...other, status: 'frozen' });
    expect(fake.admin.account(other.id).status).toBe('frozen');
    expect((await call(fake, 'GET', '/accounts/me', { key })).body.data).toEqual(frozen);
    expect((await call(fake, 'GET', '/accounts/me')).body.data.status).toBe('active');
  });

  it('refuses an account id it does not hold, naming it', () => {
    const fake = setup();
    expect(() => fake.admin.account('acc_missing')).toThrow(new RangeError('No account acc_missing in this fake'));
    expect(() => fake.admin.setAccountStatus('acc_missing', 'frozen')).toThrow(RangeError);
    expect(() => fake.admin.createKey('acc_missing')).toThrow(RangeError);
    expect(() => fake.admin.webhooks('acc_missing')).toThrow(RangeError);
  });
});

describe('admin.addTransaction', () => {
  it('fills every field it is not given with a documented default and stamps the clock', async () => {
    const clock = createManualClock(Date.UTC(2026, 3, 1));
    const fake = setup({ clock });
    const added = fake.admin.addTransaction(fake.accountId, {});
    expect(added).toEqual({
      id: expect.stringMatching(/^tx_[0-9a-z]{4}[0-9a-f]{8}$/),
      type: 'deposit',
      token: 'USDC',
      chain: 'Ethereum',
      amount: '100.00',
      status: 'confirmed',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      createdAt: '2026-04-01T00:00:00.000Z',
    });
    expect((await call(fake, 'GET', `/transactions/${added.id}`)).body.data).toEqual(added);
  });

  it('keeps every field it is given', () => {
    const fake = setup();
    const input = {
      type: 'withdrawal',
      token: 'ETH',
      chain: 'Base',
      amount: '0.50',
      status: 'failed',
      transactionHash: `0x${'ab'.repeat(32)}`,
    } as const;
    expect(fake.admin.addTransaction(fake.accountId, input)).toMatchObject(input);
  });

  it('appends after the generated history, so the last page ends with it', async () => {
    const fake = setup();
    const added = fake.admin.addTransaction(fake.accountId, { amount: '7.00' });
    const items = (await call(fake, 'GET', '/transactions?limit=10')).body.data.items as { id: string }[];
    expect(items).toHaveLength(4);
    expect(items.at(-1)?.id).toBe(added.id);
  });

  it('makes up a hash no other made-up record of the fake carries, in any account', async () => {
    const fake = setup();
    const accounts = [fake.admin.createAccount(), fake.admin.createAccount(), fake.admin.createAccount({ transactions: 3 })];
    const added = accounts.flatMap((a) => Array.from({ length: 12 }, () => fake.admin.addTransaction(a.id, {}).transactionHash));
    const deposit = await call(fake, 'POST', '/deposits', { body: { token: 'ETH', chain: 'Base', amount: '1.00' } });
    expect(deposit.status).toBe(201);
    added.push(fake.admin.addTransaction(fake.accountId, {}).transactionHash);
    const seeded = (await call(fake, 'GET', '/deposits')).body.data.items.map(
      (d: { transactionHash: string }) => d.transactionHash,
    );
    const { event } = await fake.admin.emit('deposit.created');
    const hashes = [...added, ...seeded, (event.data as { transactionHash: string }).transactionHash];
    expect(hashes.every((h) => /^0x[0-9a-f]{64}$/.test(h ?? ''))).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('makes up the same hash for the same seed, run after run', () => {
    const fake = setup();
    expect(fake.admin.addTransaction(fake.accountId, {}).transactionHash).toBe(GOLDEN_HASH);
  });
});

describe('admin webhooks and deliveries', () => {
  it('filters deliveries by subscription and by event, oldest first', async () => {
    const fake = setup();
    const a = await subscribe(fake, 'https://a.example.test/hook', ['deposit.created']);
    const b = await subscribe(fake, 'https://b.example.test/hook', ['deposit.created', 'payment.received']);
    const first = await fake.admin.emit('deposit.created');
    const second = await fake.admin.emit('payment.received');
    const third = await fake.admin.emit('deposit.created');
    const all = fake.admin.deliveries();
    expect(all.map((d) => [d.subscriptionId, d.eventId])).toEqual([
      [a.id, first.event.id],
      [b.id, first.event.id],
      [b.id, second.event.id],
      [a.id, third.event.id],
      [b.id, third.event.id],
    ]);
    expect(fake.admin.deliveries({}).map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(fake.admin.deliveries({ subscriptionId: a.id }).map((d) => d.eventId)).toEqual([first.event.id, third.event.id]);
    expect(fake.admin.deliveries({ eventId: second.event.id }).map((d) => d.subscriptionId)).toEqual([b.id]);
    expect(fake.admin.deliveries({ subscriptionId: a.id, eventId: third.event.id })).toHaveLength(1);
    expect(fake.admin.deliveries({ subscriptionId: a.id, eventId: second.event.id })).toEqual([]);
    expect(fake.admin.events().map((e) => e.id)).toEqual([first.event.id, second.event.id, third.event.id]);
  });

  it('lists the default account subscriptions when no account is named, another account when named', async () => {
    const fake = setup();
    const other = fake.admin.createAccount();
    const { key } = fake.admin.createKey(other.id);
    const mine = await subscribe(fake, 'https://mine.example.test/hook', ['deposit.created']);
    const theirs = await subscribe(fake, 'https://theirs.example.test/hook', ['payment.due'], key);
    expect(fake.admin.webhooks().map((s) => s.id)).toEqual([mine.id]);
    expect(fake.admin.webhooks(fake.accountId).map((s) => s.id)).toEqual([mine.id]);
    expect(fake.admin.webhooks(other.id)).toMatchObject([{ id: theirs.id, url: 'https://theirs.example.test/hook' }]);
  });

  it('reactivates an inactive subscription of any account, and refuses an unknown id', async () => {
    const clock = createManualClock();
    const { transport } = recordingTransport([500]);
    const fake = setup({ clock, webhookTransport: transport });
    const other = fake.admin.createAccount();
    const { key } = fake.admin.createKey(other.id);
    const sub = await subscribe(fake, 'https://theirs.example.test/hook', ['deposit.created'], key);
    await fake.admin.emit('deposit.created', {}, { accountId: other.id });
    await fake.advanceTime(16 * 3600_000);
    expect(fake.admin.webhooks(other.id)[0]?.status).toBe('inactive');
    const reactivated = fake.admin.reactivateWebhook(sub.id);
    expect(reactivated).toMatchObject({ id: sub.id, status: 'active', updatedAt: new Date(clock.now()).toISOString() });
    expect(fake.admin.webhooks(other.id)).toEqual([reactivated]);
    expect(() => fake.admin.reactivateWebhook('wh_missing')).toThrow(new RangeError('No webhook subscription wh_missing'));
  });

  it('emit is tracked: settled() waits for a delivery the test did not await', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = setup({
      webhookTransport: async () => {
        await gate;
        return new Response(null, { status: 204 });
      },
    });
    await subscribe(fake, 'https://a.example.test/hook', ['deposit.created']);
    void fake.admin.emit('deposit.created');
    const settled = fake.settled().then(() => fake.admin.deliveries().map((d) => d.outcome));
    release();
    expect(await settled).toEqual(['succeeded']);
  });
});

describe('admin.snapshot', () => {
  it('holds every stored record of every account, and sees each kind of change', async () => {
    const fake = setup();
    const other = fake.admin.createAccount({ transactions: 5 });
    const empty = fake.admin.snapshot() as Record<string, unknown>[];
    expect(empty).toHaveLength(2);
    expect(empty[1]).toEqual({
      account: other,
      kyc: { status: 'none' },
      transactions: [],
      deposits: [],
      withdrawals: [],
      credit: [],
      payments: [],
      yield: [],
      scores: [],
      webhooks: [],
      keys: [],
    });
    expect(empty[0]).toMatchObject({ transactions: [], deposits: [expect.objectContaining({ amount: '5000.00' })] });
    const key = fake.admin.createKey(other.id, { name: 'k' });
    const tx = fake.admin.addTransaction(other.id, { amount: '3.00' });
    const sub = await subscribe(fake, 'https://a.example.test/hook', ['deposit.created'], key.key);
    const after = fake.admin.snapshot() as Record<string, unknown[]>[];
    expect(after[1]?.keys).toEqual([expect.objectContaining({ keyId: key.keyId, name: 'k' })]);
    expect(after[1]?.transactions).toEqual([tx]);
    expect(after[1]?.webhooks).toEqual([expect.objectContaining({ id: sub.id })]);
    expect(JSON.stringify(after)).not.toContain('whsec_admin_test');
    expect(after[0]).toEqual(empty[0]);
  });
});

describe('admin.emit', () => {
  it('refuses an event type the service does not send, listing the ones it does', async () => {
    const fake = setup();
    await expect(fake.admin.emit('deposit.lost' as 'deposit.created')).rejects.toThrow(
      /^Unknown event type "deposit\.lost"; one of: .*deposit\.created/,
    );
    expect(fake.admin.events()).toEqual([]);
  });

  it('emits to the named account only, stamped with the clock', async () => {
    const clock = createManualClock(Date.UTC(2026, 1, 2));
    const fake = setup({ clock });
    const other = fake.admin.createAccount();
    const { key } = fake.admin.createKey(other.id);
    await subscribe(fake, 'https://mine.example.test/hook', ['deposit.created']);
    const theirs = await subscribe(fake, 'https://theirs.example.test/hook', ['deposit.created'], key);
    const { event, deliveries } = await fake.admin.emit('deposit.created', { amount: '9.00' }, { accountId: other.id });
    expect(event).toMatchObject({ type: 'deposit.created', timestamp: '2026-02-02T00:00:00.000Z', data: { amount: '9.00' } });
    expect(deliveries.map((d) => d.subscriptionId)).toEqual([theirs.id]);
  });
});
