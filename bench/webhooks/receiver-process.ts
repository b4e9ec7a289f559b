// One webhook receiver in a node:http server, for receiver-cpu.ts: argv is the kind, the secret
// and (for the SDK kinds) the path of a webhooks entry module; PEERS_DIR, for the peers' kinds, the
// node_modules folder that holds them. It sends its port when listening,
// and answers the message 'cpu' with the CPU microseconds it has used so far.
import { floorReceiver, type Handler, readBody as read } from './floor-receiver.js';
import http, { type ServerResponse } from 'node:http';

type Entry = typeof import('../../src/webhooks/index.js');

const [kind, secret = '', entryPath = ''] = process.argv.slice(2);
const PEERS = process.env.PEERS_DIR ?? '';

const floor = floorReceiver(secret);

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

const done = (res: ServerResponse, ok: boolean) => {
  res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
  res.end(ok ? '{"received":true}' : '{"error":"signature"}');
};

// The peers, in the same shell as ../shared/bench-peers/receivers.mjs, from its installed packages.
async function peer(name: string): Promise<Handler> {
  const load = (module: string) => import(`${PEERS}/${module}`) as Promise<unknown>;
  if (name === 'octokit') {
    const { verify } = (await load('@octokit/webhooks-methods/dist-node/index.js')) as {
      verify: (secret: string, body: string, signature: unknown) => Promise<boolean>;
    };
    return async (req, res) => {
      const raw = (await read(req)).toString('utf8');
      const ok = await verify(secret, raw, req.headers['x-hub-signature-256']);
      if (ok) JSON.parse(raw);
      done(res, ok);
    };
  }
  if (name === 'stripe') {
    const Stripe = ((await load('stripe/esm/stripe.esm.node.js')) as { default: new (key: string) => never }).default;
    const stripe = new Stripe('sk_test_x') as { webhooks: { constructEvent(...args: unknown[]): unknown } };
    return async (req, res) => {
      const raw = await read(req);
      let ok = true;
      try {
        stripe.webhooks.constructEvent(raw, req.headers['stripe-signature'], secret, 600);
      } catch {
        ok = false;
      }
      done(res, ok);
    };
  }
  const { Webhook } = (await load('standardwebhooks/dist/index.js')) as {
    Webhook: new (secret: string) => { verify(body: string, headers: unknown): unknown };
  };
  const webhook = new Webhook(Buffer.from('c'.repeat(32)).toString('base64'));
  return async (req, res) => {
    const raw = (await read(req)).toString('utf8');
    let ok = true;
    try {
      webhook.verify(raw, req.headers);
    } catch {
      ok = false;
    }
    done(res, ok);
  };
}

async function handlerOf(name: string | undefined): Promise<Handler> {
  if (name === 'floor') return floor;
  if (name === 'octokit' || name === 'stripe' || name === 'standard') return peer(name);
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
