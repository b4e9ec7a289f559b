// Serves a Fetch-style handler on node:http, so the Hono and Next.js examples run
// with `npx tsx` and no extra adapter package. In production use your framework's
// server (`next start`, `@hono/node-server`, `Bun.serve`, `Deno.serve`).
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';

/** Starts `handler` on `host:port` (port 0 picks a free one); resolves once listening. */
export function serveFetch(
  handler: (request: Request) => Response | Promise<Response>,
  port = 0,
  host = '127.0.0.1',
): Promise<Server> {
  const server = createServer(async (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? host}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
      ),
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

/** True when `moduleUrl` is the script started by `tsx file.ts`. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && new URL(moduleUrl).pathname === process.argv[1];
}

/** The webhook secret from the environment; a clear failure if it is missing. */
export function webhookSecret(): string {
  const secret = process.env.CREDIT_PLATFORM_WEBHOOK_SECRET;
  if (!secret) throw new Error('Set CREDIT_PLATFORM_WEBHOOK_SECRET to the secret of your webhook subscription.');
  return secret;
}
