// What createNodeWebhookHandler costs per delivery without the HTTP server around it: each
// delivery is a fresh Readable carrying the 891-byte signed body of ../shared/bench-peers/receivers.sh
// (the same event id each time: a verified duplicate after the first) and a ServerResponse without a socket,
// handed to the handler and to the hand-written node:http + node:crypto receiver of that harness
// (the floor). CPU time per delivery, medians over interleaved rounds; the difference between the
// two is what the SDK adds to the floor's whole request (receiver-cpu.ts measures that whole).
// Run: npx tsx bench/webhooks/receive-path.ts [rounds] [--baseline=<path to another src/webhooks/index.ts>]
//      [--only=node] (the floor and that one: for a profile with --cpu-prof)
import { floorReceiver, type Handler } from './floor-receiver.js';
import { createHmac } from 'node:crypto';
import { type IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { cpuNow } from '../lib/cpu-time.js';
import { median, shuffled } from '../lib/stats.js';

type Entry = typeof import('../../src/webhooks/index.js');

const ROUNDS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 21);
const BASELINE = process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length);
const BATCH = 2_000;
const SECRET = `whsec_${'c'.repeat(32)}`;
const body = Buffer.from(
  JSON.stringify({
    id: 'evt_bench_receiver_1',
    type: 'deposit.created',
    timestamp: new Date().toISOString(),
    data: { depositId: 'dep_1', token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}`, memo: 'x'.repeat(640) },
  }),
);
const headers = {
  'content-type': 'application/json',
  'content-length': String(body.byteLength),
  'x-webhook-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
};

const floor = floorReceiver(SECRET);

/**
 * One delivery: a request stream that yields the body once read, and a real ServerResponse without
 * a socket (node:http keeps its output in memory), resolving with the status once `end` is called.
 */
function deliver(handler: Handler): Promise<number> {
  const req = Object.assign(new Readable({ read() {} }), {
    method: 'POST',
    headers,
    httpVersionMajor: 1,
    httpVersionMinor: 1,
  }) as unknown as IncomingMessage;
  return new Promise((resolve) => {
    const res = new ServerResponse(req);
    const end = res.end.bind(res);
    res.end = ((chunk: string) => {
      end(chunk);
      resolve(res.statusCode);
      return res;
    }) as typeof res.end;
    void handler(req, res);
    // As node:http's parser leaves a request whose body came in the packet of its headers.
    (req as { complete: boolean }).complete = true;
    (req as unknown as Readable).push(body);
    (req as unknown as Readable).push(null);
  });
}

async function usPerDelivery(handler: Handler): Promise<number> {
  const start = cpuNow();
  for (let i = 0; i < BATCH; i += 10) {
    // Ten in flight, like the 10 connections of receivers.sh.
    const statuses = await Promise.all(Array.from({ length: 10 }, () => deliver(handler)));
    if (statuses.some((status) => status !== 200)) throw new Error(`bench setup: answered ${statuses}`);
  }
  return ((cpuNow() - start) * 1000) / BATCH;
}

async function sdk(path: string, name: string): Promise<Handler> {
  // Bundled as tsup builds the package: tsx's keepNames would wrap every closure made per delivery.
  const outfile = fileURLToPath(new URL(`../../.tmp/bench-webhooks/${name}.mjs`, import.meta.url));
  await build({
    entryPoints: [path],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'silent',
  });
  const entry = (await import(outfile)) as Entry;
  return entry.createNodeWebhookHandler({ secret: SECRET, onError() {}, onRejected() {}, on: { 'deposit.created': () => {} } });
}

const handlers: Record<string, Handler> = {
  floor,
  node: await sdk(fileURLToPath(new URL('../../src/webhooks/index.ts', import.meta.url)), 'webhooks'),
  ...(BASELINE ? { 'node (baseline)': await sdk(BASELINE, 'webhooks-baseline') } : {}),
};
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only) for (const name of Object.keys(handlers)) if (name !== 'floor' && name !== only) delete handlers[name];
for (const handler of Object.values(handlers)) {
  await deliver(handler); // handled once; every later delivery is its duplicate
  for (let i = 0; i < 5; i++) await usPerDelivery(handler); // JIT warm-up
}

const times: Record<string, number[]> = Object.fromEntries(Object.keys(handlers).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const name of shuffled(Object.keys(handlers))) times[name]!.push(await usPerDelivery(handlers[name]!));
}
const floorUs = median(times.floor!);
console.log(`node ${process.version}, ${ROUNDS} rounds of ${BATCH} deliveries (${body.byteLength} bytes), CPU time, medians`);
for (const [name, values] of Object.entries(times)) {
  const us = median(values);
  console.log(
    `  ${name.padEnd(16)} ${us.toFixed(2).padStart(6)} µs/delivery  ${(us - floorUs).toFixed(2).padStart(6)} µs over the floor`,
  );
}
