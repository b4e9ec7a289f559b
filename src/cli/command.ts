import type { CliIO } from './io.js';

/** One subcommand of `credit-platform`: its name as typed, its `--help` text and what it does. */
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
