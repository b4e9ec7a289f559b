// Runs one documentation snippet and records what it printed (scripts/check-readme-snippets.ts
// starts one process per snippet, under tsx, so no snippet sees another's globals, channels or
// timers).
//
//   node --import tsx scripts/lib/run-snippet.ts <snippet.ts> <result.json>
//
// Before the snippet runs, a fresh fake serves on loopback and the names the checker's prelude
// lets snippets use undeclared get values (RUNTIME_VALUES), as do the names snippets `declare`
// for the reader to imagine. Everything the snippet writes to stdout and stderr is kept, in
// order, and written to <result.json> as `{ output, error? }`.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CreditPlatform } from '../../src/index.js';
import { startFakeServer } from '../../src/testing/index.js';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';

const [snippetFile, resultFile] = process.argv.slice(2);
if (snippetFile === undefined || resultFile === undefined) {
  console.error('usage: node --import tsx scripts/lib/run-snippet.ts <snippet.ts> <result.json>');
  process.exit(2);
}

const SECRET = 'whsec_snippets';
// Seed 1: the data `npx credit-platform fake` serves without --seed, which the README tells the
// reader to start (test/cli/commands/fake.test.ts holds the two the same), so a block's stated
// output may show its ids and data.
const server = await startFakeServer({ seed: 1 });
const fake = server.fake;
// `new CreditPlatform()` in a snippet reads these, so it reaches the fake too.
process.env.CREDIT_PLATFORM_API_KEY = server.apiKey;
process.env.CREDIT_PLATFORM_BASE_URL = server.baseUrl;
process.env.CREDIT_PLATFORM_WEBHOOK_SECRET = SECRET;

const delivery = createSignedWebhookDelivery({
  type: 'deposit.created',
  data: { depositId: 'dep_sample', token: 'USDC', amount: '1000.00', transactionHash: `0x${'ab'.repeat(32)}` },
  secret: SECRET,
});

/** Values for the names snippets use without defining them: the checker's prelude, and `declare`d names. */
const RUNTIME_VALUES: Record<string, unknown> = {
  client: new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl }),
  fake,
  secret: SECRET,
  request: new Request('https://hooks.example.test/credit-platform', {
    method: 'POST',
    body: delivery.body,
    headers: delivery.headers,
  }),
  rawBody: Buffer.from(delivery.body),
  signatureHeader: delivery.headers['x-webhook-signature'],
  save: async () => {},
};
Object.assign(globalThis, RUNTIME_VALUES);

let output = '';
const capture = (chunk: string | Uint8Array): boolean => {
  output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return true;
};
process.stdout.write = capture as typeof process.stdout.write;
process.stderr.write = capture as typeof process.stderr.write;

let error: string | undefined;
const describe = (thrown: unknown) =>
  thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : `a non-Error was thrown: ${String(thrown)}`;
process.on('unhandledRejection', (reason) => {
  error ??= `unhandled rejection: ${describe(reason)}`;
});
try {
  await import(pathToFileURL(snippetFile).href);
  // Output of work the snippet started without awaiting it, such as a response being logged.
  await new Promise((resolve) => setTimeout(resolve, 20));
} catch (thrown) {
  error = describe(thrown);
}
writeFileSync(resultFile, JSON.stringify({ output, ...(error === undefined ? {} : { error }) }));
await server.close();
// Timers a snippet left behind (an abort scheduled for later) must not keep the check waiting.
process.exit(0);
