// The exactly-once ledger endpoints the docs print (examples/webhooks/postgres-ledger.ts and every
// README or guide block that credits a ledger through `credit-platform/postgres`), run as a user
// runs them on their first day: against a real PostgreSQL, with `credit-platform fake --forward-to`
// and `credit-platform webhooks trigger deposit.created` twice in a row. Both triggers must answer
// 200 and leave two ledger rows: a sample event that repeated its deposit id made the second one
// a 500 (duplicate key on `deposit_id`).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type express from 'express';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/dispatch.js';
import { createLedgerApp, LEDGER_TABLE } from '../../examples/webhooks/postgres-ledger.js';
import { cli, memoryIO } from '../helpers/cli-run.js';
import { usePostgresServer } from '../helpers/use-postgres.js';

const root = resolve(import.meta.dirname, '../..');
const outDir = join(root, '.tmp', 'ledger-blocks');
const SECRET = 'whsec_ledger_first_day';
const ENTRY_POINTS: Record<string, string> = {
  'credit-platform/webhooks': 'src/webhooks/index.ts',
  'credit-platform/postgres': 'src/postgres/index.ts',
  'credit-platform': 'src/index.ts',
};

const db = usePostgresServer();

interface LedgerBlock {
  at: string;
  code: string;
}

/** The ts blocks of the README and the guides that credit a ledger through the Postgres store. */
function ledgerBlocks(): LedgerBlock[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs', 'guides'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `docs/guides/${f}`),
  ];
  const blocks: LedgerBlock[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^```(ts|typescript)\s*$/.test(lines[i] as string)) continue;
      const at = `${file}:${i + 1}`;
      const body: string[] = [];
      for (i++; i < lines.length && !(lines[i] as string).startsWith('```'); i++) body.push(lines[i] as string);
      const code = body.join('\n');
      if (code.includes("from 'credit-platform/postgres'") && /INSERT INTO ledger/.test(code) && /\bexpress\(\)/.test(code))
        blocks.push({ at, code });
    }
  }
  return blocks;
}

/** The table a block writes to: the `CREATE TABLE ledger` it prints, else one keyed on deposit_id with its INSERT's columns. */
function ledgerTableOf(code: string): string {
  const printed = /CREATE TABLE ledger \([^;]*\)/.exec(code)?.[0];
  if (printed) return printed;
  const columns = (/INSERT INTO ledger \(([^)]*)\)/.exec(code)?.[1] ?? 'deposit_id').split(',').map((c) => c.trim());
  return `CREATE TABLE ledger (${columns.map((c) => (c === 'deposit_id' ? 'deposit_id text PRIMARY KEY' : `${c} text NOT NULL`)).join(', ')})`;
}

/** Every pool a test or a block opens (blocks open theirs at module level) is ended after its test. */
const opened = new Set<pg.Pool>();
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
  opened.add(this);
  return (connect as (...a: unknown[]) => unknown).apply(this, args);
} as typeof connect;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  for (const pool of opened) await pool.end().catch(() => undefined);
  opened.clear();
  vi.unstubAllEnvs();
});

/** Listens on a free loopback port, whatever the app (or the block) asks for; resolves its /webhooks-style URL. */
async function serveOnLoopback(app: express.Express, path: string): Promise<string> {
  const server: Server = app.listen(0, '127.0.0.1');
  if (!server.listening) await new Promise((done) => server.once('listening', done));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}

