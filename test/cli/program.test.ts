import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runProgram } from '../../src/cli/program.js';
// Loaded here, as the suite loads, not by runProgram's import() inside a test: module-level code
// then counts as run when modules load (Stryker's static mutants), not as run by this test.
import '../../src/cli/dispatch.js';
import '../../src/cli/io.js';

const node = vi.hoisted(() => ({ refusal: undefined as string | undefined }));
vi.mock('../../src/cli/node-version.js', () => ({ unsupportedNode: () => node.refusal }));

const argv = process.argv;
let written: { stdout: string; stderr: string };
let stdoutErrorListeners: Set<unknown>;
beforeEach(() => {
  written = { stdout: '', stderr: '' };
  stdoutErrorListeners = new Set(process.stdout.listeners('error'));
  for (const name of ['stdout', 'stderr'] as const) {
    vi.spyOn(process[name], 'write').mockImplementation((chunk: string | Uint8Array) => {
      written[name] += String(chunk);
      return true;
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  process.argv = argv;
  process.exitCode = undefined;
  node.refusal = undefined;
  // processIO's EPIPE listener, one per run.
  for (const l of process.stdout.listeners('error')) {
    if (!stdoutErrorListeners.has(l)) process.stdout.off('error', l as () => void);
  }
});

describe('runProgram (both bin entries of package.json)', () => {
  it("runs the command its prefix and the process's arguments name, and sets the exit code", async () => {
    process.argv = [argv[0] as string, '/usr/bin/credit-platform', 'trigger', '--help'];
    await runProgram(['webhooks']);
    expect(written.stdout).toMatch(/^usage: credit-platform webhooks trigger <event-type>/);
    expect(written.stderr).toBe('');
    expect(process.exitCode).toBe(0);

    process.argv = [argv[0] as string, '/usr/bin/credit-platform', 'nonsense'];
    await runProgram([]);
    expect(written.stderr).toMatch(/^unknown command nonsense/);
    expect(process.exitCode).toBe(2);
  });

  it('on a Node it does not support, prints the one-line refusal, exits 1 and runs no command', async () => {
    node.refusal = 'credit-platform needs Node 22.12 or newer; this is Node 18.0.0.';
    process.argv = [argv[0] as string, '/usr/bin/credit-platform', '--version'];
    await runProgram([]);
    expect(written).toEqual({ stdout: '', stderr: `${node.refusal}\n` });
    expect(process.exitCode).toBe(1);
  });
});
