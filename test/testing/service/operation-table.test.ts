import { describe, expect, it } from 'vitest';
import { fillPath, pathParamNames } from '../../../src/core/operations/operation.js';
import { OPERATIONS, type OperationName } from '../../../src/index.js';
import { createFakeCreditPlatform } from '../../../src/testing/index.js';
import { HANDLERS } from '../../../src/testing/service/routes/index.js';
import { call } from '../../helpers/fake-call.js';

const names = Object.keys(OPERATIONS) as OperationName[];

describe('the fake is driven by the SDK operation table', () => {
  it('has a handler for every declared operation, and none for an undeclared one', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...names].sort());
    for (const name of names) expect(typeof HANDLERS[name]).toBe('function');
  });

  it.each(names)('routes %s to a handler (never "No route")', async (name) => {
    const fake = createFakeCreditPlatform({ transactions: 3 });
    const op = OPERATIONS[name];
    const params = Object.fromEntries(pathParamNames(op.path).map((param) => [param, 'missing_1']));
    const res = await call(fake, op.method, `/${fillPath(op.path, params)}`, {
      body: 'body' in op ? {} : undefined,
    });
    // A handler ran: it answered, or refused the empty body or the unknown id in its own words.
    expect(res.body.errors?.[0]?.message ?? '').not.toMatch(/^No route/);
    expect([200, 201, 404, 409, 422]).toContain(res.status);
    fake.close();
  });
});
