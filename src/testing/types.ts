/**
 * Record shapes the fake serves. They follow docs/design/operations.md, which is the
 * single place where the SDK chooses what the spec leaves "not shown".
 */

/**
 * A key permission. The fake treats them as a ladder: `admin` includes `write`,
 * `write` includes `read` (the spec does not say; this is the least surprising reading).
 *
 * @example
 * ```ts
 * const permissions: Permission[] = ['read', 'write'];
 * ```
 */
export type Permission = 'read' | 'write' | 'admin';

/**
 * A rate-limit tier of the spec (section 8).
 *
 * @example
 * ```ts
 * const tier: RateLimitTier = 'free'; // 30 per minute, 1000 per day
 * ```
 */
export type RateLimitTier = 'free' | 'standard' | 'premium';

/**
 * The account that owns a key, as `GET /accounts/me` returns it.
 *
 * @example
 * ```ts
 * const me: AccountRecord = fake.admin.account(fake.accountId);
 * ```
 */
export interface AccountRecord {
  /** The account id, prefix `acc_`. */
  id: string;
  /** Display name. */
  name: string;
  /** Contact email. */
  email: string;
  /** The rate-limit tier, which sets the fake's per-minute and per-day limits. */
  tier: RateLimitTier;
  /** The credit tier, e.g. `SECURED_ONLY`. */
  creditTier: string;
  /** `active` unless a test sets it with `fake.admin.setAccountStatus`. */
  status: 'active' | 'frozen';
  /** Becomes `pending` when KYC details are submitted. */
  kycStatus: 'none' | 'pending' | 'verified' | 'rejected';
  /** ISO 8601 UTC, from the fake's clock. */
  createdAt: string;
}

/**
 * An API key as listed by `GET /keys`; the key value itself is only in {@link CreatedApiKeyRecord}.
 *
 * @example
 * ```ts
 * const key: ApiKeyRecord = { keyId: 'key_1', name: 'ci', permissions: ['read'], createdAt: '2026-01-01T00:00:00.000Z' };
 * ```
 */
export interface ApiKeyRecord {
  /** The key id, prefix `key_`; not the secret value. */
  keyId: string;
  /** The name given at creation. */
  name: string;
  /** What the key may do. */
  permissions: Permission[];
  /** ISO 8601 UTC, from the fake's clock. */
  createdAt: string;
  /** Set once the key is revoked; the fake then refuses it. */
  revokedAt?: string;
}

/**
 * A key at creation: the only time its value (`key`) is shown.
 *
 * @example
 * ```ts
 * const { key } = fake.admin.createKey(fake.accountId, { permissions: ['read'] });
 * ```
 */
export interface CreatedApiKeyRecord extends ApiKeyRecord {
  /** The secret value, for the `X-API-Key` header. */
  key: string;
}

/**
 * A webhook subscription. The secret is never part of it.
 *
 * @example
 * ```ts
 * const [sub] = fake.admin.webhooks(fake.accountId);
 * sub?.status; // 'active' | 'inactive'
 * ```
 */
export interface WebhookSubscriptionRecord {
  /** The subscription id, prefix `wh_`. */
  id: string;
  /** Where deliveries go. */
  url: string;
  /** The subscribed event types. */
  events: string[];
  /** `inactive` after six failed delivery attempts, as in the spec. */
  status: 'active' | 'inactive';
  /** ISO 8601 UTC, from the fake's clock. */
  createdAt: string;
  /** ISO 8601 UTC, from the fake's clock. */
  updatedAt: string;
}

/**
 * One entry of `GET /transactions`.
 *
 * @example
 * ```ts
 * fake.admin.addTransaction(fake.accountId, { type: 'deposit', token: 'USDC', chain: 'Base', amount: '10.00' });
 * ```
 */
export interface TransactionRecord {
  /** The transaction id, prefix `tx_`. */
  id: string;
  /** What moved the money. */
  type: 'deposit' | 'withdrawal' | 'payment' | 'yield' | 'credit_draw';
  /** Token symbol. */
  token: string;
  /** Chain name. */
  chain: string;
  /** A decimal string. */
  amount: string;
  /** Settlement state. */
  status: 'pending' | 'confirmed' | 'failed';
  /** `0x` and 64 hex digits, when there is one. */
  transactionHash?: string;
  /** ISO 8601 UTC, from the fake's clock. */
  createdAt: string;
}

