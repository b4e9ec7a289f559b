// One webhook receiver in a node:http server, for receiver-cpu.ts: argv is the kind, the secret
// and (for the SDK kinds) the path of a webhooks entry module. It sends its port when listening,
// and answers the message 'cpu' with the CPU microseconds it has used so far.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
type Entry = typeof import('../../src/webhooks/index.js');

const [kind, secret = '', entryPath = ''] = process.argv.slice(2);

// The floor: the same hand-written receiver as ../shared/bench-peers/receivers.mjs.
const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
const floor: Handler = async (req, res) => {
  const raw = await read(req);
  const sig = req.headers['x-webhook-signature'];
  const mac = createHmac('sha256', secret).update(raw).digest();
  const ok = typeof sig === 'string' && sig.length === 64 && timingSafeEqual(mac, Buffer.from(sig, 'hex'));
  if (ok) JSON.parse(raw.toString('utf8'));
  res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
  res.end(ok ? '{"received":true}' : '{"error":"signature"}');
};

// The Fetch handler behind the smallest node:http adapter: what it costs besides the adapter.
function fetchAdapter(handle: (request: Request) => Promise<Response>): Handler {
  return async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const response = await handle(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  };
}

async function handlerOf(name: string | undefined): Promise<Handler> {
  if (name === 'floor') return floor;
  const entry = (await import(entryPath)) as Entry;
  const options = { secret, onError() {}, onRejected() {}, on: { 'deposit.created': () => {} } };
  if (name === 'node') return entry.createNodeWebhookHandler(options);
  if (name === 'fetch') return fetchAdapter(entry.createWebhookHandler(options));
  throw new Error(`receiver-process: unknown kind ${name}`);
}

const handler = await handlerOf(kind);
const server = http.createServer((req, res) => void handler(req, res));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.((server.address() as { port: number }).port));
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.(user + system);
  } else {
    server.closeAllConnections();
    server.close();
    process.disconnect();
  }
});
