import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Progress } from '../../../src/cli/output/progress.js';

// The clock the progress reads, moved by the test: the figures are checked, not the time taken.
let now = 0;
beforeEach(() => {
  now = 10_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function stderr(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const writes: string[] = [];
  stream.on('data', (chunk: Buffer) => writes.push(chunk.toString()));
  const flushed = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return writes;
  };
  return { stream, flushed };
}

describe('Progress.line', () => {
  it('counts transactions and pages, and the rate per second since the start, rounded', () => {
    const progress = new Progress(stderr(false).stream);
    now += 2_000;
    progress.page(100);
    progress.page(150);
    expect(progress.line()).toBe('250 transactions, 2 pages, 125/s');
    now += 1_000;
    progress.page(0);
    expect(progress.line()).toBe('250 transactions, 3 pages, 83/s');
  });

  it('says "1 page" for one page and "0 pages" before any', () => {
    const progress = new Progress(stderr(false).stream);
    now += 500;
    expect(progress.line()).toBe('0 transactions, 0 pages, 0/s');
    progress.page(7);
    expect(progress.line()).toBe('7 transactions, 1 page, 14/s');
  });

  it('gives a rate of 0, not a division by zero, when no time has passed', () => {
    const progress = new Progress(stderr(false).stream);
    progress.page(40);
    expect(progress.line()).toBe('40 transactions, 1 page, 0/s');
  });
});

describe('Progress on a terminal', () => {
  it('redraws one line in place after every page, and ends it once on stop', async () => {
    const { stream, flushed } = stderr(true);
    const progress = new Progress(stream);
    now += 1_000;
    progress.page(10);
    progress.page(20);
    progress.stop();
    progress.stop();
    expect(await flushed()).toEqual([
      '\r\u001b[Kexporting: 10 transactions, 1 page, 10/s',
      '\r\u001b[Kexporting: 30 transactions, 2 pages, 30/s',
      '\n',
    ]);
  });

  it('writes nothing on stop when no page was drawn', async () => {
    const { stream, flushed } = stderr(true);
    new Progress(stream).stop();
    expect(await flushed()).toEqual([]);
  });
});

describe('Progress to a file or a pipe', () => {
  it('writes a plain line for the first page, then at most one a second, and nothing on stop', async () => {
    const { stream, flushed } = stderr(false);
    const progress = new Progress(stream);
    now += 1_000;
    progress.page(10); // the first: written
    now += 999;
    progress.page(10); // 999 ms after the last line: not yet
    now += 1;
    progress.page(10); // a second after it: written
    now += 500;
    progress.page(10);
    now += 499;
    progress.page(10); // 999 ms after the last line written, though 1 s after the page before
    progress.stop();
    expect(await flushed()).toEqual([
      'exporting: 10 transactions, 1 page, 10/s\n',
      'exporting: 30 transactions, 3 pages, 15/s\n',
    ]);
  });
});
