// The line `npm test` ends with when a suite was skipped for a missing system program, and the
// PATH look-up that decides it.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingPrograms } from '../helpers/system-programs.js';
import { skippedSuitesLine } from '../setup/skipped-suites.js';

describe('the skipped-suites line', () => {
  it('says nothing when nothing was skipped', () => {
    expect(skippedSuitesLine([])).toBeUndefined();
  });

  it('names each suite, its files, the missing program, how to install it and what runs it', () => {
    const line = skippedSuitesLine([
      { suite: 'Redis', file: 'test/redis/a.test.ts', missing: ['redis-server'] },
      { suite: 'Redis', file: 'test/redis/b.test.ts', missing: ['redis-server'] },
      { suite: 'PostgreSQL', file: 'test/postgres/c.test.ts', missing: ['initdb', 'pg_ctl'] },
    ]);
    expect(line).toBe(
      'Skipped: Redis, 2 test files (no redis-server on PATH: test/redis/a.test.ts, test/redis/b.test.ts); ' +
        'PostgreSQL, 1 test file (no initdb, no pg_ctl on PATH: test/postgres/c.test.ts). ' +
        'To run them, install the programs (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis; ' +
        'Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql) and run `npm test` again; ' +
        'CI (.ci/run) installs them and fails instead of skipping.',
    );
  });
});

describe('missingPrograms', () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.unstubAllEnvs();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds an executable on PATH and reports one that is absent or not executable', () => {
    dir = mkdtempSync(join(tmpdir(), 'cp-path-'));
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'present'), '#!/bin/sh\n');
    chmodSync(join(dir, 'bin', 'present'), 0o755);
    writeFileSync(join(dir, 'bin', 'plain-file'), '');
    chmodSync(join(dir, 'bin', 'plain-file'), 0o644);
    vi.stubEnv('PATH', join(dir, 'bin'));
    expect(missingPrograms(['present', 'absent', 'plain-file'])).toEqual(['absent', 'plain-file']);
  });
});
