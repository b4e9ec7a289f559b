import { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import type { Agent } from 'node:http';

/** What a server answered one {@link rawRequest}. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One node:http request (unlike fetch, it sends any `Host`, no `Host`, or any source address). */
export interface RawRequest {
  port: number | string;
  /** Where to connect; default 127.0.0.1. */
  host?: string;
  method?: string;
  path?: string;
  headers?: OutgoingHttpHeaders;
  /** Sent as is; no `Host` header is added unless `headers` has one. */
  setHost?: boolean;
  /** The source address to connect from (any of 127.0.0.0/8 on Linux). */
  localAddress?: string;
  agent?: Agent;
  body?: string | Buffer;
}

export function readAnswer(res: IncomingMessage): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    res.on('error', reject);
  });
}

/** Sends one request and reads the whole answer; rejects when the connection dies first. */
export function rawRequest(sent: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: sent.host ?? '127.0.0.1',
        port: sent.port,
        method: sent.method ?? 'GET',
        path: sent.path ?? '/',
        headers: sent.headers,
        setHost: sent.setHost ?? true,
        localAddress: sent.localAddress,
        agent: sent.agent,
      },
      (res) => readAnswer(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}
