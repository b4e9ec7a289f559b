// `await import()` from a CommonJS file still works and is typed (the ESM declarations);
// static imports compile to require() and are typed from the .d.cts files (usage-cjs.cts).
import assert = require('node:assert/strict');

async function main(): Promise<void> {
  const { CreditPlatform, AuthenticationError } = await import('credit-platform');
  const { verifyWebhookSignatureAsync, signWebhookPayload } = await import('credit-platform/webhooks');
  const { startFakeServer } = await import('credit-platform/testing');
  const fake = await startFakeServer();
  try {
    const client = new CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
    const id: string = (await client.accounts.me()).id;
    const wrong = new CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl: fake.baseUrl, maxRetries: 0 });
    const err: unknown = await wrong.accounts.me().then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof AuthenticationError);
    console.log(`ok - .cts dynamic import(): ${id}, ${err.name}`);
  } finally {
    await fake.close();
  }
  const sig = signWebhookPayload('{"a":1}', 'whsec_x');
  assert.equal(await verifyWebhookSignatureAsync('{"a":1}', sig, 'whsec_x'), true);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
