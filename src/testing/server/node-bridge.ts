// node:http on one side, the fake's Fetch-style handler on the other: the fake itself never sees
// a Node request, so the same handler serves msw, in-process calls and this loopback server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** What the server answers a request with; `clientAddress` (the peer) rate-limits requests without a valid key. */
export type FetchHandler = (request: Request, clientAddress: string) => Promise<Response>;

/** Turns one node:http request into a Fetch `Request`, and the handler's `Response` into the answer. */
export async function serveNodeRequest(handle: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // Stryker disable next-line ConditionalExpression: node:http never lists a header without a value; this narrows the type.
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
  const response = await handle(request, req.socket.remoteAddress ?? 'unknown');
  if (response.type === 'error') {
    // An injected 'drop': the client sees the connection die with no response.
    req.socket.destroy();
    return;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  // A body the fake did not read to the end (413, early errors) would poison a kept-alive connection.
  if (hasBody && !req.complete) res.shouldKeepAlive = false;
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}
