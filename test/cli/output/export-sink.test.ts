import { lstat, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../../src/testing/index.js';
import { cli } from '../../helpers/cli-run.js';
import { terminalControl } from '../../helpers/terminal-controls.js';

let dir: string;
let server: FakeServer;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-out-'));
  server = await startFakeServer({ transactions: 3 });
  env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const PRECIOUS = 'precious: not an export\n';
const exportTo = (...argv: string[]) => cli(['transactions', 'export', ...argv], { env });
const lines = async (file: string) => (await readFile(file, 'utf8')).trimEnd().split('\n');

describe('transactions export --out', () => {
  it('refuses an existing file without --force or --cursor, and leaves it as it was', async () => {
    const file = join(dir, 'existing.ndjson');
    await writeFile(file, PRECIOUS);
    const result = await exportTo('--out', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--out ${file} exists; pass --force to replace it, or --cursor <cursor> to append to it`);
    expect(await readFile(file, 'utf8')).toBe(PRECIOUS);
  });

  it('replaces an existing file with --force', async () => {
    const file = join(dir, 'forced.ndjson');
    await writeFile(file, PRECIOUS);
    const result = await exportTo('--out', file, '--force');
    expect(result.code).toBe(0);
    expect(await lines(file)).toHaveLength(3);
    expect(await readFile(file, 'utf8')).not.toContain('precious');
  });

  it('never writes through a symbolic link, even with --force or --cursor', async () => {
    const target = join(dir, 'precious.txt');
    await writeFile(target, PRECIOUS);
    const link = join(dir, 'link.ndjson');
    await symlink(target, link);
    for (const extra of [[], ['--force'], ['--cursor', 'abc']]) {
      const result = await exportTo('--out', link, ...extra);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--out ${link} is a symbolic link; an export never writes through a link`);
    }
    expect(await readFile(target, 'utf8')).toBe(PRECIOUS);
    expect(await readlink(link)).toBe(target);
  });

  it('refuses a dangling symbolic link too: a new file is created with O_EXCL, never through a link', async () => {
    const target = join(dir, 'not-yet.txt');
    const link = join(dir, 'dangling.ndjson');
    await symlink(target, link);
    const result = await exportTo('--out', link);
    expect(result.code).toBe(2);
    await expect(lstat(target)).rejects.toThrow(/ENOENT/);
  });

  it('refuses to append CSV to NDJSON and NDJSON to CSV, naming the --format that fits', async () => {
    const ndjson = join(dir, 'was.ndjson');
    expect((await exportTo('--out', ndjson)).code).toBe(0);
    const csv = join(dir, 'was.csv');
    expect((await exportTo('--format', 'csv', '--out', csv)).code).toBe(0);
    const [ndjsonBefore, csvBefore] = [await readFile(ndjson, 'utf8'), await readFile(csv, 'utf8')];

    const intoNdjson = await exportTo('--format', 'csv', '--out', ndjson, '--cursor', 'abc');
    expect(intoNdjson.code).toBe(2);
    expect(intoNdjson.stderr).toContain(
      `--out ${ndjson} holds NDJSON, and this export writes CSV; nothing was appended: resume with --format ndjson`,
    );
    const intoCsv = await exportTo('--out', csv, '--cursor', 'abc');
    expect(intoCsv.code).toBe(2);
    expect(intoCsv.stderr).toContain(
      `--out ${csv} holds CSV, and this export writes NDJSON; nothing was appended: resume with --format csv`,
    );
    const intoOther = join(dir, 'notes.txt');
    await writeFile(intoOther, PRECIOUS);
    const other = await exportTo('--out', intoOther, '--cursor', 'abc');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('does not start like an export of this command');

    expect(await readFile(ndjson, 'utf8')).toBe(ndjsonBefore);
    expect(await readFile(csv, 'utf8')).toBe(csvBefore);
    expect(await readFile(intoOther, 'utf8')).toBe(PRECIOUS);
  });

  it('appends to a file of the same format with --cursor', async () => {
    const file = join(dir, 'append.csv');
    expect((await exportTo('--format', 'csv', '--out', file, '--limit', '2')).code).toBe(0);
    const first = await fetch(`${server.baseUrl}/transactions?limit=2`, { headers: { 'x-api-key': server.apiKey } });
    const { nextCursor } = (await first.json()).data;
    const result = await exportTo('--format', 'csv', '--out', file, '--limit', '2', '--cursor', nextCursor);
    expect(result.code).toBe(0);
    const rows = (await readFile(file, 'utf8')).split('\r\n');
    expect(rows.filter((r) => r.startsWith('id,'))).toHaveLength(1);
    expect(rows).toHaveLength(1 + 3 + 1 + 1);
  });

  it('refuses --force with --cursor, and --force without --out', async () => {
    const both = await exportTo('--out', join(dir, 'x.ndjson'), '--force', '--cursor', 'abc');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--force replaces the --out file and --cursor appends to it; give one of them.');
    const alone = await exportTo('--force');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--force replaces an --out file; give --out <file>.');
  });

  it('shows a path with control characters escaped, never raw', async () => {
    const file = join(dir, 'evil\x1b]0;owned\x07.ndjson');
    await writeFile(file, PRECIOUS);
    const result = await exportTo('--out', file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('evil\\u001b]0;owned\\u0007.ndjson exists');
    expect(terminalControl(result.stderr)).toBeUndefined();
  });
});
