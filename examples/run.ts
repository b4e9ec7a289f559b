// Runs one example by name: `npm run example -- <name> [args...]`; without a name, lists them.
//
//   npm run example                                   # the list
//   npm run example -- export-transactions out.jsonl  # examples/<name>.ts, with its arguments
//   npm run example -- express                        # a webhook receiver: one signed delivery, then stop
//
// examples/<name>.ts runs as if started with `npx tsx examples/<name>.ts [args...]`.
// A webhook receiver (examples/webhooks/<name>.ts) is started on an ephemeral loopback port and
// sent one delivery signed with `createSignedWebhookDelivery` plus one with a forged signature;
// the run fails unless they are answered 200 and 401. To keep a receiver running for your own
// requests, start it directly: `CREDIT_PLATFORM_WEBHOOK_SECRET=whsec_test npx tsx examples/webhooks/express.ts`.
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSignedWebhookDelivery, type WebhookReceiverOptions } from 'credit-platform/webhooks';

const examplesDir = fileURLToPath(new URL('.', import.meta.url));

interface Running {
  url: string;
  close(): Promise<void>;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

async function listen(server: Server): Promise<Running> {
  if (!server.listening) await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, close: () => closeServer(server) };
}

/**
 * How to start each webhook receiver on a free port. Each example exports its app (or route
 * handler) for this, and only listens on its own when run directly.
 */
const RECEIVERS: Record<string, (options: WebhookReceiverOptions) => Promise<Running>> = {
  async express(options) {
    const { createApp } = await import('./webhooks/express.js');
    return listen(createApp(options).listen(0, '127.0.0.1'));
  },
  async fastify(options) {
    const { createApp } = await import('./webhooks/fastify.js');
    const app = createApp(options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks`, close: () => app.close() };
  },
  async hono(options) {
    const [{ createApp }, { serveFetch }] = await Promise.all([
      import('./webhooks/hono.js'),
      import('./webhooks/serve-fetch.js'),
    ]);
    return listen(await serveFetch(createApp(options).fetch));
  },
  // The Next.js route module builds its handler from CREDIT_PLATFORM_WEBHOOK_SECRET and its own callbacks.
  async 'nextjs-route'() {
    const [{ POST }, { serveFetch }] = await Promise.all([
      import('./webhooks/nextjs-route.js'),
      import('./webhooks/serve-fetch.js'),
    ]);
    return listen(await serveFetch(POST));
  },
};

/** The first sentence of an example's header comment. */
async function describe(file: string): Promise<string> {
  const header: string[] = [];
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.startsWith('//') || line.trim() === '//') break;
    header.push(line.replace(/^\/\/\s*/, ''));
  }
  const text = header.join(' ');
  const end = text.search(/\.(\s|$)/);
  return end >= 0 ? text.slice(0, end) : text;
}

async function scripts(): Promise<string[]> {
  const entries = await readdir(examplesDir);
  return entries
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts'))
    .map((f) => basename(f, '.ts'))
    .sort();
}

async function printList(): Promise<void> {
  console.log('Usage: npm run example -- <name> [args...]\n\nExamples:');
  for (const name of await scripts()) console.log(`  ${name.padEnd(22)} ${await describe(join(examplesDir, `${name}.ts`))}`);
  console.log('\nWebhook receivers (started on a free port and sent one signed delivery):');
  for (const name of Object.keys(RECEIVERS))
    console.log(`  ${name.padEnd(22)} ${await describe(join(examplesDir, 'webhooks', `${name}.ts`))}`);
}

async function runScript(name: string, args: string[]): Promise<void> {
  const file = join(examplesDir, `${name}.ts`);
  // The example sees the same argv as under `npx tsx examples/<name>.ts [args...]`.
  process.argv = [process.argv[0] as string, file, ...args];
  await import(pathToFileURL(file).href);
}

async function runReceiver(name: string, start: (options: WebhookReceiverOptions) => Promise<Running>): Promise<void> {
  const secret = process.env.CREDIT_PLATFORM_WEBHOOK_SECRET ?? 'whsec_example_runner';
  process.env.CREDIT_PLATFORM_WEBHOOK_SECRET = secret;
  const handled: string[] = [];
  const options: WebhookReceiverOptions = {
    secret,
    on: {
      'deposit.created': (event) => {
        handled.push(event.id);
        console.log(
          `handled ${event.type} ${event.id}: deposit ${event.data.depositId} of ${event.data.amount} ${event.data.token}`,
        );
      },
    },
  };
  const receiver = await start(options);
  console.log(`${name} receiver listening on ${receiver.url}`);
  try {
    const delivery = createSignedWebhookDelivery({
      type: 'deposit.created',
      data: { depositId: 'dep_example_runner', token: 'USDC', amount: '2500.00', transactionHash: `0x${'ab'.repeat(32)}` },
      secret,
    });
    const signed = await fetch(receiver.url, { method: 'POST', body: delivery.body, headers: delivery.headers });
    console.log(`signed delivery ${delivery.event.id}: ${signed.status} ${await signed.text()}`);
    const forged = await fetch(receiver.url, {
      method: 'POST',
      body: delivery.body,
      headers: { ...delivery.headers, 'x-webhook-signature': '0'.repeat(64) },
    });
    console.log(`forged signature: ${forged.status} ${await forged.text()}`);

    const problems: string[] = [];
    if (signed.status !== 200) problems.push(`the signed delivery got ${signed.status}, not 200`);
    if (forged.status !== 401) problems.push(`the forged delivery got ${forged.status}, not 401`);
    // The Next.js route has its own callbacks (it logs the deposit); the others run ours.
    if (name !== 'nextjs-route' && !handled.includes(delivery.event.id))
      problems.push('the deposit.created callback did not run');
    if (problems.length > 0) throw new Error(problems.join('; '));
    console.log(`${name}: delivery accepted (200), forgery rejected (401)`);
  } finally {
    await receiver.close();
  }
}

const [name, ...args] = process.argv.slice(2);
try {
  if (name === undefined || name === '--help' || name === '-h') {
    await printList();
  } else {
    const receiverName = name.replace(/^webhooks\//, '');
    const receiver = RECEIVERS[receiverName];
    if (receiver) await runReceiver(receiverName, receiver);
    else if ((await scripts()).includes(name)) await runScript(name, args);
    else {
      console.error(`Unknown example "${name}".\n`);
      await printList();
      process.exitCode = 2;
    }
  }
} catch (error) {
  console.error(`example ${name ?? ''} failed:`, error);
  process.exitCode = 1;
}
