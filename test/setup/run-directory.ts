// Global setup: one directory for the run's temporary files, removed after it. On Linux it is in
// /dev/shm (memory) when that has room: the tests' clusters, repositories and builds are many
// small files, and on these shared machines writing them to disk took longer than the work itself
// (initdb: 6 s on disk, 2 s in memory). Elsewhere it is in the system's temporary directory.
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory for temporary files (TMPDIR in every test file). */
    runDirectory: string;
  }
}

const MEMORY = '/dev/shm';
// A run holds a few PostgreSQL clusters of 40 MB at a time, and the template: a container's
// default /dev/shm (64 MB in Docker) is too small, and then the disk is used.
const ROOM_NEEDED = 1024 ** 3;

function parent(): string {
  try {
    accessSync(MEMORY, constants.W_OK);
    const { bavail, bsize } = statfsSync(MEMORY);
    return bavail * bsize >= ROOM_NEEDED ? MEMORY : tmpdir();
  } catch {
    return tmpdir();
  }
}

export function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(parent(), 'credit-platform-tests-'));
  // Others may enter it: PostgreSQL's programs run as the `postgres` user under root.
  chmodSync(dir, 0o755);
  project.provide('runDirectory', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
