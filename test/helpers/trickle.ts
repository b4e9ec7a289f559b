// A loopback sender that trickles a delivery's body, one byte every `everyMs`, as a slow-drip
// attacker would: the headers (with a content-length for the whole body) go at once.
import { request } from 'node:http';

export interface TrickleResult {
  /** The status the receiver answered, or undefined if it closed the connection without one. */
  readonly status: number | undefined;
  readonly body: string;
  /** Milliseconds from the first byte sent to the answer (or the closed connection). */
  readonly elapsedMs: number;
  /** How many body bytes were written before the answer came. */
  readonly bytesSent: number;
}

/**
 * Posts `body` to `url` one byte every `everyMs`; resolves once the receiver answers or hangs up,
 * or after `giveUpMs` (status undefined), so a receiver with no read deadline fails a test quickly.
 */
export function trickle(
  url: string,
  body: string,
  headers: Record<string, string>,
  { everyMs = 150, giveUpMs = 5_000 } = {},
): Promise<TrickleResult> {
  const bytes = Buffer.from(body);
  const start = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      req.destroy();
      done(undefined, '');
    }, giveUpMs);
    const done = (status: number | undefined, text: string) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ status, body: text, elapsedMs: performance.now() - start, bytesSent: sent });
    };
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(bytes.length) } });
    req.on('response', (res) => {
      clearInterval(timer);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(res.statusCode, text));
      res.on('error', () => done(res.statusCode, text));
    });
    // A receiver that closes while bytes are still coming makes the next write fail: not an answer.
    req.on('error', () => done(undefined, ''));
    req.flushHeaders();
    timer = setInterval(() => {
      if (sent < bytes.length) req.write(bytes.subarray(sent, ++sent));
      if (sent === bytes.length) {
        clearInterval(timer);
        req.end();
      }
    }, everyMs);
  });
}
