// Every webhook endpoint the README and the guides print is run as printed and sent real signed
// deliveries. The snippet check (scripts/check-readme-snippets.ts) type-checks these blocks; only
// running them shows that the endpoint gets the raw body it verifies: a block that mounted
// `express.json()` before the handler would type-check and answer every delivery 500.
//
// A block is an endpoint when it builds an app (Express, Fastify, Hono) or exports a Next.js
// `POST` around the SDK's receiver. Its text is written to .tmp/endpoint-blocks/ unchanged but for
// two mappings the type-check makes too: the package's entry points resolve to src/, and `app` is
// exported (an appended line, so no line moves). Names it only `declare`s become recording
// functions (or objects whose every method records). Blocks that are test files themselves (they import vitest) run as such:
// test/guide/webhook-endpoint.test.ts is held equal to the testing guide's by docs-match.test.ts.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSignedWebhookDelivery } from '../../src/webhooks/index.js';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, '.tmp', 'endpoint-blocks');
const SECRET = 'whsec_endpoint_blocks';
const DEPOSIT_ID = 'dep_endpoint_block';

const ENTRY_POINTS: Record<string, string> = {
  'credit-platform/webhooks': 'src/webhooks/index.ts',
  'credit-platform/testing': 'src/testing/index.ts',
  'credit-platform': 'src/index.ts',
};

interface Block {
  /** `README.md:683`: the file and the line of the opening fence. */
  at: string;
  language: 'ts' | 'js';
  code: string;
}

/**
 * The ts/js blocks of one Markdown file that are not marked `<!-- snippet: skip -->`, less those
 * that need a PostgreSQL server (test/postgres/ runs the Express ledger example against one).
 */
function blocksOf(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(ts|typescript|js|javascript)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const fenceLine = i + 1;
    const skipped = /<!--\s*snippet:\s*skip\b/.test(lines[i - 1] ?? '');
    const body: string[] = [];
    for (i++; i < lines.length && !(lines[i] as string).startsWith(open[1] as string); i++) body.push(lines[i] as string);
    if (!skipped && !body.some((line) => line.includes("from 'credit-platform/postgres'")))
      blocks.push({ at: `${file}:${fenceLine}`, language: open[2]?.startsWith('t') ? 'ts' : 'js', code: body.join('\n') });
  }
  return blocks;
}

type Framework = 'express' | 'fastify' | 'hono' | 'next';

