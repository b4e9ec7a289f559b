import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../webhooks/index.js';
import { deliver, type WebhookTarget } from '../delivery/deliver.js';
import { buildEvent, type EmitData } from '../delivery/event-samples.js';
import type { Scheduler } from '../delivery/scheduler.js';
import { recordedTransactionHash } from '../store/generated-transactions.js';
import type { AccountSeed, Store } from '../store/store.js';
import type {
  AccountRecord,
  CreatedApiKeyRecord,
  Permission,
  TransactionRecord,
  WebhookDeliveryRecord,
  WebhookEventPayload,
  WebhookSubscriptionRecord,
} from '../types.js';
import type { FakeRouteHandler, UserRoutes } from '../service/user-routes.js';
import type { WebhookDeliverer } from '../delivery/webhook-deliverer.js';

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
  createKey(accountId: string, input?: { name?: string; permissions?: Permission[]; key?: string }): CreatedApiKeyRecord;
  /** The account record as `GET /accounts/me` would return it. */
  account(accountId: string): AccountRecord;
  /** Sets the account status, e.g. to test `account.frozen` flows. */
  setAccountStatus(accountId: string, status: AccountRecord['status']): AccountRecord;
  /** Appends one transaction to the account's history (after the generated ones). */
  addTransaction(accountId: string, input: Partial<Omit<TransactionRecord, 'id' | 'createdAt'>>): TransactionRecord;
  /**
   * Emits an event to the account's subscriptions: `data` is merged into a complete default
   * payload for `type` (typed per event type), and the result is checked the way
   * `constructWebhookEvent` checks it. Without a `webhookTransport` the deliveries are recorded
   * (read them here or with `deliveries()`, hand them to your handler with `deliver`); with one
   * they are sent, and the promise resolves after the first attempts.
   */
  emit<T extends WebhookEventType>(
    type: T,
    data?: EmitData<T>,
    options?: { accountId?: string },
  ): Promise<{
    /** The event as delivered. */
    event: WebhookEventPayload;
    /** The first attempt for each subscribed endpoint; retries come later, on the spec's schedule. */
    deliveries: WebhookDeliveryRecord[];
  }>;
  /**
   * Hands a recorded delivery (same body, same signed headers) to your webhook endpoint: a
   * Fetch-style handler called in-process, or a URL that gets a real POST. Resolves with its response.
   */
  deliver(delivery: WebhookDeliveryRecord, target: WebhookTarget): Promise<Response>;
  /**
   * Serves an operation this SDK does not declare, for `client.request` tests. `path` is relative
   * to `/api/v1` and may have `:name` segments; the handler's return value is the envelope's `data`.
   */
  route(method: string, path: string, handler: FakeRouteHandler, options?: { status?: number }): void;
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
  userRoutes: UserRoutes,
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
        chain: input.chain ?? 'Ethereum',
        amount: input.amount ?? '100.00',
        status: input.status ?? 'confirmed',
        transactionHash: input.transactionHash ?? recordedTransactionHash(store.seed, state.no, state.transactions.size),
        createdAt: store.nowIso(),
      };
      return copy(state.transactions.insert(record));
    },
    async emit(type, data, options = {}) {
      if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
        throw new RangeError(`Unknown event type ${JSON.stringify(type)}; one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
      }
      const state = store.account(options.accountId ?? defaultAccountId());
      const event = buildEvent(type, data as Record<string, unknown> | undefined, store.seed, () => ({
        id: store.ids.next('evt_'),
        timestamp: store.nowIso(),
      }));
      const work = deliverer.publishEvent(state, event);
      scheduler.track(work.then(() => undefined));
      return copy(await work);
    },
    deliver: (delivery, target) => deliver(delivery, target),
    route: (method, path, handler, options = {}) => userRoutes.add(method, path, handler, options.status),
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
