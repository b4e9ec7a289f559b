import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { assert, describe, expect, it } from 'vitest';

// The machines' own Node (outside node_modules/.bin) is 20: what an editor plugin or
// `./node_modules/.bin/vitest` picks up. When there is one, running the test runner with it
// must stop at once with one line that says how to run the tests.
const SYSTEM_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path));

async function majorOf(node: string): Promise<number> {
  const { stdout } = await promisify(execFile)(node, ['-p', 'process.versions.node']);
  return Number(stdout.split('.')[0]);
}

describe('the test runner on an old Node', () => {
  it('fails at once with one line naming the fix', async (context) => {
    if (SYSTEM_NODE === undefined || (await majorOf(SYSTEM_NODE)) >= 22) {
      context.skip('no Node older than 22 on this machine');
      return;
    }
    const result = await promisify(execFile)(
      SYSTEM_NODE,
      ['node_modules/vitest/vitest.mjs', 'run', 'test/toolchain/node-version.test.ts'],
      {
        env: { ...process.env, CI: '' },
        timeout: 30_000,
      },
    ).then(
      () => assert.fail('vitest ran on an old Node'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^credit-platform's tests need Node 24 .*: run `npm test` .*\.node-version/);
  });
});
