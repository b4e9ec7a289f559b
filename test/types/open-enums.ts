// Type tests for forward-compatible records, checked by `npm run typecheck` (tsc, strict): every
// `@ts-expect-error` below must meet an error, or tsc fails on the unused directive. A record's
// enum-like field is `'known' | (string & {})`: the known values stay members of the type (the
// editor offers them, a comparison narrows to them), and any other string is assignable. Request
// params stay closed.
import { expectTypeOf } from 'vitest';
import type {
  Account,
  ApiKey,
  Chain,
  CreditLine,
  CreditPlatform,
  Deposit,
  KNOWN_CHAINS,
  KNOWN_TOKENS,
  Kyc,
  Payment,
  Permission,
  Score,
  Token,
  Transaction,
  WebhookStatus,
  WebhookSubscription,
  Withdrawal,
  YieldPosition,
} from '../../src/index.js';
import type { DepositCreatedData, WebhookEventType } from '../../src/webhooks/index.js';

declare const client: CreditPlatform;

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `[true, true, true]` when `F` is open over exactly the known values `K`: each of them is a
 * member (the editor offers it), any string is assignable, and the type is not plain `string`.
 */
type OpenOver<F, K extends string> = [
  Same<Extract<Exclude<F, undefined>, K>, K>,
  string extends Exclude<F, undefined> ? true : false,
  Same<Exclude<F, undefined>, string> extends true ? false : true,
];

function openOver<Check extends [true, true, true]>(): Check | undefined {
  return undefined;
}

export function everyEnumLikeRecordFieldIsOpen(): void {
  openOver<OpenOver<WebhookSubscription['status'], 'active' | 'inactive'>>();
  openOver<OpenOver<WebhookStatus, 'active' | 'inactive'>>();
  openOver<OpenOver<WebhookSubscription['events'][number], WebhookEventType>>();
  openOver<OpenOver<ApiKey['permissions'][number], Permission>>();
  openOver<OpenOver<Account['status'], 'active' | 'frozen'>>();
  openOver<OpenOver<Account['tier'], 'free' | 'standard' | 'premium'>>();
  openOver<OpenOver<Account['creditTier'], 'SECURED_ONLY' | 'PREMIUM'>>();
  openOver<OpenOver<Account['kycStatus'], 'none' | 'pending' | 'verified' | 'rejected'>>();
  openOver<OpenOver<Kyc['status'], 'none' | 'pending' | 'verified' | 'rejected'>>();
  openOver<OpenOver<CreditLine['status'], 'active' | 'frozen' | 'closed'>>();
  openOver<OpenOver<CreditLine['tier'], 'SECURED_ONLY' | 'PREMIUM'>>();
  openOver<OpenOver<Score['tier'], 'SECURED_ONLY' | 'PREMIUM'>>();
  openOver<OpenOver<Transaction['type'], 'deposit' | 'withdrawal' | 'payment' | 'yield' | 'credit_draw'>>();
  for (const status of [{} as Deposit['status'], {} as Withdrawal['status'], {} as Payment['status']]) {
    openOver<OpenOver<typeof status, 'pending' | 'confirmed' | 'failed'>>();
  }
  openOver<OpenOver<Deposit['token'], (typeof KNOWN_TOKENS)[number]>>();
  openOver<OpenOver<Deposit['chain'], (typeof KNOWN_CHAINS)[number]>>();
  openOver<OpenOver<YieldPosition['token'], (typeof KNOWN_TOKENS)[number]>>();
  openOver<OpenOver<Payment['token'], (typeof KNOWN_TOKENS)[number]>>();
  // The webhooks entry's event data, typed without zod from the same list.
  openOver<OpenOver<DepositCreatedData['token'], (typeof KNOWN_TOKENS)[number]>>();
  // Token and Chain are spelled out for readers; they cannot drift from the lists.
  expectTypeOf<Token>().toEqualTypeOf<(typeof KNOWN_TOKENS)[number] | (string & {})>();
  expectTypeOf<Chain>().toEqualTypeOf<(typeof KNOWN_CHAINS)[number] | (string & {})>();
}

export async function knownValuesStillNarrow(): Promise<void> {
  const sub = await client.webhooks.retrieve('wh_1');
  // A comparison with a known value compiles and selects that member; TypeScript keeps the open
  // member beside it (`'inactive' | (string & {})`), so a literal-typed use needs a type guard.
  if (sub.status === 'inactive') {
    expectTypeOf(sub.status).toEqualTypeOf<'inactive' | (string & {})>();
    expectTypeOf<Extract<typeof sub.status, 'active'>>().toBeNever();
  }
  const isKnown = (value: WebhookStatus | undefined): value is 'active' | 'inactive' =>
    value === 'active' || value === 'inactive';
  if (isKnown(sub.status)) expectTypeOf(sub.status).toEqualTypeOf<'active' | 'inactive'>();
  const status: WebhookStatus = 'paused';
  const key: ApiKey = { keyId: 'key_1', name: 'ci', permissions: ['read', 'billing'] };
  expectTypeOf(status).toExtend<WebhookStatus>();
  expectTypeOf(key.permissions).toExtend<ApiKey['permissions']>();

  // What an exhaustive switch meets: after the known cases the value is still a string, so the
  // `never` check of the old closed type no longer compiles and a `default` branch is needed.
  switch (sub.status) {
    case 'active':
    case 'inactive':
    case undefined:
      break;
    default: {
      // @ts-expect-error: a status added after this SDK version is not `never`
      const unreachable: never = sub.status;
      expectTypeOf(sub.status).toExtend<string>();
      void unreachable;
    }
  }
}

export async function requestsStayClosed(): Promise<void> {
  expectTypeOf<Permission>().toEqualTypeOf<'read' | 'write' | 'admin'>();
  // @ts-expect-error: a request names only the permissions this version knows
  await client.keys.create({ name: 'ci', permissions: ['billing'] });
  // @ts-expect-error: nor an event type it does not know
  await client.webhooks.create({ url: 'https://e.com/h', events: ['invoice.created'], secret: 's' });
  // @ts-expect-error: nor a credit line status it does not know
  await client.credit.update('cl_1', { status: 'paused' });

  // So a record's values cannot be sent back unchecked: narrow them to the known ones first.
  const key = await client.keys.retrieve('key_1');
  // @ts-expect-error: ApiKey['permissions'] may hold a permission newer than this version
  await client.keys.create({ name: 'copy', permissions: key.permissions });
  const known = key.permissions.filter((p): p is Permission => p === 'read' || p === 'write' || p === 'admin');
  await client.keys.create({ name: 'copy', permissions: known });
}
