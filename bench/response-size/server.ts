// The big answer for bench/response-size/rss.ts, in a process of its own so that its buffers
// do not count in the client's RSS: a valid envelope whose `data` is one string, streamed in
// 64 KiB chunks with backpressure; chunked (no Content-Length) unless SIZE_HEADER=1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bytes = Number(process.env.BODY_BYTES ?? 128 * 2 ** 20);
const head = Buffer.from('{"success":true,"data":"');
const tail = Buffer.from('","message":null}');
const chunk = Buffer.alloc(64 * 1024, 'x');

const server = createServer((req, res) => {
  if (req.url?.endsWith('/warm')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"success":true,"data":"warm","message":null}');
    return;
  }
  const filler = bytes - head.length - tail.length;
  const headers: Record<string, string | number> = { 'content-type': 'application/json' };
  if (process.env.SIZE_HEADER === '1') headers['content-length'] = bytes;
  res.writeHead(200, headers);
  res.write(head);
  let left = filler;
  const pump = (): void => {
    while (left > 0) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end(tail);
  };
  res.on('error', () => undefined);
  pump();
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
