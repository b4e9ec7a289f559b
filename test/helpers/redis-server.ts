// A real redis-server (Debian's package; .ci/run installs it) on a free loopback port, owned by
// the test file that starts it: it can be killed and started again to play an outage.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import type { RedisClient } from '../../src/redis/index.js';

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Starts (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Kills it and removes its directory. */
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (free when probed). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `password`: the server requires it (`--requirepass`), and `url` carries it. */
export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  const port = await freePort();
  const auth = options.password === undefined ? [] : ['--requirepass', options.password];
  const dir = mkdtempSync(join(tmpdir(), 'cp-redis-'));
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://${options.password === undefined ? '' : `:${options.password}@`}127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...auth],
        { stdio: 'ignore' },
      );
      for (let i = 0; !(await accepting(port)); i++) {
        if (i > 100) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async close() {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/**
 * The two clients the stores support, connected and quick to notice an outage. Each gets an
 * `'error'` listener of the test's own (reconnecting is expected in outage tests) unless
 * `listen` is false, as in a program that copied the README.
 */
export const REDIS_CLIENTS = {
  redis: async (url: string, { listen = true } = {}): Promise<{ client: RedisClient; close(): void }> => {
    const client = createClient({ url, socket: { reconnectStrategy: () => 100 } });
    if (listen) client.on('error', () => undefined);
    await client.connect();
    return { client, close: () => client.destroy() };
  },
  ioredis: async (url: string, { listen = true } = {}): Promise<{ client: RedisClient; close(): void }> => {
    const client = new Redis(url, { retryStrategy: () => 100, maxRetriesPerRequest: 1 });
    if (listen) client.on('error', () => undefined);
    await new Promise((resolve) => client.once('ready', resolve));
    return { client, close: () => client.disconnect() };
  },
} as const;

export type RedisClientKind = keyof typeof REDIS_CLIENTS;
