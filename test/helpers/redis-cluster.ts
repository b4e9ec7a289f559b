// A real 3-node Redis Cluster on loopback (Debian's redis-server and redis-cli), one per test
// file: three masters, no replicas, each in its own temporary directory, removed after the file.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster } from 'ioredis';
import { createCluster } from 'redis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RedisClient } from '../../src/redis/index.js';
import { freePort } from './redis-server.js';
import { useSystemPrograms } from './system-programs.js';

const run = promisify(execFile);

export interface RedisCluster {
  /** The three nodes' ports on 127.0.0.1. */
  readonly ports: readonly number[];
  /** Runs `redis-cli -p <port> <args>` against one node and returns its output. */
  cli(port: number, ...args: string[]): Promise<string>;
  /** Kills the nodes and removes their directories. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port whose cluster bus port (port + 10 000, fixed by Redis) is free too. */
async function freeNodePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = await freePort();
    if (port + 10_000 <= 65_535 && (await canListen(port + 10_000))) return port;
  }
  throw new Error('Redis Cluster: no free pair of ports (port and port + 10000) on 127.0.0.1');
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
  return stdout;
}

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; ; i++) {
    if (await check().catch(() => false)) return;
    if (i > 200) throw new Error(`Redis Cluster: ${what} did not happen within 10 s`);
    await sleep(50);
  }
}

/** Starts three cluster-enabled nodes, joins them with `redis-cli --cluster create`, waits for `cluster_state:ok`. */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cp-redis-cluster-'));
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const close = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 3; i++) {
      const port = await freeNodePort();
      const nodeDir = mkdtempSync(join(dir, `node-${port}-`));
      ports.push(port);
      children.push(
        spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--save',
            '',
            '--appendonly',
            'no',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            join(nodeDir, 'nodes.conf'),
            '--dir',
            nodeDir,
          ],
          { stdio: 'ignore' },
        ),
      );
    }
    for (const port of ports) await until(`node ${port} answering`, async () => (await cli(port, 'ping')).includes('PONG'));
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (const port of ports) {
      await until(`cluster_state:ok on ${port}`, async () => (await cli(port, 'cluster', 'info')).includes('cluster_state:ok'));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { ports, cli, close };
}

/** The two clients' cluster flavours, connected; each gets an `'error'` listener of the test's own. */
export const REDIS_CLUSTER_CLIENTS = {
  redis: async (ports: readonly number[]): Promise<{ client: RedisClient; close(): void }> => {
    const client = createCluster({ rootNodes: ports.map((port) => ({ url: `redis://127.0.0.1:${port}` })) });
    client.on('error', () => undefined);
    await client.connect();
    return { client, close: () => client.destroy() };
  },
  ioredis: async (ports: readonly number[]): Promise<{ client: RedisClient; close(): void }> => {
    const client = new Cluster(ports.map((port) => ({ host: '127.0.0.1', port })));
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('ready', resolve));
    return { client, close: () => client.disconnect() };
  },
} as const;

export type RedisClusterClientKind = keyof typeof REDIS_CLUSTER_CLIENTS;

export interface UsedRedisCluster {
  /** The running cluster. */
  readonly cluster: RedisCluster;
  /** A connected cluster client of the given kind, closed after the test. */
  connect(kind: RedisClusterClientKind): Promise<RedisClient>;
}

/** One cluster per test file, flushed after each test; skipped where redis-server or redis-cli is missing. */
export function useRedisCluster(): UsedRedisCluster {
  let cluster: RedisCluster | undefined;
  const toClose: (() => void)[] = [];
  const programs = useSystemPrograms('Redis Cluster', ['redis-server', 'redis-cli']);
  beforeAll(async () => {
    if (!programs.available) return;
    cluster = await startRedisCluster();
  }, 30_000);
  afterAll(async () => {
    await cluster?.close();
  });
  afterEach(async () => {
    for (const close of toClose.splice(0)) close();
    if (cluster) for (const port of cluster.ports) await cluster.cli(port, 'flushall');
  });
  return {
    get cluster() {
      if (!cluster) throw new Error('useRedisCluster: the cluster starts in beforeAll');
      return cluster;
    },
    async connect(kind) {
      const { client, close } = await REDIS_CLUSTER_CLIENTS[kind](this.cluster.ports);
      toClose.push(close);
      return client;
    },
  };
}
