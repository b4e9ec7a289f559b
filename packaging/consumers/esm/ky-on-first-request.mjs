// The transport imports ky on the first request. Records every module Node resolves, in a fresh
// process: none of ky while importing the root entry, ky once the first call is made.
import assert from 'node:assert/strict';
import { resolved } from './resolved-modules.mjs';

const fromKy = () => resolved.filter((url) => /\/node_modules\/ky\//.test(url));

const { CreditPlatform } = await import('credit-platform');
assert.deepEqual(fromKy(), [], 'importing credit-platform loaded ky');
console.log('ok - importing credit-platform loads no ky');

const { startFakeServer } = await import('credit-platform/testing');
const server = await startFakeServer();
try {
  const client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl });
  const account = await client.accounts.me();
  assert.match(account.id, /^acc_/);
  assert.notDeepEqual(fromKy(), [], 'the first call answered without loading ky');
  console.log('ok - the first call loads ky');
} finally {
  await server.close();
}
