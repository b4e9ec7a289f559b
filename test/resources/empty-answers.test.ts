import { describe, expect, it } from 'vitest';
import type { CreditPlatform } from '../../src/index.js';
import { client, http, ok, url, useMswServer } from '../helpers/msw.js';

// delete(id) and keys.revoke(keyId) resolve with whatever `data` the service sends: the spec
// does not show it, so an empty answer must never fail response validation.

const server = useMswServer();

const calls: [string, string, (c: CreditPlatform) => PromiseLike<unknown>][] = [
  ['webhooks.delete', 'webhooks/wh_1', (c) => c.webhooks.delete('wh_1')],
  ['keys.revoke', 'keys/key_1', (c) => c.keys.revoke('key_1')],
];
const answers: [string, unknown][] = [
  ['null', null],
  ['an empty object', {}],
  ['a record without url or name', { id: 'wh_1', keyId: 'key_1', status: 'inactive' }],
  ['a full record with a field this SDK does not know', { id: 'wh_1', url: 'https://e.com', events: [], deletedBy: 'ops' }],
];

describe.each(calls)('%s', (_, path, run) => {
  it.each(answers)('resolves with %s as sent', async (__, data) => {
    server.use(http.delete(url(path), () => ok(data as never)));
    await expect(run(client())).resolves.toEqual(data);
  });

  it('still refuses data that is neither a record nor empty', async () => {
    server.use(http.delete(url(path), () => ok('gone')));
    await expect(run(client())).rejects.toThrow(/does not match its schema/);
  });
});
