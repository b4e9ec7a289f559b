// A CommonJS TypeScript file (ts-nodenext and ts-node16): these imports compile to require().
// TypeScript types them from the `require` condition (the .d.cts declarations); Node runs them
// through `module-sync` on the ES module, the same instance an import() gets.
import assert = require('node:assert/strict');
import { CreditPlatform, AuthenticationError } from 'credit-platform';
import { signWebhookPayload, verifyWebhookSignature } from 'credit-platform/webhooks';
import { startFakeServer } from 'credit-platform/testing';

async function main(): Promise<void> {
  const fake = await startFakeServer();
  try {
    const client = new CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
    const me = await client.accounts.me();
    const id: string = me.id;
    assert.match(id, /^acc_/);
    const wrong = new CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl: fake.baseUrl, maxRetries: 0 });
    const err: unknown = await wrong.accounts.me().then(
      () => null,
      (e: unknown) => e,
    );
    // The class from this require() and the class from an import() are one object.
    const imported = await import('credit-platform');
    assert.equal(imported.AuthenticationError, AuthenticationError);
    assert.ok(err instanceof AuthenticationError && err instanceof imported.AuthenticationError);
    console.log(`ok - .cts require(): ${id}, ${err.name} ${err.status}`);
  } finally {
    await fake.close();
  }
  const sig = signWebhookPayload('{"a":1}', 'whsec_x');
  assert.equal(verifyWebhookSignature('{"a":1}', sig, 'whsec_x'), true);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
