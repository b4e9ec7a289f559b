import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
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

/**
 * Reads at most `limit` bytes of the file at `path`. The size `stat` reports is not trusted (a
 * device such as /dev/zero reports 0, a file may grow while it is read): bytes are counted as
 * they arrive, and one byte past `limit` stops the read with a {@link TooLargeError}. `label`
 * names the file in messages (`--file`), which show the path made printable.
 */
export async function readFileCapped(path: string, limit: number, label: string, accept: Accept): Promise<Buffer> {
  const shown = `${label} ${printableLine(path)}`;
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableError(`cannot read ${shown}: ${error.code ?? 'error'}`);
  });
  if (info.isDirectory()) throw new UnreadableError(`cannot read ${shown}: it is a directory.`);
  // Checked before opening, since opening a FIFO waits for a writer.
  if (accept === 'regular-or-pipe' && !info.isFile() && !info.isFIFO()) {
    throw new UnreadableError(`cannot read ${shown}: not a regular file or a pipe.`);
  }
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableError(`cannot read ${shown}: ${error.code ?? 'error'}`);
  });
  try {
    const opened = await handle.stat();
    // The path may have been swapped between the two looks.
    if (accept === 'regular-or-pipe' && !opened.isFile() && !opened.isFIFO()) {
      throw new UnreadableError(`cannot read ${shown}: not a regular file or a pipe.`);
    }
    const buffer = Buffer.alloc(limit + 1);
    let size = 0;
    while (size <= limit) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null);
      if (bytesRead === 0) return buffer.subarray(0, size);
      size += bytesRead;
    }
    throw new TooLargeError(`${shown} is larger than ${limit} bytes.`);
  } finally {
    await handle.close();
  }
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
