import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { constants, openSync, closeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PIPE_WAIT_MS, readFileCapped, UnreadableError } from '../../src/cli/capped-read.js';
import { openPaths } from '../helpers/open-paths.js';

// A named pipe (FIFO) with no writer: a blocking open would wait for one forever. The read gives
// up after a bounded wait with a message that says why; a writer that comes, or that is there
// but slow, is read as before.

let dir: string;
let n = 0;
const writers: ChildProcess[] = [];
const fifos: string[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'capped-read-pipe-'));
});
afterEach(() => {
  for (const writer of writers.splice(0)) writer.kill();
  // A reader still blocked in open() (the code before the fix) is let go by a writer that comes
  // and leaves, so a failing run ends instead of holding a thread of the pool forever.
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // ENXIO: no reader holds it open, which is how it should be.
    }
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fifo(): string {
  const path = join(dir, `pipe-${++n}`);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  fifos.push(path);
  return path;
}

/** `sh -c script` with the pipe as $1. */
function writer(script: string, path: string): void {
  writers.push(spawn('sh', ['-c', script, 'sh', path], { stdio: 'ignore' }));
}

describe('readFileCapped on a named pipe', () => {
  it('waits 10 s by default', () => {
    expect(PIPE_WAIT_MS).toBe(10_000);
  });

  it('gives up on a pipe nothing writes into after the wait, says so, and holds nothing open', async () => {
    const path = fifo();
    const started = performance.now();
    const error = await readFileCapped(path, 4096, '--secret-file', 'regular-or-pipe', { pipeWaitMs: 300 }).catch(
      (e: unknown) => e,
    );
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(UnreadableError);
    expect((error as Error).message).toBe(
      `cannot read --secret-file ${path}: it is a named pipe and nothing wrote to it within 300 ms; have a program write into it (it may start before or after this command), or give a regular file.`,
    );
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(3_000);
    expect(openPaths()).not.toContain(path);
  });

  it('reads what a writer that starts during the wait writes', async () => {
    const path = fifo();
    writer(`sleep 0.2; printf 'whsec_late\\n' > "$1"`, path);
    const read = await readFileCapped(path, 4096, '--secret-file', 'regular-or-pipe', { pipeWaitMs: 5_000 });
    expect(read.toString()).toBe('whsec_late\n');
  });

  it('waits past the bound for a writer that is there but slow (a password prompt), until it closes', async () => {
    const path = fifo();
    // Opens the pipe at once, writes after longer than the wait, in two parts.
    writer(`exec 3>"$1"; sleep 0.5; printf 'whsec_' >&3; sleep 0.1; printf 'slow' >&3`, path);
    const read = await readFileCapped(path, 4096, '--secret-file', 'regular-or-pipe', { pipeWaitMs: 200 });
    expect(read.toString()).toBe('whsec_slow');
  });

  it('counts the bytes of a pipe like those of a file: one past the limit is too many', async () => {
    const path = fifo();
    writer(`printf '0123456789' > "$1"`, path);
    const error = await readFileCapped(path, 9, '--file', 'anything-readable', { pipeWaitMs: 5_000 }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`--file ${path} is larger than 9 bytes.`);
  });
});
