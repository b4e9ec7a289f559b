// The floor of the receiver benches: the hand-written receiver of ../shared/bench-peers/receivers.mjs
// (node:http, node:crypto HMAC, timingSafeEqual, JSON.parse), shared by receive-path.ts and
// receiver-process.ts so that both measure the same thing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The whole request body. */
export const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

export function floorReceiver(secret: string): Handler {
  return async (req, res) => {
    const raw = await readBody(req);
    const sig = req.headers['x-webhook-signature'];
    const mac = createHmac('sha256', secret).update(raw).digest();
    const ok = typeof sig === 'string' && sig.length === 64 && timingSafeEqual(mac, Buffer.from(sig, 'hex'));
    if (ok) JSON.parse(raw.toString('utf8'));
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? '{"received":true}' : '{"error":"signature"}');
  };
}
