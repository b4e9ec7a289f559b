// One redis-server per test file, emptied after each test (test/helpers/redis-reset.ts); clients opened through
// `connect` are closed after each test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RedisClient } from '../../src/redis/index.js';
import { resetRedisServer } from './redis-reset.js';
import { REDIS_CLIENTS, type RedisClientKind, type RedisServer, startRedisServer } from './redis-server.js';
import { useSystemPrograms } from './system-programs.js';

export interface UsedRedis {
  /** The running server (kill and start it to play an outage). */
  readonly server: RedisServer;
  /** A connected client of the given kind, closed after the test; `listen: false` adds no `'error'` listener. */
  connect(kind: RedisClientKind, options?: { listen?: boolean }): Promise<RedisClient>;
}

export function useRedisServer(): UsedRedis {
  let server: RedisServer | undefined;
  const toClose: (() => void)[] = [];
  const programs = useSystemPrograms('Redis', ['redis-server']);
  beforeAll(async () => {
    if (!programs.available) return;
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    if (!programs.available) return;
    for (const close of toClose.splice(0)) close();
    if (server) await resetRedisServer(server);
  });
  return {
    get server() {
      if (!server) throw new Error('useRedisServer: the server starts in beforeAll');
      return server;
    },
    async connect(kind, options) {
      const { client, close } = await REDIS_CLIENTS[kind](this.server.url, options);
      toClose.push(close);
      return client;
    },
  };
}
