// Type tests, checked by `npm run typecheck` (tsc, strict): every `@ts-expect-error` below must
// meet an error, or tsc fails on the unused directive. The compiler's own wording (the "did you
// mean" hint, record names in messages) is asserted in compiler-messages.test.ts.
import { expectTypeOf } from 'vitest';
import type {
  Account,
  AccountUpdateParams,
  CreditPlatform,
  Deposit,
  DepositCreateParams,
  DeletedWebhookSubscription,
  ListParams,
  Page,
  RevokedApiKey,
  Transaction,
  WebhookSubscription,
} from '../../src/index.js';
import type { HttpMethod } from '../../src/core/types.js';

declare const client: CreditPlatform;
declare const me: Account;

export async function typos(): Promise<void> {
  // @ts-expect-error: 'emial' is not a field of AccountUpdateParams (did you mean 'email'?)
  await client.accounts.update(me.id, { emial: 'new@example.com' });
  // @ts-expect-error: 'memo' is not a field of DepositCreateParams
  await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00', memo: 'hi' });
  // @ts-expect-error: 'amout' is not a field of DepositCreateParams
  await client.deposits.create({ token: 'USDC', chain: 'Base', amout: '1.00' });
  // @ts-expect-error: 'limt' is not a list parameter
  client.transactions.list({ limt: 10 });

  const page = await client.transactions.list();
  const tx = page.items[0] as Transaction;
  // @ts-expect-error: Transaction has no index signature, so a misspelled field does not compile
  tx.amout;
  expectTypeOf(tx.amount).toEqualTypeOf<string | undefined>();

  // A field this version does not know yet: on purpose, through extraBody.
  await client.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00' }, { extraBody: { memo: 'hi' } });
}

export async function namedResults(): Promise<void> {
  expectTypeOf(await client.accounts.me()).toEqualTypeOf<Account>();
  expectTypeOf(await client.deposits.retrieve('dep_1')).toEqualTypeOf<Deposit>();
  expectTypeOf(client.transactions.list()).resolves.toEqualTypeOf<Page<Transaction>>();
  expectTypeOf(
    await client.webhooks.create({ url: 'https://e.com', events: ['deposit.created'], secret: 's' }),
  ).toEqualTypeOf<WebhookSubscription>();
  // Empty answers are typed as such.
  expectTypeOf(await client.webhooks.delete('wh_1')).toEqualTypeOf<DeletedWebhookSubscription | null | undefined>();
  expectTypeOf(await client.keys.revoke('key_1')).toEqualTypeOf<RevokedApiKey | null | undefined>();
  expectTypeOf<AccountUpdateParams>().toEqualTypeOf<{ name?: string | undefined; email?: string | undefined }>();
  expectTypeOf<DepositCreateParams>().not.toHaveProperty('memo');
}

export async function smallHoles(): Promise<void> {
  // @ts-expect-error: 'GTE' is not an HttpMethod
  await client.request('GTE', '/accounts/me');
  expectTypeOf<Parameters<CreditPlatform['request']>[0]>().toEqualTypeOf<HttpMethod>();
  // A saved nextCursor goes back in without a cast (a null one is refused at run time).
  const page = await client.transactions.list();
  client.transactions.list({ cursor: page.nextCursor });
  expectTypeOf<ListParams['cursor']>().toEqualTypeOf<string | null | undefined>();
}

export async function schemasFromEitherZodEntry(): Promise<void> {
  const classic = await import('zod');
  const mini = await import('zod/mini');
  const a = await client.request('GET', '/credit/limits', { schema: classic.z.object({ available: classic.z.string() }) });
  const b = await client.request('GET', '/credit/limits', { schema: mini.object({ available: mini.string() }) });
  expectTypeOf(a).toEqualTypeOf<{ available: string }>();
  expectTypeOf(b).toEqualTypeOf<{ available: string }>();
  expectTypeOf(await client.request('GET', '/x')).toEqualTypeOf<unknown>();
}
