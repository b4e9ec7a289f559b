import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../src/testing/index.js';

// Ctrl-C as a user sends it: SIGINT to the real `credit-platform` process (src/cli/main.ts under
// tsx's loader, one process), while the page it waits for hangs on the server.

let server: FakeServer | undefined;
let child: ChildProcessByStdio<null, Readable, Readable> | undefined;
let release: (() => void) | undefined;
let dir: string | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  release?.();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  [server, child, release, dir] = [undefined, undefined, undefined, undefined];
});

/** A fake whose GET /transactions hangs from the `hangAt`-th request on, until `release()`; and the cursor of its second page. */
async function hangingServer(hangAt: number) {
  const started = await startFakeServer({ transactions: 250 });
  const { fake } = started;
  const first = await fetch(`${started.baseUrl}/transactions?limit=100`, { headers: { 'x-api-key': started.apiKey } });
  const secondCursor: string = (await first.json()).data.nextCursor;
  await started.close();
  let seen = 0;
  let hung!: () => void;
  const reached = new Promise<void>((resolve) => (hung = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const s = await startFakeServer({
    fake: {
      ...fake,
      async handle(request: Request, context?: { clientAddress?: string }) {
        if (new URL(request.url).pathname.endsWith('/transactions') && ++seen >= hangAt) {
          hung();
          await gate;
        }
        return fake.handle(request, context);
      },
    },
  });
  return { server: s, reached, secondCursor };
}

/** Runs the command; resolves the exit code, or rejects when it still runs `boundMs` after SIGINT. */
function exportProcess(argv: string[], env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'transactions', 'export', ...argv], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, CREDIT_PLATFORM_LOG: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  const out = { stdout: '', stderr: '' };
  proc.stdout.on('data', (c: Buffer) => (out.stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (out.stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const interrupt = async (boundMs: number) => {
    proc.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running ${boundMs} ms after SIGINT; stderr:\n${out.stderr}`)), boundMs);
    });
    try {
      return await Promise.race([exited, bound]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { out, interrupt };
}

describe('transactions export and Ctrl-C', () => {
  it('aborts the hanging page, keeps every written page whole, prints the resume command and exits 130', async () => {
    const { server: s, reached, secondCursor } = await hangingServer(2);
    server = s;
    dir = await mkdtemp(join(tmpdir(), 'cli-interrupt-'));
    const file = join(dir, 'tx.ndjson');

    const run = exportProcess(['--out', file], { CREDIT_PLATFORM_API_KEY: s.apiKey, CREDIT_PLATFORM_BASE_URL: s.baseUrl });
    await reached; // the first page is written, the second hangs
    // A bound, not a timing assertion: the old code waited out the page (timeout × attempts).
    const code = await run.interrupt(10_000);

    expect(code).toBe(130);
    expect(run.out.stderr).toContain('stopped after 100 transactions, 1 page');
    expect(run.out.stderr).toContain(
      `  npx credit-platform transactions export --format=ndjson --out=${file} --limit=100 --cursor=${secondCursor}\n`,
    );
    const text = await readFile(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(100);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  }, 30_000);

  it('stopped while the first page hangs: exit 130, nothing written, no file left', async () => {
    const { server: s, reached } = await hangingServer(1);
    server = s;
    dir = await mkdtemp(join(tmpdir(), 'cli-interrupt-'));
    const file = join(dir, 'never.csv');
    const run = exportProcess(['--format', 'csv', '--out', file], {
      CREDIT_PLATFORM_API_KEY: s.apiKey,
      CREDIT_PLATFORM_BASE_URL: s.baseUrl,
    });
    await reached;
    expect(await run.interrupt(10_000)).toBe(130);
    expect(run.out.stderr).toContain('stopped before the first page arrived; nothing was written.');
    expect(run.out.stderr).not.toContain('npx credit-platform');
    await expect(readFile(file)).rejects.toThrow(/ENOENT/);
  }, 30_000);
});
