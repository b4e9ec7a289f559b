// A tiny loopback server for the list benches: 100,000 deterministic transactions served as
// `GET /api/v1/transactions?cursor&limit` in the envelope, `data = { items, nextCursor }`.
// Bodies are rendered once up front so the server's cost is the same for every client measured.
import { createServer, type Server, type ServerResponse } from 'node:http';

export const TOTAL = 100_000;
export const API_KEY = 'cp_bench_key_0123456789';

function transaction(i: number): Record<string, unknown> {
  const n = String(i).padStart(7, '0');
  return {
    id: `tx_${n}`,
    type: i % 5 === 0 ? 'withdrawal' : 'deposit',
    token: ['ETH', 'USDC', 'USDT', 'DAI', 'wstETH'][i % 5],
    chain: ['Ethereum', 'Polygon', 'Arbitrum', 'Base', 'Optimism'][i % 5],
    amount: `${(i % 9973) + 1}.${String(i % 100).padStart(2, '0')}`,
    status: i % 17 === 0 ? 'pending' : 'confirmed',
    transactionHash: `0x${n.repeat(10).slice(0, 64).padEnd(64, 'a')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    fee: '0.10',
    memo: `transfer ${n}`,
  };
}

/** Every page body for one page size, keyed by its start index. */
function renderPages(limit: number): Map<number, Buffer> {
  const pages = new Map<number, Buffer>();
  for (let start = 0; start < TOTAL; start += limit) {
    const items = [];
    for (let i = start; i < Math.min(start + limit, TOTAL); i++) items.push(transaction(i));
    const nextCursor = start + limit < TOTAL ? `c${start + limit}` : null;
    pages.set(start, Buffer.from(JSON.stringify({ success: true, data: { items, nextCursor }, message: null })));
  }
  return pages;
}

/**
 * Starts the server on an ephemeral port; resolves to its base URL (ending in /api/v1).
 * `delayMs` holds every page back that long, like a service that takes time to answer.
 */
export async function startLoopbackServer(delayMs = 0): Promise<{ baseUrl: string; server: Server }> {
  const byLimit = new Map<number, Map<number, Buffer>>();
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    if (u.pathname !== '/api/v1/transactions' || req.headers['x-api-key'] !== API_KEY) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"data":null,"message":"not found"}');
      return;
    }
    const limit = Number(u.searchParams.get('limit') ?? 25);
    const cursor = u.searchParams.get('cursor');
    const start = cursor ? Number(cursor.slice(1)) : 0;
    let pages = byLimit.get(limit);
    if (!pages) {
      pages = renderPages(limit);
      byLimit.set(limit, pages);
    }
    const body = pages.get(start) ?? Buffer.from('{"success":true,"data":{"items":[],"nextCursor":null},"message":null}');
    if (delayMs > 0) setTimeout(() => send(res, body), delayMs);
    else send(res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { baseUrl: `http://127.0.0.1:${address.port}/api/v1`, server };
}

function send(res: ServerResponse, body: Buffer): void {
  if (res.destroyed) return; // the client gave up on it (an aborted read-ahead)
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': body.length,
    'x-ratelimit-limit': '600',
    'x-ratelimit-remaining': '599',
    'x-ratelimit-reset': '1709856000',
  });
  res.end(body);
}

// Run as a child process (`--serve`) so the server does not share the measured event loop.
// `--delay=20` adds 20 ms to every page.
if (process.argv.includes('--serve')) {
  const delay = process.argv.find((arg) => arg.startsWith('--delay='));
  const { baseUrl } = await startLoopbackServer(delay ? Number(delay.slice('--delay='.length)) : 0);
  // Pre-render the page size the benches use before announcing readiness.
  await fetch(`${baseUrl}/transactions?limit=100`, { headers: { 'x-api-key': API_KEY } });
  process.send?.({ baseUrl });
}
