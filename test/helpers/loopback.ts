import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface Loopback {
  baseUrl: string;
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(
    open.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/**
 * Starts `server` on an ephemeral port and closes it after the test; `host` defaults to
 * 127.0.0.1 (pass `'::'` for every address, so that `localhost` reaches it as ::1 too).
 */
export async function listen(server: Server, host = '127.0.0.1'): Promise<number> {
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** A real node:http server on 127.0.0.1 with an ephemeral port, closed after each test. */
export async function loopback(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Loopback> {
  const requests: { method: string; url: string }[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    handler(req, res);
  });
  open.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: connecting is refused. */
export async function refusedBaseUrl(): Promise<string> {
  const lb = await loopback(() => undefined);
  await lb.close();
  return lb.baseUrl;
}

export const envelope = (data: unknown): string => JSON.stringify({ success: true, data, message: null });
