import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileCapped, readStreamCapped, TooLargeError, UnreadableError } from '../../src/cli/capped-read.js';
import { openPaths } from '../helpers/open-paths.js';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, stat: vi.fn(actual.stat) };
});

let dir: string;
let socketPath: string;
let socketServer: Server;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'capped-read-'));
  socketPath = join(dir, 'a.sock');
  socketServer = createServer();
  await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
});
afterAll(async () => {
  await new Promise((resolve) => socketServer.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function refusal(read: Promise<unknown>): Promise<Error> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('readFileCapped', () => {
  it('returns a file of up to `limit` bytes whole, and refuses one byte more without returning any of it', async () => {
    const file = join(dir, 'ten');
    await writeFile(file, '0123456789');
    for (const accept of ['regular-or-pipe', 'anything-readable'] as const) {
      expect((await readFileCapped(file, 10, '--file', accept)).toString()).toBe('0123456789');
      expect((await readFileCapped(file, 11, '--file', accept)).toString()).toBe('0123456789');
      const tooLarge = await refusal(readFileCapped(file, 9, '--file', accept));
      expect(tooLarge).toBeInstanceOf(TooLargeError);
      expect(tooLarge.message).toBe(`--file ${file} is larger than 9 bytes.`);
    }
  });

  it('closes the file it opened, whether it read it or refused it', async () => {
    const file = join(dir, 'closed');
    await writeFile(file, 'abc');
    await readFileCapped(file, 10, '--file', 'anything-readable');
    expect(openPaths()).not.toContain(file);
    await refusal(readFileCapped(file, 1, '--file', 'anything-readable'));
    expect(openPaths()).not.toContain(file);
  });

  it('takes only a regular file or a pipe when asked to, and refuses a device or a socket before opening it', async () => {
    for (const path of ['/dev/null', socketPath]) {
      const error = await refusal(readFileCapped(path, 10, '--secret-file', 'regular-or-pipe'));
      expect(error).toBeInstanceOf(UnreadableError);
      expect(error.message).toBe(`cannot read --secret-file ${path}: not a regular file or a pipe.`);
    }
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', 'printf piped > "$0"', fifo], { stdio: 'ignore' });
    try {
      expect((await readFileCapped(fifo, 10, '--secret-file', 'regular-or-pipe')).toString()).toBe('piped');
    } finally {
      writer.kill();
    }
  });

  it('reads a device when anything readable is accepted, and names the code of a path that cannot be opened', async () => {
    expect((await readFileCapped('/dev/null', 10, '--file', 'anything-readable')).byteLength).toBe(0);
    const error = await refusal(readFileCapped(socketPath, 10, '--file', 'anything-readable'));
    expect(error).toBeInstanceOf(UnreadableError);
    expect(error.message).toBe(`cannot read --file ${socketPath}: ENXIO`);
  });

  it('refuses a path swapped for a device between its check and its opening', async () => {
    const file = join(dir, 'regular');
    await writeFile(file, 'x');
    const regular = await fs.stat(file);
    vi.mocked(fs.stat).mockResolvedValueOnce(regular);
    const error = await refusal(readFileCapped('/dev/zero', 10, '--secret-file', 'regular-or-pipe'));
    expect(error).toBeInstanceOf(UnreadableError);
    expect(error.message).toBe('cannot read --secret-file /dev/zero: not a regular file or a pipe.');
  });

  it('names a missing path and a directory, with the path made printable', async () => {
    const missing = join(dir, 'no\u001b[2Jsuch');
    const gone = await refusal(readFileCapped(missing, 10, '--file', 'anything-readable'));
    expect(gone.message).toBe(`cannot read --file ${join(dir, 'no\\u001b[2Jsuch')}: ENOENT`);
    const folder = await refusal(readFileCapped(dir, 10, '--file', 'anything-readable'));
    expect(folder.message).toBe(`cannot read --file ${dir}: it is a directory.`);
  });
});

describe('readStreamCapped', () => {
  it('returns up to `limit` bytes whole, counting bytes, not characters, of string chunks too', async () => {
    expect((await readStreamCapped(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4, 'stdin')).toString()).toBe('abcd');
    expect((await readStreamCapped(Readable.from(['ab', 'éé']), 6, 'stdin')).toString()).toBe('abéé');
    const error = await refusal(readStreamCapped(Readable.from(['ab', 'éé']), 5, 'stdin'));
    expect(error).toBeInstanceOf(TooLargeError);
    expect(error.message).toBe('stdin is larger than 5 bytes.');
  });

  it('stops reading a stream one byte past the limit and destroys it', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(1024, 0x78));
      },
    });
    const error = await refusal(readStreamCapped(endless, 4096, 'stdin'));
    expect(error).toBeInstanceOf(TooLargeError);
    expect(endless.destroyed).toBe(true);
    expect(pulled).toBeLessThan(10);
  });
});
