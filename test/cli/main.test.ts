import { describe, expect, it, vi } from 'vitest';

const program = vi.hoisted(() => ({ runProgram: vi.fn(async () => undefined) }));
vi.mock('../../src/cli/program.js', () => program);

describe('credit-platform (src/cli/main.ts)', () => {
  it("runs the program on the process's arguments alone, with nothing put before them", async () => {
    await import('../../src/cli/main.js');
    expect(program.runProgram).toHaveBeenCalledExactlyOnceWith([]);
  });
});
