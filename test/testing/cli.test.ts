import { describe, expect, it, vi } from 'vitest';

const runProgram = vi.hoisted(() => vi.fn(async (_prefix: readonly string[]) => undefined));
vi.mock('../../src/cli/program.js', () => ({ runProgram }));

describe('credit-platform-fake', () => {
  it('is the `credit-platform fake` command: it runs the program with the fake subcommand first', async () => {
    await import('../../src/testing/cli.js');
    expect(runProgram).toHaveBeenCalledTimes(1);
    expect(runProgram).toHaveBeenCalledWith(['fake']);
  });
});
