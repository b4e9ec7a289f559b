// How Jest's own CommonJS module runtime loads the package: through the `require` condition
// of the exports map, i.e. the CommonJS build (ky bundled in), for every entry point.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CreditPlatform, CreditPlatformError, NotFoundError } from 'credit-platform';
import { startFakeServer } from 'credit-platform/testing';
import { signWebhookPayload, verifyWebhookSignature, WebhookVerificationError } from 'credit-platform/webhooks';

const pkgPath = require.resolve('credit-platform/package.json');
const exportsMap = JSON.parse(fs.readFileSync(pkgPath, 'utf8')).exports as Record<string, unknown>;
// Not credit-platform/testing/msw here: msw 3 itself ships ES modules only, which Jest's
// CommonJS runtime cannot load (with msw 2, or in Jest's ESM mode, that entry works too).
const ENTRY_POINTS = ['credit-platform', 'credit-platform/webhooks', 'credit-platform/testing'];
const hasRedis = Boolean(exportsMap['./redis']);

test.each(ENTRY_POINTS)('require(%s) loads the CommonJS build', (spec) => {
  expect(path.extname(require.resolve(spec))).toBe('.cjs');
  expect(Object.keys(require(spec)).length).toBeGreaterThan(0);
});

// credit-platform/redis comes with the multi-process pacing work; until the package has that
// entry this test is skipped, and scripts/consumers.sh prints a NOTE saying so.
(hasRedis ? test : test.skip)('require(credit-platform/redis) loads the CommonJS build', () => {
  expect(path.extname(require.resolve('credit-platform/redis'))).toBe('.cjs');
  const redis = require('credit-platform/redis');
  expect(typeof redis.createRedisPacingStore).toBe('function');
  expect(typeof redis.createRedisDedupStore).toBe('function');
});

test('every entry point shares one set of classes', () => {
  expect(require('credit-platform').WebhookVerificationError).toBe(WebhookVerificationError);
  expect(require('credit-platform').verifyWebhookSignature).toBe(verifyWebhookSignature);
  expect(CreditPlatform.NotFoundError).toBe(NotFoundError);
});

test('the client calls the fake over loopback; errors are typed and start with the status', async () => {
  const server = await startFakeServer();
  try {
    const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
    const me = await client.accounts.me();
    expect(me.id).toMatch(/^acc_/);
    const page = await client.transactions.list({ limit: 5 });
    expect(page.items).toHaveLength(5);
    const error = await client.deposits.retrieve('dep_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(CreditPlatformError);
    expect((error as Error).message).toMatch(/^404 /);
  } finally {
    await server.close();
  }
});

test('the webhook helpers work under Jest', () => {
  const body = '{"id":"evt_1"}';
  expect(verifyWebhookSignature(body, signWebhookPayload(body, 'whsec_x'), 'whsec_x')).toBe(true);
});
