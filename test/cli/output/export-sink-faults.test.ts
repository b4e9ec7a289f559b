// What fileSink does when the file system changes under it or misbehaves: the path swapped
// between its check (`lstat`) and its `open`, a failure once the file is open, short writes.
// node:fs/promises is the real one, with a hook after `lstat` and a wrapper around the opened handle.
import { execFileSync } from 'node:child_process';
import type { FileHandle } from 'node:fs/promises';
import { lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../../src/cli/args.js';
import { fileSink } from '../../../src/cli/output/export-sink.js';

const hooks = vi.hoisted(() => ({
  afterLstat: undefined as (() => Promise<void>) | undefined,
  wrapHandle: undefined as ((handle: FileHandle) => FileHandle) | undefined,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    lstat: async (...args: Parameters<typeof real.lstat>) => {
      try {
        return await real.lstat(...args);
      } finally {
        await hooks.afterLstat?.();
      }
    },
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      return hooks.wrapHandle ? hooks.wrapHandle(handle) : handle;
    },
  };
});

/** `handle` with some of its methods replaced; the others act on the real handle. */
function override(handle: FileHandle, methods: Partial<FileHandle>): FileHandle {
  return new Proxy(handle, {
    get(target, key) {
      if (key in methods) return methods[key as keyof FileHandle];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-sink-faults-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  hooks.afterLstat = undefined;
  hooks.wrapHandle = undefined;
});

const PRECIOUS = 'precious: not an export\n';
const EXPORT = '{"id":1}\n';

describe('fileSink when the path changes between its check and its open', () => {
  it('refuses a file that appeared meanwhile, and leaves it as it was', async () => {
    const file = join(dir, 'appeared.ndjson');
    hooks.afterLstat = () => writeFile(file, PRECIOUS);
    await expect(fileSink(file, 'new', 'ndjson')).rejects.toThrow(
      new UsageError(`--out ${file} appeared while the export started; pass --force to replace it.`),
    );
    expect(await readFile(file, 'utf8')).toBe(PRECIOUS);
  });

  it('never writes through a link swapped in for the file, in any mode', async () => {
    const target = join(dir, 'target.txt');
    await writeFile(target, PRECIOUS);
    for (const mode of ['new', 'append'] as const) {
      const file = join(dir, `swapped-${mode}.ndjson`);
      if (mode !== 'new') await writeFile(file, EXPORT);
      hooks.afterLstat = async () => {
        await rm(file, { force: true });
        await symlink(target, file);
      };
      const failure = await fileSink(file, mode, 'ndjson').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UsageError);
      expect((failure as Error).message).toMatch(
        mode === 'new' ? /appeared while the export started/ : /is a symbolic link; an export never writes through a link/,
      );
    }
    // --force renames its new file over the name: the link swapped in is replaced, not followed.
    const file = join(dir, 'swapped-replace.ndjson');
    await writeFile(file, EXPORT);
    hooks.afterLstat = async () => {
      await rm(file, { force: true });
      await symlink(target, file);
    };
    const sink = await fileSink(file, 'replace', 'ndjson');
    hooks.afterLstat = undefined;
    await sink.write('{"id":2}\n');
    await sink.close(true);
    expect((await lstat(file)).isSymbolicLink()).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('{"id":2}\n');
    expect(await readFile(target, 'utf8')).toBe(PRECIOUS);
  });

  it('refuses a named pipe swapped in for a file to append to', async () => {
    const file = join(dir, 'piped.ndjson');
    await writeFile(file, EXPORT);
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    hooks.afterLstat = () => rename(fifo, file);
    await expect(fileSink(file, 'append', 'ndjson')).rejects.toThrow(
      new UsageError(`--out ${file} is not a regular file; give another name.`),
    );
    await unlink(file);
  });

  it('reports any other failure of the open as the system does: a directory swapped in is EISDIR', async () => {
    const file = join(dir, 'became-a-folder.ndjson');
    await writeFile(file, EXPORT);
    hooks.afterLstat = async () => {
      await unlink(file);
      await mkdir(file);
    };
    const failure = await fileSink(file, 'append', 'ndjson').catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UsageError);
    expect(failure).toMatchObject({ code: 'EISDIR' });
  });

  it('with --force, reports a directory swapped in at the first page, and leaves no file of its own behind', async () => {
    const folder = await mkdtemp(join(dir, 'force-folder-'));
    const file = join(folder, 'became-a-folder.ndjson');
    await writeFile(file, EXPORT);
    const sink = await fileSink(file, 'replace', 'ndjson');
    await unlink(file);
    await mkdir(file);
    const failure = await sink.write('{"id":2}\n').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'EISDIR' });
    // Named by the directory's path, as the user gave it, not by the descriptor it was reached through.
    expect((failure as Error).message).toMatch(
      new RegExp(
        `^EISDIR: .*'${folder}/\\.became-a-folder\\.ndjson\\.[0-9a-f]{12}\\.part' -> '${folder}/became-a-folder\\.ndjson'$`,
      ),
    );
    await sink.close(false);
    expect(await readdir(folder)).toEqual(['became-a-folder.ndjson']);
  });
});

describe('fileSink when the open file misbehaves', () => {
  it('removes the file it created when a check after the open fails, and says what failed', async () => {
    const file = join(dir, 'stat-fails.ndjson');
    const failure = Object.assign(new Error('EIO: i/o error, fstat'), { code: 'EIO' });
    hooks.wrapHandle = (handle) => override(handle, { stat: (() => Promise.reject(failure)) as FileHandle['stat'] });
    await expect(fileSink(file, 'new', 'ndjson')).rejects.toBe(failure);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writes a whole page when the system writes only part of it at a time', async () => {
    const file = join(dir, 'short-writes.ndjson');
    const calls: number[] = [];
    hooks.wrapHandle = (handle) =>
      override(handle, {
        write: ((buffer: Buffer, offset: number, length: number, position: null) => {
          calls.push(length);
          return handle.write(buffer, offset, Math.min(length, 4), position);
        }) as FileHandle['write'],
      });
    const sink = await fileSink(file, 'new', 'ndjson');
    const page = '{"id":"tx_1"}\n{"id":"tx_2"}\n';
    await sink.write(page);
    await sink.close(true);
    expect(await readFile(file, 'utf8')).toBe(page);
    // Each call asks for the rest of the page: 28 bytes, then 24, 20... 4.
    expect(calls).toEqual([28, 24, 20, 16, 12, 8, 4]);
  });
});
