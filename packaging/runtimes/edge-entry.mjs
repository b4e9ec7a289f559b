// Bundled by edge-run.mjs for a Web-only runtime (no node:* modules, no process, no
// require): the client from the root entry point and the Web Crypto webhook verifier.
import { CreditPlatform, AuthenticationError, CreditPlatformError } from 'credit-platform';
import { verifyWebhookSignatureAsync } from 'credit-platform/webhooks';

globalThis.__creditPlatformSmoke = async ({ baseUrl, apiKey, payload, signature, secret }) => {
  const results = {};
  results.webCrypto = typeof crypto !== 'undefined' && typeof crypto.subtle?.importKey === 'function';
  results.goodSignature = await verifyWebhookSignatureAsync(payload, signature, secret);
  results.badSignature = await verifyWebhookSignatureAsync(payload, signature, `${secret}x`);
  results.bytesSignature = await verifyWebhookSignatureAsync(new TextEncoder().encode(payload), signature, secret);
  const client = new CreditPlatform({ apiKey, baseUrl });
  results.accountId = (await client.accounts.me()).id;
  const wrong = new CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl, maxRetries: 0 });
  const err = await wrong.accounts.me().then(
    () => null,
    (e) => e,
  );
  results.wrongKey = {
    name: err?.name,
    status: err?.status,
    isAuthenticationError: err instanceof AuthenticationError,
    isCreditPlatformError: err instanceof CreditPlatformError,
  };
  return JSON.stringify(results);
};
