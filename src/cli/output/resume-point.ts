// Where a resumed export stands in its --out file. A resume command may run more than once (a
// second run of the same printed command, or one after the export already finished): the file
// then already holds the page the cursor names, and appending it again would duplicate every
// transaction from there on. The file's own lines say whether it holds that page, and where.
import type { FileHandle } from 'node:fs/promises';
import { csvField, csvHeader } from './csv.js';

const CHUNK_BYTES = 64 * 1024;
/** The header row as a line of the file (its `\r` kept, its `\n` the line's end). */
const HEADER_LINE = csvHeader().slice(0, -1);

/**
 * The byte offset at which the first line `matches` begins, reading the file once from the
 * start in chunks (lines end with `\n`; a CSV row's `\r` stays on its line); `undefined` when no
 * complete line matches.
 */
export async function firstLineStart(handle: FileHandle, matches: (line: string) => boolean): Promise<number | undefined> {
  const { size } = await handle.stat();
  const chunk = Buffer.alloc(CHUNK_BYTES);
  let carry = Buffer.alloc(0);
  let carryStart = 0;
  for (let position = 0; position < size; ) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK_BYTES, size - position), position);
    if (bytesRead === 0) break;
    position += bytesRead;
    let bytes = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
    let lineStart = carryStart;
    for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a)) {
      if (matches(bytes.toString('utf8', 0, end))) return lineStart;
      lineStart += end + 1;
      bytes = bytes.subarray(end + 1);
    }
    carry = Buffer.from(bytes);
    carryStart = lineStart;
  }
  return undefined;
}

/** Whether a line of an export of `format` (export-sink.ts's `ExportFormat`) is the record with this `id`. */
export function recordLine(format: 'ndjson' | 'csv', id: unknown): (line: string) => boolean {
  if (format === 'csv') {
    const prefix = `${csvField(id)},`;
    return (line) => line.startsWith(prefix) && line !== HEADER_LINE;
  }
  const quoted = JSON.stringify(id);
  return (line) => {
    if (quoted === undefined || !line.includes(quoted)) return false;
    try {
      return (JSON.parse(line) as { id?: unknown }).id === id;
    } catch {
      return false;
    }
  };
}
