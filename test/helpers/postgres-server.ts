// A throwaway PostgreSQL cluster (Debian's `postgresql` package; .ci/run installs it) on a free
// loopback port: a new cluster in a temporary directory (test/helpers/postgres-template.ts),
// `pg_ctl start`. Under root both run as the `postgres` user, owning the directory
// (test/helpers/postgres-owner.ts). Trust authentication on 127.0.0.1 and a socket in the
// directory: nothing outside the test reaches it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { giveToOwner, runAsOwner } from './postgres-owner.js';
import { initialiseCluster } from './postgres-template.js';
import { programPath } from './system-programs.js';

export interface PostgresServer {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** The postmaster's process id (its exited backends' CPU time is in its `cutime`). */
  readonly pid: number;
  /**
   * Stops the cluster at once, as a crash would (`pg_ctl stop -m immediate`: every connection
   * dropped, crash recovery at the next start), and starts it again on the same port.
   */
  restart(): void;
  /** Stops the cluster at once (`pg_ctl stop -m immediate`) and removes its directory. */
  close(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cp-postgres-'));
  giveToOwner(dir);
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  try {
    await initialiseCluster(data);
    runAsOwner('pg_ctl', ['start', '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() || (error as Error).message;
    throw new Error(`could not start PostgreSQL from ${dirname(programPath('initdb') ?? '?')}: ${stderr}`);
  }
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    port,
    pid,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart() {
      runAsOwner('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      runAsOwner('pg_ctl', ['start', '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings]);
    },
    close() {
      try {
        runAsOwner('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
