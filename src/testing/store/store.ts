import type { Clock } from '../control/clock.js';
import { Collection } from './collection.js';
import { IdFactory } from './random.js';
import { generatedTransactions } from './generated-transactions.js';
import type {
  AccountRecord,
  ApiKeyRecord,
  CreatedApiKeyRecord,
  FakeRecord,
  Permission,
  RateLimitTier,
  TransactionRecord,
  WebhookSubscriptionRecord,
} from '../types.js';

/**
 * What an account submitted for identity verification.
 *
 * @example
 * ```ts
 * const kyc: KycRecord = { status: 'pending', submittedAt: '2026-01-01T00:00:00.000Z', fullName: 'Ada', country: 'GB' };
 * ```
 */
export interface KycRecord {
  /** `none` until details are submitted, then `pending`. */
  status: AccountRecord['kycStatus'];
  /** When details were submitted (ISO 8601 UTC, from the fake's clock). */
  submittedAt?: string;
  /** The submitted legal name. */
  fullName?: string;
  /** The submitted country code, upper-cased. */
  country?: string;
}

/** A key as stored: the listed record plus its id for the collection. */
export type StoredKey = ApiKeyRecord & { id: string };

/** Everything one account owns. Each collection is scoped to its account. */
export interface AccountState {
  no: number;
  account: AccountRecord;
  kyc: KycRecord;
  transactions: Collection<TransactionRecord>;
  deposits: Collection<FakeRecord>;
  withdrawals: Collection<FakeRecord>;
  credit: Collection<FakeRecord>;
  payments: Collection<FakeRecord>;
  yield: Collection<FakeRecord>;
  scores: Collection<FakeRecord>;
  webhooks: Collection<WebhookSubscriptionRecord>;
  keys: Collection<StoredKey>;
}

/**
 * Input of `fake.admin.createAccount`.
 *
 * @example
 * ```ts
 * fake.admin.createAccount({ name: 'Low tier', tier: 'free', transactions: 10 });
 * ```
 */
export interface AccountSeed {
  /** Display name; default `Test account <n>`. */
  name?: string;
  /** Contact email; default `account<n>@example.test`. */
  email?: string;
  /** Rate-limit tier; default `premium`. */
  tier?: RateLimitTier;
  /** Credit tier; default `SECURED_ONLY`. */
  creditTier?: string;
  /** How many generated transactions the account starts with; default 0. */
  transactions?: number;
}

/** The result of looking up an `X-API-Key` value. */
export type KeyLookup = { kind: 'valid'; key: StoredKey; state: AccountState } | { kind: 'revoked' } | { kind: 'unknown' };

/** The fake's whole state; route handlers and the admin surface both go through it. */
export class Store {
  readonly ids: IdFactory;
  readonly accounts = new Map<string, AccountState>();
  readonly #keyByValue = new Map<string, { accountId: string; keyId: string }>();
  /** Secrets live apart from the records so no response can carry one by accident. */
  readonly webhookSecrets = new Map<string, string>();

  constructor(
    readonly seed: number,
    readonly clock: Clock,
  ) {
    this.ids = new IdFactory(seed);
  }

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  createAccount(input: AccountSeed = {}): AccountState {
    const no = this.accounts.size + 1;
    const id = this.ids.next('acc_');
    const account: AccountRecord = {
      id,
      name: input.name ?? `Test account ${no}`,
      email: input.email ?? `account${no}@example.test`,
      tier: input.tier ?? 'premium',
      creditTier: input.creditTier ?? 'SECURED_ONLY',
      status: 'active',
      kycStatus: 'none',
      createdAt: this.nowIso(),
    };
    const state: AccountState = {
      no,
      account,
      kyc: { status: 'none' },
      transactions: new Collection('transactions', generatedTransactions(this.seed, no, input.transactions ?? 0)),
      deposits: new Collection('deposits'),
      withdrawals: new Collection('withdrawals'),
      credit: new Collection('credit'),
      payments: new Collection('payments'),
      yield: new Collection('yield'),
      scores: new Collection('scores'),
      webhooks: new Collection('webhooks'),
      keys: new Collection('keys'),
    };
    this.accounts.set(id, state);
    return state;
  }

  account(accountId: string): AccountState {
    const state = this.accounts.get(accountId);
    if (!state) throw new RangeError(`No account ${accountId} in this fake`);
    return state;
  }

  createKey(accountId: string, input: { name?: string; permissions?: Permission[]; key?: string }): CreatedApiKeyRecord {
    const state = this.account(accountId);
    const value = input.key ?? this.ids.secret('cpk_test_');
    if (this.#keyByValue.has(value)) throw new RangeError('That key value is already in use');
    const keyId = this.ids.next('key_');
    const record: StoredKey = {
      id: keyId,
      keyId,
      name: input.name ?? 'Test key',
      permissions: [...(input.permissions ?? ['read', 'write', 'admin'])],
      createdAt: this.nowIso(),
    };
    state.keys.insert(record);
    this.#keyByValue.set(value, { accountId, keyId });
    return { ...publicKey(record), key: value };
  }

  lookupKey(value: string): KeyLookup {
    const ref = this.#keyByValue.get(value);
    if (!ref) return { kind: 'unknown' };
    const state = this.account(ref.accountId);
    const key = state.keys.get(ref.keyId);
    if (!key || key.revokedAt) return { kind: 'revoked' };
    return { kind: 'valid', key, state };
  }
}

/** A key record without the collection's internal `id`. */
export function publicKey(key: StoredKey): ApiKeyRecord {
  const { id: _id, ...record } = key;
  return { ...record, permissions: [...record.permissions] };
}
