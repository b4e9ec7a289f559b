// PostgreSQL's programs refuse to run as root (initdb) and want their data directory to be their
// user's: under root they run as the `postgres` user (Debian's package creates it), who then owns
// the directories they write.
import { execFileSync } from 'node:child_process';
import { chownSync } from 'node:fs';
import { programPath } from './system-programs.js';

const asRoot = process.getuid?.() === 0;

/** Makes `dir` the cluster owner's (the `postgres` user's under root; otherwise it already is). */
export function giveToOwner(dir: string): void {
  if (!asRoot) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  chownSync(dir, uid, gid);
}

/** Runs `program` (on PATH or in Debian's PostgreSQL directories) as the cluster owner. */
export function runAsOwner(program: string, args: string[]): void {
  const path = programPath(program);
  if (!path) throw new Error(`${program} is neither on PATH nor in /usr/lib/postgresql/<major>/bin`);
  // runuser is in /usr/sbin, which a user's PATH may lack.
  const runuser = programPath('runuser') ?? '/usr/sbin/runuser';
  const [file, argv] = asRoot ? [runuser, ['-u', 'postgres', '--', path, ...args]] : [path, args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
}
