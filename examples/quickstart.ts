// Quickstart: the SDK's three jobs end to end.
//
//   npm run demo                       # against the in-process fake: no account, no network
//   CREDIT_PLATFORM_API_KEY=... CREDIT_PLATFORM_BASE_URL=https://.../api/v1 npx tsx examples/quickstart.ts
//
// Against the real service the webhook step needs a public HTTPS receiver (WEBHOOK_URL and
// CREDIT_PLATFORM_WEBHOOK_SECRET); without one it is skipped.
import { CreditPlatform, type WebhookSubscription } from 'credit-platform';
import { Decimal } from 'credit-platform/money';
import { startFakeServer, type FakeServer } from 'credit-platform/testing';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from 'credit-platform/webhooks';

const live = process.env.CREDIT_PLATFORM_BASE_URL !== undefined;
const secret = process.env.CREDIT_PLATFORM_WEBHOOK_SECRET ?? 'whsec_quickstart_demo';
const received: { id: string; type: string; verified: boolean }[] = [];

// The receiver: what your HTTPS endpoint does with each delivery. It verifies the signature
// over the raw body before trusting a single byte of it.
async function receiveDelivery(request: Request): Promise<Response> {
  const body = await request.text();
  const verified = verifyWebhookSignature(body, request.headers.get(WEBHOOK_SIGNATURE_HEADER), secret);
  if (!verified) return new Response('bad signature', { status: 401 });
  const event = JSON.parse(body) as { id: string; type: string };
  received.push({ id: event.id, type: event.type, verified });
  return new Response(null, { status: 204 });
}

let server: FakeServer | undefined;
if (!live) {
  // The fake delivers webhooks through this transport instead of the network, so the https://
  // subscription URL below reaches the receiver in this process.
  server = await startFakeServer({ transactions: 1_000, webhookTransport: receiveDelivery });
  console.log(`fake Credit Platform on ${server.baseUrl}`);
}

const client = new CreditPlatform(server ? { apiKey: server.apiKey, baseUrl: server.baseUrl } : {});

try {
  // 1. Typed results, with the rate-limit state of every call.
  const me = await client.accounts.me();
  console.log(`account ${me.id} (${me.name ?? 'unnamed'}), tier ${me.tier ?? 'unknown'}`);

  // 2. A webhook subscription; deliveries are signed with `secret`.
  let subscription: WebhookSubscription | undefined;
  const webhookUrl = live ? process.env.WEBHOOK_URL : 'https://hooks.example.test/credit-platform';
  if (webhookUrl) {
    subscription = await client.webhooks.create({ url: webhookUrl, events: ['deposit.created', 'payment.received'], secret });
    console.log(`webhook ${subscription.id ?? ''} -> ${subscription.url} (${subscription.status ?? 'active'})`);
  } else {
    console.log('webhook step skipped: set WEBHOOK_URL and CREDIT_PLATFORM_WEBHOOK_SECRET to subscribe a receiver of yours');
  }

  // 3. Every transaction, exactly once, one page in memory at a time.
  let count = 0;
  let pages = 0;
  let total = Decimal.from('0');
  for await (const page of client.transactions.list({ limit: 100 }).pages()) {
    pages++;
    for (const tx of page.items) {
      count++;
      if (tx.amount !== undefined) total = total.plus(tx.amount); // exact: amounts are decimal strings, never numbers
    }
    process.stdout.write(
      process.stdout.isTTY ? `\rtransactions: ${count} (${pages} pages)` : `transactions: ${count} (${pages} pages)\n`,
    );
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(`read ${count} transactions in ${pages} pages; amounts add up to ${total}`);

  // 4. A signed delivery, verified by the receiver above.
  if (server && subscription) {
    await server.fake.admin.emit('deposit.created', {
      depositId: 'dep_quickstart',
      token: 'USDC',
      amount: '2500.00',
      transactionHash: `0x${'ab'.repeat(32)}`,
    });
    await server.fake.settled();
    for (const event of received) console.log(`received ${event.type} ${event.id}: signature verified = ${event.verified}`);
    if (received.length === 0) throw new Error('no delivery reached the receiver');
  }

  // 5. The rate-limit state from the most recent response.
  const rl = client.rateLimit;
  console.log(
    rl ? `rate limit: ${rl.remaining}/${rl.limit} left, window resets ${rl.reset.toISOString()}` : 'rate limit: no headers seen',
  );
} finally {
  await server?.close();
}

// `npm ci` and `npm run` print `npm warn EBADENGINE` blocks when npm itself runs on a Node older
// than the packages ask for (Node 20 here), though every script, this one included, runs on the
// node@24 devDependency. The last line says so, so that nobody reads them as a failure.
function engineNote(npmUserAgent: string | undefined, running: string): string | undefined {
  const npmNode = /\bnode\/v(\d+)\./.exec(npmUserAgent ?? '')?.[1];
  if (npmNode === undefined || Number(npmNode) >= 22) return undefined;
  return `note: the "npm warn EBADENGINE" lines above are harmless: npm itself runs on this machine's Node ${npmNode}, while this demo and every npm script ran on Node ${running} (the node@24 devDependency); a project of yours does the same with \`npm i -D node@24\`.`;
}
const note = engineNote(process.env.npm_config_user_agent, process.versions.node);
if (note !== undefined) console.log(note);
