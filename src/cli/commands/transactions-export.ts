import { CreditPlatform } from '../../client.js';
import { ConfigurationError, CreditPlatformError, RateLimitError, RequestValidationError } from '../../errors/index.js';
import { UsageError, wholeNumber } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { type CliOutput, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, printLine } from '../io.js';
import { commandLogger, type ServiceWait } from '../output/client-log.js';
import { csvHeader, csvRow } from '../output/csv.js';
import { type ExportFormat, type ExportSink, fileSink, type OutMode, stdoutSink } from '../output/export-sink.js';
import { Progress } from '../output/progress.js';
import { recordLine } from '../output/resume-point.js';
import { needsDollarQuotes, shellCommand } from '../output/shell-quote.js';
import { printableLine } from '../output/terminal-text.js';

const NAME = 'transactions export';
const OPTIONS = {
  format: { type: 'string' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
} as const;

// The rate-limit figures are the spec's tiers (section 8) at the largest page, 100 transactions:
// 100 000 transactions are 1 000 requests; 1 000 / 30 a minute = 33.3 min, / 120 = 8.3 min,
// / 600 = 1.7 min; the free tier's day allows exactly 1 000.
const help = `usage: credit-platform transactions export [--format ndjson|csv] [--out <file> [--force]] [--limit <n>] [--cursor <cursor>]

Writes every transaction exactly once, from the service named by CREDIT_PLATFORM_API_KEY and
CREDIT_PLATFORM_BASE_URL (the fake's lines work too), page by page: a page is written only once
it has arrived whole. Progress goes to stderr. If a page fails, the command that resumes from it
is printed (it appends to the same --out file, and is safe to run again: a file that already holds
the page it starts from is rewritten from that page on) and the exit code is 1; if the first page fails,
nothing is written and no file it created is left behind.

  --format ndjson|csv  ndjson (default): one JSON object a line, every field and value as it came;
                       csv: a header row, then id,type,status,token,chain,amount,transactionHash,createdAt
                       (RFC 4180 quoting; fields outside these columns are left out, and named on stderr).
                       A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or
                       a carriage return and is not a plain decimal number such as -12.50) is written
                       with a leading ' so that spreadsheets show it as text.
  --out <file>         write here; default stdout. An existing file is refused unless --force or
                       --cursor; a symbolic link, as the file or as its directory, is always refused;
                       with --cursor the file is appended to, and must hold the same --format.
  --force              replace an existing --out file: a new file takes its name once the first page
                       has arrived (another hard link to the old one keeps the old content)
  --limit <n>          transactions per request, 1 to 100; default 100
  --cursor <cursor>    start from this page (a cursor printed by a failed or interrupted export)

Ctrl-C stops at once: the request in flight is dropped, every page written so far stays whole, and
the command that continues is printed (exit 130).

Rate limits: a large export paces itself under the key's limit, waiting whenever the service
answers 429 as long as its X-RateLimit-Reset (or Retry-After) says, up to 60 s a wait, with one
line on stderr per wait; a longer wait (a spent daily allowance) ends it with the resume command.
100 000 transactions are 1 000 requests at --limit 100, which take at least (requests / limit a
minute):
  free      30/min, 1 000/day:    1 000 / 30  = about 33 min, and the whole day's allowance
  standard  120/min, 10 000/day:  1 000 / 120 = about 8 min
  premium   600/min, 100 000/day: 1 000 / 600 = about 1.7 min, or the network's pace if slower

example:
  npx credit-platform transactions export --format csv --out transactions.csv`;

/** `credit-platform transactions export`: every transaction, once, to NDJSON or CSV, resumable. */
export const transactionsExport: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  summary: 'write every transaction to NDJSON or CSV, resumable after a failure',
  help,
  async run(args, io) {
    const { values } = args;
    const format = (values.format ?? 'ndjson') as ExportFormat;
    if (format !== 'ndjson' && format !== 'csv') throw new UsageError(`${NAME}: --format must be ndjson or csv.`);
    const limit = wholeNumber(NAME, 'limit', values.limit, 100, 1, 100);
    if (values.cursor === '')
      throw new UsageError(`${NAME}: --cursor must not be empty; leave it out to start from the first page.`);
    if (values.out === '') throw new UsageError(`${NAME}: --out must name a file.`);
    if (values.force && values.out === undefined)
      throw new UsageError(`${NAME}: --force replaces an --out file; give --out <file>.`);
    if (values.force && values.cursor !== undefined)
      throw new UsageError(`${NAME}: --force replaces the --out file and --cursor appends to it; give one of them.`);
    const cursor = values.cursor;
    const mode: OutMode = cursor !== undefined ? 'append' : values.force ? 'replace' : 'new';
    const resumeCommand = (from: string) => {
      const argv = [
        'npx',
        'credit-platform',
        'transactions',
        'export',
        `--format=${format}`,
        ...(values.out === undefined ? [] : [`--out=${values.out}`]),
        `--limit=${limit}`,
        `--cursor=${from}`,
      ];
      const note = needsDollarQuotes(argv)
        ? ["(control characters are written as $'\\xHH' escapes: run it in bash, zsh or ksh)"]
        : [];
      return [`  ${shellCommand(argv)}`, ...note];
    };

    const progress = new Progress(io.stderr);
    let lastCursor: string | null = cursor ?? null;
    let pagesIn = 0;
    let client: CreditPlatform;
    try {
      client = new CreditPlatform({
        apiKey: io.env.CREDIT_PLATFORM_API_KEY,
        baseUrl: io.env.CREDIT_PLATFORM_BASE_URL,
        logger: commandLogger(io.stderr, (wait) => {
          progress.stop();
          printLine(io.stderr, waitLine(wait, lastCursor !== null));
        }),
      });
    } catch (error) {
      // Stryker disable next-line ConditionalExpression: the client's constructor throws only ConfigurationError.
      if (error instanceof ConfigurationError) {
        printLine(io.stderr, `${NAME}: ${printableLine(error.message)}`);
        return EXIT_FAILURE;
      }
      throw error;
    }

    let sink: ExportSink;
    try {
      sink = values.out === undefined ? stdoutSink(io.stdout, cursor !== undefined) : await fileSink(values.out, mode, format);
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`${NAME}: ${error.message}`);
      const message = error instanceof Error ? error.message : String(error);
      printLine(io.stderr, `${NAME}: cannot write ${printableLine(values.out ?? '')}: ${printableLine(message)}`);
      return EXIT_FAILURE;
    }

    const unknownFields = new Set<string>();
    // Ctrl-C aborts the request in flight (and a wait between attempts) at once; a page already
    // in hand is written whole before the export stops.
    const stop = new AbortController();
    const stopListening = io.onStop(() => stop.abort());
    const stopped = (): number => {
      progress.stop();
      if (lastCursor === null) {
        printLine(io.stderr, `${NAME}: stopped before the first page arrived; nothing was written.`);
        return EXIT_INTERRUPTED;
      }
      printLine(io.stderr, `${NAME}: stopped after ${progress.line()}. Continue with:`);
      for (const line of resumeCommand(lastCursor)) printLine(io.stderr, line);
      if (values.out === undefined) printLine(io.stderr, '(append its output to where this run went)');
      return EXIT_INTERRUPTED;
    };
    try {
      const pages = client.transactions.list({ limit, cursor }, { signal: stop.signal }).pages();
      for await (const page of pages) {
        const items = page.items as unknown as Record<string, unknown>[];
        const header = format === 'csv' && pagesIn === 0 && sink.startsEmpty ? csvHeader() : '';
        const rows =
          format === 'csv'
            ? items.map((item) => csvRow(item, unknownFields)).join('')
            : items.map((item) => `${JSON.stringify(item)}\n`).join('');
        // A resume run again (or after the export finished) finds this page in the file already:
        // the file is cut back to where it begins, so the page is written once, not appended twice.
        if (pagesIn === 0 && cursor !== undefined && sink.rewind && items.length > 0) {
          const cut = await sink.rewind(recordLine(format, items[0]?.id));
          if (cut !== undefined) {
            printLine(
              io.stderr,
              `${NAME}: ${printableLine(values.out ?? '')} already holds the transactions from this cursor on (${cut} bytes, from an earlier run of this resume command): writing them again in their place, not after them.`,
            );
          }
        }
        pagesIn += 1;
        await sink.write(header + rows);
        progress.page(items.length);
        lastCursor = page.nextCursor;
        if (stop.signal.aborted && lastCursor !== null) return stopped();
      }
      progress.stop();
      const where = values.out === undefined ? '' : ` to ${printableLine(values.out)}`;
      printLine(io.stderr, `exported ${progress.line()}${where}`);
      if (unknownFields.size > 0) {
        const names = [...unknownFields].map(printableLine).join(', ');
        printLine(io.stderr, `note: fields without a CSV column were left out: ${names} (--format ndjson keeps every field)`);
      }
      return EXIT_OK;
    } catch (error) {
      if (stop.signal.aborted) return stopped();
      progress.stop();
      return reportFailure(error, io.stderr, progress, pagesIn, resumeCommand, values.out !== undefined);
    } finally {
      stopListening();
      await sink.close(pagesIn > 0);
    }
  },
});

