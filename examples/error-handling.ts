// Error handling: every error class the SDK throws, each provoked for real, and what to do about it.
//
//   npm run example -- error-handling        # against the in-process fake, which can inject faults
//   CREDIT_PLATFORM_API_KEY=... CREDIT_PLATFORM_BASE_URL=https://.../api/v1 npx tsx examples/error-handling.ts
//
// Against the real service the cases that need the fake's fault injection (rate limit, 503,
// dropped connection, slow or non-JSON response) are skipped. The permission case creates a
// read-only key with `client.keys.create` (needs an admin key) and revokes it afterwards.
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  CreditPlatform,
  CreditPlatformError,
  InternalServerError,
  InvalidResponseError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
} from 'credit-platform';
import { startFakeServer, type FakeServer } from 'credit-platform/testing';

/**
 * What an application does with each class. Order matters: subclasses before their parents
 * (`APITimeoutError` before `APIConnectionError`, the status classes before `APIError`).
 */
function whatToDo(error: CreditPlatformError): string {
  if (error instanceof RequestValidationError) return 'fix the input; nothing was sent, so retrying as is will fail again';
  if (error instanceof AuthenticationError)
    return 'the key is missing, wrong or revoked: check CREDIT_PLATFORM_API_KEY or rotate the key';
  if (error instanceof PermissionDeniedError)
    return 'use a key that has the permission this operation needs (read < write < admin)';
  if (error instanceof NotFoundError) return 'the id does not exist for this account: check it, do not retry';
  if (error instanceof RateLimitError)
    return `slow down: the window resets at ${error.reset.toISOString()}; queue the work until then`;
  if (error instanceof InternalServerError)
    return 'the service failed and the SDK already retried: try again later and alert if it persists';
  if (error instanceof APITimeoutError)
    return 'no answer in time: raise `timeout` for slow calls; a POST may still have been applied, so check before resending';
  if (error instanceof APIConnectionError)
    return 'the request got no response: it may or may not have been applied; for a POST, look before you send it again';
  if (error instanceof APIUserAbortError) return 'your AbortSignal fired: nothing to do unless you still need the result';
  if (error instanceof InvalidResponseError)
    return "the answer was not the service's JSON envelope (a proxy or HTML error page?): check baseUrl; `body` holds an excerpt";
  if (error instanceof APIError) return 'another error status: read `status` and `errors`';
  return 'a configuration or usage error: read the message';
}

/** Prints what an application would log: class, status, message, error items, advice. */
function report(error: CreditPlatformError): void {
  const status = error instanceof APIError || error instanceof InvalidResponseError ? error.status : '-';
  console.log(`  ${error.name} (status ${status}): ${error.message}`);
  if (error instanceof APIError || error instanceof RequestValidationError) {
    for (const item of error.errors)
      console.log(`    error item: field=${item.field} code=${item.code ?? '-'} message=${item.message}`);
  }
  if (error instanceof RateLimitError)
    console.log(
      `    reset: ${error.reset.toISOString()}, remaining: ${error.rateLimit?.remaining ?? '?'}/${error.rateLimit?.limit ?? '?'}`,
    );
  if (error instanceof InvalidResponseError) console.log(`    body excerpt: ${error.body.slice(0, 60)}`);
  console.log(`    what to do: ${whatToDo(error)}`);
}

type ErrorClass = abstract new (...args: never[]) => CreditPlatformError;

interface Case {
  title: string;
  expected: ErrorClass;
  /** Needs the fake's fault injection or admin surface. */
  fakeOnly?: boolean;
  provoke: () => Promise<unknown>;
}

let server: FakeServer | undefined;
let tinyTierServer: FakeServer | undefined;
if (process.env.CREDIT_PLATFORM_BASE_URL === undefined) {
  server = await startFakeServer();
  // A second fake whose account is on a tier that allows 2 requests a minute.
  tinyTierServer = await startFakeServer({ tier: 'free', rateLimit: { tiers: { free: { perMinute: 2, perDay: 1_000 } } } });
  console.log(`fake Credit Platform on ${server.baseUrl}`);
}
const fake = server?.fake;
const client = new CreditPlatform(server ? { apiKey: server.apiKey, baseUrl: server.baseUrl } : {});
const hookUrl = 'https://hooks.example.test/credit-platform';
const cleanup: (() => Promise<unknown>)[] = [];

