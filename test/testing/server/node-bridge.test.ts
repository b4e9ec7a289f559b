// The bridge between node:http and the fake's Fetch-style handler, over real loopback HTTP: the
// handler must see the request exactly as the client sent it, and the client must get exactly
// the handler's answer (or a dead connection for an injected drop).
import { Agent, createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, serveNodeRequest } from '../../../src/testing/server/node-bridge.js';
import { listen } from '../../helpers/loopback.js';
import { rawRequest } from '../../helpers/raw-http.js';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  clientAddress: string;
}

/** A server that bridges every request to `answer`, recording what the handler saw and how each bridging ended. */
async function bridge(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const ended: string[] = [];
  const handle: FetchHandler = async (request, clientAddress) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: null, clientAddress });
    return answer(request);
  };
  // As startFakeServer: node:http would answer a request without Host itself.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    serveNodeRequest(handle, req, res).then(
      () => ended.push('resolved'),
      (error: Error) => {
        ended.push(`rejected: ${error.message}`);
        res.destroy();
      },
    );
  });
  const port = await listen(server);
  return { port, seen, ended };
}

describe('serveNodeRequest', () => {
  it('hands the handler the method, the URL with the Host and query, every header, the body and the peer', async () => {
    const bodies: string[] = [];
    const { port, seen, ended } = await bridge(async (request) => {
      bodies.push(await request.text());
      return new Response('ok', { status: 201 });
    });
    const answer = await rawRequest({
      port,
      localAddress: '127.0.0.2',
      method: 'POST',
      path: '/api/v1/things?limit=2&q=a%20b',
      headers: {
        host: `localhost:${port}`,
        'x-api-key': 'cpk_test_bridge',
        'content-type': 'application/json',
        // node:http hands these over as an array: each value must reach the handler.
        'set-cookie': ['a=1', 'b=2'],
      },
      body: '{"amount":"1.00"}',
    });
    expect([answer.status, answer.body]).toEqual([201, 'ok']);
    const [request] = seen;
    expect(request).toMatchObject({
      method: 'POST',
      url: `http://localhost:${port}/api/v1/things?limit=2&q=a%20b`,
      clientAddress: '127.0.0.2',
    });
    expect(request?.headers.get('x-api-key')).toBe('cpk_test_bridge');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(bodies).toEqual(['{"amount":"1.00"}']);
    expect(ended).toEqual(['resolved']);
  });

  it('reads a request without Host as addressed to localhost', async () => {
    const { port, seen } = await bridge(() => new Response(null, { status: 204 }));
    expect((await rawRequest({ port, setHost: false, path: '/api/v1/accounts/me' })).status).toBe(204);
    expect(seen.map((s) => s.url)).toEqual(['http://localhost/api/v1/accounts/me']);
  });

  it('gives GET and HEAD requests no body, and answers HEAD with the headers alone', async () => {
    const { port, seen, ended } = await bridge(
      (request) => new Response(request.body === null ? 'no body' : 'a body', { headers: { 'x-seen': request.method } }),
    );
    const get = await rawRequest({ port, method: 'GET', path: '/api/v1/x' });
    const head = await rawRequest({ port, method: 'HEAD', path: '/api/v1/x' });
    expect([get.status, get.body, get.headers['x-seen']]).toEqual([200, 'no body', 'GET']);
    expect([head.status, head.body, head.headers['x-seen']]).toEqual([200, '', 'HEAD']);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'HEAD']);
    expect(ended).toEqual(['resolved', 'resolved']);
  });

  it('drops the connection, with no answer at all, for an error Response (an injected drop)', async () => {
    const { port, ended } = await bridge(() => Response.error());
    await expect(rawRequest({ port, path: '/api/v1/x' })).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(ended).toEqual(['resolved']);
  });

  it('keeps a connection alive after a body read to its end, and closes it after a body left unread', async () => {
    const { port } = await bridge(async (request) => {
      const read = request.headers.get('x-read') === 'yes';
      if (read) await request.arrayBuffer();
      return new Response('done', { status: request.method === 'POST' && !read ? 413 : 200 });
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const big = Buffer.alloc(1024 * 1024, 'x');
      const get = await rawRequest({ port, agent, path: '/api/v1/x' });
      const read = await rawRequest({ port, agent, method: 'POST', path: '/api/v1/x', headers: { 'x-read': 'yes' }, body: big });
      const unread = await rawRequest({ port, agent, method: 'POST', path: '/api/v1/x', body: big }).catch(
        (error: Error) => error,
      );
      expect([get.status, get.headers.connection]).toEqual([200, 'keep-alive']);
      expect([read.status, read.headers.connection]).toEqual([200, 'keep-alive']);
      // The answer arrives before the client has sent its whole body; the connection then closes.
      expect(unread).not.toBeInstanceOf(Error);
      if (!(unread instanceof Error)) expect([unread.status, unread.headers.connection]).toEqual([413, 'close']);
    } finally {
      agent.destroy();
    }
  });
});
