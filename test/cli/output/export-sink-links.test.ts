// `--out` and links: `--force` never writes through a hard link (it renames a new file over the
// name), and the file's directory is never a symbolic link, checked when it is opened and, on
// Linux, held open so that a link swapped in for it later changes nothing.
import { link, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args.js';
import { fileSink, type OutMode } from '../../../src/cli/output/export-sink.js';
import { type FakeServer, startFakeServer } from '../../../src/testing/index.js';
import { cli } from '../../helpers/cli-run.js';

let dir: string;
let server: FakeServer;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-out-links-'));
  server = await startFakeServer({ transactions: 3 });
  env = { CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const PRECIOUS = 'precious: not an export\n';
const MODES: OutMode[] = ['new', 'replace', 'append'];

/** A fresh directory under the test's own. */
const folder = (name: string) => mkdtemp(join(dir, `${name}-`));

describe('--out --force and a hard link', () => {
  it('leaves the other name of a hard link with its old content (transactions export)', async () => {
    const at = await folder('hard');
    const out = join(at, 'export.ndjson');
    const other = join(at, 'other-name.txt');
    await writeFile(out, PRECIOUS);
    await link(out, other);
    const result = await cli(['transactions', 'export', '--out', out, '--force'], { env });
    expect(result.code).toBe(0);
    expect(await readFile(other, 'utf8')).toBe(PRECIOUS);
    expect((await readFile(out, 'utf8')).trimEnd().split('\n')).toHaveLength(3);
    expect((await stat(out)).ino).not.toBe((await stat(other)).ino);
    expect((await stat(other)).nlink).toBe(1);
    expect((await readdir(at)).sort()).toEqual(['export.ndjson', 'other-name.txt']);
  });

  it('keeps the old file whole until the first page, then gives its name to the new one, with its permission bits', async () => {
    for (const mode of [0o600, 0o640]) {
      const at = await folder('rename');
      const out = join(at, 'out.ndjson');
      await writeFile(out, PRECIOUS);
      await chmod(out, mode);
      const before = (await stat(out)).ino;
      const sink = await fileSink(out, 'replace', 'ndjson');
      expect(sink.startsEmpty).toBe(true);
      expect(await readFile(out, 'utf8')).toBe(PRECIOUS);
      await sink.write('{"id":1}\n');
      await sink.write('{"id":2}\n');
      await sink.close(true);
      const after = await stat(out);
      expect(await readFile(out, 'utf8')).toBe('{"id":1}\n{"id":2}\n');
      expect(after.ino).not.toBe(before);
      expect(after.mode & 0o777).toBe(mode);
      expect(await readdir(at)).toEqual(['out.ndjson']);
    }
  });

  it('leaves the old file as it was, and no new file behind, when no page arrived', async () => {
    const at = await folder('nothing');
    const out = join(at, 'out.ndjson');
    await writeFile(out, PRECIOUS);
    const before = (await stat(out)).ino;
    // The new file exists beside the old one meanwhile, hidden and unique.
    const sink = await fileSink(out, 'replace', 'ndjson');
    expect((await readdir(at)).filter((name) => name !== 'out.ndjson')).toEqual([
      expect.stringMatching(/^\.out\.ndjson\.[0-9a-f]{12}\.part$/),
    ]);
    await sink.close(false);
    expect(await readdir(at)).toEqual(['out.ndjson']);
    expect(await readFile(out, 'utf8')).toBe(PRECIOUS);
    expect((await stat(out)).ino).toBe(before);
  });
});

describe('--out in a directory that is a symbolic link', () => {
  it('is refused in every mode, creating nothing and changing nothing in the directory it points at', async () => {
    const real = await folder('real');
    const linked = join(dir, `linked-${Date.now()}`);
    await symlink(real, linked);
    await writeFile(join(real, 'out.ndjson'), PRECIOUS);
    for (const mode of MODES) {
      for (const name of ['out.ndjson', 'fresh.ndjson']) {
        const failure = await fileSink(join(linked, name), mode, 'ndjson').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(UsageError);
        expect((failure as Error).message).toBe(
          `--out ${join(linked, name)}: its directory ${linked} is a symbolic link; an export never writes through a link (it could point at any directory), even with --force or --cursor: give the directory's own path (realpath shows it).`,
        );
      }
    }
    expect(await readdir(real)).toEqual(['out.ndjson']);
    expect(await readFile(join(real, 'out.ndjson'), 'utf8')).toBe(PRECIOUS);
  });

  it('is a usage error of transactions export (exit 2), with nothing fetched or written', async () => {
    const real = await folder('real-cli');
    const linked = join(dir, `linked-cli-${Date.now()}`);
    await symlink(real, linked);
    await writeFile(join(real, 'out.ndjson'), PRECIOUS);
    const result = await cli(['transactions', 'export', '--out', join(linked, 'out.ndjson'), '--force'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`its directory ${linked} is a symbolic link`);
    expect(await readFile(join(real, 'out.ndjson'), 'utf8')).toBe(PRECIOUS);
  });

  it('follows links earlier in the path (only the directory the file goes in is checked)', async () => {
    const real = await folder('earlier');
    await mkdir(join(real, 'sub'));
    const linked = join(dir, `earlier-link-${Date.now()}`);
    await symlink(real, linked);
    const sink = await fileSink(join(linked, 'sub', 'out.ndjson'), 'new', 'ndjson');
    await sink.write('{"id":1}\n');
    await sink.close(true);
    expect(await readFile(join(real, 'sub', 'out.ndjson'), 'utf8')).toBe('{"id":1}\n');
  });

  it('reports a directory that is a file, or missing, as the system does', async () => {
    const at = await folder('not-a-dir');
    await writeFile(join(at, 'file'), PRECIOUS);
    await expect(fileSink(join(at, 'file', 'out.ndjson'), 'new', 'ndjson')).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(fileSink(join(at, 'missing', 'out.ndjson'), 'new', 'ndjson')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("names the file by the path given in the system's errors, not by the open directory's descriptor", async () => {
    const at = await folder('long');
    const failure = await fileSink(join(at, 'x'.repeat(300)), 'new', 'ndjson').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'ENAMETOOLONG' });
    expect((failure as Error).message).toContain(`'${at}/${'x'.repeat(300)}'`);
    expect((failure as Error).message).not.toContain('/proc/self/fd');
  });

  it('keeps to the directory it opened when a link is swapped in for it before the first page (Linux)', async () => {
    const at = await folder('swap');
    const opened = join(at, 'd');
    const moved = join(at, 'd-moved');
    const victim = join(at, 'victim');
    await mkdir(opened);
    await mkdir(victim);
    await writeFile(join(opened, 'out.ndjson'), '{"id":0}\n');
    await writeFile(join(victim, 'out.ndjson'), PRECIOUS);
    const sink = await fileSink(join(opened, 'out.ndjson'), 'replace', 'ndjson');
    await rename(opened, moved);
    await symlink(victim, opened);
    await sink.write('{"id":1}\n');
    await sink.close(true);
    expect(await readFile(join(victim, 'out.ndjson'), 'utf8')).toBe(PRECIOUS);
    expect(await readdir(victim)).toEqual(['out.ndjson']);
    expect(await readFile(join(moved, 'out.ndjson'), 'utf8')).toBe('{"id":1}\n');
    expect((await lstat(opened)).isSymbolicLink()).toBe(true);
  });
});
