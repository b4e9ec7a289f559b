// Issue 35: a hostile error body cost gigabytes and seconds, since the whole body was redacted
// to keep its first 500 characters. The work per failed call is now bounded by what the error
// keeps: measured on the heap (never timed here; bench/error-body/run.ts times it), in a process
// whose heap cannot hold the old cost.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
// Room for the bodies themselves (8 calls at once each read and decode a 32 MiB body: Node 22
// holds more of them at a time than Node 24), the SDK, tsx and the runner's share, and under
// 100 MB for building the errors; before 0.5 one error alone took 853 MB, which this heap cannot hold.
const HEAP_MB = 512;

describe('an error built from 32 MiB of \\f escapes (the review hostile body)', () => {
  it('costs under 100 MB of heap and keeps under 64 kB, one call or 8 at once, as text or as the message', () => {
    const child = spawnSync(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, '--expose-gc', '--import', 'tsx', resolve(ROOT, 'test/helpers/hostile-error-body.ts')],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    expect(child.status, child.stderr.slice(-2000)).toBe(0);
    const result = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
    for (const kind of ['text', 'envelope']) {
      expect(result[`${kind}.allocatedMB`]).toBeLessThan(100);
      expect(result[`${kind}.keptPerErrorMB`]).toBeLessThan(64 / 1024);
    }
    expect(result.clientErrors).toBe(8);
    expect(result.clientBodyLength).toBeLessThanOrEqual(500);
  });
});