/** The one line a wait on the service prints: how long, why, and what Ctrl-C does then. */
function waitLine({ waitMs, header, status }: ServiceWait, resumable: boolean): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const until = new Date(Date.now() + waitMs).toISOString().slice(11, 19);
  // The client waits as the service says only after a 429 or a 503 (src/core/retry-policy.ts).
  const why = status === 429 ? "the key's rate limit is spent (429)" : 'the service is unavailable (503)';
  const stop = resumable
    ? 'Ctrl-C stops the export and prints the command that resumes it.'
    : 'Ctrl-C stops the export; nothing is written yet.';
  return `${NAME}: ${why}: waiting ${seconds} s, until ${until} UTC, as its ${header} says. ${stop}`;
}

function reportFailure(
  error: unknown,
  stderr: CliOutput,
  progress: Progress,
  pagesIn: number,
  resumeCommand: (from: string) => string[],
  toFile: boolean,
): number {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const when = pagesIn === 0 ? 'before the first page' : `after ${progress.line()}`;
  printLine(stderr, `${NAME}: failed ${when}: ${name}: ${printableLine(message)}`);
  // Stryker disable next-line ConditionalExpression: the command checks --limit and --cursor before the client can (the only parameters it passes).
  if (error instanceof RequestValidationError) return EXIT_USAGE;
  // Stryker disable next-line ConditionalExpression: the constructor checks the key and base URL, so none arrives here; it stays for a ConfigurationError a future client raises per call.
  if (error instanceof ConfigurationError) return EXIT_FAILURE;
  // Before the first page there is nothing to resume: the same command, once the cause is
  // fixed, is the one to run (a resume command would suggest that something was saved).
  if (pagesIn === 0) {
    printLine(stderr, 'Nothing was written. Run the same command again once this is fixed.');
    return EXIT_FAILURE;
  }
  const resumeCursor = error instanceof CreditPlatformError ? error.resumeCursor : undefined;
  if (typeof resumeCursor === 'string') {
    const after = error instanceof RateLimitError ? ` (the limit resets at ${error.reset.toISOString()})` : '';
    printLine(stderr, `Every page before the failed one is written. Resume from the failed page with${after}:`);
    for (const line of resumeCommand(resumeCursor)) printLine(stderr, line);
    if (!toFile)
      printLine(stderr, '(it writes to stdout: append its output to where this run went, e.g. >> transactions.ndjson)');
  }
  return EXIT_FAILURE;
}
