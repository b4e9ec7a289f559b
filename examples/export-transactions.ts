// Export every transaction to a JSONL file, with a progress line and resume after an interruption.
//
// One page in memory at a time, file writes that respect backpressure ('drain'), and a checkpoint
// so an interrupted export resumes where it stopped.
//
//   npm run example -- export-transactions                       # .tmp/transactions.jsonl, against the fake
//   npm run example -- export-transactions out.jsonl --resume    # continue an interrupted export
//   npm run example -- export-transactions out.jsonl --max-pages 10   # stop after 10 pages (as if interrupted)
//   CREDIT_PLATFORM_API_KEY=... CREDIT_PLATFORM_BASE_URL=https://.../api/v1 npx tsx examples/export-transactions.ts
//
// The checkpoint (`<file>.checkpoint.json`) holds the last page's `nextCursor` and the file length
// at that point. It is written only after the page's lines have reached the file, so a resumed
// export neither skips nor repeats a transaction. Ctrl-C stops after the current page.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { CreditPlatform } from 'credit-platform';
import { startFakeServer, type FakeServer } from 'credit-platform/testing';

const PAGE_SIZE = 100; // the service's maximum
const PROGRESS_EVERY = 10; // pages between progress lines when stdout is not a terminal
const FAKE_TRANSACTIONS = 5_000;

interface Checkpoint {
  /** The cursor of the next page to fetch; null once the export is complete. */
  nextCursor: string | null;
  count: number;
  pages: number;
  /** Length of the file when the checkpoint was written: anything after it is discarded on resume. */
  bytes: number;
  complete: boolean;
}

// --- arguments -------------------------------------------------------------------------------
let file = '.tmp/transactions.jsonl';
let resume = false;
let maxPages = Infinity;
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i] as string;
  if (arg === '--resume') resume = true;
  else if (arg === '--max-pages') {
    maxPages = Number(process.argv[++i]);
    if (!(Number.isInteger(maxPages) && maxPages > 0)) throw new Error('--max-pages needs a positive integer');
  } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
  else file = arg;
}
const checkpointFile = `${file}.checkpoint.json`;

async function readCheckpoint(): Promise<Checkpoint | undefined> {
  try {
    return JSON.parse(await readFile(checkpointFile, 'utf8')) as Checkpoint;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Written to a temporary file and renamed, so a crash never leaves half a checkpoint. */
async function saveCheckpoint(checkpoint: Checkpoint): Promise<void> {
  await writeFile(`${checkpointFile}.tmp`, `${JSON.stringify(checkpoint)}\n`);
  await rename(`${checkpointFile}.tmp`, checkpointFile);
}

/** Writes one chunk, waiting for 'drain' when the stream's buffer is full. */
async function write(out: WriteStream, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain'); // once() rejects if the stream emits 'error'
}

/** Resolves when everything written so far has been handed to the file. */
function flush(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => out.write('', (error) => (error ? reject(error) : resolve())));
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

// --- where to resume -------------------------------------------------------------------------
let start: Checkpoint = { nextCursor: null, count: 0, pages: 0, bytes: 0, complete: false };
if (resume) {
  const saved = await readCheckpoint();
  if (!saved) {
    console.error(`nothing to resume: no checkpoint at ${checkpointFile}; run without --resume first`);
    process.exit(1);
  }
  if (saved.complete) {
    console.log(`export already complete: ${saved.count} transactions in ${file}`);
    process.exit(0);
  }
  start = saved;
  // Drop whatever was written after the checkpoint (a page that did not finish).
  await truncate(file, saved.bytes);
  console.log(`resuming after ${saved.count} transactions (${saved.pages} pages) from cursor ${saved.nextCursor}`);
} else {
  await mkdir(dirname(file), { recursive: true });
  await rm(checkpointFile, { force: true });
}

// --- the service -----------------------------------------------------------------------------
let server: FakeServer | undefined;
if (process.env.CREDIT_PLATFORM_BASE_URL === undefined) {
  // Seeded, so the data is the same on every run and a cursor saved by one run is valid in the next.
  server = await startFakeServer({ seed: 1, transactions: FAKE_TRANSACTIONS });
  console.log(`fake Credit Platform on ${server.baseUrl} with ${FAKE_TRANSACTIONS} transactions`);
}
const client = new CreditPlatform(server ? { apiKey: server.apiKey, baseUrl: server.baseUrl } : {});

// Ctrl-C: finish the current page, save the checkpoint, stop.
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
});

const out = createWriteStream(file, { flags: resume ? 'a' : 'w' });
const tty = process.stdout.isTTY === true;
let { count, pages, bytes } = start;
let lastCursor: string | null = start.nextCursor;
let pagesThisRun = 0;
const startedAt = performance.now();

try {
  const params = start.nextCursor ? { limit: PAGE_SIZE, cursor: start.nextCursor } : { limit: PAGE_SIZE };
  for await (const page of client.transactions.list(params).pages()) {
    for (const tx of page.items) {
      const line = `${JSON.stringify(tx)}\n`;
      await write(out, line);
      bytes += Buffer.byteLength(line);
      count++;
    }
    pages++;
    pagesThisRun++;
    lastCursor = page.nextCursor;
    // The page is on disk before the checkpoint says so.
    await flush(out);
    await saveCheckpoint({ nextCursor: lastCursor, count, pages, bytes, complete: lastCursor === null });

    if (tty) process.stdout.write(`\rexporting: ${count} transactions, ${pages} pages`);
    else if (pages % PROGRESS_EVERY === 0) console.log(`progress: ${count} transactions, ${pages} pages`);

    if (lastCursor !== null && (interrupted || pagesThisRun >= maxPages)) break;
  }
  out.end();
  await finished(out);
} catch (error) {
  out.destroy();
  throw error;
} finally {
  if (tty) process.stdout.write('\n');
  await server?.close();
}

const size = (await stat(file)).size;
const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
if (lastCursor !== null) {
  const why = interrupted ? 'interrupted' : `stopped after ${pagesThisRun} pages (--max-pages)`;
  console.log(`${why}: ${count} transactions in ${pages} pages so far in ${file} (${formatBytes(size)})`);
  console.log(`checkpoint saved to ${checkpointFile}; continue with --resume`);
  if (interrupted) process.exitCode = 130;
} else {
  if (size !== bytes) throw new Error(`file is ${size} bytes but ${bytes} were written`);
  console.log(
    `exported ${count} transactions in ${pages} pages to ${file} (${size} bytes, ${formatBytes(size)}) in ${seconds} s`,
  );
}
