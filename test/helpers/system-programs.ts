// Suites that need a program from the system packages (redis-server, redis-cli, postgres) run
// when it is on PATH (PostgreSQL's also in /usr/lib/postgresql/<major>/bin) and are skipped otherwise, so the README's `npm test` passes on a machine
// with only Node and npm. `.ci/run` sets CREDIT_PLATFORM_REQUIRE_SYSTEM_SUITES=1: there a missing
// program fails the suite instead, so CI can never pass by skipping.
import { accessSync, constants, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { beforeAll, beforeEach, expect } from 'vitest';

/** Where each skipped suite leaves a note for the summary line printed after the run. */
export const SKIPPED_SUITES_DIR = join(process.cwd(), '.tmp', 'skipped-suites');

export function systemSuitesRequired(): boolean {
  return process.env.CREDIT_PLATFORM_REQUIRE_SYSTEM_SUITES === '1';
}

// Debian installs the PostgreSQL server programs (initdb, pg_ctl, postgres) off PATH, under
// /usr/lib/postgresql/<major>/bin; the newest major there is used.
const POSTGRESQL_LIBS = '/usr/lib/postgresql';

function postgresqlBinDirs(): string[] {
  try {
    return readdirSync(POSTGRESQL_LIBS)
      .filter((major) => /^\d+$/.test(major))
      .sort((a, b) => Number(b) - Number(a))
      .map((major) => join(POSTGRESQL_LIBS, major, 'bin'));
  } catch {
    return [];
  }
}

/** Where `program` is: the first directory of PATH that has it, then Debian's PostgreSQL directories. */
export function programPath(program: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...postgresqlBinDirs()];
  for (const dir of dirs) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, program), constants.X_OK);
      return join(dir, program);
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** The programs of `programs` that are neither on PATH nor in Debian's PostgreSQL directories. */
export function missingPrograms(programs: readonly string[]): string[] {
  return programs.filter((program) => programPath(program) === undefined);
}

export interface SystemPrograms {
  /** Whether every program is on PATH; when false, every test of the file is skipped. */
  readonly available: boolean;
}

/**
 * Call at the top level of a test file (or inside a `use…` helper called there). When a program
 * is missing, every test of the file is skipped and a note names the suite for the summary; when
 * CREDIT_PLATFORM_REQUIRE_SYSTEM_SUITES=1, the file fails instead.
 */
export function useSystemPrograms(suite: string, programs: readonly string[]): SystemPrograms {
  const missing = missingPrograms(programs);
  if (missing.length === 0) return { available: true };
  if (systemSuitesRequired()) {
    beforeAll(() => {
      throw new Error(
        `${suite} needs ${missing.join(' and ')} on PATH, and CREDIT_PLATFORM_REQUIRE_SYSTEM_SUITES=1 makes it mandatory.`,
      );
    });
    return { available: false };
  }
  // The test file's path names the suite in the summary line (test/setup/skipped-suites.ts).
  const path = relative(process.cwd(), expect.getState().testPath ?? suite);
  mkdirSync(SKIPPED_SUITES_DIR, { recursive: true });
  writeFileSync(
    join(SKIPPED_SUITES_DIR, `${path.replace(/[^A-Za-z0-9_.-]+/g, '_')}.json`),
    JSON.stringify({ suite, file: path, missing }),
  );
  beforeEach((context) => context.skip());
  return { available: false };
}
