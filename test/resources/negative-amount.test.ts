// A negative amount is refused as "must be greater than 0", as '0' is: the sign is the problem,
// not the characters. The SDK says so before sending, and the fake says the same.
import { describe, expect, it, vi } from 'vitest';
import { CreditPlatform, RequestValidationError } from '../../src/index.js';
import { createFakeCreditPlatform } from '../../src/testing/index.js';
import { captureError } from '../helpers/capture.js';
import { call } from '../helpers/fake-call.js';

function offlineClient() {
  const fetch = vi.fn(async () => new Response(null, { status: 500 }));
  return { fetch, client: new CreditPlatform({ apiKey: 'cp_test', baseUrl: 'https://api.example.test/api/v1', fetch }) };
}

describe('negative amounts', () => {
  it.each(['-1', '-0.50', '-2500.00', '-0'])(
    'the SDK refuses amount %s as not greater than 0, and sends nothing',
    async (amount) => {
      const { client, fetch } = offlineClient();
      const error = await captureError(client.deposits.create({ token: 'USDC', chain: 'Base', amount }));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).errors).toEqual([
        { field: 'amount', code: 'INVALID_AMOUNT', message: 'must be greater than 0' },
      ]);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('says the same for a negative credit limit as for a zero one', async () => {
    const { client } = offlineClient();
    const negative = (await captureError(client.credit.create({ token: 'USDC', limit: '-10.00' }))) as RequestValidationError;
    const zero = (await captureError(client.credit.create({ token: 'USDC', limit: '0' }))) as RequestValidationError;
    expect(negative.errors).toEqual(zero.errors);
  });

  it('still names the format for what is not a decimal at all', async () => {
    const { client } = offlineClient();
    const error = (await captureError(
      client.deposits.create({ token: 'USDC', chain: 'Base', amount: '-1e3' }),
    )) as RequestValidationError;
    expect(error.errors[0]?.message).toBe('must be a decimal string of ASCII digits such as "10.00"');
  });

  it('the fake answers a negative amount with "Amount must be greater than 0"', async () => {
    const fake = createFakeCreditPlatform({ transactions: 0 });
    const res = await call(fake, 'POST', '/deposits', { body: { token: 'USDC', chain: 'Base', amount: '-1' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'amount', code: 'INVALID_AMOUNT', message: 'Amount must be greater than 0' }]);
  });
});
