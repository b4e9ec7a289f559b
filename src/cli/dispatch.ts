import { VERSION } from '../version.js';
import { closestName } from '../utils/closest-name.js';
import { UsageError } from './args.js';
import type { Command } from './command.js';
import { fake } from './commands/fake.js';
import { type CliIO, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, printLine } from './io.js';
import { printable, printableLine } from './output/terminal-text.js';
import { transactionsExport } from './commands/transactions-export.js';
import { webhooksInbox } from './commands/webhooks-inbox.js';
import { webhooksSend } from './commands/webhooks-send.js';
import { webhooksStatus } from './commands/webhooks-status.js';
import { webhooksTrigger } from './commands/webhooks-trigger.js';
import { webhooksVerify } from './commands/webhooks-verify.js';

/** Every subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  webhooksSend,
  webhooksVerify,
  webhooksTrigger,
  webhooksStatus,
  webhooksInbox,
  fake,
  transactionsExport,
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: credit-platform <command> [options]',
    '',
    'The Credit Platform SDK on the command line: test a webhook endpoint, run the fake service',
    'locally, export transactions.',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `credit-platform <command> --help` for its options. Exit codes: 0 success, 1 failure,',
    '2 a mistake in the command line. Diagnostics go to stderr.',
    '',
    'transactions export, webhooks trigger and webhooks status read CREDIT_PLATFORM_API_KEY and',
    'CREDIT_PLATFORM_BASE_URL.',
  ].join('\n');
}

/** The commands a group word (`webhooks`, `transactions`) leads to. */
function group(word: string): Command[] {
  return COMMANDS.filter((c) => c.name.startsWith(`${word} `));
}

function groupHelp(word: string): string {
  const commands = group(word);
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `usage: credit-platform ${word} <command> [options]`,
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

/** Finds the command `argv` names; the rest of `argv` is its arguments. */
function resolve(argv: readonly string[]): { command: Command; rest: readonly string[] } | { usage: string; help: boolean } {
  const [first, second] = argv;
  if (first === undefined) return { usage: overview(), help: false };
  if (first === '--help' || first === '-h' || first === 'help') return { usage: overview(), help: true };
  const single = COMMANDS.find((c) => c.name === first);
  if (single) return { command: single, rest: argv.slice(1) };
  const members = group(first);
  if (members.length > 0) {
    if (second === undefined) return { usage: groupHelp(first), help: false };
    if (second === '--help' || second === '-h') return { usage: groupHelp(first), help: true };
    const command = members.find((c) => c.name === `${first} ${second}`);
    if (command) return { command, rest: argv.slice(2) };
    const guess = closestName(
      second,
      members.map((c) => c.name.slice(first.length + 1)),
    );
    const known = members.map((c) => c.name).join(', ');
    throw new UsageError(
      `unknown command ${first} ${printableLine(second)}${guess ? `: did you mean ${first} ${guess}?` : ''} (${known})`,
    );
  }
  const words = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0] as string))];
  const guess = closestName(first, words);
  throw new UsageError(`unknown command ${printableLine(first)}${guess ? `: did you mean ${guess}?` : ''}`);
}

/**
 * Runs `credit-platform` with `argv` (the arguments after the program name) and resolves with
 * the exit code: 0 success, 1 failure, 2 usage error. Never rejects.
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv[0] === '--version' || argv[0] === '-v') {
    printLine(io.stdout, VERSION);
    return EXIT_OK;
  }
  let name = 'credit-platform';
  try {
    const found = resolve(argv);
    if ('usage' in found) {
      printLine(found.help ? io.stdout : io.stderr, found.usage);
      return found.help ? EXIT_OK : EXIT_USAGE;
    }
    name = `credit-platform ${found.command.name}`;
    return await found.command.run(found.rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      printLine(io.stderr, `${printable(error.message)}\nRun \`${name} --help\` for usage.`);
      return EXIT_USAGE;
    }
    printLine(io.stderr, `${name}: ${printableLine(error instanceof Error ? error.message : String(error))}`);
    return EXIT_FAILURE;
  }
}
