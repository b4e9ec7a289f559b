import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/dispatch.js';
import { VERSION } from '../../src/version.js';
import { cli } from '../helpers/cli-run.js';

describe('credit-platform (dispatch)', () => {
  it('lists every command in --help (stdout, exit 0), and prints it on stderr with exit 2 when no command is given', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.stdout).toContain(`  ${c.name} `);
    expect(COMMANDS.map((c) => c.name)).toEqual([
      'webhooks send',
      'webhooks verify',
      'webhooks trigger',
      'webhooks status',
      'webhooks inbox',
      'fake',
      'transactions export',
    ]);
    const bare = await cli([]);
    expect([bare.code, bare.stdout, bare.stderr]).toEqual([2, '', help.stdout]);
  });

  it('answers --help on every subcommand with its usage, exit 0', async () => {
    for (const c of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const result = await cli([...c.name.split(' '), flag]);
        expect({ name: c.name, code: result.code, stderr: result.stderr }).toEqual({ name: c.name, code: 0, stderr: '' });
        expect(result.stdout.startsWith(`usage: credit-platform ${c.name}`)).toBe(true);
        expect(result.stdout).toContain('example:');
      }
    }
    for (const group of ['webhooks', 'transactions']) {
      const result = await cli([group, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^usage: credit-platform ${group} <command>`));
    }
  });

  it('suggests the command a misspelling meant, exit 2', async () => {
    const sub = await cli(['webhooks', 'sned']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain('unknown command webhooks sned: did you mean webhooks send?');
    const top = await cli(['transaction', 'export']);
    expect(top.code).toBe(2);
    expect(top.stderr).toContain('unknown command transaction: did you mean transactions?');
    const group = await cli(['webhooks']);
    expect([group.code, group.stdout]).toEqual([2, '']);
    expect(group.stderr).toMatch(/^usage: credit-platform webhooks <command>/);
  });

  it('prints the version for --version and -v', async () => {
    for (const flag of ['--version', '-v']) expect(await cli([flag])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('answers --help, -h and help with the overview, and a group with -h, on stdout with exit 0', async () => {
    const help = await cli(['--help']);
    for (const argv of [['-h'], ['help']]) expect(await cli(argv)).toEqual(help);
    const group = await cli(['webhooks', '--help']);
    expect(await cli(['webhooks', '-h'])).toEqual(group);
  });

  it('lists the commands in aligned columns: every summary starts in the same column', async () => {
    for (const [argv, names] of [
      [['--help'], COMMANDS.map((c) => c.name)],
      [
        ['webhooks', '--help'],
        ['webhooks send', 'webhooks verify', 'webhooks trigger'],
      ],
      [['transactions', '--help'], ['transactions export']],
    ] as const) {
      const width = Math.max(...names.map((n) => n.length));
      const rows = (await cli([...argv])).stdout
        .split('\n')
        .filter((l) => /^ {2}\S/.test(l) && names.some((n) => l.startsWith(`  ${n} `)));
      expect(rows).toEqual(names.map((n) => `  ${n.padEnd(width)}  ${COMMANDS.find((c) => c.name === n)?.summary}`));
    }
  });

  it('names the commands of a group when a member is misspelled beyond a guess', async () => {
    const result = await cli(['webhooks', 'zzzzzz']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'unknown command webhooks zzzzzz (webhooks send, webhooks verify, webhooks trigger, webhooks status, webhooks inbox)\nRun `credit-platform --help` for usage.\n',
    });
  });
});
