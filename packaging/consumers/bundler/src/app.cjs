// The same small app written as CommonJS: its require() calls resolve the `require` condition.
const { CreditPlatform, NotFoundError } = require('credit-platform');
const { signWebhookPayload, verifyWebhookSignature } = require('credit-platform/webhooks');

async function main() {
  const client = new CreditPlatform({ maxRetries: 0 }); // CREDIT_PLATFORM_API_KEY, CREDIT_PLATFORM_BASE_URL
  const me = await client.accounts.me();
  const page = await client.transactions.list({ limit: 3 });
  const missing = await client.deposits.retrieve('dep_missing').catch((error) => error);
  if (!(missing instanceof NotFoundError)) throw new Error(`expected a NotFoundError, got ${String(missing)}`);
  const body = JSON.stringify({ id: 'evt_1' });
  const signed = verifyWebhookSignature(body, signWebhookPayload(body, 'whsec_app'), 'whsec_app');
  console.log(JSON.stringify({ account: me.id, transactions: page.items.length, missing: missing.message, signed }));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
