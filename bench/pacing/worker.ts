// One process of the pacing bench: a client that fires its requests at once when told to
// ("go" on stdin), or a webhook receiver on the shared Redis dedup store. Started by run.ts.
import { createInterface } from 'node:readline';
import { createClient } from 'redis';
import { CreditPlatform, type PacingStore } from '../../src/index.js';
import { createRedisDedupStore, createRedisPacingStore } from '../../src/redis/index.js';
import { createWebhookHandler } from '../../src/webhooks/index.js';
import { serveFetch } from '../../examples/webhooks/serve-fetch.js';

const config = JSON.parse(process.env.BENCH_WORKER ?? '{}') as {
  mode: 'client' | 'receiver';
  redisUrl: string;
  baseUrl?: string;
  apiKey?: string;
  count?: number;
  pacing?: 'redis' | 'memory' | 'off';
  limits?: { requests: number; perMs: number }[];
  secret?: string;
  failHandler?: boolean;
};

const send = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function redis() {
  const client = createClient({ url: config.redisUrl, socket: { reconnectStrategy: () => 200 } });
  client.on('error', () => undefined);
  return client.connect();
}

async function runClient(): Promise<void> {
  let store: PacingStore | undefined;
  if (config.pacing === 'redis') store = createRedisPacingStore(await redis());
  const warnings: string[] = [];
  const client = new CreditPlatform({
    apiKey: config.apiKey as string,
    baseUrl: config.baseUrl as string,
    timeout: 60_000,
    ...(config.pacing === 'off' ? {} : { pacing: { limits: config.limits ?? [], ...(store ? { store } : {}) } }),
    logger: { debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined },
  });
  send({ ready: true });
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  const results = await Promise.allSettled(Array.from({ length: config.count ?? 0 }, () => client.accounts.me()));
  const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
  send({
    done: true,
    ok: results.length - failed.length,
    failed: failed.length,
    errors: [...new Set(failed.map((f) => (f.reason as Error).name))],
    warnings: warnings.length,
  });
  process.exit(0);
}

async function runReceiver(): Promise<void> {
  const counter = await redis();
  const handler = createWebhookHandler({
    secret: config.secret as string,
    store: createRedisDedupStore(await redis(), { prefix: 'bench:webhook:' }),
    onError: () => undefined,
    on: {
      'payment.received': async (event) => {
        await counter.incr(`bench:runs:${event.id}`);
        await new Promise((resolve) => setTimeout(resolve, 50)); // real work takes a while
        if (config.failHandler) throw new Error('database down');
      },
    },
  });
  const server = await serveFetch(handler);
  send({ port: (server.address() as { port: number }).port });
}

await (config.mode === 'client' ? runClient() : runReceiver());
