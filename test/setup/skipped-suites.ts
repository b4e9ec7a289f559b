// Global setup: clears the notes of skipped suites before the run, and after it prints one line
// naming each suite skipped for a missing system program, how to install it and how to run it.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SKIPPED_SUITES_DIR } from '../helpers/system-programs.js';

interface SkippedSuite {
  readonly suite: string;
  readonly file: string;
  readonly missing: readonly string[];
}

const INSTALL: Record<string, string> = {
  'redis-server': 'Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis',
  'redis-cli': 'Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis',
  initdb: 'Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql',
  pg_ctl: 'Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql',
  postgres: 'Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql',
};

function readSkipped(): SkippedSuite[] {
  if (!existsSync(SKIPPED_SUITES_DIR)) return [];
  return readdirSync(SKIPPED_SUITES_DIR)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(SKIPPED_SUITES_DIR, file), 'utf8')) as SkippedSuite);
}

/** The summary line, or undefined when nothing was skipped. */
export function skippedSuitesLine(skipped: readonly SkippedSuite[]): string | undefined {
  if (skipped.length === 0) return undefined;
  const bySuite = new Map<string, { files: string[]; missing: readonly string[] }>();
  for (const { suite, file, missing } of skipped) {
    const entry = bySuite.get(suite) ?? { files: [], missing };
    entry.files.push(file);
    bySuite.set(suite, entry);
  }
  const suites = [...bySuite]
    .map(
      ([suite, { files, missing }]) =>
        `${suite}, ${files.length} test file${files.length === 1 ? '' : 's'} (no ${missing.join(', no ')} on PATH: ${files.join(', ')})`,
    )
    .join('; ');
  const programs = [...new Set(skipped.flatMap(({ missing }) => missing))];
  const install = [...new Set(programs.map((program) => INSTALL[program] ?? `install ${program}`))].join('; ');
  return (
    `Skipped: ${suites}. To run them, install the programs (${install}) and run \`npm test\` again; ` +
    'CI (.ci/run) installs them and fails instead of skipping.'
  );
}

export function setup(): () => void {
  rmSync(SKIPPED_SUITES_DIR, { recursive: true, force: true });
  return () => {
    const line = skippedSuitesLine(readSkipped());
    if (line !== undefined) process.stdout.write(`\n${line}\n`);
  };
}
