import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = resolve(ROOT, 'src/cli/main.ts');

/** `credit-platform <args>` as a real process (Node running the sources through tsx), with only `env` set besides PATH. */
export function spawnCli(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs `credit-platform <args>` as a process to its end; `stdin` is written and closed. */
export async function runCliProcess(
  args: readonly string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, options.env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin?.end(options.stdin ?? '');
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  return { code, stdout, stderr };
}

/** Resolves with the child's stdout once `pattern` appears in it; rejects if the child exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  let stdout = '';
  let stderr = '';
  return new Promise((done, fail) => {
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (pattern.test(stdout)) done(stdout);
    });
    child.on('exit', (code) => fail(new Error(`exited with ${code} before ${pattern}: ${stdout}${stderr}`)));
  });
}
