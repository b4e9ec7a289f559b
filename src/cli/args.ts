import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { closestName } from '../utils/closest-name.js';
import { printableLine } from './output/terminal-text.js';

/**
 * A mistake in the command line: printed with a pointer to `--help`, exit code 2, nothing done.
 * Messages never repeat an option's value (it may be a secret).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** How a command reads its arguments: its options (`--help` is added) and its positionals, by name. */
export interface ArgSpec<O extends ParseArgsOptionsConfig> {
  /** The command as typed, e.g. `webhooks send`, for messages. */
  readonly command: string;
  readonly options: O;
  /** Names of the required positional arguments, in order, e.g. `['event-type']`. */
  readonly positionals?: readonly string[];
  /** Names of the optional positional arguments that may follow the required ones. */
  readonly optionalPositionals?: readonly string[];
}

type Values<O extends ParseArgsOptionsConfig> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

/** The parsed command line; `help` when `--help` or `-h` came before any `--`. */
export type ParsedArgs<O extends ParseArgsOptionsConfig> =
  | { help: true }
  | { help: false; values: Values<O>; positionals: string[] };

const optionName = /'(-{1,2})([^'\s=]+)/;

/**
 * Parses `argv` with `node:util`'s `parseArgs` (strict), turning its errors into
 * {@link UsageError}s that suggest the option a misspelling meant.
 */
export function parseCommandArgs<O extends ParseArgsOptionsConfig>(spec: ArgSpec<O>, argv: readonly string[]): ParsedArgs<O> {
  const end = argv.indexOf('--');
  const head = end === -1 ? argv : argv.slice(0, end);
  if (head.includes('--help') || head.includes('-h')) return { help: true };
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: spec.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error, spec));
  }
  const names = spec.positionals ?? [];
  if (parsed.positionals.length < names.length) {
    throw new UsageError(`${spec.command}: missing <${names[parsed.positionals.length]}>.`);
  }
  const optional = spec.optionalPositionals ?? [];
  if (parsed.positionals.length > names.length + optional.length) {
    // The extra argument is not echoed: it may be a secret that lost its option name.
    const all = [...names.map((n) => `<${n}>`), ...optional.map((n) => `[<${n}>]`)];
    const takes = all.length === 0 ? 'no arguments' : `${all.join(' ')} only`;
    throw new UsageError(`${spec.command}: takes ${takes}, got ${parsed.positionals.length}; options start with --.`);
  }
  return { help: false, values: parsed.values as Values<O>, positionals: parsed.positionals };
}

function describeParseError(error: unknown, spec: ArgSpec<ParseArgsOptionsConfig>): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const found = optionName.exec(message);
  // Every error a command line causes names its option; one that names none (an options spec
  // parseArgs refuses) is shown as it is.
  if (found === null) return `${spec.command}: ${printableLine(message)}`;
  const [, dashes, bare = ''] = found;
  const name = printableLine(`${dashes}${bare}`);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = Object.keys(spec.options).map((o) => `--${o}`);
    const guess = closestName(name, known);
    return `${spec.command}: unknown option ${name}${guess ? `: did you mean ${guess}?` : '.'}`;
  }
  // The other error a command line causes (ERR_PARSE_ARGS_INVALID_OPTION_VALUE), always about an
  // option of the spec: a value missing, or one given to a flag.
  // Stryker disable next-line OptionalChaining: the option is always one of the spec's (above).
  return spec.options[bare]?.type === 'boolean'
    ? `${spec.command}: ${name} takes no value.`
    : `${spec.command}: ${name} needs a value: ${name} <value>, or ${name}=<value> for a value that starts with -.`;
}

/** Reads a whole number option within `[min, max]`, or `fallback` when absent. */
export function wholeNumber(
  command: string,
  name: string,
  value: string | undefined,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? '' : ` (${min} to ${max})`;
    throw new UsageError(`${command}: --${name} must be a ${min === 0 ? 'non-negative' : 'positive'} integer${range}.`);
  }
  return n;
}

/** Reads a required string option. */
export function required(spec: { command: string }, name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${spec.command}: --${name} is required.`);
  return value;
}
