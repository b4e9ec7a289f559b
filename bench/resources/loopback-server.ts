// A tiny loopback server for the list benches: 100,000 deterministic transactions served as
// `GET /api/v1/transactions?cursor&limit` in the envelope, `data = { items, nextCursor }`.
// Bodies are rendered once up front so the server's cost is the same for every client measured.
import { createServer, type Server } from 'node:http';

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

/** Starts the server on an ephemeral port; resolves to its base URL (ending in /api/v1). */
export async function startLoopbackServer(): Promise<{ baseUrl: string; server: Server }> {
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
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': body.length,
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': '599',
      'x-ratelimit-reset': '1709856000',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { baseUrl: `http://127.0.0.1:${address.port}/api/v1`, server };
}

// Run as a child process (`--serve`) so the server does not share the measured event loop.
if (process.argv.includes('--serve')) {
  const { baseUrl } = await startLoopbackServer();
  // Pre-render the page size the benches use before announcing readiness.
  await fetch(`${baseUrl}/transactions?limit=100`, { headers: { 'x-api-key': API_KEY } });
  process.send?.({ baseUrl });
}
