// Run by test/core/transport/error-body-bound.test.ts in a process of its own, with a small heap
// (`--max-old-space-size`): builds errors from the review's hostile body, 32 MiB of `\f` escapes
// (just under the default maxResponseBytes), as plain text and as the envelope's message, and
// prints what each cost on the heap as JSON. A build that needs more than the heap has kills the
// process, which the test sees.
import { getHeapStatistics } from 'node:v8';
import { apiErrorFromResponse } from '../../src/core/transport/error-from-status.js';
import { CreditPlatform } from '../../src/index.js';

const gc = (globalThis as { gc?: () => void }).gc as () => void;
const BYTES = 32 * 2 ** 20 - 1024;
const escapes = Buffer.from('\\f'.repeat(BYTES / 2));
const bodies = {
  text: escapes,
  envelope: Buffer.concat([Buffer.from('{"success":false,"message":"'), escapes.subarray(0, BYTES - 64), Buffer.from('"}')]),
};
const KEY = 'cp_test_heap_key_0123456789abcdef';
const used = () => getHeapStatistics().used_heap_size;
const MB = 2 ** 20;
const result: Record<string, number> = {};
const build = (text: string) =>
  apiErrorFromResponse({
    status: 500,
    headers: new Headers(),
    text,
    where: 'GET /x',
    secrets: [KEY],
    resetAt: undefined,
    now: 0,
  });
// A first build of each kind compiles the code it runs: that is not the body's cost.
for (const text of ['\\f'.repeat(2000), `{"success":false,"message":"${'\\f'.repeat(2000)}"}`]) build(text);

for (const [kind, bytes] of Object.entries(bodies)) {
  // The body as the transport hands it over: one string, decoded once.
  const text = new TextDecoder().decode(bytes);
  const errors: unknown[] = [];
  gc();
  const before = used();
  let allocated = 0;
  // One failed call, then 8 more built while the first is still kept: what each holds stays.
  for (let i = 0; i < 9; i++) {
    const start = used();
    errors.push(build(text));
    allocated = Math.max(allocated, used() - start);
  }
  gc();
  result[`${kind}.allocatedMB`] = allocated / MB;
  result[`${kind}.keptPerErrorMB`] = (used() - before) / 9 / MB;
}

// The whole path of one call, from the response to the thrown error, 8 calls at once; each body
// is the same bytes, so the heap holds the decoded texts and the errors.
const client = new CreditPlatform({
  apiKey: KEY,
  baseUrl: 'https://api.example.test/api/v1',
  maxRetries: 0,
  logLevel: 'off',
  fetch: async () => new Response(bodies.text, { status: 500, headers: { 'content-type': 'text/plain' } }),
});
const failures = await Promise.all(Array.from({ length: 8 }, () => client.request('GET', '/x').catch((error: unknown) => error)));
result.clientErrors = failures.filter((error) => error instanceof Error && error.name === 'InternalServerError').length;
result.clientBodyLength = Math.max(...failures.map((error) => String((error as { body?: string }).body).length));
console.log(JSON.stringify(result));