function frameworkOf(code: string): Framework | undefined {
  if (!/create(Node)?WebhookHandler\(/.test(code) || /from 'vitest'/.test(code)) return undefined;
  if (/\bexpress\(\)/.test(code)) return 'express';
  if (/\bFastify\(/.test(code)) return 'fastify';
  if (/new Hono\(\)/.test(code)) return 'hono';
  if (/export const POST = createWebhookHandler\(/.test(code)) return 'next';
  return undefined;
}

const markdown = [
  'README.md',
  ...readdirSync(join(root, 'docs', 'guides'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/guides/${f}`),
];
const endpoints = markdown.flatMap(blocksOf).flatMap((block) => {
  const framework = frameworkOf(block.code);
  return framework === undefined ? [] : [{ ...block, framework }];
});

/** Writes the block as a module and imports it; `declare`d functions record their calls. */
async function load(block: Block, calls: unknown[][]): Promise<Record<string, unknown>> {
  let text = block.code;
  for (const [specifier, file] of Object.entries(ENTRY_POINTS)) {
    text = text.replaceAll(`'${specifier}'`, `'${pathToFileURL(join(root, file)).href}'`);
  }
  if (/\bconst app = /.test(text)) text += '\nexport { app };\n';
  for (const [, name] of text.matchAll(/^declare function (\w+)/gm)) {
    (globalThis as Record<string, unknown>)[name as string] = async (...args: unknown[]) => void calls.push(args);
  }
  for (const [, name] of text.matchAll(/^declare const (\w+)/gm)) {
    const recorder =
      (method: string | symbol) =>
      (...args: unknown[]) =>
        void calls.push([String(method), ...args]);
    (globalThis as Record<string, unknown>)[name as string] = new Proxy({}, { get: (_target, method) => recorder(method) });
  }
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${block.at.replace(/[/:.]/g, '-')}.${block.language === 'ts' ? 'ts' : 'mjs'}`);
  writeFileSync(file, text);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** Express apps the blocks start listen on loopback, on a free port, whatever port they ask for. */
const started: Server[] = [];
const listen = express.application.listen;
express.application.listen = function (this: express.Express, ...args: unknown[]) {
  const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
  const server = (listen as (this: express.Express, ...rest: unknown[]) => Server).call(this, 0, '127.0.0.1', callback);
  started.push(server);
  return server;
} as typeof express.application.listen;

afterAll(async () => {
  express.application.listen = listen;
  for (const server of started) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** Sends a request to the block's endpoint, however its framework serves it. */
async function serve(
  framework: Framework,
  module: Record<string, unknown>,
  path: string,
  ownServer: Server | undefined,
): Promise<(r: Request) => Promise<Response>> {
  const viaUrl = (base: string) => (r: Request) =>
    fetch(new URL(path, base), { method: 'POST', headers: r.headers, body: r.body, duplex: 'half' } as RequestInit);
  if (framework === 'next') return module.POST as (r: Request) => Promise<Response>;
  if (framework === 'hono') {
    const app = module.app as { fetch(r: Request): Promise<Response> };
    return (r) => app.fetch(new Request(new URL(path, 'http://hono.test'), r));
  }
  if (framework === 'fastify') {
    const app = module.app as { listen(o: object): Promise<string>; close(): Promise<void> };
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    afterAll(() => app.close());
    return viaUrl(base);
  }
  // An Express block that does not listen itself is listened for, as its app would be.
  const server = ownServer ?? (module.app as express.Express).listen();
  if (!server.listening) await new Promise((done) => server.once('listening', done));
  return viaUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

describe('the webhook endpoints the README and the guides print', () => {
  it('are found: the README and the webhooks and local-development guides each print at least one', () => {
    const files = new Set(endpoints.map((e) => e.at.split(':')[0]));
    expect([...files].sort()).toEqual(
      expect.arrayContaining(['README.md', 'docs/guides/local-development.md', 'docs/guides/webhooks.md']),
    );
  });

  it('follow one rule for the raw body: the receiver reads the stream, before any express.json()', () => {
    // Test files that build an endpoint (the testing guide's vitest example) follow it too.
    const mounted = markdown.flatMap(blocksOf).filter((b) => b.code.includes('createNodeWebhookHandler('));
    expect(mounted.length).toBeGreaterThan(endpoints.filter((e) => e.framework === 'express').length);
    for (const { at, code: text } of mounted) {
      const code = text.replace(/\/\/.*$/gm, ''); // what runs, not what the comments say
      expect(code, `${at} uses express.raw; the guides let the receiver read the stream`).not.toMatch(/express\.raw\(/);
      const json = code.indexOf('express.json(');
      if (json !== -1)
        expect(json, `${at} mounts express.json() before the webhook route`).toBeGreaterThan(
          code.indexOf('createNodeWebhookHandler('),
        );
    }
  });

  it.each(endpoints.map((e) => [e.at, e] as const))(
    '%s answers a signed delivery 200 once, its retry 200, a forgery 401',
    async (_at, block) => {
      vi.stubEnv('CREDIT_PLATFORM_WEBHOOK_SECRET', SECRET);
      const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
      const calls: unknown[][] = [];
      const before = started.length;
      const module = await load(block, calls);
      const path = /\.post\(\s*'([^']+)'/.exec(block.code)?.[1] ?? '/webhooks';
      const send = await serve(block.framework, module, path, started[before]);
      const delivery = createSignedWebhookDelivery({
        type: 'deposit.created',
        data: { depositId: DEPOSIT_ID, token: 'USDC', amount: '25.00', transactionHash: `0x${'ab'.repeat(32)}` },
        secret: SECRET,
      });
      const post = (signature: string) =>
        send(
          new Request('http://endpoint.test/', {
            method: 'POST',
            body: delivery.body,
            headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
          }),
        );
      const signature = delivery.headers['x-webhook-signature'];
      const statuses = [(await post(signature)).status, (await post(signature)).status, (await post('0'.repeat(64))).status];
      expect(statuses).toEqual([200, 200, 401]);
      if (block.code.includes("'deposit.created'")) {
        // The callback ran for the first delivery only: a log line or a call naming the deposit.
        const effects = [...logged.mock.calls, ...calls].filter((args) => JSON.stringify(args).includes(DEPOSIT_ID));
        expect(effects).toHaveLength(1);
      }
    },
  );
});