/**
 * The payload of one webhook delivery (spec section 2.4).
 *
 * @example
 * ```ts
 * const { event } = await fake.admin.emit('score.updated', { score: 720 });
 * event.id.startsWith('evt_'); // true
 * ```
 */
export interface WebhookEventPayload {
  /** The event id, prefix `evt_`; the same in every retry of the delivery. */
  id: string;
  /** The event type, e.g. `deposit.created`. */
  type: string;
  /** ISO 8601 UTC, from the fake's clock. */
  timestamp: string;
  /** The event's payload. */
  data: Record<string, unknown>;
}

/**
 * One delivery attempt, as the fake recorded it.
 *
 * @example
 * ```ts
 * const failed = fake.admin.deliveries().filter((d) => d.outcome === 'failed');
 * ```
 */
export interface WebhookDeliveryRecord {
  /** The attempt's id, prefix `dlv_`. */
  id: string;
  /** The delivered event's id (`evt_`). */
  eventId: string;
  /** The delivered event's type. */
  eventType: string;
  /** The subscription it was delivered for; `forward` for a delivery to `forwardWebhooks`. */
  subscriptionId: string;
  /** Where it was sent. */
  url: string;
  /** 1 to 6, as in the spec's retry table. */
  attempt: number;
  /** When the attempt was made (ISO 8601 UTC, from the fake's clock). */
  attemptedAt: string;
  /**
   * `recorded` when the fake has no `webhookTransport` (the default: nothing is sent; hand it
   * to your handler with `fake.admin.deliver`); else `succeeded` for a 2xx answer, `failed` otherwise.
   */
  outcome: 'recorded' | 'succeeded' | 'failed';
  /** The receiver's status, or null when no response came (recorded only, transport error, time-out). */
  responseStatus: number | null;
  /**
   * The receiver answered 2xx saying it had already handled this event id (`"duplicate": true`,
   * as the receivers of `credit-platform/webhooks` do), so its handler did not run again.
   */
  duplicate: boolean;
  /** Why the attempt failed without a response; never contains the secret. */
  error: string | null;
  /** The exact body that was sent and signed. */
  body: string;
  /** The `x-webhook-signature` sent with it. */
  signature: string;
  /** Every header of the delivery request (`content-type` and `x-webhook-signature`). */
  headers: Record<string, string>;
}

/**
 * Sends one webhook delivery. Without one the fake only records deliveries (nothing leaves
 * the process); pass `(request) => fetch(request)` to really send them, or your own handler
 * to receive them in-process.
 *
 * @example
 * ```ts
 * const received: Request[] = [];
 * const transport: WebhookTransport = async (req) => { received.push(req); return new Response(null, { status: 204 }); };
 * ```
 */
export type WebhookTransport = (request: Request) => Promise<Response>;

/** A stored record of any conventional category; ids carry the category's prefix. */
export type FakeRecord = { id: string } & Record<string, unknown>;

/**
 * Timing of one delivery attempt, given to `onWebhookAttempt` beside the record.
 *
 * @example
 * ```ts
 * const fake = createFakeCreditPlatform({
 *   onWebhookAttempt: (delivery, { durationMs }) => console.log(delivery.eventId, delivery.responseStatus, durationMs),
 * });
 * ```
 */
export interface WebhookAttemptTiming {
  /** Milliseconds from sending the request to its outcome; 0 for a delivery that was only recorded. */
  durationMs: number;
}

/**
 * Where `forwardWebhooks` delivers every event the fake emits, as if a subscription to every
 * event type existed there: for a webhook endpoint running on the developer's machine.
 *
 * @example
 * ```ts
 * const forward: WebhookForward = { url: 'http://localhost:3000/webhooks', secret: 'whsec_local_dev' };
 * const fake = createFakeCreditPlatform({ forwardWebhooks: forward });
 * ```
 */
export interface WebhookForward {
  /** `https://`, or `http://` on loopback only (`localhost`, `127.0.0.0/8`, `[::1]`). */
  url: string;
  /** The secret deliveries are signed with: the one the endpoint verifies against. */
  secret: string;
  /** Sends the deliveries; default the global `fetch`. Forwarded deliveries are always sent. */
  transport?: WebhookTransport;
}
