import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditPlatform, type CreditPlatformError, InternalServerError } from '../../src/index.js';
import { startFakeServer, type FakeServer } from '../../src/testing/index.js';

// Read-ahead over real HTTP against the testing kit's loopback fake.

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(transactions: number): Promise<{ server: FakeServer; client: CreditPlatform }> {
  server = await startFakeServer({ transactions });
  return { server, client: new CreditPlatform({ apiKey: server.apiKey, baseUrl: server.baseUrl, maxRetries: 0 }) };
}

async function ids(iterable: AsyncIterable<{ id: string }>, onItem?: (id: string) => Promise<void> | void): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) {
    out.push(item.id);
    await onItem?.(item.id);
  }
  return out;
}

describe('read-ahead over loopback HTTP', () => {
  it.each([undefined, 1, 4])('prefetch %s gives exactly the items of the plain walk, in the same order', async (prefetch) => {
    const { client } = await start(23);
    const plain = await ids(client.transactions.list({ limit: 5 }, { prefetch: 0 }));
    const ahead = await ids(client.transactions.list({ limit: 5 }, prefetch === undefined ? {} : { prefetch }));
    expect(plain).toHaveLength(23);
    expect(new Set(plain).size).toBe(23);
    expect(ahead).toEqual(plain);
  });

  it('a failure mid-walk carries resumeCursor, and resuming from it completes the walk with no gap and no duplicate', async () => {
    const { server, client } = await start(23);
    const expected = await ids(client.transactions.list({ limit: 5 }));

    const seen: string[] = [];
    let armed = false;
    let error: CreditPlatformError | undefined;
    try {
      for await (const tx of client.transactions.list({ limit: 5 }, { prefetch: 2 })) {
        seen.push(tx.id);
        if (!armed && seen.length === 6) {
          // Whichever page is requested next fails: the one read ahead or a later one.
          server.fake.faults.inject({ method: 'GET', path: /^\/transactions/, kind: 'status', status: 500, times: 5 });
          armed = true;
        }
      }
    } catch (caught) {
      error = caught as CreditPlatformError;
    }
    expect(error).toBeInstanceOf(InternalServerError);
    expect(typeof error?.resumeCursor).toBe('string');
    expect(seen.length % 5).toBe(0); // the walk stopped at a page boundary
    expect(seen).toEqual(expected.slice(0, seen.length));

    server.fake.faults.clear();
    const rest = await ids(client.transactions.list({ limit: 5, cursor: error?.resumeCursor }, { prefetch: 2 }));
    expect([...seen, ...rest]).toEqual(expected);
  });

  it('breaking out early sends at most prefetch requests beyond the page being read', async () => {
    const { server, client } = await start(60);
    // A delay fault armed for every page counts the requests that reach the fake.
    const arm = () =>
      server.fake.faults.inject({ method: 'GET', path: /^\/transactions/, kind: 'delay', delayMs: 5, times: 100 });
    arm();
    expect(await ids(client.transactions.list({ limit: 5 }, { prefetch: 3 }))).toHaveLength(60);
    expect(100 - server.fake.faults.pending).toBe(12); // the whole walk: 60 items by 5, nothing more

    server.fake.faults.clear();
    arm();
    let count = 0;
    for await (const _ of client.transactions.list({ limit: 5 }, { prefetch: 3 })) {
      if (++count === 7) {
        // On page 2: wait (up to 2 s on a loaded machine) until the read-ahead has reached the fake.
        for (let waited = 0; 100 - server.fake.faults.pending < 3 && waited < 2_000; waited += 10) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = 100 - server.fake.faults.pending;
    expect(sent).toBeGreaterThan(2); // it did read ahead
    expect(sent).toBeLessThanOrEqual(2 + 3);
  });

  it('the page read ahead leaves before a consumer that works synchronously goes through the current one', async () => {
    const { client } = await start(10);
    // No await in the loop body: the consumer never gives the event loop a turn by itself.
    const events = await withRequestsAhead(() => client.transactions.list({ limit: 5 }, { prefetch: 1 }), 10);
    // The request for page 2 leaves before the first item of page 1 is handed out, not after its last one.
    expect(events.indexOf(REQUEST_AHEAD)).toBe(0);
  });

  it('by default, the page after the next leaves before a synchronous consumer goes through the next one', async () => {
    const { client } = await start(20);
    const events = await withRequestsAhead(() => client.transactions.list({ limit: 5 }), 20);
    const requests = events.flatMap((event, at) => (event === REQUEST_AHEAD ? [at] : []));
    // Page 2 is asked for once page 1 is done (after its 5 items), page 3 before page 2's first
    // item, page 4 before page 3's first item.
    expect(requests).toEqual([5, 6, 12]);
  });
});

const REQUEST_AHEAD = 'request with a cursor';

/**
 * What this process writes to its sockets (each request that carries a cursor), in order, beside
 * the id of each item a synchronous loop over `list()` takes; checks that the loop saw `count` items.
 */
async function withRequestsAhead(list: () => AsyncIterable<{ id: string }>, count: number): Promise<string[]> {
  const events: string[] = [];
  const write = net.Socket.prototype.write;
  const spy = vi.spyOn(net.Socket.prototype, 'write').mockImplementation(function (this: net.Socket, ...args) {
    const [chunk] = args;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('latin1');
    if (text.startsWith('GET ') && text.includes('cursor=')) events.push(REQUEST_AHEAD);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  });
  try {
    for await (const tx of list()) events.push(tx.id);
  } finally {
    spy.mockRestore();
  }
  expect(events.filter((event) => event !== REQUEST_AHEAD)).toHaveLength(count);
  return events;
}
