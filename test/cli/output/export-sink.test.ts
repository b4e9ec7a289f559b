import { lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args.js';
import { fileSink, stdoutSink } from '../../../src/cli/output/export-sink.js';
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

  it('appends to a file of the same format with --cursor, and run again rewrites the same pages in place', async () => {
    const file = join(dir, 'append.csv');
    expect((await exportTo('--format', 'csv', '--out', file, '--limit', '2')).code).toBe(0);
    const whole = await readFile(file, 'utf8');
    const firstPage = whole.split('\r\n').slice(0, 3).join('\r\n');
    await writeFile(file, `${firstPage}\r\n`);
    const first = await fetch(`${server.baseUrl}/transactions?limit=2`, { headers: { 'x-api-key': server.apiKey } });
    const { nextCursor } = (await first.json()).data;
    for (let run = 0; run < 2; run++) {
      const result = await exportTo('--format', 'csv', '--out', file, '--limit', '2', '--cursor', nextCursor);
      expect(result.code).toBe(0);
      const rows = (await readFile(file, 'utf8')).split('\r\n');
      expect(rows.filter((r) => r.startsWith('id,'))).toHaveLength(1);
      expect(rows).toHaveLength(1 + 3 + 1);
      expect(await readFile(file, 'utf8')).toBe(whole);
    }
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

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

describe('fileSink', () => {
  it('creates a new file, writes the pages in order, and keeps it once a page arrived', async () => {
    const file = join(dir, 'sink-new.ndjson');
    const sink = await fileSink(file, 'new', 'ndjson');
    expect(sink.startsEmpty).toBe(true);
    await sink.write('{"id":1}\n');
    await sink.write('');
    await sink.write('{"id":2}\n{"id":3}\n');
    await sink.close(true);
    expect(await readFile(file, 'utf8')).toBe('{"id":1}\n{"id":2}\n{"id":3}\n');
  });

  it('removes a file it created when no page arrived, and leaves a file it did not create as it was', async () => {
    const file = join(dir, 'sink-nothing.ndjson');
    await (await fileSink(file, 'new', 'ndjson')).close(false);
    expect(await exists(file)).toBe(false);
    const forced = join(dir, 'sink-forced-new.ndjson');
    await (await fileSink(forced, 'replace', 'ndjson')).close(false);
    expect(await exists(forced)).toBe(false);

    const kept = join(dir, 'sink-kept.ndjson');
    await writeFile(kept, '{"id":1}\n');
    await (await fileSink(kept, 'replace', 'ndjson')).close(false);
    await (await fileSink(kept, 'append', 'ndjson')).close(false);
    expect(await readFile(kept, 'utf8')).toBe('{"id":1}\n');
  });

  it('replaces a longer file by exactly the pages written, emptied once, at the first page', async () => {
    const file = join(dir, 'sink-replace.ndjson');
    await writeFile(file, PRECIOUS.repeat(100));
    const sink = await fileSink(file, 'replace', 'ndjson');
    expect(sink.startsEmpty).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(PRECIOUS.repeat(100));
    await sink.write('{"id":1}\n');
    await sink.write('{"id":2}\n');
    await sink.close(true);
    expect(await readFile(file, 'utf8')).toBe('{"id":1}\n{"id":2}\n');
  });

  it('appends after the pages of an earlier export, or from the top (header and all) into an empty file', async () => {
    const file = join(dir, 'sink-append.ndjson');
    await writeFile(file, '{"id":1}\n');
    const sink = await fileSink(file, 'append', 'ndjson');
    expect(sink.startsEmpty).toBe(false);
    await sink.write('{"id":2}\n');
    await sink.close(true);
    expect(await readFile(file, 'utf8')).toBe('{"id":1}\n{"id":2}\n');

    const empty = join(dir, 'sink-empty.csv');
    await writeFile(empty, '');
    const fromTop = await fileSink(empty, 'append', 'csv');
    expect(fromTop.startsEmpty).toBe(true);
    await fromTop.close(false);
    expect(await exists(empty)).toBe(true);
  });

  it('refuses to append to a file whose last page is incomplete, and appends nothing', async () => {
    const file = join(dir, 'sink-partial.ndjson');
    await writeFile(file, '{"id":1}\n{"id":');
    await expect(fileSink(file, 'append', 'ndjson')).rejects.toThrow(
      new Error(
        `${file} does not end with a line break, so its last page is incomplete; remove the partial last line, then resume.`,
      ),
    );
    expect(await readFile(file, 'utf8')).toBe('{"id":1}\n{"id":');
  });

  it('says how to fix an append to a file no export wrote', async () => {
    const file = join(dir, 'sink-notes.csv');
    await writeFile(file, PRECIOUS);
    await expect(fileSink(file, 'append', 'csv')).rejects.toThrow(
      new UsageError(
        `--out ${file} does not start like an export of this command, and this export writes CSV; nothing was appended: give the file the export wrote, or export to a new file.`,
      ),
    );
  });

  it('refuses a directory in every mode', async () => {
    const folder = join(dir, 'sink-folder');
    await mkdir(folder);
    for (const mode of ['new', 'replace', 'append'] as const) {
      await expect(fileSink(folder, mode, 'ndjson')).rejects.toThrow(
        new UsageError(`--out ${folder} is not a regular file; an export writes only to a file of its own: give another name.`),
      );
    }
  });

  it('reports a path it cannot look at as the system does, rather than as a new file', async () => {
    const loop = join(dir, 'sink-loop');
    await symlink(loop, loop);
    const failure = await fileSink(join(loop, 'sub', 'x.ndjson'), 'new', 'ndjson').catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UsageError);
    expect(failure).toMatchObject({ code: 'ELOOP' });
  });
});

describe('stdoutSink', () => {
  it('writes each page to stdout, starting empty unless it resumes an earlier output', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const sink = stdoutSink(stream, false);
    expect(sink.startsEmpty).toBe(true);
    await sink.write('{"id":1}\n');
    await sink.write('{"id":2}\n');
    await expect(sink.close(true)).resolves.toBeUndefined();
    expect(text).toBe('{"id":1}\n{"id":2}\n');
    expect(stdoutSink(stream, true).startsEmpty).toBe(false);
  });
});
