// Between the tests of a file, the file's redis-server is put back to the state of a fresh start
// without restarting it: no keys, no cached scripts, no statistics and none of the tests'
// connections. A restart costs a process start and a wait for its port, at every test. A test
// that killed the server and left it down gets it started again.
import { Redis } from 'ioredis';
import { accepting, type RedisServer } from './redis-server.js';

export async function resetRedisServer(server: RedisServer): Promise<void> {
  if (!(await accepting(server.port))) {
    await server.kill();
    await server.start();
    return;
  }
  const admin = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  admin.on('error', () => undefined); // the awaited command rejects with the same error
  try {
    await admin.connect();
    await admin.flushall();
    await admin.script('FLUSH');
    await admin.config('RESETSTAT');
    // A connection a test opened without closing is dropped, as a restart would drop it
    // (CLIENT KILL skips the connection that sends it).
    await admin.call('CLIENT', 'KILL', 'TYPE', 'normal');
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
  } finally {
    admin.disconnect();
  }
}
