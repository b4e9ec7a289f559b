// Typed usage of every documented entry point, compiled with `tsc --strict` and then run
// on Node against the fake. The same file is used by ts-nodenext, ts-node16 and
// ts-bundler; only tsconfig.json differs.
import assert from 'node:assert/strict';
import {
  CreditPlatform,
  CreditPlatformError,
  APIError,
  AuthenticationError,
  RateLimitError,
  RequestValidationError,
  type ClientOptions,
} from 'credit-platform';
import {
  constructWebhookEvent,
  signWebhookPayload,
  verifyWebhookSignature,
  verifyWebhookSignatureAsync,
  WEBHOOK_EVENT_TYPES,
  type UnknownWebhookEvent,
  type WebhookEvent,
} from 'credit-platform/webhooks';
import { startFakeServer } from 'credit-platform/testing';

// Client options, typed.
const base: ClientOptions = { apiKey: 'placeholder', baseUrl: 'http://127.0.0.1:1/api/v1', timeout: 5_000, maxRetries: 1 };
// @ts-expect-error apiKey is a string, not a number
const badOptions: ClientOptions = { apiKey: 42 };
void badOptions;

// Error narrowing with instanceof.
function describeError(err: unknown): string {
  if (err instanceof RateLimitError) {
    const reset: Date = err.reset;
    return `rate limited until ${reset.toISOString()}`;
  }
  if (err instanceof AuthenticationError) {
    const status: number = err.status;
    return `authentication failed (${status})`;
  }
  if (err instanceof RequestValidationError) {
    return err.errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  }
  if (err instanceof APIError) {
    const fields: string[] = err.errors.map((e) => e.field);
    return `API error ${err.status}: ${err.message} [${fields.join(', ')}]`;
  }
  if (err instanceof CreditPlatformError) return `SDK error: ${err.message}`;
  return 'not an SDK error';
}

// Webhook event narrowing on `type`.
function handleEvent(event: WebhookEvent | UnknownWebhookEvent): string {
  switch (event.type) {
    case 'deposit.created': {
      const amount: string = event.data.amount;
      const depositId: string = event.data.depositId;
      const hash: string = event.data.transactionHash;
      return `deposit ${depositId} of ${amount} ${event.data.token} (${hash})`;
    }
    case 'unknown': {
      const rawType: string = event.rawType;
      return `unknown event ${rawType}`;
    }
    default:
      return `event ${event.type}`;
  }
}

async function main(): Promise<void> {
  const fake = await startFakeServer();
  try {
    const options: ClientOptions = { ...base, apiKey: fake.apiKey, baseUrl: fake.baseUrl };
    const client = new CreditPlatform(options);
    const me = await client.accounts.me();
    const id: string = me.id;
    // @ts-expect-error the account id is a string, not a number (the result is typed, not any)
    const notANumber: number = me.id;
    void notANumber;
    assert.match(id, /^acc_/);
    console.log(`ok - client.accounts.me() -> ${id}`);

    // Typos do not compile, and plain JavaScript that sends them anyway is refused before sending.
    const unknownField = (err: unknown) =>
      err instanceof RequestValidationError && err.errors.some((e) => e.code === 'UNKNOWN_FIELD');
    // @ts-expect-error 'emial' is not a field of AccountUpdateParams (did you mean 'email'?)
    await assert.rejects(client.accounts.update(me.id, { emial: 'new@example.com' }), unknownField);
    // @ts-expect-error 'memo' is not a field of DepositCreateParams
    await assert.rejects(client.deposits.create({ token: 'USDC', chain: 'Base', amount: '1.00', memo: 'hi' }), unknownField);
    const [tx] = await client.transactions.list({ limit: 1 }).toArray({ max: 1 });
    // @ts-expect-error Transaction has no field 'amout' (did you mean 'amount'?)
    const misspelled: unknown = tx?.amout;
    assert.equal(misspelled, undefined);
    console.log('ok - typos are compile errors and refused at run time');

    const wrong = new CreditPlatform({ ...options, apiKey: 'cp_wrong_key', maxRetries: 0 });
    try {
      await wrong.accounts.me();
      assert.fail('a wrong API key must be rejected');
    } catch (err) {
      assert.ok(err instanceof AuthenticationError, String(err));
      assert.equal(describeError(err), 'authentication failed (401)');
      console.log(`ok - ${describeError(err)}`);
    }
  } finally {
    await fake.close();
  }

  const secret = 'whsec_consumer_test';
  const payload = JSON.stringify({
    id: 'evt_consumer_1',
    type: 'deposit.created',
    timestamp: new Date().toISOString(), // fresh: older than maxEventAge (72 h) is a stale_event
    data: { depositId: 'dep_1', token: 'USDC', amount: '10.50', transactionHash: '0xabc' },
  });
  const signature: string = signWebhookPayload(payload, secret);
  const valid: boolean = verifyWebhookSignature(payload, signature, secret);
  const validAsync: boolean = await verifyWebhookSignatureAsync(payload, signature, secret);
  assert.equal(valid, true);
  assert.equal(validAsync, true);
  assert.equal(verifyWebhookSignature(payload, signature, 'other-secret'), false);
  const event = constructWebhookEvent(payload, signature, secret);
  assert.equal(handleEvent(event), 'deposit dep_1 of 10.50 USDC (0xabc)');
  assert.equal(WEBHOOK_EVENT_TYPES.length, 11);
  console.log(`ok - webhooks: ${handleEvent(event)}`);
}

await main();
