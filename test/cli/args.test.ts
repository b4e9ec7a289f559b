import { describe, expect, it } from 'vitest';
import { parseCommandArgs, UsageError, wholeNumber } from '../../src/cli/args.js';
import { unsupportedNode } from '../../src/cli/node-version.js';

const spec = {
  command: 'webhooks send',
  options: { to: { type: 'string' }, secret: { type: 'string' }, flag: { type: 'boolean' } },
  positionals: ['event-type'],
} as const;

function usageMessage(argv: string[]): string {
  try {
    parseCommandArgs(spec, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('parsed without a UsageError');
}

describe('parseCommandArgs', () => {
  it('reads options and the positional argument', () => {
    expect(parseCommandArgs(spec, ['deposit.created', '--to', 'http://localhost:3000/', '--flag'])).toEqual({
      help: false,
      values: { to: 'http://localhost:3000/', flag: true },
      positionals: ['deposit.created'],
    });
  });

  it('answers --help and -h before anything else is checked', () => {
    expect(parseCommandArgs(spec, ['--nope', '--help'])).toEqual({ help: true });
    expect(parseCommandArgs(spec, ['-h'])).toEqual({ help: true });
    // After `--`, --help is an argument, not the option.
    expect(parseCommandArgs(spec, ['--', '--help'])).toMatchObject({ help: false, positionals: ['--help'] });
  });

  it('suggests the option a misspelling meant', () => {
    expect(usageMessage(['x', '--secert', 's'])).toBe('webhooks send: unknown option --secert: did you mean --secret?');
    expect(usageMessage(['x', '--zzz'])).toBe('webhooks send: unknown option --zzz.');
  });

  it('says how to give a value that is missing or starts with a dash', () => {
    expect(usageMessage(['x', '--to'])).toMatch(/^webhooks send: --to needs a value: --to <value>, or --to=<value> for a value/);
    expect(usageMessage(['x', '--flag=yes'])).toBe('webhooks send: --flag takes no value.');
  });

  it('counts positionals without echoing an extra one (it may be a secret that lost its option name)', () => {
    expect(usageMessage([])).toBe('webhooks send: missing <event-type>.');
    const message = usageMessage(['deposit.created', 'whsec_lost_secret']);
    expect(message).toBe('webhooks send: takes <event-type> only, got 2; options start with --.');
    expect(message).not.toContain('whsec_lost_secret');
  });
});

describe('parseCommandArgs: an error that names no option', () => {
  it("is parseArgs's own message after the command's name (here: an option spec it refuses)", () => {
    const bad = { command: 'fake', options: { port: { type: 'number' } } } as unknown as typeof spec;
    expect(usageMessageOf(bad, ['--port', '1'])).toMatch(/^fake: The "options\.port\.type" property must be /);
  });
});

function usageMessageOf(s: typeof spec, argv: string[]): string {
  try {
    parseCommandArgs(s, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('parsed without a UsageError');
}

describe('parseCommandArgs: a command that takes no arguments', () => {
  it('says so, without echoing the argument', () => {
    const none = { command: 'transactions export', options: { out: { type: 'string' } } } as const;
    expect(() => parseCommandArgs(none, ['whsec_stray'])).toThrow(
      new UsageError('transactions export: takes no arguments, got 1; options start with --.'),
    );
  });
});

describe('wholeNumber', () => {
  it('names the range only when there is an upper bound', () => {
    expect(() => wholeNumber('fake', 'transactions', 'many', 250)).toThrow(
      new UsageError('fake: --transactions must be a non-negative integer.'),
    );
  });

  it('reads digits within the range and refuses the rest', () => {
    expect(wholeNumber('fake', 'port', undefined, 4010, 0, 65_535)).toBe(4010);
    expect(wholeNumber('fake', 'port', '0', 4010, 0, 65_535)).toBe(0);
    for (const bad of ['abc', '-1', '1.5', '1e3', '65536', ' 1']) {
      expect(() => wholeNumber('fake', 'port', bad, 4010, 0, 65_535)).toThrow(
        'fake: --port must be a non-negative integer (0 to 65535).',
      );
    }
    expect(() => wholeNumber('transactions export', 'limit', '0', 100, 1, 100)).toThrow(
      'transactions export: --limit must be a positive integer (1 to 100).',
    );
  });
});

describe('unsupportedNode', () => {
  it('refuses Node older than 22.12 in one line, and accepts 22.12 and later', () => {
    expect(unsupportedNode('20.20.2')).toBe(
      "credit-platform needs Node 22.12 or newer; this is Node 20.20.2. Without changing this machine's Node: `npm i -D node@24` in your project (npm scripts and npx then run on Node 24), or `npx -p node@24 credit-platform <command>` for one run. Or install a current Node (https://nodejs.org).",
    );
    expect(unsupportedNode('22.11.0')).toMatch(/^credit-platform needs Node 22\.12/);
    expect(unsupportedNode('22.12.0')).toBeUndefined();
    expect(unsupportedNode('24.21.0')).toBeUndefined();
  });
});