/** Loads a block as a module (its entry points resolved to src/), with `app` exported and never listening on its own port. */
async function loadBlock(block: LedgerBlock): Promise<express.Express> {
  let text = block.code;
  for (const [specifier, file] of Object.entries(ENTRY_POINTS)) {
    text = text.replaceAll(`'${specifier}'`, `'${pathToFileURL(join(root, file)).href}'`);
  }
  text = text.replace(/^app\.listen\([^)]*\);?$/m, '');
  // A block with an inbox runs its handlers in a worker: stopped before the pools are ended.
  text += /^const worker = /m.test(text) ? '\nexport { app, worker };\n' : '\nexport { app };\n';
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${block.at.replace(/[/:.]/g, '-')}.ts`);
  writeFileSync(file, text);
  const loaded = (await import(pathToFileURL(file).href)) as { app: express.Express; worker?: { stop(): Promise<void> } };
  const { worker } = loaded;
  if (worker) cleanups.unshift(() => worker.stop());
  return loaded.app;
}

/** `credit-platform fake --forward-to <url>`, in-process, the secret from the environment; resolves the lines it printed. */
async function startFake(forwardTo: string): Promise<Record<string, string>> {
  const { io, out, stop } = memoryIO({ env: { CREDIT_PLATFORM_WEBHOOK_SECRET: SECRET } });
  const exit = runCli(['fake', '--port', '0', '--transactions', '3', '--forward-to', forwardTo], io);
  cleanups.push(async () => {
    stop();
    await exit;
  });
  while (!/CREDIT_PLATFORM_API_KEY=/.test(out.stdout)) {
    const early = await Promise.race([exit, new Promise((done) => setTimeout(done, 10))]);
    if (typeof early === 'number') throw new Error(`fake exited with ${early}: ${out.stderr}`);
  }
  const line = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(out.stdout)?.[1] ?? '';
  return { CREDIT_PLATFORM_BASE_URL: line('CREDIT_PLATFORM_BASE_URL'), CREDIT_PLATFORM_API_KEY: line('CREDIT_PLATFORM_API_KEY') };
}

/** Two `webhooks trigger deposit.created` in a row against a fake forwarding to `url`: both 200, two ledger rows. */
async function triggerTwice(url: string): Promise<void> {
  const env = await startFake(url);
  for (let i = 0; i < 2; i++) {
    const trigger = await cli(['webhooks', 'trigger', 'deposit.created', '--data', '{"amount":"25.00"}'], { env });
    expect(trigger.stderr).toBe('');
    expect(trigger.stdout).toMatch(new RegExp(`^emitted deposit\\.created evt_\\w+ to 1 endpoint\\(s\\)\\n  ${url}: 200\\n$`));
    expect(trigger.code).toBe(0);
  }
  // Behind an inbox the 200 comes when the event is stored; its worker credits the ledger soon after.
  const ledger = () => db.query<{ key: string; amount: string }>('SELECT (ledger.*)::text AS key, amount::text FROM ledger');
  await vi.waitUntil(async () => (await ledger()).length >= 2, { timeout: 10_000, interval: 50 });
  const rows = await ledger();
  expect(rows).toHaveLength(2);
  expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  expect(rows.map((r) => r.amount)).toEqual(['25.00', '25.00']);
}

describe('the exactly-once ledger endpoints, triggered twice from the fake', () => {
  const blocks = ledgerBlocks();

  it('finds the ledger blocks of the guides (the webhooks guide prints one)', () => {
    expect(blocks.map((b) => b.at.split(':')[0])).toContain('docs/guides/webhooks.md');
  });

  it('examples/webhooks/postgres-ledger.ts: both 200, two ledger rows', async () => {
    await db.query(LEDGER_TABLE);
    const url = await serveOnLoopback(
      createLedgerApp(new pg.Pool({ connectionString: db.server.url }), { secret: SECRET }),
      '/webhooks',
    );
    await triggerTwice(url);
  });

  it.each(blocks.map((b) => [b.at, b] as const))('%s: both 200, two ledger rows', async (_at, block) => {
    vi.stubEnv('DATABASE_URL', db.server.url);
    vi.stubEnv('CREDIT_PLATFORM_WEBHOOK_SECRET', SECRET);
    await db.query(ledgerTableOf(block.code));
    const app = await loadBlock(block);
    const path = /\.post\(\s*'([^']+)'/.exec(block.code)?.[1] ?? '/webhooks';
    await triggerTwice(await serveOnLoopback(app, path));
  });
});
