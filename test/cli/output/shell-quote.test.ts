import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { needsDollarQuotes, shellCommand, shellQuote } from '../../../src/cli/output/shell-quote.js';
import { terminalControl } from '../../helpers/terminal-controls.js';

describe('shellQuote with control characters', () => {
  const hostile = ['--cursor=c1\u001b]0;owned\u0007\u001b[2J', "it's\r\u009b\\x", '\u007f'];

  it("writes them as $'\\xHH' escapes, so the line holds no control character", () => {
    expect(shellQuote('--cursor=c1\u001b]0;owned\u0007\u001b[2J')).toBe("$'--cursor=c1\\x1b]0;owned\\x07\\x1b[2J'");
    expect(shellQuote("a'b\\\u001b")).toBe("$'a\\'b\\\\\\x1b'");
    expect(shellQuote('\u009b')).toBe("$'\\xc2\\x9b'");
    for (const arg of hostile) expect(terminalControl(shellQuote(arg))).toBeUndefined();
    expect(needsDollarQuotes(hostile)).toBe(true);
    expect(needsDollarQuotes(['--cursor=abc', 'a b', "it's"])).toBe(false);
    // A line break would put the rest of the argument on a line of its own.
    expect(shellQuote('c1\nnpx evil')).toBe("$'c1\\x0anpx evil'");
    expect(needsDollarQuotes(['--cursor=abc', 'new\nline'])).toBe(true);
    // One hostile argument among plain ones is enough: the line holds it.
    expect(needsDollarQuotes(['transactions', 'export', '--cursor', 'c1\u001b[2J'])).toBe(true);
  });

  it('gives every argument back unchanged when bash reads the line', () => {
    const args = [...hostile, "it's", 'a b', '$HOME', 'new\nline'];
    const result = spawnSync('bash', ['-c', `printf '%s\\0' ${shellCommand(args)}`], { encoding: 'utf8' });
    expect(result.stdout.split('\0').slice(0, -1)).toEqual(args);
  });
});