const cases: Case[] = [
  {
    title: 'a limit outside 1..100 is rejected before sending',
    expected: RequestValidationError,
    provoke: () => client.transactions.list({ limit: 500 }),
  },
  {
    title: 'a webhook URL must be https://',
    expected: RequestValidationError,
    provoke: () =>
      client.webhooks.create({
        url: 'http://hooks.example.test/credit-platform',
        events: ['deposit.created'],
        secret: 'whsec_demo',
      }),
  },
  {
    title: 'an unknown API key',
    expected: AuthenticationError,
    provoke: () => client.withOptions({ apiKey: 'cpk_test_this_key_does_not_exist' }).accounts.me(),
  },
  {
    title: 'a read-only key tries to create a webhook subscription',
    expected: PermissionDeniedError,
    async provoke() {
      let readOnlyKey: string;
      if (fake) {
        readOnlyKey = fake.admin.createKey(fake.accountId, { name: 'read-only', permissions: ['read'] }).key;
      } else {
        const created = await client.keys.create({ name: 'error-handling example (read-only)', permissions: ['read'] });
        cleanup.push(() => client.keys.revoke(created.keyId));
        readOnlyKey = created.key;
      }
      const readOnly = client.withOptions({ apiKey: readOnlyKey });
      await readOnly.accounts.me(); // reading is allowed
      return readOnly.webhooks.create({ url: hookUrl, events: ['deposit.created'], secret: 'whsec_demo' });
    },
  },
  {
    title: 'a transaction id that does not exist',
    expected: NotFoundError,
    provoke: () => client.transactions.retrieve('tx_does_not_exist'),
  },
  {
    title: 'a tier of 2 requests a minute, with maxRateLimitWait: 0 (throw instead of waiting)',
    expected: RateLimitError,
    fakeOnly: true,
    async provoke() {
      const tiny = tinyTierServer as FakeServer;
      const limited = new CreditPlatform({ apiKey: tiny.apiKey, baseUrl: tiny.baseUrl, maxRateLimitWait: 0 });
      for (let i = 0; i < 3; i++) await limited.accounts.me();
    },
  },
  {
    title: 'three 503 answers in a row (the first attempt and 2 retries)',
    expected: InternalServerError,
    fakeOnly: true,
    async provoke() {
      fake?.faults.inject({ method: 'GET', path: '/accounts/me', kind: 'status', status: 503, times: 3 });
      try {
        return await client.accounts.me();
      } finally {
        console.log(`    (the fake answered ${3 - (fake?.faults.pending ?? 0)} attempts with 503)`);
      }
    },
  },
  {
    title: 'the connection drops during a POST (never retried: it could apply twice)',
    expected: APIConnectionError,
    fakeOnly: true,
    async provoke() {
      fake?.faults.inject({ method: 'POST', path: '/webhooks', kind: 'drop' });
      try {
        return await client.webhooks.create({ url: hookUrl, events: ['deposit.created'], secret: 'whsec_demo' });
      } finally {
        console.log(`    (subscriptions on the fake afterwards: ${fake?.admin.webhooks().length ?? '?'})`);
      }
    },
  },
  {
    title: 'the service takes 1 s, the call allows 250 ms',
    expected: APITimeoutError,
    fakeOnly: true,
    provoke() {
      fake?.faults.inject({ method: 'GET', path: '/accounts/me', kind: 'delay', delayMs: 1_000 });
      return client.accounts.me({ timeout: 250, maxRetries: 0 });
    },
  },
  {
    title: 'the caller aborts a slow call after 100 ms',
    expected: APIUserAbortError,
    async provoke() {
      fake?.faults.inject({ method: 'GET', path: '/accounts/me', kind: 'delay', delayMs: 1_000 });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), fake ? 100 : 0);
      try {
        return await client.accounts.me({ signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
  },
  {
    title: 'an HTML page instead of the JSON envelope',
    expected: InvalidResponseError,
    fakeOnly: true,
    provoke() {
      fake?.faults.inject({ method: 'GET', path: '/accounts/me', kind: 'non-json' });
      return client.accounts.me();
    },
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  for (const [index, c] of cases.entries()) {
    console.log(`\n${index + 1}. ${c.expected.name}: ${c.title}`);
    if (c.fakeOnly && !fake) {
      console.log('  skipped: needs the fake (fault injection or a tiny rate-limit tier)');
      skipped++;
      continue;
    }
    try {
      await c.provoke();
      console.log(`  FAILED: no error was thrown, expected ${c.expected.name}`);
      failed++;
    } catch (error) {
      // Anything that is not the SDK's own error is a bug here: rethrow it.
      if (!(error instanceof CreditPlatformError)) throw error;
      report(error);
      const got = error.name;
      if (error instanceof c.expected) passed++;
      else {
        console.log(`  FAILED: expected ${c.expected.name}, got ${got}`);
        failed++;
      }
    }
  }
  // The client still works after all of that.
  const me = await client.accounts.me();
  console.log(`\nafter the errors the client still works: account ${me.id}`);
} finally {
  for (const undo of cleanup) await undo().catch((error: unknown) => console.error('cleanup failed:', error));
  await Promise.all([server?.close(), tinyTierServer?.close()]);
}

console.log(`\nerror cases: ${passed} raised the expected class, ${failed} did not, ${skipped} skipped`);
if (failed > 0) process.exitCode = 1;
