import { constants, type FileHandle, lstat, open, unlink } from 'node:fs/promises';
import { UsageError } from '../args.js';
import { type CliOutput, writeChunk } from '../io.js';
import { csvHeader } from './csv.js';
import { firstLineStart } from './resume-point.js';
import { printable } from './terminal-text.js';

/** Where an export's pages go: each `write` is one whole page, so the output only ever ends on a page boundary. */
export interface ExportSink {
  /** Whether this output starts empty, so a CSV header belongs at its top. */
  readonly startsEmpty: boolean;
  /** Writes one page (possibly empty: the first call is what makes a replaced file empty). */
  write(chunk: string): Promise<void>;
  /** Closes the output; with `wrote` false (no page arrived), a file this run created is removed and any other left as it was. */
  close(wrote: boolean): Promise<void>;
  /**
   * A file only: cuts it back to where its first line that `matches` begins, before the next
   * write; resolves the bytes cut, or `undefined` (file unchanged) when no line matches.
   */
  rewind?(matches: (line: string) => boolean): Promise<number | undefined>;
}

/** The two forms of an export, as a file to resume shows them. */
export type ExportFormat = 'ndjson' | 'csv';

/** What `--out` may do to an existing file: nothing (`new`), replace it (`--force`) or append to it (`--cursor`). */
export type OutMode = 'new' | 'replace' | 'append';

/** stdout: a run with `--cursor` continues an earlier output, so it starts with no header. */
export function stdoutSink(stdout: CliOutput, resuming: boolean): ExportSink {
  return {
    startsEmpty: !resuming,
    write: (chunk) => writeChunk(stdout, chunk),
    close: async () => undefined,
  };
}

const { O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW } = constants;

/**
 * `--out <file>`, opened so that an export never writes where the user did not mean it to:
 *
 * - a symbolic link is refused in every mode (`lstat`, then `O_NOFOLLOW` against a link swapped
 *   in meanwhile): it could point at any file the user can write;
 * - a new file is created with `O_EXCL`, and an existing one is refused unless `replace`
 *   (`--force`, emptied only once the first page has arrived) or `append` (`--cursor`);
 * - a file to append to must hold the same format and end with a line break (a finished page).
 *
 * Refusals are `UsageError`s whose message starts with `--out <path>` and says what to do.
 */
export async function fileSink(path: string, mode: OutMode, format: ExportFormat): Promise<ExportSink> {
  const shown = `--out ${printable(path)}`;
  const existing = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing?.isSymbolicLink()) throw symlinkRefusal(shown);
  if (existing !== undefined && !existing.isFile()) {
    throw new UsageError(`${shown} is not a regular file; an export writes only to a file of its own: give another name.`);
  }
  if (existing !== undefined && mode === 'new') {
    throw new UsageError(
      `${shown} exists; pass --force to replace it, or --cursor <cursor> to append to it (resuming the export that wrote it).`,
    );
  }
  const created = existing === undefined;
  const handle = await open(path, openFlags(created, mode), 0o666).catch((error: NodeJS.ErrnoException) => {
    // The path changed between the check and the open: judged as the check would have.
    if (error.code === 'ELOOP') throw symlinkRefusal(shown);
    if (error.code === 'EEXIST') throw new UsageError(`${shown} appeared while the export started; pass --force to replace it.`);
    throw error;
  });
  try {
    if (!(await handle.stat()).isFile()) throw new UsageError(`${shown} is not a regular file; give another name.`);
    const size = created || mode === 'replace' ? 0 : await checkAppendable(handle, shown, format);
    return openSink(handle, path, { created, truncate: mode === 'replace' && !created, startsEmpty: size === 0 });
  } catch (error) {
    await handle.close();
    if (created) await unlink(path).catch(() => undefined);
    throw error;
  }
}

/** `open`'s flags: a new file is created exclusively; an existing one is opened for reading too when it is appended to (its head and last byte are checked). */
function openFlags(created: boolean, mode: OutMode): number {
  if (created) return O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
  // Stryker disable next-line ConditionalExpression: O_RDWR | O_APPEND for replace writes from the start too, after its truncate; it differs only on a file its owner may write but not read, which tests run as root cannot make.
  return mode === 'append' ? O_RDWR | O_APPEND | O_NOFOLLOW : O_WRONLY | O_NOFOLLOW;
}

function symlinkRefusal(shown: string): UsageError {
  return new UsageError(
    `${shown} is a symbolic link; an export never writes through a link (it could point at any file), even with --force or --cursor: give the path of the file itself.`,
  );
}

const FORMAT_NAMES: Record<ExportFormat, string> = { ndjson: 'NDJSON', csv: 'CSV' };
const HEAD_BYTES = csvHeader().length;

/** The format a file's first bytes show: NDJSON starts with `{`, CSV with this command's header row. */
function formatOf(head: Buffer): ExportFormat | undefined {
  if (head[0] === 0x7b) return 'ndjson';
  return head.toString('latin1') === csvHeader() ? 'csv' : undefined;
}

/** The size of a file to resume into, once its format and its last byte say a finished export of `format` wrote it. */
async function checkAppendable(handle: FileHandle, shown: string, format: ExportFormat): Promise<number> {
  const { size } = await handle.stat();
  if (size === 0) return 0;
  const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
  await handle.read(head, 0, head.byteLength, 0);
  const found = formatOf(head);
  if (found !== format) {
    const holds = found === undefined ? 'does not start like an export of this command' : `holds ${FORMAT_NAMES[found]}`;
    const fix = found === undefined ? 'give the file the export wrote' : `resume with --format ${found}`;
    throw new UsageError(
      `${shown} ${holds}, and this export writes ${FORMAT_NAMES[format]}; nothing was appended: ${fix}, or export to a new file.`,
    );
  }
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  if (last[0] !== 0x0a) {
    throw new Error(
      `${shown.slice('--out '.length)} does not end with a line break, so its last page is incomplete; remove the partial last line, then resume.`,
    );
  }
  return size;
}

function openSink(
  handle: FileHandle,
  path: string,
  state: { created: boolean; truncate: boolean; startsEmpty: boolean },
): ExportSink {
  let pending = state.truncate;
  return {
    startsEmpty: state.startsEmpty,
    async write(chunk) {
      if (pending) {
        await handle.truncate(0);
        pending = false;
      }
      await writeAll(handle, Buffer.from(chunk));
    },
    async rewind(matches) {
      const at = await firstLineStart(handle, matches);
      if (at === undefined) return undefined;
      const { size } = await handle.stat();
      await handle.truncate(at);
      return size - at;
    },
    async close(wrote) {
      await handle.close();
      if (!wrote && state.created) await unlink(path).catch(() => undefined);
    },
  };
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset, null);
    offset += bytesWritten;
  }
}
