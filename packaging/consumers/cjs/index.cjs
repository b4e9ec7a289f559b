// CommonJS consumer on Node (22 and 24). The exports map serves `module-sync` first, so Node's
// own require() gets the ES module (require(esm), Node 22.12+): a require() and an import() of
// the same entry point share one module instance, the error classes are the same objects and
// instanceof holds whichever way the package was loaded. The CommonJS build (ky inside) is for
// runtimes without `module-sync` (Jest, older bundlers); it is loaded here by path to show it
// works on plain Node too.
'use strict';
const assert = require('node:assert/strict');
const path = require('node:path');

const ok = (what) => console.log(`ok - ${what}`);

const required = require('credit-platform');
const requiredWebhooks = require('credit-platform/webhooks');
const requiredTesting = require('credit-platform/testing');
const pkg = require('credit-platform/package.json');

const ERROR_CLASSES = [
  'CreditPlatformError',
  'APIError',
  'BadRequestError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableEntityError',
  'RateLimitError',
  'InternalServerError',
  'APIConnectionError',
  'APITimeoutError',
  'APIUserAbortError',
  'InvalidResponseError',
  'RequestValidationError',
];

async function main() {
  assert.ok(Number(process.versions.node.split('.')[0]) >= 22, `Node 22+ expected, got ${process.version}`);

  // Every subpath of the exports map loads with require() and with import(), and both
  // give the same module namespace.
  for (const subpath of Object.keys(pkg.exports)) {
    if (subpath.endsWith('.json')) continue;
    const spec = `credit-platform${subpath.slice(1)}`;
    const viaRequire = require(spec);
    const viaImport = await import(spec);
    assert.ok(Object.keys(viaRequire).length > 0, `require('${spec}') exports nothing`);
    for (const name of Object.keys(viaImport)) {
      assert.equal(viaRequire[name], viaImport[name], `${spec}: ${name} differs between require() and import()`);
    }
    ok(`require('${spec}') and import('${spec}') give the same exports`);
  }

  for (const subpath of Object.keys(pkg.exports)) {
    if (subpath.endsWith('.json')) continue;
    const resolved = require.resolve(`credit-platform${subpath.slice(1)}`);
    assert.match(resolved, /\.js$/, `require.resolve('credit-platform${subpath.slice(1)}') should take module-sync (ESM)`);
  }
  ok("Node's require() resolves every entry point to the ES module (module-sync)");

  const imported = await import('credit-platform');
  const importedWebhooks = await import('credit-platform/webhooks');

  for (const name of ERROR_CLASSES) {
    assert.equal(typeof required[name], 'function', `require('credit-platform').${name} is missing`);
    assert.equal(required[name], imported[name], `${name} from require() !== ${name} from import()`);
  }
  ok(`the ${ERROR_CLASSES.length} error classes are the same objects from require() and import()`);
  assert.equal(required.verifyWebhookSignature, importedWebhooks.verifyWebhookSignature);
  ok('the root re-exports the same webhook functions as credit-platform/webhooks');

  const fake = await requiredTesting.startFakeServer();
  try {
    const client = new required.CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });
    const me = await client.accounts.me();
    assert.match(me.id, /^acc_/);
    ok(`client.accounts.me() via require() -> ${me.id}`);

    // An error thrown by a client created from the require()d module...
    const wrongRequired = new required.CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl: fake.baseUrl, maxRetries: 0 });
    const err1 = await wrongRequired.accounts.me().then(
      () => assert.fail('a wrong key must be rejected'),
      (e) => e,
    );
    // ...and one from a client created from the import()ed module.
    const wrongImported = new imported.CreditPlatform({ apiKey: 'cp_wrong_key', baseUrl: fake.baseUrl, maxRetries: 0 });
    const err2 = await wrongImported.accounts.me().then(
      () => assert.fail('a wrong key must be rejected'),
      (e) => e,
    );
    for (const [how, err] of [
      ['require()', err1],
      ['import()', err2],
    ]) {
      for (const mod of [required, imported]) {
        assert.ok(err instanceof mod.AuthenticationError, `${how} client: got ${err?.name}: ${err?.message}`);
        assert.ok(err instanceof mod.APIError);
        assert.ok(err instanceof mod.CreditPlatformError);
      }
      assert.equal(err.status, 401);
    }
    ok('AuthenticationError from either client is instanceof the classes from both require() and import()');

    const dist = path.join(path.dirname(require.resolve('credit-platform/package.json')), 'dist');
    const cjsBuild = require(path.join(dist, 'index.cjs'));
    const cjsWebhooks = require(path.join(dist, 'webhooks.cjs'));
    const viaCjs = new cjsBuild.CreditPlatform({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, maxRetries: 0 });
    assert.match((await viaCjs.accounts.me()).id, /^acc_/);
    const notFound = await viaCjs.deposits.retrieve('dep_missing').then(assert.fail, (e) => e);
    assert.ok(notFound instanceof cjsBuild.NotFoundError && notFound instanceof cjsBuild.CreditPlatformError);
    assert.match(notFound.message, /^404 /);
    assert.equal(cjsBuild.WebhookVerificationError, cjsWebhooks.WebhookVerificationError);
    ok('the CommonJS build (dist/index.cjs, ky bundled) works on plain Node and shares classes across its entry points');
  } finally {
    await fake.close();
  }

  const secret = 'whsec_consumer_test';
  const payload = JSON.stringify({
    id: 'evt_consumer_1',
    type: 'deposit.created',
    timestamp: '2026-01-01T00:00:00.000Z',
    data: { depositId: 'dep_1', token: 'USDC', amount: '10.50', transactionHash: '0xabc' },
  });
  const signature = requiredWebhooks.signWebhookPayload(payload, secret);
  assert.equal(requiredWebhooks.verifyWebhookSignature(payload, signature, secret), true);
  assert.equal(requiredWebhooks.verifyWebhookSignature(payload, signature, 'other-secret'), false);
  assert.equal(await requiredWebhooks.verifyWebhookSignatureAsync(payload, signature, secret), true);
  assert.equal(await importedWebhooks.verifyWebhookSignatureAsync(payload, 'deadbeef', secret), false);
  ok('both webhook verifiers via require() and import()');
  console.log('cjs consumer: all good');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
