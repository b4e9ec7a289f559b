import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { APIError, CreditPlatform } from '../../../src/index.js';
import type { Middleware } from '../../../src/core/types.js';
import { captureError } from '../../helpers/capture.js';
import { listen } from '../../helpers/loopback.js';
import { API_KEY } from '../../helpers/msw.js';

// Real servers over loopback: the service, and an "attacker" on another port. A redirect the
// SDK followed would reach the attacker (or the service a second time, for a Location that
// names the service's port under another host name, a different origin).

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Host {
  port: number;
  seen: Seen[];
}

async function host(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Host> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  // Every address, so that `localhost` reaches it whether it resolves to 127.0.0.1 or ::1.
  return { port: await listen(server, '::'), seen };
}

const SECRET = 'whsec_test_0123456789';
const STOLEN = { success: true, data: { id: 'acc_attacker' }, message: null };

function attacker(): Promise<Host> {
  return host((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(STOLEN));
  });
}

function redirecting(status: number, location: () => string): Promise<Host> {
  return host((_, res) => {
    res.writeHead(status, { location: location(), 'content-type': 'text/plain' });
    res.end('moved');
  });
}

const STATUSES = [301, 302, 303, 307, 308] as const;
const CALLS = [
  ['GET accounts.me', (c: CreditPlatform) => c.accounts.me()],
  [
    'POST webhooks.create with a secret',
    (c: CreditPlatform) => c.webhooks.create({ url: 'https://example.com/hooks', events: ['deposit.created'], secret: SECRET }),
  ],
] as const;
const TARGETS = [
  ['another port', (attackerPort: number) => `http://127.0.0.1:${attackerPort}/steal/it?token=abc`],
  [
    'the same port under another host name',
    (_: number, servicePort: number) => `http://localhost:${servicePort}/steal/it?token=abc`,
  ],
] as const;

const cases = STATUSES.flatMap((status) =>
  CALLS.flatMap(([callName, call]) => TARGETS.map(([targetName, target]) => ({ status, callName, call, targetName, target }))),
);

describe('redirects are never followed', () => {
  it.each(cases)('$status to $targetName: $callName', async ({ status, call, target }) => {
    const evil = await attacker();
    let servicePort = 0;
    const service = await redirecting(status, () => target(evil.port, servicePort));
    servicePort = service.port;
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${service.port}/api/v1`, logLevel: 'off' });

    const error = await captureError(call(client));

    // The other origin saw nothing at all: no key, no body, no request.
    expect(evil.seen).toEqual([]);
    // The service saw the one request, once: a redirect is final, never retried or re-sent.
    expect(service.seen.map((s) => s.url)).toEqual([expect.stringMatching(/^\/api\/v1\//)]);
    expect(error.constructor).toBe(APIError);
    const apiError = error as APIError;
    expect(apiError.status).toBe(status);
    const origin = new URL(target(evil.port, servicePort)).origin;
    expect(apiError.message).toContain('does not follow redirects');
    expect(apiError.message).toContain(origin);
    expect(apiError.message).not.toContain('/steal');
    expect(apiError.message).not.toContain('token=abc');
  });

  it('sends every attempt with redirect: "manual", as a custom fetch and the middleware see it', async () => {
    const seen: string[] = [];
    const spy: Middleware = (request, next) => {
      seen.push(`middleware ${request.redirect}`);
      return next(request);
    };
    const client = new CreditPlatform({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.com/api/v1',
      middleware: [spy],
      fetch: async (input) => {
        seen.push(`fetch ${(input as Request).redirect}`);
        return Response.json({ success: true, data: {}, message: null });
      },
    });
    await client.request('GET', '/x');
    expect(seen).toEqual(['middleware manual', 'fetch manual']);
  });

  it('keeps redirect: "manual" when a middleware sends a new Request built without it', async () => {
    const seen: string[] = [];
    const rebuild: Middleware = (request, next) => next(new Request(request.url, { headers: request.headers }));
    const client = new CreditPlatform({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.com/api/v1',
      middleware: [rebuild],
      fetch: async (input) => {
        seen.push((input as Request).redirect);
        return Response.json({ success: true, data: {}, message: null });
      },
    });
    await client.request('GET', '/x');
    expect(seen).toEqual(['manual']);
  });

  it('recognises the opaque redirect some runtimes answer with: an APIError with status 0', async () => {
    let calls = 0;
    const client = new CreditPlatform({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.com/api/v1',
      fetch: async () => {
        calls++;
        // What a browser's fetch gives for redirect: 'manual': no status, no headers.
        return Object.defineProperty(Response.error(), 'type', { value: 'opaqueredirect' });
      },
    });
    const error = await captureError(client.accounts.me());
    expect(error.constructor).toBe(APIError);
    expect((error as APIError).status).toBe(0);
    expect(error.message).toMatch(/redirect/);
    expect(error.message).toContain('does not follow redirects');
    expect(calls).toBe(1);
  });

  it('names the service itself for a relative Location, and says when there is none', async () => {
    const relative = await redirecting(301, () => '/api/v2/accounts/me');
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${relative.port}/api/v1`, logLevel: 'off' });
    const error = await captureError(client.accounts.me());
    expect(error.message).toContain(`http://127.0.0.1:${relative.port}`);
    expect(error.message).not.toContain('/api/v2');

    const none = await host((_, res) => {
      res.writeHead(302);
      res.end();
    });
    const bare = new CreditPlatform({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${none.port}/api/v1`, logLevel: 'off' });
    const noLocation = await captureError(bare.accounts.me());
    expect((noLocation as APIError).status).toBe(302);
    expect(noLocation.message).toContain('does not follow redirects');
    expect(noLocation.message).toMatch(/no usable Location/);
  });

  it('never shows credentials a Location carries', async () => {
    const service = await redirecting(302, () => 'https://someone:hunter2@moved.example.com/api/v1?k=1');
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${service.port}/api/v1`, logLevel: 'off' });
    const error = await captureError(client.accounts.me());
    expect(error.message).toContain('https://moved.example.com');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('someone');
  });
});
