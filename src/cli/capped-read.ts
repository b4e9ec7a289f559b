import type { Stats } from 'node:fs';
import { constants, type FileHandle, open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { printableLine } from './output/terminal-text.js';

/** Thrown when a file or stream holds more than the reader takes: nothing of it is used. */
export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
}

/** Thrown when a path cannot be read as asked (missing, a directory, a device): the message says why. */
export class UnreadableError extends Error {
  override readonly name = 'UnreadableError';
}

/** What kinds of file a reader accepts: a regular file only, or also a pipe (`<(command)`, a FIFO) and a device. */
export type Accept = 'regular-or-pipe' | 'anything-readable';

/** How long a read of a named pipe (FIFO) waits for a program to write into it, by default. */
export const PIPE_WAIT_MS = 10_000;

/** How often a pipe with nothing to read yet is looked at again. */
const PIPE_POLL_MS = 25;

/** Options of {@link readFileCapped}. */
export interface ReadOptions {
  /** How long to wait for a writer of a named pipe before an {@link UnreadableError}; default {@link PIPE_WAIT_MS}. */
  pipeWaitMs?: number;
}

/** A file read whole, with what `fstat` said of the file opened (after any link), e.g. its mode. */
export interface CappedFile {
  bytes: Buffer;
  stats: Stats;
}

/**
 * Reads at most `limit` bytes of the file at `path`. The size `stat` reports is not trusted (a
 * device such as /dev/zero reports 0, a file may grow while it is read): bytes are counted as
 * they arrive, and one byte past `limit` stops the read with a {@link TooLargeError}. `label`
 * names the file in messages (`--file`), which show the path made printable. A named pipe is
 * opened without waiting for a writer; one that no program writes into within
 * `options.pipeWaitMs` is an {@link UnreadableError} that says so.
 */
export async function readFileCapped(
  path: string,
  limit: number,
  label: string,
  accept: Accept,
  options: ReadOptions = {},
): Promise<Buffer> {
  return (await readCappedFile(path, limit, label, accept, options)).bytes;
}

/** {@link readFileCapped}, with the opened file's `fstat`. */
export async function readCappedFile(
  path: string,
  limit: number,
  label: string,
  accept: Accept,
  options: ReadOptions = {},
): Promise<CappedFile> {
  const shown = `${label} ${printableLine(path)}`;
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableError(`cannot read ${shown}: ${error.code ?? 'error'}`);
  });
  if (info.isDirectory()) throw new UnreadableError(`cannot read ${shown}: it is a directory.`);
  // Checked before opening, since opening a device may have effects of its own.
  if (accept === 'regular-or-pipe' && !info.isFile() && !info.isFIFO()) {
    throw new UnreadableError(`cannot read ${shown}: not a regular file or a pipe.`);
  }
  // O_NONBLOCK: a blocking open of a FIFO waits for a writer, forever if none comes (and holds
  // a thread of libuv's pool meanwhile). Without it the wait below is bounded. A regular file
  // ignores the flag; it is set also for a path that turns into a FIFO after the stat.
  const flags = info.isFile() || info.isFIFO() ? constants.O_RDONLY | constants.O_NONBLOCK : constants.O_RDONLY;
  const handle = await open(path, flags).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableError(`cannot read ${shown}: ${error.code ?? 'error'}`);
  });
  try {
    const opened = await handle.stat();
    // The path may have been swapped between the two looks.
    if (accept === 'regular-or-pipe' && !opened.isFile() && !opened.isFIFO()) {
      throw new UnreadableError(`cannot read ${shown}: not a regular file or a pipe.`);
    }
    const bytes = opened.isFIFO()
      ? await readPipe(handle, limit, shown, options.pipeWaitMs ?? PIPE_WAIT_MS)
      : await readAll(handle, limit, shown);
    return { bytes, stats: opened };
  } finally {
    await handle.close();
  }
}

async function readAll(handle: FileHandle, limit: number, shown: string): Promise<Buffer> {
  const buffer = Buffer.alloc(limit + 1);
  let size = 0;
  while (size <= limit) {
    const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null);
    if (bytesRead === 0) return buffer.subarray(0, size);
    size += bytesRead;
  }
  throw new TooLargeError(`${shown} is larger than ${limit} bytes.`);
}

/**
 * Reads a pipe opened with O_NONBLOCK. Such a read answers 0 both before any writer has opened
 * the pipe and after the last one closed it, and EAGAIN while a writer has it open with nothing
 * written yet. So 0 is the end only once a writer showed itself (EAGAIN or bytes); before that
 * it means "no writer yet", which is waited for up to `waitMs`. A writer that is there but slow
 * (a password prompt) is waited for as long as it stays.
 */
async function readPipe(handle: FileHandle, limit: number, shown: string, waitMs: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit + 1);
  const deadline = performance.now() + waitMs;
  let size = 0;
  let writerSeen = false;
  while (size <= limit) {
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, size, buffer.length - size, null));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      writerSeen = true;
      await sleep(PIPE_POLL_MS);
      continue;
    }
    if (bytesRead > 0) {
      size += bytesRead;
      writerSeen = true;
      continue;
    }
    if (writerSeen) return buffer.subarray(0, size);
    const left = deadline - performance.now();
    if (left <= 0) {
      throw new UnreadableError(
        `cannot read ${shown}: it is a named pipe and nothing wrote to it within ${seconds(waitMs)}; have a program write into it (it may start before or after this command), or give a regular file.`,
      );
    }
    await sleep(Math.min(PIPE_POLL_MS, left));
  }
  throw new TooLargeError(`${shown} is larger than ${limit} bytes.`);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Reads at most `limit` bytes of `stream` (stdin); one byte more is a {@link TooLargeError} and the stream is destroyed. */
export async function readStreamCapped(stream: Readable, limit: number, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    // A chunk is a string once an encoding is set: its size is counted in bytes all the same.
    const bytes = Buffer.from(chunk as string | Uint8Array);
    size += bytes.byteLength;
    // Throwing out of the loop destroys the stream (its async iterator's return()).
    if (size > limit) {
      throw new TooLargeError(`${label} is larger than ${limit} bytes.`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
