// Pacing and shared de-duplication, measured against a loopback service that enforces the
// spec's sliding window shortened to 20 requests per 2 s and counts its 429s, with a real
// redis-server. Run: `npm run bench:pacing`. Figures are counts and ratios within one run.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';
import { startRedisServer } from '../../test/helpers/redis-server.js';
import { startLimitedService } from './limited-service.js';

const WINDOW = { requests: 20, perMs: 2_000 };
const KEY = 'cp_bench_shared_key';
const SECRET = 'whsec_bench';
const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));

interface Proc {
  child: ChildProcess;
  next(): Promise<Record<string, unknown>>;
}

function start(config: object): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, BENCH_WORKER: JSON.stringify(config) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const queue: Record<string, unknown>[] = [];
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  });
  return {
    child,
    next: () => {
      const ready = queue.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** The earliest the last of `n` requests issued at once may arrive, after the first, under the window. */
const allowedMs = (n: number) => (Math.ceil(n / WINDOW.requests) - 1) * WINDOW.perMs;

async function clients(
  n: number,
  count: number,
  pacing: 'redis' | 'memory' | 'off',
  redisUrl: string,
  onAccepted?: (n: number) => void,
) {
  const service = await startLimitedService({ requests: WINDOW.requests, windowMs: WINDOW.perMs });
  const procs = Array.from({ length: n }, () =>
    start({ mode: 'client', redisUrl, baseUrl: service.baseUrl, apiKey: KEY, count, pacing, limits: [WINDOW] }),
  );
  await Promise.all(procs.map((p) => p.next()));
  let watcher: ReturnType<typeof setInterval> | undefined;
  if (onAccepted) watcher = setInterval(() => onAccepted(service.accepted.length), 2);
  const started = Date.now();
  for (const p of procs) p.child.stdin?.write('go\n');
  const results = await Promise.all(procs.map((p) => p.next()));
  clearInterval(watcher);
  // From the first request the service saw to the last: start-up of the processes is not pacing.
  const lastMs = Math.max(...service.accepted) - Math.min(...service.accepted);
  const wallMs = Date.now() - started;
  await service.close();
  const sum = (field: string) => results.reduce((total, r) => total + Number(r[field]), 0);
  return {
    requests: n * count,
    rejected429: service.rejected,
    ok: sum('ok'),
    failed: sum('failed'),
    errors: [...new Set(results.flatMap((r) => r.errors as string[]))],
    warnings: sum('warnings'),
    lastMs,
    wallMs,
    allowedMs: allowedMs(n * count),
    rateRatio: allowedMs(n * count) / lastMs,
  };
}

async function receivers(redisUrl: string) {
  const procs = [start({ mode: 'receiver', redisUrl, secret: SECRET }), start({ mode: 'receiver', redisUrl, secret: SECRET })];
  const ports = (await Promise.all(procs.map((p) => p.next()))).map((m) => m.port as number);
  const url = (i: number) => `http://127.0.0.1:${ports[i % 2]}/webhooks`;
  const deliver = (d: { body: string; headers: Record<string, string> }, i: number) =>
    fetch(url(i), { method: 'POST', body: d.body, headers: d.headers }).then((r) => r.status);
  const redis = await createClient({ url: redisUrl }).connect();

  const one = createSignedWebhookDelivery({ type: 'payment.received', data: { paymentId: 'pay_1' }, secret: SECRET });
  const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => deliver(one, i)));
  // The service retries what got 503 (in progress); by then the first run has completed.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const retried = await Promise.all(statuses.map((s, i) => (s === 503 ? deliver(one, i) : Promise.resolve(s))));
  const runs = Number(await redis.get(`bench:runs:${one.event.id}`));
  for (const p of procs) p.child.kill();

  // A handler that throws in one process: the retry lands on the other and runs it again.
  const failing = start({ mode: 'receiver', redisUrl, secret: SECRET, failHandler: true });
  const healthy = start({ mode: 'receiver', redisUrl, secret: SECRET });
  const [failPort, okPort] = (await Promise.all([failing.next(), healthy.next()])).map((m) => m.port as number) as [
    number,
    number,
  ];
  const two = createSignedWebhookDelivery({ type: 'payment.received', data: { paymentId: 'pay_2' }, secret: SECRET });
  const post = (port: number) =>
    fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body: two.body, headers: two.headers });
  const firstTry = (await post(failPort)).status;
  const retry = (await post(okPort)).status;
  const again = (await post(failPort)).status;
  const runsTwo = Number(await redis.get(`bench:runs:${two.event.id}`));
  failing.child.kill();
  healthy.child.kill();
  await redis.quit();
  const count = (list: number[], s: number) => list.filter((x) => x === s).length;
  return {
    concurrent: {
      deliveries: 40,
      handlerRuns: runs,
      first: { 200: count(statuses, 200), 503: count(statuses, 503) },
      afterRetry: { 200: count(retried, 200) },
    },
    failingHandler: { firstTry, retryOnOtherProcess: retry, thirdDelivery: again, handlerRuns: runsTwo },
  };
}

const redisServer = await startRedisServer();
try {
  const report: Record<string, unknown> = {};
  report.oneProcessPaced = await clients(1, 3 * WINDOW.requests, 'memory', redisServer.url);
  report.fourProcessesRedis = await clients(4, 30, 'redis', redisServer.url);
  report.fourProcessesUnpaced = await clients(4, 30, 'off', redisServer.url);
  let killed = false;
  report.redisKilledAfter5 = await clients(1, 40, 'redis', redisServer.url, (accepted) => {
    if (accepted >= 5 && !killed) {
      killed = true;
      void redisServer.kill();
    }
  });
  await redisServer.start();
  report.twoReceivers = await receivers(redisServer.url);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await redisServer.close();
}
