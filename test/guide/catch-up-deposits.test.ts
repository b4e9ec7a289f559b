import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CreditPlatform } from '../../src/index.js';
import { createFakeCreditPlatform, createManualClock } from '../../src/testing/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { catchUpDeposits, type Ledger } from '../../examples/webhooks/catch-up-deposits.js';

// The webhooks guide's recipe for a subscription that turned inactive, run against the fake: the
// ledger goes down, six failed attempts turn the subscription inactive, deposits keep coming
// (never sent), the subscription is reactivated and catchUpDeposits credits exactly what is missing.

const SECRET = 'whsec_catch_up';
const HOUR = 3_600_000;
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** A ledger in memory with the guide's contract: one credit per hash. */
function memoryLedger() {
  const credits = new Map<string, string>();
  const ledger: Ledger & { up: boolean } = {
    up: true,
    async creditDeposit({ transactionHash, amount }) {
      if (!ledger.up) throw new Error('ledger database is down');
      if (credits.has(transactionHash)) return false;
      credits.set(transactionHash, amount);
      return true;
    },
  };
  return { ledger, credits };
}

describe('the catch-up recipe of the webhooks guide', () => {
  it('is shown in the guide exactly as the file that runs here', () => {
    const file = read('examples/webhooks/catch-up-deposits.ts').split('\n');
    while (file[0]?.startsWith('//')) file.shift();
    const blocks = [...read('docs/guides/webhooks.md').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => (m[1] as string).trim());
    expect(blocks).toContain(file.join('\n').trim());
  });

  it('after an outage turned the subscription inactive, credits every deposit the ledger misses, once', async () => {
    const { ledger, credits } = memoryLedger();
    const receiver = createWebhookHandler({
      secret: SECRET,
      onError: () => undefined,
      on: {
        'deposit.created': async (event) => {
          await ledger.creditDeposit(event.data);
        },
      },
    });
    // The receivers refuse events signed more than 72 h ago or 5 min ahead by the real clock: the
    // fake's clock starts 17 h ago, so that it ends near now.
    const fake = createFakeCreditPlatform({
      clock: createManualClock(Date.now() - 17 * HOUR),
      transactions: 0,
      webhookTransport: receiver,
    });
    const client = new CreditPlatform({
      apiKey: fake.apiKey,
      baseUrl: 'https://api.example.test/api/v1',
      fetch: (input: string | URL | Request, init?: RequestInit) => fake.handle(new Request(input, init)),
    });
    const sub = await client.webhooks.create({ url: 'https://example.com/hooks', events: ['deposit.created'], secret: SECRET });
    // What the service does for a deposit: records the transaction and emits deposit.created.
    const deposit = async (amount: string) => {
      const tx = fake.admin.addTransaction(fake.accountId, { type: 'deposit', status: 'confirmed', amount });
      await fake.admin.emit('deposit.created', { amount, transactionHash: tx.transactionHash });
      return tx.transactionHash as string;
    };
    const every: string[] = [];

    every.push(await deposit('1.00'), await deposit('2.00')); // handled as they arrive
    expect(credits.size).toBe(2);
    ledger.up = false;
    for (let h = 0; h < 16; h++) {
      every.push(await deposit(`${10 + h}.00`));
      await fake.advanceTime(HOUR);
    }
    ledger.up = true;
    for (let i = 0; i < 3; i++) every.push(await deposit(`${100 + i}.00`)); // never sent: inactive
    const inactive = await client.webhooks.retrieve(sub.id as string);
    expect(inactive.status).toBe('inactive');
    expect(credits.size).toBe(2);

    // The dashboard's "reactivate", then the recipe.
    fake.admin.reactivateWebhook(sub.id as string);
    const first = await catchUpDeposits(client, ledger, new Date(inactive.updatedAt as string));
    expect(first).toEqual({ checked: 21, credited: 19 });
    expect([...credits.keys()].sort()).toEqual([...every].sort());
    expect(credits.get(every[20] as string)).toBe('102.00');

    // Running it again, or a late delivery of an event it caught up, credits nothing twice.
    expect(await catchUpDeposits(client, ledger, new Date(inactive.updatedAt as string))).toEqual({ checked: 21, credited: 0 });
    every.push(await deposit('7.00')); // delivered again now that the subscription is active
    expect(credits.size).toBe(22);
    expect([...credits.keys()].sort()).toEqual([...every].sort());
  });

  it('leaves out what is not a confirmed deposit, and what came before the retry span', async () => {
    const { ledger, credits } = memoryLedger();
    const fake = createFakeCreditPlatform({ clock: createManualClock(Date.now()), transactions: 0 });
    const client = new CreditPlatform({
      apiKey: fake.apiKey,
      baseUrl: 'https://api.example.test/api/v1',
      fetch: (input: string | URL | Request, init?: RequestInit) => fake.handle(new Request(input, init)),
    });
    const old = fake.admin.addTransaction(fake.accountId, { type: 'deposit', status: 'confirmed' });
    await fake.advanceTime(2 * HOUR);
    const start = fake.clock.now();
    fake.admin.addTransaction(fake.accountId, { type: 'withdrawal', status: 'confirmed' });
    fake.admin.addTransaction(fake.accountId, { type: 'deposit', status: 'pending' });
    const kept = fake.admin.addTransaction(fake.accountId, { type: 'deposit', status: 'confirmed', amount: '5.00' });
    // Inactive 15 h after `start`: the span reaches back to `start`, not to `old`.
    const result = await catchUpDeposits(client, ledger, new Date(start + 15 * HOUR));
    expect(result).toEqual({ checked: 1, credited: 1 });
    expect([...credits]).toEqual([[kept.transactionHash as string, '5.00']]);
    expect(credits.has(old.transactionHash as string)).toBe(false);
  });
});
