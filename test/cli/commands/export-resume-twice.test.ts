// A printed resume command is safe to run any number of times: after Ctrl-C, the resume run once,
// twice, and once more after the export finished leave the --out file byte for byte what one
// uninterrupted export writes. The old command appended the pages again on every extra run.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/dispatch.js';
import { type FakeServer, startFakeServer } from '../../../src/testing/index.js';
import { cli, memoryIO } from '../../helpers/cli-run.js';

let dir: string;
let server: FakeServer | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-resume-twice-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const envOf = (s: FakeServer) => ({ CREDIT_PLATFORM_API_KEY: s.apiKey, CREDIT_PLATFORM_BASE_URL: s.baseUrl });

/** The arguments of the printed resume command (`npx credit-platform ...`). */
function resumeArgv(stderr: string): string[] {
  const line = stderr.split('\n').find((l) => l.startsWith('  npx credit-platform '));
  if (line === undefined) throw new Error(`no resume command in:\n${stderr}`);
  return line.trim().split(' ').slice(2);
}

describe.each(['ndjson', 'csv'] as const)('transactions export --format %s: the resume command run again', (format) => {
  it('interrupted, then resumed twice and once more: the file is byte-exact an uninterrupted export', async () => {
    server = await startFakeServer({ transactions: 1234 });
    const whole = join(dir, `whole.${format}`);
    expect((await cli(['transactions', 'export', '--format', format, '--out', whole], { env: envOf(server) })).code).toBe(0);

    const file = join(dir, `stopped.${format}`);
    const { io, out, stop } = memoryIO({ env: envOf(server) });
    // Ctrl-C once the first progress line is out: the page in hand is written, then the export stops.
    io.stderr.once('data', stop);
    expect(await runCli(['transactions', 'export', '--format', format, '--out', file], io)).toBe(130);
    const argv = resumeArgv(out.stderr);
    const stoppedAt = (await readFile(file)).byteLength;

    const first = await cli(argv, { env: envOf(server) });
    expect(first.code).toBe(0);
    expect(first.stderr).not.toContain('already holds');
    const expected = await readFile(whole);
    expect((await readFile(file)).equals(expected)).toBe(true);

    for (let run = 0; run < 2; run++) {
      const again = await cli(argv, { env: envOf(server) });
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(
        `transactions export: ${file} already holds the transactions from this cursor on (${expected.byteLength - stoppedAt} bytes, from an earlier run of this resume command): writing them again in their place, not after them.\n`,
      );
      expect((await readFile(file)).equals(expected)).toBe(true);
    }
  });
});
