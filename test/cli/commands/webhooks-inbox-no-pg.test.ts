import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// pg is an optional peer dependency. Here each command runs as a real process in which `pg` is
// not installed (test/helpers/hide-pg.mjs fails its resolution as Node fails a missing package,
// and says so on stderr): only `webhooks inbox` asks for it, and it says what to install.

const ROOT = resolve(import.meta.dirname, '../../..');

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './test/helpers/hide-pg.mjs', 'src/cli/main.ts', ...args],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on('close', (code) => done({ code, stdout, stderr })),
  );
}

describe('credit-platform where pg is not installed', () => {
  it('runs the other commands, and the inbox help, without asking for pg', async () => {
    const results = await Promise.all([
      run(['--help']),
      run(['webhooks', 'status'], { CREDIT_PLATFORM_API_KEY: 'k', CREDIT_PLATFORM_BASE_URL: 'http://127.0.0.1:1/api/v1' }),
      run(['webhooks', 'inbox', 'stats', '--help']),
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 1, 0]);
    for (const r of results) expect(r.stderr).not.toContain('[hide-pg]');
  }, 60_000);

  it('webhooks inbox says to install pg, exit 1, and never shows the database URL', async () => {
    const result = await run(['webhooks', 'inbox', 'stats'], { DATABASE_URL: 'postgres://app:s3cr3t-pass@db.internal/ledger' });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '[hide-pg] pg requested\n' +
        'webhooks inbox stats: needs the `pg` package (node-postgres 8), an optional peer dependency of credit-platform: ' +
        'run `npm install pg` in this project, then run the command again.\n',
    });
  }, 60_000);
});
