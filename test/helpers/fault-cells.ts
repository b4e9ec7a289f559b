// The fault matrix's setups: each gives a base URL where one fault happens on every request, and
// a count of the requests the server saw. Response-level faults come from the testing kit's fake
// (over loopback); socket-level ones from a tiny node:http server.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeCreditPlatform, type FaultSpec, startFakeServer } from '../../src/testing/index.js';
import { refusedBaseUrl } from './loopback.js';

export interface Cell {
  baseUrl: string;
  apiKey: string;
  /** Requests the server received. */
  seen(): number;
  close(): Promise<void>;
}

const KEY = 'cp_test_matrix_key_5a4b3c2d1e';

/** A fake served over loopback, with `fault` armed for every request. */
export async function fakeCell(fault?: Omit<FaultSpec, 'path' | 'times'>): Promise<Cell & { fakeKey: string }> {
  const fake = createFakeCreditPlatform({ transactions: 10 });
  let seen = 0;
  const handle = fake.handle.bind(fake);
  (fake as { handle: typeof fake.handle }).handle = (request, context) => {
    seen++;
    return handle(request, context);
  };
  if (fault) fake.faults.inject({ ...fault, path: /./, times: 1_000 } as FaultSpec);
  const server = await startFakeServer({ fake });
  return { baseUrl: server.baseUrl, apiKey: server.apiKey, fakeKey: server.apiKey, seen: () => seen, close: server.close };
}

/**
 * A raw server whose handler misbehaves at the socket level. Its own server rather than the
 * loopback helper's, whose afterEach would close the servers of cells still running concurrently.
 */
export async function socketCell(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Cell> {
  let seen = 0;
  const server = createServer((req, res) => {
    seen++;
    // Read the request body first, so the fault happens after the request fully arrived.
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKey: KEY,
    seen: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function refusedCell(): Promise<Cell> {
  return { baseUrl: await refusedBaseUrl(), apiKey: KEY, seen: () => 0, close: async () => undefined };
}

export const PARTIAL_JSON = '{"success":true,"data":{"id":"acc_1","na';
