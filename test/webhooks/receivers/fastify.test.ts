// Fastify, as the docs show it, on a real Fastify instance that keeps its default JSON parser:
// the createWebhookReceiver doc comment's example (extracted from the source and run as written)
// and examples/webhooks/fastify.ts, whose webhook route also honours readTimeout.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../examples/webhooks/fastify.js';
import { createSignedWebhookDelivery } from '../../../src/webhooks/index.js';
import { depositData, SECRET } from '../../helpers/verify-both.js';
import { trickle } from '../../helpers/trickle.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The ```ts block after `@example` in the doc comment of `export function <name>` in `file`. */
function docExample(file: string, name: string): string {
  const source = readFileSync(file, 'utf8');
  // The name, then its type parameters or its parameters.
  const end = source.search(new RegExp(`export function ${name}[<(]`));
  const comment = source.slice(source.lastIndexOf('/**', end), end);
  const block = /@example\s*\n\s*\* ```ts\n([\s\S]*?)\n\s*\* ```/.exec(comment)?.[1];
  if (block === undefined) throw new Error(`no @example for ${name} in ${file}`);
  return block
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n');
}

/** Adds a JSON route beside the webhook route, listens, and returns the base URL. */
async function start(app: FastifyInstance): Promise<string> {
  apps.push(app);
  app.post('/other', async (request) => ({ parsed: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A signed delivery twice and a forged one: the statuses, and what the JSON route made of a JSON body. */
async function exercise(base: string) {
  const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
  const send = (headers: Record<string, string>) => fetch(`${base}/webhooks`, { method: 'POST', body: delivery.body, headers });
  const statuses = [
    (await send(delivery.headers)).status,
    (await send(delivery.headers)).status,
    (await send({ ...delivery.headers, 'x-webhook-signature': '0'.repeat(64) })).status,
  ];
  const other = await fetch(`${base}/other`, {
    method: 'POST',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json' },
  });
  return { delivery, statuses, other: await other.json() };
}

describe('Fastify with its default JSON parser', () => {
  it("runs the createWebhookReceiver doc comment's example as written", async () => {
    const code = docExample(join(process.cwd(), 'src/webhooks/receivers/receiver.ts'), 'createWebhookReceiver').replaceAll(
      "'credit-platform/webhooks'",
      JSON.stringify(join(process.cwd(), 'src/webhooks/index.ts')),
    );
    const dir = join(process.cwd(), '.tmp', 'doc-examples');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'create-webhook-receiver.ts');
    writeFileSync(file, `${code}\nexport { app };\n`);
    vi.stubEnv('CREDIT_PLATFORM_WEBHOOK_SECRET', SECRET);
    const { app } = (await import(file)) as { app: FastifyInstance };
    const { statuses, other } = await exercise(await start(app));
    expect(statuses).toEqual([200, 200, 401]);
    expect(other).toEqual({ parsed: { a: 1 } });
  });

  it('examples/webhooks/fastify.ts receives a delivery once and leaves other routes their JSON parser', async () => {
    const onDeposit = vi.fn();
    const app = createApp({ secret: SECRET, on: { 'deposit.created': onDeposit }, onRejected: () => {} });
    const { delivery, statuses, other } = await exercise(await start(app));
    expect(statuses).toEqual([200, 200, 401]);
    expect(onDeposit).toHaveBeenCalledExactlyOnceWith(delivery.event, {});
    expect(other).toEqual({ parsed: { a: 1 } });
  });

  it('examples/webhooks/fastify.ts answers a trickled body 408 after readTimeout', async () => {
    const onDeposit = vi.fn();
    const base = await start(createApp({ secret: SECRET, on: { 'deposit.created': onDeposit }, readTimeout: 400 }));
    const delivery = createSignedWebhookDelivery({ type: 'deposit.created', data: depositData(), secret: SECRET });
    const result = await trickle(`${base}/webhooks`, delivery.body, delivery.headers, { everyMs: 150, giveUpMs: 5_000 });
    expect(result.status).toBe(408);
    expect(onDeposit).not.toHaveBeenCalled();
  });
});
