// The fake, with GET /transactions failing (503 on every attempt, so the client's retries give
// up too) from its $FAIL_AT-th request until SIGUSR1: an export that breaks half-way, then a
// service that is back. With HANG=1 those requests hang instead (until SIGUSR1), for Ctrl-C.
// Prints the CREDIT_PLATFORM_* lines like `credit-platform fake`.
import { createFakeCreditPlatform, startFakeServer } from 'credit-platform/testing';

const fake = createFakeCreditPlatform({ transactions: Number(process.env.TRANSACTIONS ?? 1234) });
const failAt = Number(process.env.FAIL_AT ?? 5);
let seen = 0;
let healed = false;
let heal;
const healedPromise = new Promise((resolve) => (heal = resolve));
const flaky = {
  ...fake,
  async handle(request, context) {
    if (!healed && new URL(request.url).pathname.endsWith('/transactions') && ++seen >= failAt) {
      if (process.env.HANG === '1') await healedPromise;
      else fake.faults.inject({ path: '/transactions', kind: 'status', status: 503 });
    }
    return fake.handle(request, context);
  },
};
process.on('SIGUSR1', () => {
  healed = true;
  fake.faults.clear();
  heal();
});
const server = await startFakeServer({ fake: flaky });
console.log(`CREDIT_PLATFORM_BASE_URL=${server.baseUrl}`);
console.log(`CREDIT_PLATFORM_API_KEY=${server.apiKey}`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
