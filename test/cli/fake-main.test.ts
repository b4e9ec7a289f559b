import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';

const runProgram = vi.hoisted(() => vi.fn(async (_prefix: readonly string[]) => undefined));
vi.mock('../../src/cli/program.js', () => ({ runProgram }));

describe('credit-platform-fake', () => {
  it('is the `credit-platform fake` command: it runs the program with the fake subcommand first', async () => {
    await import('../../src/cli/fake-main.js');
    expect(runProgram).toHaveBeenCalledTimes(1);
    expect(runProgram).toHaveBeenCalledWith(['fake']);
  });
});

// The bin itself, in a child process (the mock above is this process's only).
describe('credit-platform-fake bin', () => {
  it('prints the base URL and a working key, and exits on SIGTERM', async () => {
    // One process (the running Node with tsx's loader), so SIGTERM reaches the bin itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/fake-main.ts', '--port', '0', '--transactions', '3'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const urls = await new Promise<{ baseUrl: string; key: string }>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const base = /CREDIT_PLATFORM_BASE_URL=(\S+)/.exec(out);
        const key = /CREDIT_PLATFORM_API_KEY=(\S+)/.exec(out);
        if (base && key) resolve({ baseUrl: base[1]!, key: key[1]! });
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
    });
    expect(urls.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const res = await fetch(`${urls.baseUrl}/transactions`, { headers: { 'X-API-Key': urls.key } });
    expect((await res.json()).data.items).toHaveLength(3);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${urls.baseUrl}/accounts/me`)).rejects.toThrow();
  });

  it('refuses a bad --port with exit code 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/fake-main.ts', '--port', 'abc'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port must be a non-negative integer');
  });
});
