// A real forward proxy (Debian's squid; .ci/run installs it) on a free loopback port, for the
// proxy tests. It resolves names from /etc/hosts only and asks no DNS server: every address it
// may connect to is on this machine. `deny: true` starts one that refuses every request (403).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepting, freePort } from './redis-server.js';

export interface SquidProxy {
  readonly port: number;
  readonly url: string;
  /** The access log so far: one line per request, `CONNECT host:port` for a tunnel. */
  accessLog(): string;
  close(): Promise<void>;
}

export async function startSquid(options: { deny?: boolean } = {}): Promise<SquidProxy> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cp-squid-'));
  // squid started as root runs as the `proxy` user, which must be able to write its logs here.
  chmodSync(dir, 0o777);
  const log = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'squid.conf'),
    [
      `http_port 127.0.0.1:${port}`,
      `pid_filename ${join(dir, 'squid.pid')}`,
      `access_log stdio:${log}`,
      `cache_log ${join(dir, 'cache.log')}`,
      `coredump_dir ${dir}`,
      'cache deny all',
      'dns_nameservers 127.0.0.1',
      'hosts_file /etc/hosts',
      'shutdown_lifetime 0 seconds',
      options.deny ? 'http_access deny all' : 'http_access allow all',
    ].join('\n'),
  );
  // squid names its shared-memory segments after the service name (`-n`, "squid" by default):
  // two started at once under one name race to create the same segment and one exits.
  const service = `cpsquid${port}`;
  const child: ChildProcess = spawn('squid', ['-n', service, '-f', join(dir, 'squid.conf'), '-N'], {
    stdio: 'ignore',
  });
  const removeSegments = () => {
    for (const name of readdirSync('/dev/shm')) {
      if (name.startsWith(`${service}-`)) rmSync(join('/dev/shm', name), { force: true });
    }
  };
  for (let i = 0; !(await accepting(port)); i++) {
    if (i > 200 || child.exitCode !== null) {
      const cacheLog = join(dir, 'cache.log');
      const fatal = existsSync(cacheLog) ? readFileSync(cacheLog, 'utf8').match(/FATAL:.*/)?.[0] : undefined;
      child.kill('SIGKILL');
      removeSegments();
      throw new Error(`squid did not start on port ${port}${fatal === undefined ? '' : `: ${fatal}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    accessLog: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      if (child.exitCode === null) await exited;
      removeSegments();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
