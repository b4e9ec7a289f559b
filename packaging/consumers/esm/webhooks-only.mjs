// `credit-platform/webhooks` must not load ky or the HTTP client (sdk-surface.md).
import { resolved } from './resolved-modules.mjs';

const webhooks = await import('credit-platform/webhooks');
if (typeof webhooks.verifyWebhookSignature !== 'function') throw new Error('no verifyWebhookSignature');
const offending = resolved.filter((url) => /\/node_modules\/ky\//.test(url));
console.log(`credit-platform/webhooks loaded ${resolved.length} modules:\n  ${resolved.join('\n  ')}`);
if (offending.length > 0) {
  console.error(`credit-platform/webhooks loads ky: ${offending.join(', ')}`);
  process.exit(1);
}
console.log('ok - credit-platform/webhooks does not load ky');
