// ESM consumer: static imports of every documented entry point, a call against the
// fake over loopback, the error classes, both webhook verifiers, and a dynamic import
// of every subpath of the installed package's exports map.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as root from 'credit-platform';
import { CreditPlatform, CreditPlatformError, APIError, AuthenticationError } from 'credit-platform';
import { signWebhookPayload, verifyWebhookSignature, verifyWebhookSignatureAsync } from 'credit-platform/webhooks';
import { startFakeServer } from 'credit-platform/testing';

const ok = (what) => console.log(`ok - ${what}`);
assert.ok(Number(process.versions.node.split('.')[0]) >= 22, `Node 22+ expected, got ${process.version}`);

// Every subpath of the exports map loads with import() and exports something.
const pkgPath = createRequire(import.meta.url).resolve('credit-platform/package.json');
const pkg = JSON.parse(await readFile(pkgPath, 'utf8'));
for (const subpath of Object.keys(pkg.exports)) {
  if (subpath.endsWith('.json')) continue;
  const spec = `credit-platform${subpath.slice(1)}`;
  const ns = await import(spec);
  assert.ok(Object.keys(ns).length > 0, `${spec} exports nothing`);
  ok(`import('${spec}')`);
}

// The root re-exports the webhook helpers: the very same functions.
assert.equal(root.verifyWebhookSignature, verifyWebhookSignature);
assert.equal(root.verifyWebhookSignatureAsync, verifyWebhookSignatureAsync);
ok('root re-exports the webhook helpers');

const fake = await startFakeServer();
try {
  assert.equal(typeof fake.baseUrl, 'string');
  assert.equal(typeof fake.apiKey, 'string');
  const client = new CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
  const me = await client.accounts.me();
  assert.match(me.id, /^acc_/);
  ok(`client.accounts.me() against the fake at ${fake.baseUrl} -> ${me.id}`);

  // Plain JavaScript: a misspelled field is refused before anything is sent, naming the field meant.
  const typo = await client.accounts.update(me.id, { emial: 'new@example.com' }).then(
    () => assert.fail('an unknown field must be refused'),
    (e) => e,
  );
  assert.equal(typo.name, 'RequestValidationError');
  assert.deepEqual(
    typo.errors.map((e) => [e.field, e.code]),
    [['emial', 'UNKNOWN_FIELD']],
  );
  assert.match(typo.errors[0].message, /did you mean 'email'\?/);
  assert.equal((await client.accounts.me()).email, me.email);
  ok("{ emial } is refused in plain JavaScript: did you mean 'email'?");

  const wrong = new CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl: fake.baseUrl, maxRetries: 0 });
  const err = await wrong.accounts.me().then(
    () => assert.fail('a wrong API key must be rejected'),
    (e) => e,
  );
  assert.ok(err instanceof AuthenticationError, `got ${err?.name}: ${err?.message}`);
  assert.ok(err instanceof APIError);
  assert.ok(err instanceof CreditPlatformError);
  assert.ok(err instanceof Error);
  assert.equal(err.status, 401);
  assert.ok(!String(err.message).includes('cp_wrong_key'), 'the key leaks into the message');
  ok('a wrong key rejects with AuthenticationError (instanceof APIError, CreditPlatformError)');
} finally {
  await fake.close();
}

// credit-platform/testing/msw: the fake behind msw handlers, for users' own test suites.
if (pkg.exports['./testing/msw']) {
  const { setupServer } = await import('msw/node');
  const { createFakeCreditPlatform } = await import('credit-platform/testing');
  const { createFakeHandlers } = await import('credit-platform/testing/msw');
  const mswFake = createFakeCreditPlatform();
  const baseUrl = 'https://api.consumer.test/api/v1';
  const server = setupServer(...createFakeHandlers(mswFake, { baseUrl }));
  // msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest: give both.
  server.listen({ onUnhandledFrame: 'error', onUnhandledRequest: 'error' });
  try {
    const me = await new CreditPlatform({ apiKey: mswFake.apiKey, baseUrl }).accounts.me();
    assert.match(me.id, /^acc_/);
    ok(`credit-platform/testing/msw handlers answer client.accounts.me() -> ${me.id}`);
  } finally {
    server.close();
  }
}

const secret = 'whsec_consumer_test';
const payload = JSON.stringify({
  id: 'evt_consumer_1',
  type: 'deposit.created',
  timestamp: '2026-01-01T00:00:00.000Z',
  data: { depositId: 'dep_1', token: 'USDC', amount: '10.50', transactionHash: '0xabc' },
});
const signature = signWebhookPayload(payload, secret);
assert.match(signature, /^[0-9a-f]+$/);
assert.equal(verifyWebhookSignature(payload, signature, secret), true);
assert.equal(verifyWebhookSignature(payload, signature, 'other-secret'), false);
assert.equal(verifyWebhookSignature(payload, 'not hex at all', secret), false);
ok('verifyWebhookSignature');
assert.equal(await verifyWebhookSignatureAsync(payload, signature, secret), true);
assert.equal(await verifyWebhookSignatureAsync(`${payload} `, signature, secret), false);
ok('verifyWebhookSignatureAsync');
console.log('esm consumer: all good');
