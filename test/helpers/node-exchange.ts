import type { ServerResponse } from 'node:http';
import type { NodeWebhookRequest } from '../../src/webhooks/index.js';

/** A POST whose raw body a parser (`express.raw`) already left in `req.body`: nothing to stream. */
export function bufferedRequest(body: string, headers: Record<string, string>): NodeWebhookRequest {
  return { method: 'POST', headers, body: Buffer.from(body), readableEnded: false } as unknown as NodeWebhookRequest;
}

/** What a handler wrote to a {@link recordedResponse}. */
export interface Sent {
  status?: number;
  headers: Record<string, unknown>;
  body?: string;
}

/** A stand-in `ServerResponse` that records the status, headers and body written to it. */
export function recordedResponse(): { res: ServerResponse; sent: Sent } {
  const sent: Sent = { headers: {} };
  const res = {
    headersSent: false,
    setHeader(name: string, value: unknown) {
      sent.headers[name] = value;
    },
    writeHead(status: number, headers: Record<string, string> = {}) {
      sent.status = status;
      Object.assign(sent.headers, headers);
      this.headersSent = true;
      return this;
    },
    end(body?: string) {
      sent.body = body;
    },
  };
  return { res: res as unknown as ServerResponse, sent };
}
