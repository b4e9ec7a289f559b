import { CreditPlatform } from '../../client.js';
import { ConfigurationError, CreditPlatformError, RequestValidationError } from '../../errors/index.js';
import { UsageError, wholeNumber } from '../args.js';
import { type Command, defineCommand } from '../command.js';
import { csvHeader, csvRow } from '../output/csv.js';
import { type ExportSink, fileSink, stdoutSink } from '../output/export-sink.js';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, printLine } from '../io.js';
import { Progress } from '../output/progress.js';
import { shellCommand } from '../output/shell-quote.js';
import { printable } from '../output/terminal-text.js';

const NAME = 'transactions export';
const OPTIONS = {
  format: { type: 'string' },
  out: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
} as const;

const help = `usage: credit-platform transactions export [--format ndjson|csv] [--out <file>] [--limit <n>] [--cursor <cursor>]

Writes every transaction exactly once, from the service named by CREDIT_PLATFORM_API_KEY and
CREDIT_PLATFORM_BASE_URL (the fake's lines work too), page by page: a page is written only once
it has arrived whole. Progress goes to stderr. If a page fails, the command that resumes from it
is printed (it appends to the same --out file) and the exit code is 1.

  --format ndjson|csv  ndjson (default): one JSON object a line, every field kept;
                       csv: a header row, then id,type,status,token,chain,amount,transactionHash,createdAt
                       (RFC 4180 quoting; fields outside these columns are left out, and named on stderr)
  --out <file>         write here (created or emptied; appended to with --cursor); default stdout
  --limit <n>          transactions per request, 1 to 100; default 100
  --cursor <cursor>    start from this page (a cursor printed by a failed or interrupted export)

example:
  npx credit-platform transactions export --format csv --out transactions.csv`;

type Format = 'ndjson' | 'csv';

/** `credit-platform transactions export`: every transaction, once, to NDJSON or CSV, resumable. */
export const transactionsExport: Command = defineCommand({
  name: NAME,
  options: OPTIONS,
  summary: 'write every transaction to NDJSON or CSV, resumable after a failure',
  help,
  async run(args, io) {
    const { values } = args;
    const format = (values.format ?? 'ndjson') as Format;
    if (format !== 'ndjson' && format !== 'csv') throw new UsageError(`${NAME}: --format must be ndjson or csv.`);
    const limit = wholeNumber(NAME, 'limit', values.limit, 100, 1, 100);
    if (values.cursor === '')
      throw new UsageError(`${NAME}: --cursor must not be empty; leave it out to start from the first page.`);
    if (values.out === '') throw new UsageError(`${NAME}: --out must name a file.`);
    const cursor = values.cursor;
    const resumeArgs = (from: string | null) =>
      shellCommand([
        'npx',
        'credit-platform',
        'transactions',
        'export',
        `--format=${format}`,
        ...(values.out === undefined ? [] : [`--out=${values.out}`]),
        `--limit=${limit}`,
        ...(from === null ? [] : [`--cursor=${from}`]),
      ]);

    let client: CreditPlatform;
    try {
      client = new CreditPlatform({ apiKey: io.env.CREDIT_PLATFORM_API_KEY, baseUrl: io.env.CREDIT_PLATFORM_BASE_URL });
    } catch (error) {
      if (error instanceof ConfigurationError) {
        printLine(io.stderr, `${NAME}: ${error.message}`);
        return EXIT_FAILURE;
      }
      throw error;
    }

    let sink: ExportSink;
    try {
      sink =
        values.out === undefined ? stdoutSink(io.stdout, cursor !== undefined) : await fileSink(values.out, cursor !== undefined);
    } catch (error) {
      printLine(io.stderr, `${NAME}: cannot write ${values.out}: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT_FAILURE;
    }

    const progress = new Progress(io.stderr);
    const unknownFields = new Set<string>();
    let stopRequested = false;
    const stopListening = io.onStop(() => {
      stopRequested = true;
    });
    let lastCursor: string | null = cursor ?? null;
    try {
      if (format === 'csv' && sink.startsEmpty) await sink.write(csvHeader());
      for await (const page of client.transactions.list({ limit, cursor }).pages()) {
        const items = page.items as unknown as Record<string, unknown>[];
        const chunk =
          format === 'csv'
            ? items.map((item) => csvRow(item, unknownFields)).join('')
            : items.map((item) => `${JSON.stringify(item)}\n`).join('');
        if (chunk.length > 0) await sink.write(chunk);
        progress.page(items.length);
        lastCursor = page.nextCursor;
        if (stopRequested && lastCursor !== null) {
          progress.stop();
          printLine(io.stderr, `${NAME}: stopped after ${progress.line()}. Continue with:`);
          printLine(io.stderr, `  ${resumeArgs(lastCursor)}`);
          if (values.out === undefined) printLine(io.stderr, '(append its output to where this run went)');
          return EXIT_INTERRUPTED;
        }
      }
      progress.stop();
      printLine(io.stderr, `exported ${progress.line()}${values.out === undefined ? '' : ` to ${values.out}`}`);
      if (unknownFields.size > 0) {
        const names = [...unknownFields].map(printable).join(', ');
        printLine(io.stderr, `note: fields without a CSV column were left out: ${names} (--format ndjson keeps every field)`);
      }
      return EXIT_OK;
    } catch (error) {
      progress.stop();
      return reportFailure(error, io.stderr, progress, resumeArgs, values.out !== undefined);
    } finally {
      stopListening();
      await sink.close();
    }
  },
});

function reportFailure(
  error: unknown,
  stderr: Parameters<typeof printLine>[0],
  progress: Progress,
  resumeArgs: (from: string | null) => string,
  toFile: boolean,
): number {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  printLine(stderr, `${NAME}: failed after ${progress.line()}: ${name}: ${printable(message)}`);
  if (error instanceof RequestValidationError) return EXIT_USAGE;
  if (error instanceof ConfigurationError) return EXIT_FAILURE;
  const resumeCursor = error instanceof CreditPlatformError ? error.resumeCursor : undefined;
  if (resumeCursor !== undefined) {
    printLine(stderr, 'Every page before the failed one is written. Resume from the failed page with:');
    printLine(stderr, `  ${resumeArgs(resumeCursor)}`);
    if (!toFile)
      printLine(stderr, '(it writes to stdout: append its output to where this run went, e.g. >> transactions.ndjson)');
  }
  return EXIT_FAILURE;
}
