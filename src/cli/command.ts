import type { ParseArgsOptionsConfig } from 'node:util';
import { type ParsedArgs, parseCommandArgs } from './args.js';
import { type CliIO, EXIT_OK, printLine } from './io.js';

/** One subcommand of `credit-platform`, ready to run: its name as typed, its `--help` text and what it does. */
export interface Command {
  /** As typed after `credit-platform`, e.g. `webhooks send`. */
  readonly name: string;
  /** One line for `credit-platform --help`. */
  readonly summary: string;
  /** The `--help` text: usage line, options, an example. */
  readonly help: string;
  /** Runs with the arguments after the name; resolves with the exit code. Throws `UsageError` for a bad command line. */
  run(argv: readonly string[], io: CliIO): Promise<number>;
}

/** What a subcommand declares: its options and positionals, and what it does with them once parsed. */
export interface CommandSpec<O extends ParseArgsOptionsConfig> extends Omit<Command, 'run'> {
  readonly options: O;
  /** Names of the required positional arguments, in order. */
  readonly positionals?: readonly string[];
  /** Names of the optional positional arguments after the required ones. */
  readonly optionalPositionals?: readonly string[];
  run(args: Extract<ParsedArgs<O>, { help: false }>, io: CliIO): Promise<number>;
}

/** A {@link Command} that parses its arguments with `parseArgs` and answers `--help` before running. */
export function defineCommand<const O extends ParseArgsOptionsConfig>(spec: CommandSpec<O>): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    help: spec.help,
    async run(argv, io) {
      const args = parseCommandArgs(
        {
          command: spec.name,
          options: spec.options,
          positionals: spec.positionals,
          optionalPositionals: spec.optionalPositionals,
        },
        argv,
      );
      if (args.help) {
        printLine(io.stdout, spec.help);
        return EXIT_OK;
      }
      return spec.run(args, io);
    },
  };
}
