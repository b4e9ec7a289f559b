// Runtime smoke test of the packed package, for Node, Bun and Deno:
// a client call against the fake over loopback, the error classes, and both webhook
// verifiers. The fake is the one at FAKE_BASE_URL/FAKE_API_KEY (the credit-platform-fake
// bin on Node), or, with `--in-process`, one started here with startFakeServer
// (node:http on this runtime).
import { CreditPlatform, AuthenticationError, APIError, CreditPlatformError } from 'credit-platform';
import { signWebhookPayload, verifyWebhookSignature, verifyWebhookSignatureAsync } from 'credit-platform/webhooks';

const runtime =
  typeof globalThis.Bun !== 'undefined'
    ? `bun ${globalThis.Bun.version}`
    : typeof globalThis.Deno !== 'undefined'
      ? `deno ${globalThis.Deno.version.deno}`
      : `node ${process.version}`;
const env = (name) => (typeof globalThis.Deno !== 'undefined' ? globalThis.Deno.env.get(name) : process.env[name]);
const check = (cond, what) => {
  if (!cond) throw new Error(`${runtime}: ${what}`);
  console.log(`ok - ${what}`);
};

const inProcess = (typeof globalThis.Deno !== 'undefined' ? globalThis.Deno.args : process.argv).includes('--in-process');
let fake;
let baseUrl = env('FAKE_BASE_URL');
let apiKey = env('FAKE_API_KEY');
if (inProcess) {
  const { startFakeServer } = await import('credit-platform/testing');
  fake = await startFakeServer();
  ({ baseUrl, apiKey } = fake);
}
if (!baseUrl || !apiKey) throw new Error('set FAKE_BASE_URL and FAKE_API_KEY, or pass --in-process');
console.log(`${runtime}: fake at ${baseUrl}${inProcess ? ' (in process)' : ''}`);

try {
  const client = new CreditPlatform({ apiKey, baseUrl });
  const me = await client.accounts.me();
  check(typeof me.id === 'string' && me.id.startsWith('acc_'), `client.accounts.me() -> ${me.id}`);

  const wrong = new CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl, maxRetries: 0 });
  const err = await wrong.accounts.me().then(
    () => null,
    (e) => e,
  );
  check(
    err instanceof AuthenticationError && err instanceof APIError && err instanceof CreditPlatformError && err.status === 401,
    `wrong key -> ${err?.name} ${err?.status} (instanceof AuthenticationError, APIError, CreditPlatformError)`,
  );
} finally {
  await fake?.close();
}

const secret = 'whsec_runtime_smoke';
const payload = JSON.stringify({
  id: 'evt_smoke_1',
  type: 'deposit.created',
  timestamp: '2026-01-01T00:00:00.000Z',
  data: { depositId: 'dep_1', token: 'USDC', amount: '1.00', transactionHash: '0xabc' },
});
const signature = signWebhookPayload(payload, secret);
check(verifyWebhookSignature(payload, signature, secret) === true, 'verifyWebhookSignature accepts a good signature');
check(verifyWebhookSignature(payload, signature, 'wrong') === false, 'verifyWebhookSignature rejects a bad one');
check(
  (await verifyWebhookSignatureAsync(payload, signature, secret)) === true,
  'verifyWebhookSignatureAsync accepts a good signature',
);
check(
  (await verifyWebhookSignatureAsync(payload, 'zz', secret)) === false,
  'verifyWebhookSignatureAsync rejects a malformed one',
);
const bytes = new TextEncoder().encode(payload);
check((await verifyWebhookSignatureAsync(bytes, signature, secret)) === true, 'verifyWebhookSignatureAsync takes bytes');
console.log(`${runtime}: smoke passed`);
