import { randomBytes } from 'node:crypto';
import { constants, type FileHandle, lstat, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
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

const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_DIRECTORY } = constants;

/**
 * `--out <file>`, opened so that an export never writes where the user did not mean it to:
 *
 * - a symbolic link is refused in every mode (`lstat`, then `O_NOFOLLOW` against a link swapped
 *   in meanwhile): it could point at any file the user can write;
 * - so is a directory that is a symbolic link (the last one of the path: `/tmp/link/out.csv`):
 *   the directory is opened once with `O_DIRECTORY | O_NOFOLLOW`, and on Linux every later step
 *   names the file through that open directory (`/proc/self/fd/<fd>/<name>`, Node having no
 *   `openat`), so a link swapped in for it afterwards changes nothing; where there is no
 *   `/proc`, the path is used after that check;
 * - a new file is created with `O_EXCL`, and an existing one is refused unless `replace`
 *   (`--force`) or `append` (`--cursor`);
 * - `replace` never writes into the old file: the pages go to a new file beside it (same
 *   directory, the old file's permission bits), renamed over the old name once the first page
 *   has arrived; another name of the old file (a hard link) keeps the old content;
 * - a file to append to must hold the same format and end with a line break (a finished page).
 *
 * Refusals are `UsageError`s whose message starts with `--out <path>` and says what to do.
 */
export async function fileSink(path: string, mode: OutMode, format: ExportFormat): Promise<ExportSink> {
  const shown = `--out ${printable(path)}`;
  const dir = await openDirectory(path, shown);
  try {
    return await sinkIn(dir, basename(path), mode, format, shown);
  } catch (error) {
    await dir.close();
    throw dir.relabel(error);
  }
}

/** The directory of `--out`, open; `at(name)` names a file in it. */
interface OutDirectory {
  at(name: string): string;
  /** `error` with the directory named by its path in its message, not by `/proc/self/fd/<fd>`. */
  relabel(error: unknown): unknown;
  close(): Promise<void>;
}

async function openDirectory(path: string, shown: string): Promise<OutDirectory> {
  const dir = dirname(path);
  const handle = await open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW).catch(async (error: NodeJS.ErrnoException) => {
    // A link opened with both flags fails with ENOTDIR (Linux) or ELOOP; lstat tells it from a file.
    const link = await lstat(dir).then(
      (info) => info.isSymbolicLink(),
      () => false,
    );
    if (link) {
      throw new UsageError(
        `${shown}: its directory ${printable(dir)} is a symbolic link; an export never writes through a link (it could point at any directory), even with --force or --cursor: give the directory's own path (realpath shows it).`,
      );
    }
    throw error;
  });
  const viaFd = `/proc/self/fd/${handle.fd}`;
  const opened = await handle.stat();
  const linux = await stat(viaFd).then(
    (info) => info.dev === opened.dev && info.ino === opened.ino,
    () => false,
  );
  const shownDir = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  return {
    at: (name) => (linux ? `${viaFd}/${name}` : join(dir, name)),
    relabel(error) {
      if (error instanceof Error) error.message = error.message.replaceAll(`${viaFd}/`, shownDir);
      return error;
    },
    close: () => handle.close(),
  };
}

async function sinkIn(dir: OutDirectory, name: string, mode: OutMode, format: ExportFormat, shown: string): Promise<ExportSink> {
  const path = dir.at(name);
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
  if (existing !== undefined && mode === 'replace') return replacingSink(dir, name, existing.mode);
  const created = existing === undefined;
  // A new file is created exclusively; one appended to is opened for reading too (its head and last byte are checked).
  const flags = created ? O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW : O_RDWR | O_APPEND | O_NOFOLLOW;
  const handle = await open(path, flags, 0o666).catch((error: NodeJS.ErrnoException) => {
    // The path changed between the check and the open: judged as the check would have.
    if (error.code === 'ELOOP') throw symlinkRefusal(shown);
    if (error.code === 'EEXIST') throw new UsageError(`${shown} appeared while the export started; pass --force to replace it.`);
    throw error;
  });
  try {
    if (!(await handle.stat()).isFile()) throw new UsageError(`${shown} is not a regular file; give another name.`);
    const size = created ? 0 : await checkAppendable(handle, shown, format);
    return openSink(handle, dir, {
      startsEmpty: size === 0,
      onFirstWrite: async () => undefined,
      dropUnwritten: created ? name : undefined,
    });
  } catch (error) {
    await handle.close();
    if (created) await unlink(path).catch(() => undefined);
    throw error;
  }
}

/**
 * `--force` on an existing file: a new file beside it, with its permission bits, that takes its
 * name at the first page (a rename, so the old file is never written: a hard link to it keeps
 * its content, and a link swapped in for it is replaced, not followed).
 */
async function replacingSink(dir: OutDirectory, name: string, oldMode: number): Promise<ExportSink> {
  const temp = `.${name}.${randomBytes(6).toString('hex')}.part`;
  const handle = await open(dir.at(temp), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  try {
    await handle.chmod(oldMode & 0o777);
  } catch (error) {
    await handle.close();
    await unlink(dir.at(temp)).catch(() => undefined);
    throw error;
  }
  return openSink(handle, dir, {
    startsEmpty: true,
    onFirstWrite: () =>
      rename(dir.at(temp), dir.at(name)).catch(async (error: unknown) => {
        await unlink(dir.at(temp)).catch(() => undefined);
        throw dir.relabel(error);
      }),
    dropUnwritten: temp,
  });
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

/**
 * The sink of an open file. `onFirstWrite` runs once, before the first page is written (it
 * renames a replacing file over the old one); `dropUnwritten` names a file this run created,
 * removed when no page arrived.
 */
function openSink(
  handle: FileHandle,
  dir: OutDirectory,
  state: { startsEmpty: boolean; onFirstWrite: () => Promise<void>; dropUnwritten: string | undefined },
): ExportSink {
  let pending = true;
  return {
    startsEmpty: state.startsEmpty,
    async write(chunk) {
      if (pending) {
        pending = false;
        await state.onFirstWrite();
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
      if (!wrote && state.dropUnwritten !== undefined) await unlink(dir.at(state.dropUnwritten)).catch(() => undefined);
      await dir.close();
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
