import { type FileHandle, open } from 'node:fs/promises';
import { type CliOutput, writeChunk } from '../io.js';

/** Where an export's pages go: each `write` is one whole page, so the output only ever ends on a page boundary. */
export interface ExportSink {
  /** Whether this output starts empty, so a CSV header belongs at its top. */
  readonly startsEmpty: boolean;
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
}

/** stdout: a run with `--cursor` continues an earlier output, so it starts with no header. */
export function stdoutSink(stdout: CliOutput, resuming: boolean): ExportSink {
  return {
    startsEmpty: !resuming,
    write: (chunk) => writeChunk(stdout, chunk),
    close: async () => undefined,
  };
}

/**
 * `--out <file>`: created (or emptied) for a fresh export, appended to when resuming. A file to
 * resume that does not end with a line break was not written by a finished page, and is refused
 * rather than continued with a broken line.
 */
export async function fileSink(path: string, resuming: boolean): Promise<ExportSink> {
  const handle = await open(path, resuming ? 'a+' : 'w');
  try {
    const { size } = await handle.stat();
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) {
        throw new Error(
          `${path} does not end with a line break, so its last page is incomplete; remove the partial last line, then resume.`,
        );
      }
    }
    return {
      startsEmpty: size === 0,
      write: (chunk) => writeAll(handle, Buffer.from(chunk)),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset, null);
    offset += bytesWritten;
  }
}
