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
  id: string;
  name: string;
  email: string;
  tier: RateLimitTier;
  creditTier: string;
  status: 'active' | 'frozen';
  kycStatus: 'none' | 'pending' | 'verified' | 'rejected';
  createdAt: string;
}

/**
 * An API key as listed by `GET /keys`; the key value itself is only in {@link CreatedApiKey}.
 *
 * @example
 * ```ts
 * const key: ApiKeyRecord = { keyId: 'key_1', name: 'ci', permissions: ['read'], createdAt: '2026-01-01T00:00:00.000Z' };
 * ```
 */
export interface ApiKeyRecord {
  keyId: string;
  name: string;
  permissions: Permission[];
  createdAt: string;
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
export interface CreatedApiKey extends ApiKeyRecord {
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
  id: string;
  url: string;
  events: string[];
  status: 'active' | 'inactive';
  createdAt: string;
  updatedAt: string;
}

/**
 * One entry of `GET /transactions`.
 *
 * @example
 * ```ts
 * fake.admin.addTransaction(fake.accountId, { type: 'deposit', token: 'USDC', chain: 'base', amount: '10.00' });
 * ```
 */
export interface TransactionRecord {
  id: string;
  type: 'deposit' | 'withdrawal' | 'payment' | 'yield' | 'credit_draw';
  token: string;
  chain: string;
  amount: string;
  status: 'pending' | 'confirmed' | 'failed';
  transactionHash?: string;
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
  id: string;
  type: string;
  timestamp: string;
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
  id: string;
  eventId: string;
  eventType: string;
  subscriptionId: string;
  url: string;
  /** 1 to 6, as in the spec's retry table. */
  attempt: number;
  attemptedAt: string;
  outcome: 'succeeded' | 'failed';
  /** The receiver's status, or null when no response came (transport error, time-out). */
  responseStatus: number | null;
  /** Why the attempt failed without a response; never contains the secret. */
  error: string | null;
  /** The exact body that was sent and signed. */
  body: string;
  signature: string;
}

/**
 * Sends one webhook delivery. Defaults to the global `fetch`; inject one to receive
 * deliveries for an `https://` URL in-process.
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
