// A 404 from the fake says what is missing. An id that does not exist on a declared operation is
// a missing record (named, with the operation the path was read as); the hint "add the route:
// fake.admin.route(...)" is only for a method and path that no declared operation serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditPlatform, NotFoundError } from '../../../src/index.js';
import { type FakeServer, startFakeServer } from '../../../src/testing/index.js';
import { captureError } from '../../helpers/capture.js';

let server: FakeServer;
let client: CreditPlatform;

beforeAll(async () => {
  server = await startFakeServer({ transactions: 0 });
  client = new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 });
});
afterAll(() => server.close());

describe('404s of declared operations: the record does not exist', () => {
  it('names the missing deposit and the operation, with no add-the-route hint', async () => {
    const error = await captureError(client.deposits.retrieve('dep_nope'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('404 Deposit "dep_nope" does not exist (deposits.retrieve: GET /api/v1/deposits/{depositId})');
  });

  it('names an id with an encoded slash as it was decoded, with no hint', async () => {
    const error = await captureError(client.keys.revoke('../key_1'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('404 Key "../key_1" does not exist (keys.revoke: DELETE /api/v1/keys/{keyId})');
  });

  it('reads a path shaped like a declared one as that operation, and says so', async () => {
    const error = await captureError(client.request('GET', '/credit/limits'));
    expect(error.message).toBe('404 Credit line "limits" does not exist (credit.retrieve: GET /api/v1/credit/{creditLineId})');
  });

  it('shows at most 100 characters of a long id', async () => {
    const error = await captureError(client.payments.retrieve(`pay_${'x'.repeat(5_000)}`));
    expect(error.message).toContain(`"pay_${'x'.repeat(96)}…"`);
    expect(error.message.length).toBeLessThan(250);
  });
});

describe('404s of undeclared routes: how to add the route', () => {
  it('keeps the hint when no declared operation matches the method and path', async () => {
    const error = await captureError(client.request('GET', '/reports/daily'));
    expect(error.message).toContain("add the route: fake.admin.route('GET', '/reports/daily', (req) => data)");
    const wrongMethod = await captureError(client.request('PUT', '/deposits/dep_1', { body: {} }));
    expect(wrongMethod.message).toContain("add the route: fake.admin.route('PUT', '/deposits/dep_1', (req) => data)");
  });
});
