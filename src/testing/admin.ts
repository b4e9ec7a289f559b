import { WEBHOOK_EVENT_TYPES } from '../webhooks/index.js';
import type { Scheduler } from './scheduler.js';
import { fakeTransactionHash } from './seed.js';
import type { AccountSeed, Store } from './store.js';
import type {
  AccountRecord,
  CreatedApiKey,
  Permission,
  TransactionRecord,
  WebhookDeliveryRecord,
  WebhookEventPayload,
  WebhookSubscriptionRecord,
} from './types.js';
import type { WebhookDeliverer } from './webhook-deliverer.js';

/**
 * The fake's "dashboard": what a test needs to arrange state and observe effects,
 * without going through the API (so no rate limit and no permissions apply).
 *
 * @example
 * ```ts
 * const acc = fake.admin.createAccount({ tier: 'free' });
 * const { key } = fake.admin.createKey(acc.id, { permissions: ['read'] });
 * ```
 */
export interface FakeAdmin {
  /** Adds an account (with `transactions` generated ones); it has no key until `createKey`. */
  createAccount(seed?: AccountSeed): AccountRecord;
  /** Issues a key; `key` lets a test choose the value. */
  createKey(accountId: string, input?: { name?: string; permissions?: Permission[]; key?: string }): CreatedApiKey;
  /** The account record as `GET /accounts/me` would return it. */
  account(accountId: string): AccountRecord;
  /** Sets the account status, e.g. to test `account.frozen` flows. */
  setAccountStatus(accountId: string, status: AccountRecord['status']): AccountRecord;
  /** Appends one transaction to the account's history (after the generated ones). */
  addTransaction(accountId: string, input: Partial<Omit<TransactionRecord, 'id' | 'createdAt'>>): TransactionRecord;
  /** Sends an event to the account's subscriptions; resolves after the first attempts. */
  emit(
    type: string,
    data?: Record<string, unknown>,
    options?: { accountId?: string },
  ): Promise<{
    /** The event as delivered. */
    event: WebhookEventPayload;
    /** The first attempt for each subscribed endpoint; retries come later, on the spec's schedule. */
    deliveries: WebhookDeliveryRecord[];
  }>;
  /** Every delivery attempt so far, oldest first, optionally filtered. */
  deliveries(filter?: { subscriptionId?: string; eventId?: string }): WebhookDeliveryRecord[];
  /** Every event emitted so far. */
  events(): WebhookEventPayload[];
  /** The account's subscriptions (default account when omitted). */
  webhooks(accountId?: string): WebhookSubscriptionRecord[];
  /** Turns an inactive subscription back on, as the dashboard does. */
  reactivateWebhook(subscriptionId: string): WebhookSubscriptionRecord;
  /** A JSON-able copy of all stored state (generated transactions excluded), to compare before and after. */
  snapshot(): unknown;
}

const copy = <T>(value: T): T => structuredClone(value);

export function createAdmin(
  store: Store,
  deliverer: WebhookDeliverer,
  scheduler: Scheduler,
  defaultAccountId: () => string,
): FakeAdmin {
  const findWebhook = (id: string) => {
    for (const state of store.accounts.values()) {
      const sub = state.webhooks.get(id);
      if (sub) return { state, sub };
    }
    throw new RangeError(`No webhook subscription ${id}`);
  };
  return {
    createAccount: (seed) => copy(store.createAccount(seed).account),
    createKey: (accountId, input = {}) => store.createKey(accountId, input),
    account: (accountId) => copy(store.account(accountId).account),
    setAccountStatus(accountId, status) {
      const state = store.account(accountId);
      state.account = { ...state.account, status };
      return copy(state.account);
    },
    addTransaction(accountId, input) {
      const state = store.account(accountId);
      const record: TransactionRecord = {
        id: store.ids.next('tx_'),
        type: input.type ?? 'deposit',
        token: input.token ?? 'USDC',
        chain: input.chain ?? 'ethereum',
        amount: input.amount ?? '100.00',
        status: input.status ?? 'confirmed',
        transactionHash: input.transactionHash ?? fakeTransactionHash(store.seed, state.transactions.size + 7),
        createdAt: store.nowIso(),
      };
      return copy(state.transactions.insert(record));
    },
    async emit(type, data, options = {}) {
      if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
        throw new RangeError(`Unknown event type ${JSON.stringify(type)}`);
      }
      const state = store.account(options.accountId ?? defaultAccountId());
      const work = deliverer.publish(state, type, data ?? sampleData(type, store.seed));
      scheduler.track(work.then(() => undefined));
      return copy(await work);
    },
    deliveries: (filter = {}) =>
      copy(
        deliverer.deliveries.filter(
          (d) =>
            (!filter.subscriptionId || d.subscriptionId === filter.subscriptionId) &&
            (!filter.eventId || d.eventId === filter.eventId),
        ),
      ),
    events: () => copy(deliverer.events),
    webhooks: (accountId) => copy([...store.account(accountId ?? defaultAccountId()).webhooks.values()]),
    reactivateWebhook(subscriptionId) {
      const { state, sub } = findWebhook(subscriptionId);
      return copy(state.webhooks.put({ ...sub, status: 'active', updatedAt: store.nowIso() }));
    },
    snapshot: () =>
      copy(
        [...store.accounts.values()].map((s) => ({
          account: s.account,
          kyc: s.kyc,
          transactions: s.transactions.storedValues(),
          ...Object.fromEntries(
            (['deposits', 'withdrawals', 'credit', 'payments', 'yield', 'scores', 'webhooks', 'keys'] as const).map((name) => [
              name,
              s[name].storedValues(),
            ]),
          ),
        })),
      ),
  };
}

/** Plausible data when a test emits an event without any; exact for deposit.created. */
function sampleData(type: string, seed: number): Record<string, unknown> {
  if (type === 'deposit.created') {
    return { depositId: 'dep_sample', token: 'USDC', amount: '1000.00', transactionHash: fakeTransactionHash(seed, 42) };
  }
  return {};
}
